/**
 * Design assertions: a scenario's `expect:` block states what the designer wants of the game
 * (`capped.rate: "< 0.01"`, `firstPlayer.decidedShare: [0.45, 0.55]`,
 * `cards.*.winRateWhenPlaced: [0.35, 0.65]`), and every run says of each: pass, fail, or not
 * decided yet. `check` fails the build on any that is not a pass.
 *
 * A verdict is decided by an interval, never by the estimate alone, so that a pass is not "not
 * enough games": a pass needs the whole interval inside what is wanted, a fail needs it wholly
 * outside, anything else is "undecided". The intervals are simultaneous: with M values checked
 * in the run (a wildcard row counts once per row), each is a (1 − 0.05 / M) interval
 * (Bonferroni), so the chance that any verdict of the run is wrong (a pass for a value that
 * breaks its assertion, or a fail for one that keeps it) is at most 5%. Rates are Wilson
 * intervals (table rates with the game as the unit, as in the balance sheet); means are normal.
 */
import type { Summary } from '../sim/stats/summary.js';
import { wilson } from '../sim/stats/intervals.js';
import { rateRowInterval } from '../sim/stats/summary.js';
import type { Assertion, Condition, Verdict, AssertionValue, AssertionResult, AssertionsSummary } from '../sim/scenario/expect.js';
import { QUALITY_MEAN_PATHS } from '../sim/scenario/expect.js';
import type { QualityMean } from '../sim/stats/quality-summary.js';
import { normalQuantile } from './normal.js';
import { cvInterval } from '../sim/stats/length-bootstrap.js';
import { runDominance } from './dominance.js';
import { pairColumns, pairCounts, PAIR_RATE } from '../sim/stats/pair-rates.js';

export type { Assertion, Condition, Verdict, AssertionValue, AssertionResult, AssertionsSummary };

/** The chance that any verdict of one run is wrong, at most. */
export const ASSERTION_ALPHA = 0.05;

interface Measured {
  what: string;
  /** The estimate and its interval at normal quantile z, which stands for a two-sided error of alpha. */
  at: (z: number, alpha: number) => { estimate: number; interval: [number, number]; detail?: string };
  n: number;
  /** A count of choices (dominant, viable), shown as whole numbers. */
  count?: boolean;
}

function proportion(what: string, k: number, n: number): Measured {
  return { what, n, at: (z) => ({ estimate: n > 0 ? k / n : 0, interval: wilson(k, n, z) }) };
}

/** A mean with its standard error: the interval at z is mean ± z·se (the game as the unit). */
function meanOf(what: string, estimate: number, se: number, n: number): Measured {
  return { what, n, at: (z) => ({ estimate, interval: [Math.max(0, estimate - z * se), estimate + z * se] }) };
}

/** The quality figures (docs/quality.md): absent, and so undecided, for a game without a standing. */
function measureQuality(path: string, s: Summary): Measured[] {
  const q = s.quality;
  if (!q) return [];
  const mean = (m: QualityMean) => [meanOf(path, m.mean, m.se, m.n)];
  switch (path) {
    case 'quality.leadChanges':
      return mean(q.leadChanges);
    case 'quality.decisiveness':
      return mean(q.decisiveness);
    case 'quality.drama':
      return mean(q.drama);
    case 'quality.length.cv': {
      // The studentized bootstrap's interval at the verdict's level (sim/stats/length-bootstrap.ts), over the games that ended by the rules.
      const l = q.length;
      if (!l.cvT) return [meanOf(path, l.cv, l.cvSE, l.games)];
      const t = l.cvT;
      return [{ what: path, n: l.games, at: (_z, alpha) => ({ estimate: l.cv, interval: cvInterval(l.cv, l.cvSE, t, alpha, normalQuantile) }) }];
    }
    case 'quality.comebacks':
      return [proportion(path, q.comebacks.count, q.comebacks.n)];
    case 'quality.blowouts':
      return [proportion(path, q.blowouts.count, q.blowouts.n)];
  }
  return [];
}

