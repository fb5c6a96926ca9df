/**
 * The balance gate: headline metrics of a run, stored as a baseline, and a statistical check of
 * a new run against it.
 *
 * Method (docs/balance-gate.md): every metric is a proportion (k of n) or a mean (with its sd
 * and n). Each gets a two-sided z-test of "no change": paired, on the per-game differences,
 * where both runs kept each game's result (seat, draw, capped and first-player rates, mean
 * lengths) or where the check replayed the baseline's stored content beside the current one
 * (every policy and table rate too: the difference of the two ratio rates over per-game
 * sums); otherwise pooled for proportions (times their design effect) and Welch for means.
 * Every metric of every scenario checked together is one family, corrected with Holm's
 * step-down method at level alpha, so the chance of any false alarm anywhere in the suite is
 * at most alpha. A metric is DRIFT only if its change is significant after correction AND at
 * least the tolerance (a change too small to matter is reported, not failed). Each row states
 * the smallest change the unpaired test would catch with 80% power at the corrected level.
 *
 * The check replays the baseline's seed and game count, so an unchanged project reproduces
 * the baseline exactly (difference 0, verdict ok, every time). When the rules changed, both
 * runs share their per-game seeds (common random numbers), which correlates them positively:
 * the paired test uses that; the unpaired tests treat the runs as independent, which
 * overstates the variance of the difference — false alarms become rarer, and the stated
 * detectable changes are upper bounds.
 */
import { tableRateRows, type Summary } from '../../sim/stats/summary.js';
import type { Plan } from '../../sim/scenario/types.js';
import { normalQuantile, twoSidedP } from '../../analysis/normal.js';
import type { StoredGameRecords, GameValues } from './game-records.js';
import { pairedRatioDifference } from '../../analysis/paired-rates.js';
import { encodeContent, type StoredContent } from './content.js';

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
  /**
   * In a baseline: the smallest change the check catches with DEFAULT_GATE's power at its alpha,
   * corrected over the scenario's own metrics (Baseline.detectableAt), even when the edit
   * re-deals every game the metric counts (the paired test with no help from pairing); an edit
   * that leaves games alone is caught smaller.
   */
  detectable?: number;
}

/** How a baseline's `detectable` figures were computed. */
export interface DetectableAt {
  alpha: number;
  power: number;
  /** The metrics the correction counts (the scenario's own; a check of more scenarios together corrects over more). */
  family: number;
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
  /** Each game's outcome and length (game-records.ts), for the paired test; absent in older baselines. */
  gameRecords?: StoredGameRecords;
  /** What the games were played with (content.ts), for `check` to replay beside edited content; absent in older baselines. */
  content?: StoredContent;
  detectableAt?: DetectableAt;
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
  /** Family-wise false-alarm rate over every metric of every scenario checked together. */
  alpha: number;
  /** Smallest change of a proportion that matters (absolute, e.g. 0.01 = 1 point). */
  tolerance: number;
  /** Smallest change of a mean that matters, relative to the baseline mean (e.g. 0.02 = 2%). */
  meanTolerance: number;
  /** Power for the detectable-change column. */
  power: number;
}

export const DEFAULT_GATE: GateOptions = { alpha: 0.01, tolerance: 0.01, meanTolerance: 0.02, power: 0.8 };

/**
 * 'unchanged': every game gave the same value in both runs (a paired test on identical games);
 * 'not significantly changed': no significant difference, which is not the same as none (the
 * row's `detectable` says what could have been seen).
 */
export type Verdict = 'unchanged' | 'not significantly changed' | 'moved within tolerance' | 'DRIFT' | 'new' | 'gone';

