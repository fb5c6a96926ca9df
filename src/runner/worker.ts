/**
 * The pool worker (piscina entry): plays one shard of games and returns its accumulator's
 * counts (or, in paired mode, the paired accumulator's). A runner (state, buffers, policies)
 * is built once per plan and reused for every shard.
 */
import { GameFailure, newAccumulator, type GameRunner } from '../sim/batch.js';
import { createRunner } from './create-runner.js';
import type { ShardTask, ShardResult } from './shard.js';
import type { Plan } from '../sim/scenario/types.js';
import { PairedAccumulator, QuantityReader, pairedQuantities } from '../analysis/paired.js';

const cache = new Map<string, GameRunner>();

function runnerFor(plan: Plan, cell: number): GameRunner {
  const key = `${plan.scenarioHash}/${plan.masterSeed}/${cell}`;
  let runner = cache.get(key);
  if (!runner) {
    if (cache.size >= 4) cache.clear(); // a worker serves one run (or one pair) at a time
    runner = createRunner(plan, cell);
    cache.set(key, runner);
  }
  return runner;
}

export default function runShard(task: ShardTask): ShardResult {
  const runner = runnerFor(task.plan, task.cell);
  try {
    if (task.pairedWith) return { shard: task.shard, data: runPairedRange(runner, runnerFor(task.pairedWith, task.cell), task) };
    const acc = newAccumulator(runner.game, task.plan);
    runner.runRange(acc, task.start, task.end, task.checkInvariants);
    return { shard: task.shard, data: acc.data };
  } catch (e) {
    if (!(e instanceof GameFailure)) throw e;
    return { shard: task.shard, failure: { key: e.key, reason: e.reason, turn: e.turn, kind: e.kind, stack: e.detail } };
  }
}

/** Play games [start, end) under both plans from the same seeds and fold the pairs. */
function runPairedRange(a: GameRunner, b: GameRunner, task: ShardTask): Float64Array {
  const quantities = pairedQuantities(a.game, task.plan).length;
  const acc = new PairedAccumulator(quantities);
  const readA = new QuantityReader(a.game, task.plan.players, quantities);
  const readB = new QuantityReader(b.game, task.plan.players, quantities);
  for (let i = task.start; i < task.end; i++) {
    const qa = readA.read(a.play(i, task.checkInvariants ? a.invariantChecker(i) : null));
    const qb = readB.read(b.play(i, task.checkInvariants ? b.invariantChecker(i) : null));
    acc.add(qa, qb);
  }
  return acc.data;
}
