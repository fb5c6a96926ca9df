/**
 * Rows of a rate (a card's win rate when placed, a worm's by the card on top...): which rows
 * are really different from the rest, and honest estimates for rows with few games.
 *
 * - Outliers: each row's rate against all other rows pooled (two-proportion z-test), with the
 *   false-discovery rate controlled over the rows by Benjamini-Hochberg at q = 0.05: of the
 *   rows flagged, at most about 5% are expected to be false alarms.
 * - Shrinkage (empirical Bayes, beta-binomial): the spread of true rates across rows is
 *   estimated by the method of moments (observed variance of the rates minus the average
 *   binomial variance); each row's estimate is (wins + a) / (games + a + b) with a Beta(a, b)
 *   prior of that mean and spread, so a row with few games is pulled toward the mean and a
 *   row with many keeps its own rate. Rows whose 95% interval is wider than ±10 points are
 *   flagged as having too few games — kept, never dropped.
 * - The game is the unit: a row may count several events in one game (a Squall character's
 *   attacks, the worms dealt one rank on top), which are not independent. Where the summary
 *   keeps per-game sums, each row's interval is Wilson's at the effective number of trials
 *   (clusterWilson: trials / design effect, from the ratio estimator's variance over games),
 *   and its z-test scales the row's binomial variance by its design effect and the other rows'
 *   by theirs (pooled). Rows from older summaries without per-game sums use Wilson over events.
 * Caveat: different rows that share a game (two cards of one seat) are still treated as
 * independent of each other; rank and shrinkage are unaffected.
 */
import { wilson } from '../sim/stats/intervals.js';
import { normalCdf } from './normal.js';

export interface RateRow {
  row: string;
  wins: number;
  games: number;
  rate: number;
  interval: [number, number];
  /** Empirical-Bayes estimate, pulled toward the mean by how little data the row has. */
  shrunk: number;
  /** p-value of "same rate as the other rows". */
  pValue: number;
  /** Benjamini-Hochberg adjusted p-value. */
  qValue: number;
  outlier: boolean;
  fewGames: boolean;
}

export const FDR_Q = 0.05;
export const FEW_GAMES_HALF_WIDTH = 0.1;

/** Benjamini-Hochberg adjusted p-values (q-values), in the input order. */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
  const q = new Array<number>(m);
  let running = 1;
  for (let r = m - 1; r >= 0; r--) {
    const i = order[r]!;
    running = Math.min(running, (p[i]! * m) / (r + 1));
    q[i] = running;
  }
  return q;
}

export interface RateInput {
  row: string;
  wins: number;
  games: number;
  /** The row's 95% interval with the game as the unit; Wilson over trials when absent. */
  interval?: [number, number];
  /** The row's design effect (variance over binomial variance); 1 when absent. */
  deff?: number;
}

export function analyseRates(rows: RateInput[]): RateRow[] {
  const used = rows.filter((r) => r.games > 0);
  const totalWins = used.reduce((s, r) => s + r.wins, 0);
  const totalGames = used.reduce((s, r) => s + r.games, 0);
  const mean = totalGames > 0 ? totalWins / totalGames : 0;
  // Method of moments for the spread of true rates across rows.
  const k = used.length;
  const observedVar = k > 1 ? used.reduce((s, r) => s + (r.wins / r.games - mean) ** 2, 0) / (k - 1) : 0;
  const samplingVar = k > 0 ? used.reduce((s, r) => s + (mean * (1 - mean)) / r.games, 0) / k : 0;
  const spread = Math.max(observedVar - samplingVar, 1e-12);
  const strength = Math.max(mean * (1 - mean) / spread - 1, 0); // a + b of the prior
  const a = mean * strength;
  const b = (1 - mean) * strength;
  const deffOf = (r: RateInput) => r.deff ?? 1;
  const totalDeffTrials = used.reduce((s, r) => s + deffOf(r) * r.games, 0);
  const pValues = used.map((r) => {
    const otherWins = totalWins - r.wins;
    const otherGames = totalGames - r.games;
    if (otherGames === 0) return 1;
    const pooled = totalWins / totalGames;
    // The other rows' design effect, weighted by their trials.
    const otherDeff = (totalDeffTrials - deffOf(r) * r.games) / otherGames;
    const se = Math.sqrt(pooled * (1 - pooled) * (deffOf(r) / r.games + otherDeff / otherGames));
    if (se === 0) return 1;
    const z = (r.wins / r.games - otherWins / otherGames) / se;
    return 2 * (1 - normalCdf(Math.abs(z)));
  });
  const q = benjaminiHochberg(pValues);
  return used.map((r, i) => {
    const interval = r.interval ?? wilson(r.wins, r.games);
    return {
      row: r.row,
      wins: r.wins,
      games: r.games,
      rate: r.wins / r.games,
      interval,
      shrunk: (r.wins + a) / (r.games + a + b),
      pValue: pValues[i]!,
      qValue: q[i]!,
      outlier: q[i]! <= FDR_Q,
      fewGames: (interval[1] - interval[0]) / 2 > FEW_GAMES_HALF_WIDTH,
    };
  });
}