export interface Comparison {
  id: string;
  kind: GateMetric['kind'];
  baseline: number | null;
  now: number | null;
  difference: number | null;
  /** Interval of the difference at the corrected level. */
  interval: [number, number] | null;
  pValue: number | null;
  /**
   * Smallest change the check catches with the chosen power at the corrected level: for a
   * paired test, from the spread of this edit's per-game differences (0 when no game changed);
   * for an unpaired one, from the binomial (or the sd) of the baseline.
   */
  detectable: number | null;
  tolerance: number | null;
  verdict: Verdict;
  /** Which test decided: paired (same seeds, game by game), unpaired, or none (new or gone). */
  test: 'paired' | 'unpaired' | null;
}

export interface GateResult {
  comparisons: Comparison[];
  drift: boolean;
  /** The family size used for the correction: every metric tested in the whole check (all scenarios). */
  tested: number;
  /** Metrics tested with the paired test (both runs' games from the same seeds, game by game). */
  paired: number;
}

interface MetricTest {
  b: GateMetric;
  a: GateMetric;
  d: number;
  se: number;
  p: number;
  paired: boolean;
  /** A paired test in which every game gave the same value in both runs. */
  identical: boolean;
}

/** The smallest change of a proportion caught with the given z-sum at n trials per run (deff: design effect). */
export function detectableProportion(p: number, n: number, k: number, deff = 1): number {
  // δ solves δ = k·sqrt(deff·(p(1 − p) + q(1 − q)) / n), q = p + δ moved toward 1/2: at p = 0
  // (a metric that starts at 0) the variance of the moved run is what makes δ non-zero.
  const toward = p <= 0.5 ? 1 : -1;
  let delta = k * Math.sqrt((deff * Math.max(2 * p * (1 - p), 1 / n)) / n);
  for (let i = 0; i < 50; i++) {
    const q = Math.min(1, Math.max(0, p + toward * delta));
    delta = k * Math.sqrt((deff * (p * (1 - p) + q * (1 - q))) / n);
  }
  return delta;
}

const designEffect = (deff: number | undefined): number => Math.max(1, deff ?? 1);


function unpairedTest(b: GateMetric, a: GateMetric): MetricTest {
  const d = a.value - b.value;
  if (b.kind === 'proportion') {
    // Events pooled over games vary more than binomially: each run's variance carries its design effect.
    // A baseline written before design effects were kept borrows the new run's (a property of the process).
    // Never below 1 (as clusterWilson): a baseline may hold one measured near 0 on a handful of games.
    const db = designEffect(b.deff ?? a.deff);
    const da = a.deff === undefined ? db : designEffect(a.deff);
    const pooled = (b.count! + a.count!) / (b.n + a.n);
    const se0 = Math.sqrt(pooled * (1 - pooled) * (db / b.n + da / a.n));
    const se = Math.sqrt((db * b.value * (1 - b.value)) / b.n + (da * a.value * (1 - a.value)) / a.n);
    return { b, a, d, se, p: twoSidedP(d, se0), paired: false, identical: false };
  }
  const se = Math.sqrt((b.sd! * b.sd!) / b.n + (a.sd! * a.sd!) / a.n);
  return { b, a, d, se, p: twoSidedP(d, se), paired: false, identical: false };
}

/**
 * The paired test on games played from the same seeds: the mean of the per-game differences
 * over the sd of those differences / √n. Games a change leaves alone differ by 0, so a small
 * shift stands out that two independent samples would hide.
 */
function pairedTest(b: GateMetric, a: GateMetric, base: Float64Array, now: Float64Array): MetricTest {
  const n = base.length;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = now[i]! - base[i]!;
    sum += d;
    squares += d * d;
  }
  const d = sum / n;
  const variance = n > 1 ? Math.max(0, (squares - n * d * d) / (n - 1)) : 0;
  const se = Math.sqrt(variance / n);
  return { b, a, d: a.value - b.value, se, p: twoSidedP(d, se), paired: true, identical: squares === 0 };
}

/**
 * The paired test of a ratio rate (a policy's win rate, a table row) from the 14 per-game sums
 * of both runs (baseline's content as arm A): the difference of the two rates over its delta-
 * method standard error with the game as the unit (pairedRatioDifference).
 */