/** The values an assertion path stands for in a summary (several for a wildcard row). */
function measure(path: string, s: Summary): Measured[] {
  if (path.startsWith('quality.')) return measureQuality(path, s);
  switch (path) {
    case 'dominant':
    case 'viable':
      return matrixCount(path, s);
    case 'firstPlayer.decidedShare':
      return [proportion(path, s.firstPlayer.wins, s.firstPlayer.decided)];
    case 'firstPlayer.winRate':
      return [proportion(path, s.firstPlayer.wins, s.games)];
    case 'draws.rate':
      return [proportion(path, s.draws.count, s.games)];
    case 'capped.rate':
      return [proportion(path, s.capped.count, s.games)];
    case 'length.turns.mean':
    case 'length.rounds.mean': {
      const d = path === 'length.turns.mean' ? s.length.turns : s.length.rounds;
      const n = s.games;
      return [{ what: path, n, at: (z) => ({ estimate: d.mean, interval: [d.mean - (z * d.sd) / Math.sqrt(Math.max(1, n)), d.mean + (z * d.sd) / Math.sqrt(Math.max(1, n))] }) }];
    }
  }
  const seat = /^seats\.(\d+)\.winRate$/.exec(path);
  if (seat) {
    const x = s.seats[Number(seat[1])];
    return x ? [proportion(path, x.wins, s.games)] : [];
  }
  if (path.startsWith('policies.') && path.endsWith('.winRate')) {
    const p = s.policies.find((q) => q.label === path.slice('policies.'.length, -'.winRate'.length));
    return p ? [proportion(path, p.wins, p.seatGames)] : [];
  }
  for (const [name, t] of Object.entries(s.metrics.tables)) {
    if (!path.startsWith(`${name}.`)) continue;
    const pair = pairColumns(t);
    if (pair && path.endsWith(`.${PAIR_RATE}`))
      return pairCounts(path.slice(name.length + 1, -(PAIR_RATE.length + 1)), t, pair)
        .filter((c) => c.games > 0)
        .map((c) => proportion(`${name}.${c.row}.${PAIR_RATE}`, c.wins, c.games));
    for (const rate of t.rates ?? []) {
      if (!path.endsWith(`.${rate.name}`)) continue;
      const want = path.slice(name.length + 1, -(rate.name.length + 1));
      const wi = t.columns.indexOf(rate.wins);
      const oi = t.columns.indexOf(rate.of);
      return Object.entries(t.rows)
        .filter(([row, v]) => (want === '*' || row === want) && v[oi]! > 0)
        .map(([row, v]) => {
          const w = v[wi]!;
          const n = v[oi]!;
          const sums = rate.perGame?.[row];
          return {
            what: `${name}.${row}.${rate.name}`,
            n,
            at: (z: number) => ({ estimate: w / n, interval: rateRowInterval(w, n, sums, s.games, z).ci }),
          };
        });
    }
  }
  return [];
}

/**
 * `dominant` and `viable` as counts of choices bounded by what the matchup matrix shows, at the
 * assertion's share of the run's error (src/analysis/dominance.ts decides with simultaneous
 * intervals at that level): dominant choices are 1 when one is shown dominant, 0 when every
 * choice is shown to have a counter, else [0, 1]; viable ones lie in [surely, possibly] viable.
 */
function matrixCount(path: 'dominant' | 'viable', s: Summary): Measured[] {
  const probe = runDominance(s);
  if (!probe) return [];
  const n = probe.field.rows.reduce((t, r) => t + r.decided, 0) / 2;
  return [
    {
      what: `${path} ${probe.subject}`,
      n,
      count: true,
      at: (_z, alpha) => {
        const r = runDominance(s, alpha)!;
        if (path === 'viable') return { estimate: r.field.viable.estimate, interval: [r.field.viable.atLeast, r.field.viable.atMost], detail: `of ${r.counts.names.length}, within ±${(r.field.margin * 100).toFixed(0)} points of 50% against the field` };
        const d = r.dominance;
        const shown = d.verdict === 'dominant' ? 1 : 0;
        const detail = d.verdict === 'dominant' ? `${d.dominant} beats every other` : d.verdict === 'none' ? 'every one has a clear counter' : `no clear counter yet for ${d.uncountered.map((u) => u.name).join(', ')}`;
        return { estimate: shown, interval: [shown, d.verdict === 'none' ? 0 : 1], detail };
      },
    },
  ];
}

function judge(c: Condition, [low, high]: [number, number]): Verdict {
  switch (c.kind) {
    case 'band':
      return low >= c.low && high <= c.high ? 'pass' : high < c.low || low > c.high ? 'fail' : 'undecided';
    case '<':
      return high < c.value ? 'pass' : low >= c.value ? 'fail' : 'undecided';
    case '<=':
      return high <= c.value ? 'pass' : low > c.value ? 'fail' : 'undecided';
    case '>':
      return low > c.value ? 'pass' : high <= c.value ? 'fail' : 'undecided';
    case '>=':
      return low >= c.value ? 'pass' : high < c.value ? 'fail' : 'undecided';
  }
}

