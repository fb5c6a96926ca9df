/**
 * summary.json's `quality`: the quality figures of a run (docs/quality.md) with their intervals,
 * from the accumulator's quality sums (QualitySlot) and its exact game-length counts. The game
 * is the unit throughout: a mean is over games with its standard error over games; a share is
 * of games, with its Wilson interval.
 */
import type { StandingSpec } from '../types.js';
import { QualitySlot } from './accumulator.js';
import { QUALITY_SCALE, BLOWOUT_DECISIVENESS } from './quality.js';
import { wilson, Z95 } from './intervals.js';
import { nearestRank } from './histogram.js';
import { cvWithSE, studentizedQuantiles, T_PROBABILITIES } from './length-bootstrap.js';

/** A per-game mean with its standard error over games and a 95% normal interval. */
export interface QualityMean {
  mean: number;
  se: number;
  ci: [number, number];
  /** Games it is the mean of. */
  n: number;
}

/** A share of games with its Wilson 95% interval. */
export interface QualityShare {
  count: number;
  n: number;
  rate: number;
  ci: [number, number];
}

export interface QualitySummary {
  /** What the game's standing scores (GameModule.standing). */
  standing: string;
  /**
   * Set when the standing was followed in only some of the run's games (a game whose games are
   * so cheap that following every one would cost measurable speed: StandingSpec.followGames),
   * saying which: every figure but the length spread is over those games.
   */
  followed?: string;
  /** The games whose standing was followed (every game of the run unless `followed` says otherwise): lead changes are over these. */
  games: number;
  /** Games a seat won: decisiveness, drama, comebacks and blow-outs are over these only. */
  decided: number;
  /** Left out of the decided-game figures, and counted here: drawn games and capped games. */
  draws: number;
  capped: number;
  /** Times the lead passed from one seat to another, per game (ties at the top leave the lead where it was). */
  leadChanges: QualityMean;
  /** Share of the game (in turns) still to play when the winner took the lead for good (1: led from the start; 0: only at the end). */
  decisiveness: QualityMean;
  /** The winner's worst deficit behind the leader, on the standing's [0, 1] scale. */
  drama: QualityMean;
  /** Decided games won by a seat that was behind at the half-way turn. */
  comebacks: QualityShare;
  /** Decided games with decisiveness at least `blowoutThreshold`: the winner led for good within the first quarter. */
  blowouts: QualityShare;
  blowoutThreshold: number;
  /**
   * Game length in turns: quartiles over every game; the coefficient of variation (sd / mean) over
   * the `games` that ended by the rules (`capped` games left out), its delta-method standard error,
   * its 95% studentized-bootstrap interval and the bootstrap's quantiles at T_PROBABILITIES (null
   * with too few games to resample or more than BOOTSTRAP_MAX_GAMES: the interval is then the
   * delta method's).
   */
  length: { q1: number; median: number; q3: number; cv: number; cvSE: number; cvCI: [number, number]; games: number; capped: number; cvT: number[] | null };
}

/** Every figure here is non-negative, so the lower bound stops at 0. */
function mean(sum: number, squares: number, n: number, scale: number): QualityMean {
  const m = n > 0 ? sum / n : 0;
  const variance = n > 1 ? Math.max(0, (squares - (sum * sum) / n) / (n - 1)) : 0;
  const se = n > 1 ? Math.sqrt(variance / n) : 0;
  return { mean: m / scale, se: se / scale, ci: [Math.max(0, m - Z95 * se) / scale, (m + Z95 * se) / scale], n };
}

function share(count: number, n: number): QualityShare {
  return { count, n, rate: n > 0 ? count / n : 0, ci: wilson(count, n) };
}

/**
 * Game length: quartiles over every game, and the coefficient of variation (sd / mean) over the
 * games that ended by the rules. A capped game's length is the turn cap, not a length the rules
 * produced, and one capped game in a few hundred (Squall teams-ruins: 71 of 20,000) moves the CV
 * from 0.48 to 0.79: no interval from 200 games, most of which hold no capped game, can hold
 * that. So the capped games (the longest ones: a capped game has the cap's length, which no game
 * that ended by the rules exceeds) are left out of it and counted in `capped`, as every quality
 * figure counts them apart. The interval is a studentized bootstrap over games on the log scale
 * (length-bootstrap.ts); `cvSE` is the delta-method standard error; `cvT` keeps the bootstrap's
 * quantiles for an interval at another level (design assertions).
 */
export function lengthSpread(counts: Float64Array, capped = 0): QualitySummary['length'] {
  let n = 0;
  for (let v = 0; v < counts.length; v++) n += counts[v]!;
  if (n === 0) return { q1: 0, median: 0, q3: 0, cv: 0, cvSE: 0, cvCI: [0, 0], games: 0, capped: 0, cvT: null };
  const quartiles = { q1: nearestRank(counts, n, 25), median: nearestRank(counts, n, 50), q3: nearestRank(counts, n, 75) };
  // The distinct lengths and their counts, the capped games taken off the top.
  let left = Math.min(capped, n);
  const values: number[] = [];
  const weights: number[] = [];
  for (let v = counts.length - 1; v >= 0; v--) {
    let c = counts[v]!;
    const off = Math.min(c, left);
    c -= off;
    left -= off;
    if (c > 0) {
      values.push(v);
      weights.push(c);
    }
  }
  const lengths = Float64Array.from(values);
  const times = Float64Array.from(weights);
  const { cv, se, n: games } = cvWithSE(lengths, times);
  const t = studentizedQuantiles(lengths, times, cv);
  const s = cv > 0 ? se / cv : 0;
  const lo = T_PROBABILITIES.indexOf(0.025);
  const hi = T_PROBABILITIES.indexOf(0.975);
  const cvCI: [number, number] = t ? [cv * Math.exp(-t[hi]! * s), cv * Math.exp(-t[lo]! * s)] : [Math.max(0, cv - Z95 * se), cv + Z95 * se];
  return { ...quartiles, cv, cvSE: se, cvCI, games, capped: n - games, cvT: t };
}

/** Which games a sampled standing follows, in words. */
export function followedRule(standing: StandingSpec): string {
  const f = standing.followGames;
  return f ? `games 0-${(f.all - 1).toLocaleString('en-US')}, then one game in ${f.every} (the game indices divisible by ${f.every})` : 'every game';
}

/** The quality figures of a run, from the accumulator's quality sums and its turn counts. */
export function qualitySummary(standing: StandingSpec, q: Float64Array, turnCounts: Float64Array, runGames: number, runCapped = 0): QualitySummary {
  const games = q[QualitySlot.games]!;
  const decided = q[QualitySlot.decided]!;
  const capped = q[QualitySlot.capped]!;
  return {
    standing: standing.description,
    ...(games < runGames ? { followed: followedRule(standing) } : {}),
    games,
    decided,
    draws: games - decided - capped,
    capped,
    leadChanges: mean(q[QualitySlot.leadChanges]!, q[QualitySlot.leadChangesSq]!, games, 1),
    decisiveness: mean(q[QualitySlot.decisiveness]!, q[QualitySlot.decisivenessSq]!, decided, QUALITY_SCALE),
    drama: mean(q[QualitySlot.drama]!, q[QualitySlot.dramaSq]!, decided, QUALITY_SCALE),
    comebacks: share(q[QualitySlot.comebacks]!, decided),
    blowouts: share(q[QualitySlot.blowouts]!, decided),
    blowoutThreshold: BLOWOUT_DECISIVENESS,
    length: lengthSpread(turnCounts, runCapped),
  };
}
