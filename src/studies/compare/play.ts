/** Playing a compare (squabble compare): every game of the plan under A and under B from the same seeds, folded in the workers by fold.ts. */
import type { Plan } from '../../sim/scenario/types.js';
import { gameOf } from '../../registry.js';
import { runFolded, type RunOptions } from '../../runner/pool.js';
import { PairedAccumulator, pairedQuantities } from './paired.js';
import { ratePairs, ratePairSums, type RatePairs } from '../kit/rate-pairs.js';
import type { PairedFoldArgs } from './fold.js';
import { qualitySums } from './quality.js';

/** The headline quantities, each shared table-rate row's 14 paired sums (PAIR_SUMS) in `rowSums`, and both arms' quality sums (quality.ts; empty without a standing). */
export async function runPaired(a: Plan, b: Plan, options: Omit<RunOptions, 'range' | 'resume' | 'onMerged'>): Promise<{ acc: PairedAccumulator; pairs: RatePairs[]; rowSums: Float64Array; quality: Float64Array }> {
  const game = gameOf(a.game);
  const pairs = ratePairs(game, a, b);
  const head = 1 + 5 * pairedQuantities(game, a).length;
  const args: PairedFoldArgs = { pairedWith: b, ratePairs: pairs };
  const rates = ratePairSums(pairs);
  const total = await runFolded(a, { study: 'compare', args }, head + rates + qualitySums(game, a, b), options);
  return { acc: new PairedAccumulator(pairedQuantities(game, a).length, total.subarray(0, head)), pairs, rowSums: total.subarray(head, head + rates), quality: total.subarray(head + rates) };
}
