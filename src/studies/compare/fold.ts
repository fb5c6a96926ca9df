/**
 * Compare's fold in the pool worker (a ShardFold, loaded by src/runner/worker.ts from the task's
 * FoldRef): play games [start, end) under both plans from the same seeds and fold the pairs.
 */
import type { GameRunner } from '../../sim/batch.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { ShardFold, ShardTask } from '../../runner/shard.js';
import { PairedAccumulator, QuantityReader, pairedQuantities } from './paired.js';
import { RatePairFolder, ratePairSums, type RatePairs } from '../kit/rate-pairs.js';
import { PairedQualityFolder, qualitySums } from './quality.js';

export interface PairedFoldArgs {
  /** Every game is played under this plan too, from the same seed as under the task's plan. */
  pairedWith: Plan;
  /** The table-rate rows to fold as well (rate-pairs.ts), after the headline quantities. */
  ratePairs: RatePairs[];
}

/**
 * The headline quantities (PairedAccumulator), then, with `ratePairs`, every table-rate row's
 * paired sums, then both arms' game-quality sums (quality.ts) for a game with a standing.
 */
function runPairedRange(a: GameRunner, b: GameRunner, task: ShardTask, args: PairedFoldArgs): Float64Array {
  const quantities = pairedQuantities(a.game, task.plan).length;
  const pairs = args.ratePairs;
  const head = 1 + 5 * quantities;
  const rateSums = ratePairSums(pairs);
  const out = new Float64Array(head + rateSums + qualitySums(a.game, task.plan, args.pairedWith));
  const acc = new PairedAccumulator(quantities, out.subarray(0, head));
  const readA = new QuantityReader(a.game, task.plan.players, quantities);
  const readB = new QuantityReader(b.game, task.plan.players, quantities);
  const rows = pairs.length ? new RatePairFolder(a.game, b.game, task.plan, args.pairedWith, pairs) : null;
  const quality = a.game.standing ? new PairedQualityFolder(a, b, out, head + rateSums) : null;
  for (let i = task.start; i < task.end; i++) {
    const sa = a.play(i, task.checkInvariants ? a.invariantChecker(i) : null, quality?.startA(i) ?? null);
    quality?.endA(sa);
    const qa = readA.read(sa);
    const sb = b.play(i, task.checkInvariants ? b.invariantChecker(i) : null, quality?.startB() ?? null);
    quality?.endB(sb);
    rows?.fold(sa, sb, out, head);
    acc.add(qa, readB.read(sb));
    if (task.played) task.played[task.playedSlot ?? 0] = i + 1 - task.start;
  }
  return out;
}

const pairedFold: ShardFold<PairedFoldArgs> = (runner, task, args, runnerFor) => runPairedRange(runner, runnerFor(args.pairedWith, task.cell), task, args);
export default pairedFold;
