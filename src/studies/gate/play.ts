/**
 * Playing a check of edited content: every game of the current plan and of the baseline's stored
 * content from the same seeds, folded in the workers by fold.ts; the two runs' accumulators merge
 * in shard order as any run's do, the paired sums add.
 */
import type { Plan } from '../../sim/scenario/types.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { newAccumulator } from '../../sim/batch.js';
import { gameOf } from '../../registry.js';
import { runTasks, shardTasks } from '../../runner/pool.js';
import { PAIR_SUMS } from '../../analysis/paired-rates.js';
import { ratePairs, type RatePairs } from '../kit/rate-pairs.js';
import type { GateFoldArgs } from './fold.js';

export interface GatePair {
  now: Accumulator;
  stored: Accumulator;
  /** Metric id → offset of its PAIR_SUMS paired sums (stored content as arm A, current as arm B) in `sums`. */
  pairedAt: Map<string, number>;
  sums: Float64Array;
}

/** The gate's metric ids of the paired rows, in the fold's order: policy labels, then table rows. */
function pairedIds(labels: [number, number][], now: Plan, pairs: RatePairs[]): string[] {
  return [...labels.map(([b]) => `policy ${now.labels[b]!} win rate`), ...pairs.flatMap((p) => p.rows.map((row) => `${p.table}[${row}].${p.rate}`))];
}

export async function playGatePair(now: Plan, stored: Plan, workers: number): Promise<GatePair> {
  const game = gameOf(now.game);
  const labels: [number, number][] = now.labels.length > 1 ? now.labels.flatMap((l, b): [number, number][] => (stored.labels.includes(l) ? [[b, stored.labels.indexOf(l)]] : [])) : [];
  const pairs = ratePairs(game, stored, now);
  const accNow = newAccumulator(game, now);
  const accStored = newAccumulator(game, stored);
  const [sizeNow, sizeStored] = [accNow.data.length, accStored.data.length];
  const ids = pairedIds(labels, now, pairs);
  const sums = new Float64Array(PAIR_SUMS * ids.length);
  const args: GateFoldArgs = { pairedWith: stored, labels, ratePairs: pairs };
  const tasks = shardTasks(now, [0, now.games], 0, false).map((t) => ({ ...t, fold: { study: 'gate', args } }));
  await runTasks(tasks, 0, { workers }, (_, data) => {
    if (data.length !== sizeNow + sizeStored + sums.length) throw new Error(`gate shard returned ${data.length} counts, expected ${sizeNow + sizeStored + sums.length}`);
    accNow.mergeData(data.subarray(0, sizeNow));
    accStored.mergeData(data.subarray(sizeNow, sizeNow + sizeStored));
    for (let k = 0; k < sums.length; k++) sums[k]! += data[sizeNow + sizeStored + k]!;
    return false;
  });
  return { now: accNow, stored: accStored, pairedAt: new Map(ids.map((id, k) => [id, k * PAIR_SUMS])), sums };
}
