/**
 * The pool worker (piscina entry): plays one shard of games and returns its accumulator's
 * counts (or, in paired mode, the paired accumulator's). A runner (state, buffers, policies)
 * is built once per plan and reused for every shard.
 */
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { GameFailure, newAccumulator, type GameRunner } from '../sim/batch.js';
import { createRunner } from './create-runner.js';
import type { ShardTask, ShardResult, WeightsTask } from './shard.js';
import type { Plan } from '../sim/scenario/types.js';
import { PairedAccumulator, QuantityReader, pairedQuantities } from '../analysis/paired.js';
import { PAIR_SUMS, BASE_SUMS, addPair, addBase } from '../analysis/weights.js';
import { WEIGHTS_BATCH, ControllerReader } from './controller.js';
import { RatePairFolder, ratePairSums } from './rate-pairs.js';

/**
 * Runners by plan, least recently used first out. A worker serves one run, one pair (compare) or
 * one batch of weights tweaks (a base plan and up to WEIGHTS_BATCH tweaked ones) at a time; the
 * room for two such batches keeps the switch from one batch to the next from rebuilding both.
 */
const cache = new Map<string, GameRunner>();
export const RUNNER_CACHE = 2 * (WEIGHTS_BATCH + 1);

function runnerFor(plan: Plan, cell: number): GameRunner {
  const key = `${plan.scenarioHash}/${plan.masterSeed}/${cell}`;
  let runner = cache.get(key);
  if (runner) cache.delete(key); // re-inserted below as the most recently used
  else {
    if (cache.size >= RUNNER_CACHE) cache.delete(cache.keys().next().value!);
    runner = createRunner(plan, cell);
  }
  cache.set(key, runner);
  return runner;
}

/**
 * Fault injection for the reliability tests (test/runner/faults.test.ts), off unless set:
 * SQUABBLE_FAULT_THREAD_EXIT=<shard>:<marker file> ends this worker thread abruptly when it
 * starts that shard, once (the marker file records that it happened).
 */
function injectedThreadExit(shard: number): void {
  const fault = process.env.SQUABBLE_FAULT_THREAD_EXIT;
  if (!fault || isMainThread) return;
  const at = fault.indexOf(':');
  if (Number(fault.slice(0, at)) !== shard) return;
  try {
    writeFileSync(fault.slice(at + 1), String(shard), { flag: 'wx' });
  } catch {
    return; // happened already
  }
  process.exit(9);
}

export default function runShard(task: ShardTask): ShardResult {
  injectedThreadExit(task.shard);
  const runner = runnerFor(task.plan, task.cell);
  try {
    if (task.pairedWith) return { shard: task.shard, data: runPairedRange(runner, runnerFor(task.pairedWith, task.cell), task) };
    if (task.weights) return { shard: task.shard, data: runWeightsRange(runner, task.weights, task) };
    const acc = newAccumulator(runner.game, task.plan);
    runner.runRange(acc, task.start, task.end, task.checkInvariants, task.played, task.playedSlot);
    return { shard: task.shard, data: acc.data };
  } catch (e) {
    if (!(e instanceof GameFailure)) throw e;
    return { shard: task.shard, failure: { key: e.key, reason: e.reason, turn: e.turn, kind: e.kind, stack: e.detail } };
  }
}

/**
 * Play games [start, end) under both plans from the same seeds and fold the pairs: the headline
 * quantities (PairedAccumulator), then, with `ratePairs`, every table-rate row's paired sums.
 */
function runPairedRange(a: GameRunner, b: GameRunner, task: ShardTask): Float64Array {
  const quantities = pairedQuantities(a.game, task.plan).length;
  const pairs = task.ratePairs ?? [];
  const out = new Float64Array(1 + 5 * quantities + ratePairSums(pairs));
  const acc = new PairedAccumulator(quantities, out.subarray(0, 1 + 5 * quantities));
  const readA = new QuantityReader(a.game, task.plan.players, quantities);
  const readB = new QuantityReader(b.game, task.plan.players, quantities);
  const rows = pairs.length ? new RatePairFolder(a.game, b.game, task.plan, task.pairedWith!, pairs) : null;
  for (let i = task.start; i < task.end; i++) {
    const sa = a.play(i, task.checkInvariants ? a.invariantChecker(i) : null);
    const qa = readA.read(sa);
    const sb = b.play(i, task.checkInvariants ? b.invariantChecker(i) : null);
    rows?.fold(sa, sb, out, 1 + 5 * quantities);
    acc.add(qa, readB.read(sb));
    if (task.played) task.played[task.playedSlot ?? 0] = i + 1 - task.start;
  }
  return out;
}

/**
 * Weights: play each game under the base plan once and under every tweaked plan of the batch,
 * all from the same seed, and fold each tweak's paired controller counts (and, for the batch
 * that carries them, every base row's counts).
 */
function runWeightsRange(base: GameRunner, spec: WeightsTask, task: ShardTask): Float64Array {
  const k = spec.tweaks.length;
  const out = new Float64Array(1 + PAIR_SUMS * k + BASE_SUMS * spec.baseRows.length);
  const readBase = new ControllerReader(base.game, base.plan, spec);
  const baseRows = spec.baseRows.map((name) => readBase.row(name));
  const tweakRows = spec.subjects.map((name) => readBase.row(name));
  const runners = spec.tweaks.map((plan) => runnerFor(plan, task.cell));
  const readers = runners.map((r) => new ControllerReader(r.game, r.plan, spec));
  const ownRows = spec.subjects.map((name, t) => readers[t]!.row(name));
  const baseOffset = 1 + PAIR_SUMS * k;
  for (let i = task.start; i < task.end; i++) {
    readBase.read(base.play(i, task.checkInvariants ? base.invariantChecker(i) : null));
    for (let r = 0; r < baseRows.length; r++) addBase(out, baseOffset + BASE_SUMS * r, readBase.wins(baseRows[r]!), readBase.held(baseRows[r]!));
    for (let t = 0; t < k; t++) {
      const runner = runners[t]!;
      const reader = readers[t]!;
      reader.read(runner.play(i, task.checkInvariants ? runner.invariantChecker(i) : null));
      addPair(out, 1 + PAIR_SUMS * t, readBase.wins(tweakRows[t]!), readBase.held(tweakRows[t]!), reader.wins(ownRows[t]!), reader.held(ownRows[t]!));
    }
  }
  out[0] = task.end - task.start;
  return out;
}
