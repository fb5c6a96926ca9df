/**
 * Stopping rules for `run --until RULE`: stop as soon as a question is answered.
 *
 *   METRIC ±H                 target error: stop when the 95% interval's half-width is at most H
 *   METRIC within P±D         band test: is the rate inside the band [P − D, P + D] or outside it?
 *
 * METRIC is one of: seats.K.winRate, draws.rate, capped.rate, firstPlayer.winRate, and (target
 * error only) length.turns.mean, named as in `expect:` (src/sim/metric-names.ts; the old names
 * seatK.winRate, drawRate, cappedRate and length.mean still work, with a hint).
 *
 * The band test keeps a 95% confidence sequence for the rate: an interval that holds the true
 * rate at every look at once with probability at least 95%, however many looks (Robbins'
 * normal mixture for the sum of centred 0/1 outcomes, which are sub-Gaussian with variance
 * factor 1/4). It answers "within" when the whole interval lies inside the band, "above" or
 * "below" when it lies wholly beyond an edge, and keeps playing otherwise. So for any true
 * rate the chance of a wrong answer is at most 5%, whenever it stops: inside the band it can
 * only err by calling it outside, which needs the sequence to miss the truth, and the same
 * outside. A rate at an edge is never decided (no test can), and near an edge it takes many
 * games; the budget then runs out and the run says so. (The old rule, two SPRTs against
 * P ± D, was indifferent halfway to the edge and wrong 47.5% of the time there.)
 *
 * Rules are checked after each merged shard, in shard order, so the games played — and the
 * result — are the same with any worker count.
 */
import type { Accumulator } from '../sim/stats/accumulator.js';
import { wilson, Z95 } from '../sim/stats/intervals.js';
import { summariseCounts } from '../sim/stats/histogram.js';
import { metricName } from '../sim/metric-names.js';

export class RuleError extends Error {}

export interface Decision {
  /** Plain words: what was decided, and on how many games. */
  text: string;
}

export interface StoppingRule {
  readonly source: string;
  /** Set when the metric was named the old way (seat0.winRate): one line naming the new name. */
  readonly hint?: string;
  /** A decision once the rule is satisfied, else null. */
  check(acc: Accumulator): Decision | null;
}

type Rate = { name: string; k: (acc: Accumulator) => number };

function rateOf(metric: string, players: number): Rate | null {
  const seat = /^seats\.(\d+)\.winRate$/.exec(metric);
  if (seat) {
    const s = Number(seat[1]);
    if (s >= players) throw new RuleError(`--until: seat ${s} does not exist in a ${players}-player game`);
    return { name: `seat ${s} win rate`, k: (acc) => acc.seatWins(s) };
  }
  if (metric === 'draws.rate') return { name: 'draw rate', k: (acc) => acc.draws };
  if (metric === 'capped.rate') return { name: 'capped rate', k: (acc) => acc.capped };
  if (metric === 'firstPlayer.winRate') return { name: 'first player win rate', k: (acc) => acc.firstMoverWins };
  return null;
}

const RATES = 'seats.K.winRate, draws.rate, capped.rate, firstPlayer.winRate';
const METRICS = `${RATES}, length.turns.mean (target error only)`;
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** Chance of a wrong answer of the band test, for any true rate and any stopping time. */
export const BAND_ALPHA = 0.05;

/**
 * The two-sided normal-mixture confidence sequence for a rate after k successes in n games:
 * |k − n·p| ≤ sqrt((t + ρ)·(ln((t + ρ)/ρ) + 2·ln(2/α))) with t = n/4, at every n at once with
 * probability at least 1 − α. ρ sets where it is tightest: near the games needed to tell a
 * rate halfway to the edge, about 6.25 / D² (15,625 games for D = 0.02).
 */
export function bandBoundary(delta: number, alpha: number): (k: number, n: number) => [number, number] {
  const rho = 6.25 / (delta * delta) / 4;
  return (k, n) => {
    const t = n / 4;
    const radius = Math.sqrt((t + rho) * (Math.log((t + rho) / rho) + 2 * Math.log(2 / alpha))) / n;
    return [Math.max(0, k / n - radius), Math.min(1, k / n + radius)];
  };
}

