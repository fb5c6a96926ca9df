/**
 * The pool worker (piscina entry): plays one shard of games and returns its accumulator.
 * A runner (state, buffers, policies) is built once per plan and reused for every shard.
 */
import { GameFailure, newAccumulator, type GameRunner } from '../sim/batch.js';
import { createRunner } from './create-runner.js';
import type { ShardTask, ShardResult } from './shard.js';

let cached: { key: string; runner: GameRunner } | null = null;

export default function runShard(task: ShardTask): ShardResult {
  const key = `${task.plan.scenarioHash}/${task.plan.masterSeed}/${task.cell}`;
  if (cached === null || cached.key !== key) cached = { key, runner: createRunner(task.plan, task.cell) };
  const runner = cached.runner;
  const acc = newAccumulator(runner.game, task.plan);
  try {
    runner.runRange(acc, task.start, task.end, task.checkInvariants);
  } catch (e) {
    if (!(e instanceof GameFailure)) throw e;
    return { shard: task.shard, failure: { key: e.key, reason: e.reason, turn: e.turn, kind: e.kind, stack: e.detail } };
  }
  return { shard: task.shard, data: acc.data };
}
