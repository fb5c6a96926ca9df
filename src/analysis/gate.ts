/**
 * The balance gate: headline metrics of a run, stored as a baseline, and a statistical check of
 * a new run against it.
 *
 * Method (docs/balance-gate.md): every metric is a proportion (k of n) or a mean (with its sd
 * and n). Each gets a two-sided z-test of "no change" (pooled for proportions, Welch for
 * means); the family of metrics of one scenario is corrected together with Holm's step-down
 * method at level alpha, so the chance of any false alarm in a scenario is at most alpha. A
 * metric is DRIFT only if its change is significant after correction AND at least the
 * tolerance (a change too small to matter is reported, not failed). Each row states the
 * smallest change the check would catch with 80% power at the corrected level.
 *
 * The check replays the baseline's seed and game count, so an unchanged project reproduces
 * the baseline exactly (difference 0, verdict ok, every time). When the rules changed, both
 * runs share their per-game seeds (common random numbers), which correlates them positively:
 * the tests here treat them as independent, which overstates the variance of the difference —
 * false alarms become rarer, and the stated detectable changes are upper bounds.
 */
import { tableRateRows, type Summary } from '../sim/stats/summary.js';
import type { Plan } from '../sim/scenario/types.js';
import { normalCdf, normalQuantile } from './normal.js';

export const BASELINE_FORMAT = 'squabble-baseline/1';

export interface GateMetric {
  /** e.g. "seat 0 win rate", "mean length (turns)", "topCards[K].ownerWinRate" */
  id: string;
  kind: 'proportion' | 'mean';
  value: number;
  n: number;
  /** Successes, for proportions. */
  count?: number;
  /** Sample standard deviation, for means. */
  sd?: number;
  /**
   * Design effect of a proportion pooled over events (variance over the binomial variance,
   * from per-game sums: the game is the unit); 1 or absent when each game holds one trial.
   */
  deff?: number;
}

export interface Baseline {
  format: string;
  version: string;
  scenario: string;
  name: string;
  variant: string | null;
  scenarioHash: string;
  seed: number | string;
  games: number;
  metrics: GateMetric[];
}

const proportion = (id: string, count: number, n: number): GateMetric => ({ id, kind: 'proportion', value: n > 0 ? count / n : 0, n, count });

/** The metrics a baseline keeps: outcomes, seats, policies, first player, length, and every table rate. */
export function headlineMetrics(s: Summary): GateMetric[] {
  const m: GateMetric[] = [];
  for (const seat of s.seats) m.push(proportion(`seat ${seat.seat} win rate`, seat.wins, s.games));
  if (s.policies.length > 1) for (const p of s.policies) m.push(proportion(`policy ${p.label} win rate`, p.wins, p.seatGames));
  m.push(proportion('draw rate', s.draws.count, s.games));
  m.push(proportion('capped rate', s.capped.count, s.games));
  m.push(proportion('first player win rate', s.firstPlayer.wins, s.games));
  m.push({ id: 'mean length (turns)', kind: 'mean', value: s.length.turns.mean, sd: s.length.turns.sd, n: s.games });
  m.push({ id: 'mean length (rounds)', kind: 'mean', value: s.length.rounds.mean, sd: s.length.rounds.sd, n: s.games });
  for (const [table, t] of Object.entries(s.metrics.tables)) {
    for (const rate of t.rates ?? []) {
      for (const r of tableRateRows(t, rate, s.games)) {
        const metric = proportion(`${table}[${r.row}].${rate.name}`, r.wins, r.games);
        if (r.deff !== 1) metric.deff = r.deff;
        m.push(metric);
      }
    }
  }
  return m;
}

export interface GateOptions {
  /** Family-wise false-alarm rate per scenario. */
  alpha: number;
  /** Smallest change of a proportion that matters (absolute, e.g. 0.01 = 1 point). */
  tolerance: number;
  /** Smallest change of a mean that matters, relative to the baseline mean (e.g. 0.02 = 2%). */
  meanTolerance: number;
  /** Power for the detectable-change column. */
  power: number;
}

export const DEFAULT_GATE: GateOptions = { alpha: 0.01, tolerance: 0.01, meanTolerance: 0.02, power: 0.8 };

export type Verdict = 'ok' | 'moved within tolerance' | 'DRIFT' | 'new' | 'gone';