export function parseRule(text: string, players: number): StoppingRule {
  const rule = parseNamedRule(text, players);
  const written = /^\s*([\w.:]+)/.exec(text)?.[1];
  const hint = written === undefined ? null : metricName(written, '--until').hint;
  return hint ? { ...rule, hint } : rule;
}

function parseNamedRule(written: string, players: number): StoppingRule {
  // The metric in the one naming scheme (an old name is translated; parseRule adds the hint).
  const text = written.replace(/^\s*([\w.:]+)/, (m) => metricName(m.trim(), '--until').name);
  const target = /^\s*([\w.]+)\s*(?:±|\+-|\+\/-)\s*([\d.]+)\s*$/.exec(text);
  const sprt = /^\s*([\w.]+)\s+within\s+([\d.]+)\s*(?:±|\+-|\+\/-)\s*([\d.]+)\s*$/.exec(text);
  if (target) {
    const [, metric, h] = target as unknown as [string, string, string];
    const half = Number(h);
    if (!(half > 0)) throw new RuleError(`--until: the half-width must be a positive number, found ${JSON.stringify(h)}`);
    if (metric === 'length.turns.mean')
      return {
        source: written,
        check(acc) {
          const d = summariseCounts(acc.turnCounts());
          const hw = (Z95 * d.sd) / Math.sqrt(Math.max(1, acc.games));
          return acc.games > 1 && hw <= half ? { text: `mean length ${d.mean.toFixed(2)} ± ${hw.toFixed(3)} turns after ${acc.games.toLocaleString('en-US')} games (target ±${half})` } : null;
        },
      };
    const rate = rateOf(metric, players);
    if (!rate) throw new RuleError(`--until: unknown metric ${JSON.stringify(metric)}; expected one of ${METRICS}`);
    return {
      source: written,
      check(acc) {
        const [lo, hi] = wilson(rate.k(acc), acc.games);
        const hw = (hi - lo) / 2;
        return hw <= half ? { text: `${rate.name} ${pct(rate.k(acc) / acc.games)} [${pct(lo)}, ${pct(hi)}] after ${acc.games.toLocaleString('en-US')} games (target ±${half})` } : null;
      },
    };
  }
  if (sprt) {
    const [, metric, p, d] = sprt as unknown as [string, string, string, string];
    const p0 = Number(p);
    const delta = Number(d);
    if (!(p0 > 0 && p0 < 1) || !(delta > 0) || p0 - delta <= 0 || p0 + delta >= 1)
      throw new RuleError(`--until: expected P±D with 0 < P−D and P+D < 1, found ${JSON.stringify(`${p}±${d}`)}`);
    const rate = rateOf(metric, players);
    if (!rate) throw new RuleError(`--until: unknown rate ${JSON.stringify(metric)} for a sequential test; expected one of ${RATES}`);
    const boundary = bandBoundary(delta, BAND_ALPHA);
    return {
      source: written,
      check(acc) {
        const k = rate.k(acc);
        const n = acc.games;
        if (n === 0) return null;
        const [lo, hi] = boundary(k, n);
        const seen = `${rate.name} ${pct(k / n)}, 95% confidence sequence [${pct(lo)}, ${pct(hi)}] after ${n.toLocaleString('en-US')} games`;
        const band = `${p0}±${delta}`;
        if (lo > p0 + delta) return { text: `band test: ${rate.name} is above ${band} (${seen})` };
        if (hi < p0 - delta) return { text: `band test: ${rate.name} is below ${band} (${seen})` };
        if (lo > p0 - delta && hi < p0 + delta) return { text: `band test: ${rate.name} is within ${band} (${seen})` };
        return null;
      },
    };
  }
  throw new RuleError(`--until: expected "METRIC ±H" or "METRIC within P±D" (e.g. "seats.0.winRate ±0.005" or "seats.0.winRate within 0.5±0.02"), found ${JSON.stringify(written)}`);
}