function pairedSumsTest(b: GateMetric, a: GateMetric, sums: Float64Array, o: number, games: number): MetricTest | null {
  const r = pairedRatioDifference(sums, o, games);
  if (r === null) return null;
  // Every game the same: Σ(W_B − W_A)² = 0 and Σ(H_B − H_A)² = 0.
  const identical = sums[o + 11]! + sums[o + 4]! - 2 * sums[o + 6]! === 0 && sums[o + 13]! + sums[o + 8]! - 2 * sums[o + 10]! === 0;
  return { b, a, d: a.value - b.value, se: r.se, p: twoSidedP(r.difference, r.se), paired: true, identical };
}

/** Per-game paired sums of the metrics a check of edited content folded (src/studies/gate/play.ts). */
export interface PairedSums {
  at: ReadonlyMap<string, number>;
  sums: Float64Array;
  games: number;
}

/**
 * Tests of every metric both runs have; paired where both sides give per-game values for it
 * (game records) or the check folded its per-game sums (`pairedSums`), unpaired otherwise.
 */
export function testMetrics(baseline: GateMetric[], now: GateMetric[], perGame?: { base: GameValues; now: GameValues }, pairedSums?: PairedSums): MetricTest[] {
  const nowById = new Map(now.map((m) => [m.id, m]));
  return baseline
    .filter((b) => nowById.has(b.id))
    .map((b) => {
      const a = nowById.get(b.id)!;
      const x = perGame?.base(b.id) ?? null;
      const y = perGame?.now(b.id) ?? null;
      if (x && y && x.length === y.length && x.length > 1) return pairedTest(b, a, x, y);
      const o = pairedSums?.at.get(b.id);
      return (o !== undefined && pairedSumsTest(b, a, pairedSums!.sums, o, pairedSums!.games)) || unpairedTest(b, a);
    });
}

/** The headline metrics every baseline of a scenario with this many players holds. */
export function requiredMetricIds(players: number): string[] {
  return [...Array.from({ length: players }, (_, s) => `seat ${s} win rate`), 'draw rate', 'capped rate', 'first player win rate', 'mean length (turns)', 'mean length (rounds)'];
}

/**
 * Why a baseline cannot be checked against, or null: an empty one (`metrics: []`, which would
 * pass every check) or one cut short (headline metrics missing, game records or content that do
 * not decode in full).
 */
export function incompleteBaseline(b: Baseline, players: number): string | null {
  if (!Array.isArray(b.metrics) || b.metrics.length === 0) return 'metrics: expected the headline metrics the baseline was played for, found none (an empty baseline would pass every check)';
  const ids = new Set(b.metrics.map((m) => (m !== null && typeof m === 'object' ? m.id : undefined)));
  const missing = requiredMetricIds(players).filter((id) => !ids.has(id));
  if (missing.length) return `metrics: expected ${requiredMetricIds(players).length} headline metrics, ${missing.length} missing (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}); the file is truncated or edited`;
  return null;
}

/**
 * The verdicts of a whole check: Holm's step-down method over every metric of every scenario
 * at level alpha, so the chance of any false alarm anywhere in the suite is at most alpha.
 */