export interface Comparison {
  id: string;
  kind: GateMetric['kind'];
  baseline: number | null;
  now: number | null;
  difference: number | null;
  /** Interval of the difference at the corrected level. */
  interval: [number, number] | null;
  pValue: number | null;
  /** Smallest change the check catches with the chosen power at the corrected level. */
  detectable: number | null;
  tolerance: number | null;
  verdict: Verdict;
}

export interface GateResult {
  comparisons: Comparison[];
  drift: boolean;
  /** The family size used for the correction. */
  tested: number;
}

function test(b: GateMetric, a: GateMetric): { d: number; se: number; p: number; seNull: number } {
  const d = a.value - b.value;
  if (b.kind === 'proportion') {
    // Events pooled over games vary more than binomially: each run's variance carries its design effect.
    // A baseline written before design effects were kept borrows the new run's (a property of the process).
    const db = b.deff ?? a.deff ?? 1;
    const da = a.deff ?? db;
    const pooled = (b.count! + a.count!) / (b.n + a.n);
    const se0 = Math.sqrt(pooled * (1 - pooled) * (db / b.n + da / a.n));
    const se = Math.sqrt((db * b.value * (1 - b.value)) / b.n + (da * a.value * (1 - a.value)) / a.n);
    const z = se0 > 0 ? d / se0 : 0;
    return { d, se, p: se0 > 0 ? 2 * (1 - normalCdf(Math.abs(z))) : d === 0 ? 1 : 0, seNull: Math.sqrt((2 * db * b.value * (1 - b.value)) / b.n) };
  }
  const se = Math.sqrt((b.sd! * b.sd!) / b.n + (a.sd! * a.sd!) / a.n);
  const z = se > 0 ? d / se : 0;
  return { d, se, p: se > 0 ? 2 * (1 - normalCdf(Math.abs(z))) : d === 0 ? 1 : 0, seNull: Math.SQRT2 * b.sd! / Math.sqrt(b.n) };
}

export function compare(baseline: GateMetric[], now: GateMetric[], o: GateOptions = DEFAULT_GATE): GateResult {
  const nowById = new Map(now.map((m) => [m.id, m]));
  const baseIds = new Set(baseline.map((m) => m.id));
  const pairs = baseline.filter((b) => nowById.has(b.id)).map((b) => ({ b, a: nowById.get(b.id)!, t: test(b, nowById.get(b.id)!) }));
  const family = pairs.length;
  // Holm: the i-th smallest p-value (0-based) is compared with alpha / (family - i), in order, until one fails.
  const order = pairs.map((_, i) => i).sort((x, y) => pairs[x]!.t.p - pairs[y]!.t.p);
  const rejected = new Set<number>();
  for (const [rank, i] of order.entries()) {
    if (pairs[i]!.t.p <= o.alpha / (family - rank)) rejected.add(i);
    else break;
  }
  const zLevel = normalQuantile(1 - o.alpha / (2 * Math.max(1, family)));
  const zPower = normalQuantile(o.power);
  const comparisons: Comparison[] = pairs.map(({ b, a, t }, i) => {
    const tolerance = b.kind === 'proportion' ? o.tolerance : Math.abs(b.value) * o.meanTolerance;
    const significant = rejected.has(i);
    const verdict: Verdict = !significant ? 'ok' : Math.abs(t.d) >= tolerance ? 'DRIFT' : 'moved within tolerance';
    return {
      id: b.id,
      kind: b.kind,
      baseline: b.value,
      now: a.value,
      difference: t.d,
      interval: [t.d - zLevel * t.se, t.d + zLevel * t.se],
      pValue: t.p,
      detectable: (zLevel + zPower) * t.seNull,
      tolerance,
      verdict,
    };
  });
  for (const b of baseline) if (!nowById.has(b.id)) comparisons.push({ id: b.id, kind: b.kind, baseline: b.value, now: null, difference: null, interval: null, pValue: null, detectable: null, tolerance: null, verdict: 'gone' });
  for (const a of now) if (!baseIds.has(a.id)) comparisons.push({ id: a.id, kind: a.kind, baseline: null, now: a.value, difference: null, interval: null, pValue: null, detectable: null, tolerance: null, verdict: 'new' });
  return { comparisons, drift: comparisons.some((c) => c.verdict === 'DRIFT'), tested: family };
}

export function baselineOf(plan: Plan, summary: Summary, version: string): Baseline {
  return {
    format: BASELINE_FORMAT,
    version,
    scenario: plan.file,
    name: plan.name,
    variant: plan.variant,
    scenarioHash: plan.scenarioHash,
    seed: plan.seed,
    games: plan.games,
    metrics: headlineMetrics(summary),
  };
}
