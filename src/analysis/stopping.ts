/**
 * Stopping rules for `run --until RULE`: stop as soon as a question is answered.
 *
 *   METRIC ±H                 target error: stop when the 95% interval's half-width is at most H
 *   METRIC within P±D         sequential test (Wald's SPRT): is the rate within D of P?
 *
 * METRIC is one of: seatK.winRate, drawRate, cappedRate, firstPlayer.winRate, and (target
 * error only) length.mean. The SPRT runs two one-sided tests, H0: p = P against p = P + D and
 * against p = P − D, each with error rates alpha = beta = 0.05; "within" when both accept H0,
 * "outside" when either accepts its alternative. Rules are checked after each merged shard,
 * in shard order, so the games played — and the result — are the same with any worker count.
 */
import type { Accumulator } from '../sim/stats/accumulator.js';
import { wilson, Z95 } from '../sim/stats/intervals.js';
import { summariseCounts } from '../sim/stats/histogram.js';

export class RuleError extends Error {}

export interface Decision {
  /** Plain words: what was decided, and on how many games. */
  text: string;
}

export interface StoppingRule {
  readonly source: string;
  /** A decision once the rule is satisfied, else null. */
  check(acc: Accumulator): Decision | null;
}

type Rate = { name: string; k: (acc: Accumulator) => number };

function rateOf(metric: string, players: number): Rate | null {
  const seat = /^seat(\d+)\.winRate$/.exec(metric);
  if (seat) {
    const s = Number(seat[1]);
    if (s >= players) throw new RuleError(`--until: seat ${s} does not exist in a ${players}-player game`);
    return { name: `seat ${s} win rate`, k: (acc) => acc.seatWins(s) };
  }
  if (metric === 'drawRate') return { name: 'draw rate', k: (acc) => acc.draws };
  if (metric === 'cappedRate') return { name: 'capped rate', k: (acc) => acc.capped };
  if (metric === 'firstPlayer.winRate') return { name: 'first player win rate', k: (acc) => acc.firstMoverWins };
  return null;
}

const METRICS = 'seatK.winRate, drawRate, cappedRate, firstPlayer.winRate, length.mean (target error only)';
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

export function parseRule(text: string, players: number): StoppingRule {
  const target = /^\s*([\w.]+)\s*(?:±|\+-|\+\/-)\s*([\d.]+)\s*$/.exec(text);
  const sprt = /^\s*([\w.]+)\s+within\s+([\d.]+)\s*(?:±|\+-|\+\/-)\s*([\d.]+)\s*$/.exec(text);
  if (target) {
    const [, metric, h] = target as unknown as [string, string, string];
    const half = Number(h);
    if (!(half > 0)) throw new RuleError(`--until: the half-width must be a positive number, found ${JSON.stringify(h)}`);
    if (metric === 'length.mean')
      return {
        source: text,
        check(acc) {
          const d = summariseCounts(acc.turnCounts());
          const hw = (Z95 * d.sd) / Math.sqrt(Math.max(1, acc.games));
          return acc.games > 1 && hw <= half ? { text: `mean length ${d.mean.toFixed(2)} ± ${hw.toFixed(3)} turns after ${acc.games.toLocaleString('en-US')} games (target ±${half})` } : null;
        },
      };
    const rate = rateOf(metric, players);
    if (!rate) throw new RuleError(`--until: unknown metric ${JSON.stringify(metric)}; expected one of ${METRICS}`);
    return {
      source: text,
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
    if (!rate) throw new RuleError(`--until: unknown rate ${JSON.stringify(metric)} for a sequential test; expected one of seatK.winRate, drawRate, cappedRate, firstPlayer.winRate`);
    const alpha = 0.05;
    const beta = 0.05;
    const upper = Math.log((1 - beta) / alpha);
    const lower = Math.log(beta / (1 - alpha));
    const llr = (k: number, n: number, p1: number) => k * Math.log(p1 / p0) + (n - k) * Math.log((1 - p1) / (1 - p0));
    return {
      source: text,
      check(acc) {
        const k = rate.k(acc);
        const n = acc.games;
        const up = llr(k, n, p0 + delta);
        const down = llr(k, n, p0 - delta);
        const seen = `${rate.name} ${pct(k / n)} after ${n.toLocaleString('en-US')} games`;
        if (up >= upper) return { text: `SPRT: ${rate.name} is above ${p0}±${delta} (${seen})` };
        if (down >= upper) return { text: `SPRT: ${rate.name} is below ${p0}±${delta} (${seen})` };
        if (up <= lower && down <= lower) return { text: `SPRT: ${rate.name} is within ${p0}±${delta} (${seen})` };
        return null;
      },
    };
  }
  throw new RuleError(`--until: expected "METRIC ±H" or "METRIC within P±D" (e.g. "seat0.winRate ±0.005" or "seat0.winRate within 0.5±0.02"), found ${JSON.stringify(text)}`);
}
