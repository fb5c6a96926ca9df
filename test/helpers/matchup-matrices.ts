/** Simulated matchup matrices with known truth, for the dominance tests. */
import type { PairCounts } from '../../src/analysis/dominance.js';
import type { Rng } from '../../src/sim/rng.js';

export const letters = (k: number) => Array.from({ length: k }, (_, i) => String.fromCharCode(97 + i));

/** Drawn counts: each pairing plays `games` games, i beating j with probability score[i][j]. */
export function drawn(rng: Rng, score: number[][], games: number): PairCounts {
  const k = score.length;
  const wins = score.map(() => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      for (let g = 0; g < games; g++) if (rng.next() < score[i]![j]!) wins[i]![j]!++;
      wins[j]![i] = games - wins[i]![j]!;
    }
  const zero = () => score.map(() => new Array<number>(k).fill(0));
  return { names: letters(k), wins, draws: zero(), capped: zero() };
}

/** A k x k matrix: `p` above the diagonal as given by f(i, j) for i < j, complements below. */
export function matrix(k: number, f: (i: number, j: number) => number): number[][] {
  return Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? 0.5 : i < j ? f(i, j) : 1 - f(j, i))));
}