export function decideSuite(scenarios: { baseline: GateMetric[]; now: GateMetric[]; tests: MetricTest[] }[], o: GateOptions = DEFAULT_GATE): GateResult[] {
  const all = scenarios.flatMap((sc, k) => sc.tests.map((t, i) => ({ k, i, t })));
  const family = all.length;
  // Holm: the r-th smallest p-value (0-based) is compared with alpha / (family - r), in order, until one fails.
  const order = all.map((_, j) => j).sort((x, y) => all[x]!.t.p - all[y]!.t.p);
  const rejected = new Set<number>();
  for (const [rank, j] of order.entries()) {
    if (all[j]!.t.p <= o.alpha / (family - rank)) rejected.add(j);
    else break;
  }
  const zLevel = normalQuantile(1 - o.alpha / (2 * Math.max(1, family)));
  const k = detectionZ(o, family);
  let j = 0;
  return scenarios.map((sc) => {
    const comparisons: Comparison[] = sc.tests.map((t) => {
      const { b, a } = t;
      const tolerance = b.kind === 'proportion' ? o.tolerance : Math.abs(b.value) * o.meanTolerance;
      const significant = rejected.has(j++);
      const verdict: Verdict = t.identical ? 'unchanged' : !significant ? 'not significantly changed' : Math.abs(t.d) >= tolerance ? 'DRIFT' : 'moved within tolerance';
      const detectable = t.paired ? k * t.se : unpairedDetectable(b, a.deff, k);
      return { id: b.id, kind: b.kind, baseline: b.value, now: a.value, difference: t.d, interval: [t.d - zLevel * t.se, t.d + zLevel * t.se], pValue: t.p, detectable, tolerance, verdict, test: t.paired ? 'paired' : 'unpaired' };
    });
    const nowById = new Set(sc.now.map((m) => m.id));
    const baseIds = new Set(sc.baseline.map((m) => m.id));
    const missing = (m: GateMetric, verdict: Verdict, side: 'baseline' | 'now'): Comparison => ({ id: m.id, kind: m.kind, baseline: side === 'baseline' ? m.value : null, now: side === 'now' ? m.value : null, difference: null, interval: null, pValue: null, detectable: null, tolerance: null, verdict, test: null });
    for (const b of sc.baseline) if (!nowById.has(b.id)) comparisons.push(missing(b, 'gone', 'baseline'));
    for (const a of sc.now) if (!baseIds.has(a.id)) comparisons.push(missing(a, 'new', 'now'));
    return { comparisons, drift: comparisons.some((c) => c.verdict === 'DRIFT'), tested: family, paired: sc.tests.filter((t) => t.paired).length };
  });
}

/** z of the corrected level plus z of the power, for a family of `family` metrics. */
export function detectionZ(o: GateOptions, family: number): number {
  return normalQuantile(1 - o.alpha / (2 * Math.max(1, family))) + normalQuantile(o.power);
}

/**
 * The change of a metric the test catches with the gate's power at z-sum k when every game it
 * counts is dealt afresh (two independent samples: the paired test with no help from pairing).
 */
function unpairedDetectable(m: GateMetric, deff: number | undefined, k: number): number {
  // A rate moves by at most 1 (100 points): past that, nothing this size could be caught.
  return m.kind === 'proportion' ? Math.min(1, detectableProportion(m.value, m.n, k, designEffect(m.deff ?? deff))) : (k * Math.SQRT2 * m.sd!) / Math.sqrt(m.n);
}

/** A baseline's metrics with each one's detectable change, at the gate's defaults over the scenario's own metrics. */
function withDetectable(metrics: GateMetric[], o: GateOptions = DEFAULT_GATE): { metrics: GateMetric[]; detectableAt: DetectableAt } {
  const k = detectionZ(o, metrics.length);
  return { metrics: metrics.map((m) => ({ ...m, detectable: unpairedDetectable(m, undefined, k) })), detectableAt: { alpha: o.alpha, power: o.power, family: metrics.length } };
}

/** One scenario on its own (unpaired): the family is its own metrics. */
export function compare(baseline: GateMetric[], now: GateMetric[], o: GateOptions = DEFAULT_GATE): GateResult {
  return decideSuite([{ baseline, now, tests: testMetrics(baseline, now) }], o)[0]!;
}

export function baselineOf(plan: Plan, summary: Summary, version: string, gameRecords?: StoredGameRecords): Baseline {
  return {
    format: BASELINE_FORMAT,
    version,
    scenario: plan.file,
    name: plan.name,
    variant: plan.variant,
    scenarioHash: plan.scenarioHash,
    seed: plan.seed,
    games: plan.games,
    ...withDetectable(headlineMetrics(summary)),
    ...(gameRecords ? { gameRecords } : {}),
    content: encodeContent(plan),
  };
}