const show = (x: number, mean: boolean) => (mean ? x.toFixed(2) : `${(x * 100).toFixed(2)}%`);
const RANK: Record<Verdict, number> = { fail: 0, undecided: 1, pass: 2 };

/** Every assertion of a scenario judged on a run's summary (simultaneous intervals, see above). */
export function evaluateAssertions(assertions: readonly Assertion[], s: Summary, alpha = ASSERTION_ALPHA): AssertionsSummary {
  const measured = assertions.map((a) => ({ a, values: measure(a.path, s) }));
  const checked = Math.max(1, measured.reduce((k, m) => k + m.values.length, 0));
  const z = normalQuantile(1 - alpha / (2 * checked));
  const confidence = 1 - alpha / checked;
  const results = measured.map(({ a, values }): AssertionResult => {
    // Means and counts print as numbers; rates and shares (quality.decisiveness too) as percentages.
    const mean = a.path.endsWith('.mean') || (QUALITY_MEAN_PATHS.includes(a.path) && a.path !== 'quality.decisiveness');
    const details = new Map<string, string>();
    const judged = values
      .map((m): AssertionValue => {
        const { estimate, interval, detail } = m.at(z, alpha / checked);
        if (detail) details.set(m.what, detail);
        return { what: m.what, estimate, interval, n: m.n, verdict: judge(a.condition, interval), ...(m.count ? { count: true } : {}) };
      })
      .sort((x, y) => RANK[x.verdict] - RANK[y.verdict] || (x.what < y.what ? -1 : 1));
    const verdict: Verdict = judged.length === 0 ? 'undecided' : judged[0]!.verdict;
    const one = (v: AssertionValue) =>
      v.count
        ? `${v.what} = ${v.estimate} [${v.interval[0]}, ${v.interval[1]}]${details.has(v.what) ? ` (${details.get(v.what)})` : ''}`
        : `${v.what} = ${show(v.estimate, mean)} [${show(v.interval[0], mean)}, ${show(v.interval[1], mean)}]`;
    let statement: string;
    if (judged.length === 0) statement = `${a.path} ${a.text}: UNDECIDED — nothing measured it in this run (no games with it)`;
    else if (verdict === 'pass') statement = `${a.path} ${a.text}: pass — ${judged.length === 1 ? one(judged[0]!) : `all ${judged.length} rows, e.g. ${one(judged[0]!)}`}`;
    else {
      const bad = judged.filter((v) => v.verdict === verdict);
      const more = bad.length > 1 ? ` (and ${bad.length - 1} more)` : '';
      statement = verdict === 'fail' ? `${a.path} ${a.text}: FAIL — ${one(bad[0]!)}${more}` : `${a.path} ${a.text}: UNDECIDED — ${one(bad[0]!)}${more}: the interval straddles the limit; play more games`;
    }
    return { path: a.path, text: a.text, verdict, values: judged, statement };
  });
  return { alpha, checked, confidence, results, passed: results.every((r) => r.verdict === 'pass') };
}

/** The summary with its design assertions judged (as `run`, `merge` and sweeps write it); unchanged without any. */
export function withAssertions(s: Summary, assertions: readonly Assertion[] | undefined): Summary {
  if (assertions?.length) s.assertions = evaluateAssertions(assertions, s);
  return s;
}

/** The assertions' lines for the terminal and summary.md, with how they were decided. */
export function assertionLines(a: AssertionsSummary): string[] {
  const passed = a.results.filter((r) => r.verdict === 'pass').length;
  const matrix = a.results.some((r) => r.values.some((v) => v.count));
  return [
    `${passed} of ${a.results.length} design assertion${a.results.length === 1 ? '' : 's'} ${passed === 1 ? 'passes' : 'pass'}. Each verdict is decided by a ${(a.confidence * 100).toPrecision(4)}% interval (${a.checked} value${a.checked === 1 ? '' : 's'} checked, Bonferroni${matrix ? '; `dominant` and `viable` split theirs over the matrix\u2019s pairings or choices' : ''}): the chance that any verdict here is wrong is at most ${a.alpha * 100}%; UNDECIDED means more games are needed.`,
    ...a.results.map((r) => r.statement),
  ];
}
