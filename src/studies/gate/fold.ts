/**
 * The gate's fold in the pool worker (a ShardFold, loaded by src/runner/worker.ts from the task's
 * FoldRef): play games [start, end) under the current plan (the task's) and under the baseline's
 * stored content (`pairedWith`) from the same seeds, fold each into its own accumulator (with
 * game records), and fold every policy's and table-rate row's per-game (wins, trials) of both
 * arms into paired sums (PAIR_SUMS each, src/analysis/paired-rates.ts).
 *
 * Returns [current run's accumulator | stored content's accumulator | paired sums]: the main
 * thread (play.ts) merges the two accumulators as runs merge and adds the sums.
 */
import { newAccumulator, type GameRunner } from '../../sim/batch.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { ShardFold, ShardTask } from '../../runner/shard.js';
import { PAIR_SUMS, addPair } from '../../analysis/paired-rates.js';
import { RatePairFolder, type RatePairs } from '../kit/rate-pairs.js';

export interface GateFoldArgs {
  /** The baseline's stored content: every game is played under it too, from the same seed. */
  pairedWith: Plan;
  /** Policy labels both arms have: [label index in the current plan, in the stored one]. */
  labels: [number, number][];
  /** The table-rate rows both arms have, paired after the labels. */
  ratePairs: RatePairs[];
}

/** One policy label's wins and seat-games in a finished game (the seats it sat in, whether one of them won). */
function labelGame(runner: GameRunner, label: number): [number, number] {
  const state = runner.state;
  let seats = 0;
  for (let s = 0; s < state.players; s++) if (runner.seatLabel[s] === label) seats++;
  const won = !state.capped && state.winner >= 0 && runner.seatLabel[state.winner] === label ? 1 : 0;
  return [won, seats];
}

function runGateRange(now: GameRunner, stored: GameRunner, task: ShardTask, args: GateFoldArgs): Float64Array {
  const accNow = newAccumulator(now.game, now.plan);
  const accStored = newAccumulator(stored.game, stored.plan);
  const rows = args.ratePairs.reduce((n, p) => n + p.rows.length, 0);
  const head = accNow.data.length + accStored.data.length;
  const out = new Float64Array(head + PAIR_SUMS * (args.labels.length + rows));
  const folder = args.ratePairs.length ? new RatePairFolder(stored.game, now.game, stored.plan, now.plan, args.ratePairs) : null;
  for (let i = task.start; i < task.end; i++) {
    now.runRange(accNow, i, i + 1, task.checkInvariants);
    stored.runRange(accStored, i, i + 1, task.checkInvariants);
    let o = head;
    for (const [a, b] of args.labels) {
      const [wB, hB] = labelGame(now, a);
      const [wA, hA] = labelGame(stored, b);
      addPair(out, o, wA, hA, wB, hB);
      o += PAIR_SUMS;
    }
    folder?.fold(stored.state, now.state, out, o);
    if (task.played) task.played[task.playedSlot ?? 0] = i + 1 - task.start;
  }
  out.set(accNow.data, 0);
  out.set(accStored.data, accNow.data.length);
  return out;
}

const gateFold: ShardFold<GateFoldArgs> = (runner, task, args, runnerFor) => runGateRange(runner, runnerFor(args.pairedWith, task.cell), task, args);
export default gateFold;
