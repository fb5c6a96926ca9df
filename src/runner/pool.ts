/**
 * Run a plan on a piscina worker pool (or in this thread with workers = 0), merging shard
 * results in shard order. Memory stays constant: at most 2 shards per worker are in flight
 * and each result is folded into one accumulator as soon as its turn comes.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { Accumulator } from '../sim/stats/accumulator.js';
import { GameFailure, accumulatorShape, newAccumulator } from '../sim/batch.js';
import type { Plan } from '../sim/scenario/types.js';
import { gameOf } from '../registry.js';
import { createRunner } from './create-runner.js';
import { shardSizeFor, type ShardResult, type ShardTask } from './shard.js';

export interface RunOptions {
  /** Worker threads; 0 plays in the calling thread. */
  workers: number;
  checkInvariants?: boolean;
  /** Called after each merged shard with the number of games finished (in this call's range). */
  onProgress?: (gamesDone: number) => void;
  cell?: number;
  /** Game indices to play, [start, end); default every game of the plan (see --shard). */
  range?: readonly [number, number];
  /** Continue a checkpointed run: `acc` holds every shard before `nextShard`, already merged. */
  resume?: { acc: Accumulator; nextShard: number };
  /** After each shard is merged, in order: the total so far and the next shard to play (for checkpoints). */
  onMerged?: (total: Accumulator, nextShard: number) => void;
  /** Stop early (Ctrl-C): runPlan rejects with InterruptedError; what onMerged saw stays valid. */
  signal?: AbortSignal;
}

/** A pool worker failed outside any game (thread died, could not load the plan); not a GameFailure. */
export class WorkerError extends Error {}
export class InterruptedError extends Error {}

/** The shards of a plan that fall in [start, end), each clipped to the range. */
export function shardTasks(plan: Plan, range: readonly [number, number], cell: number, checkInvariants: boolean): ShardTask[] {
  const size = shardSizeFor(plan.games, gameOf(plan.game).shardSize);
  const [start, end] = range;
  const tasks: ShardTask[] = [];
  for (let shard = Math.floor(start / size); shard * size < end; shard++)
    tasks.push({ plan, cell, shard, start: Math.max(start, shard * size), end: Math.min(end, (shard + 1) * size), checkInvariants });
  return tasks;
}

export async function runPlan(plan: Plan, options: RunOptions): Promise<Accumulator> {
  const game = gameOf(plan.game);
  const cell = options.cell ?? 0;
  const tasks = shardTasks(plan, options.range ?? [0, plan.games], cell, options.checkInvariants ?? false);
  const first = options.resume?.nextShard ?? 0;
  const total = options.resume?.acc ?? newAccumulator(game, plan);
  let done = tasks.slice(0, first).reduce((n, t) => n + t.end - t.start, 0);
  const fold = (i: number, result: ShardResult): void => {
    if (result.failure) {
      const f = result.failure;
      const failure = new GameFailure(f.key, f.reason, f.turn, f.kind);
      failure.stack = f.stack;
      throw failure;
    }
    total.merge(new Accumulator(accumulatorShape(game, plan), result.data));
    done += tasks[i]!.end - tasks[i]!.start;
    options.onMerged?.(total, i + 1);
    options.onProgress?.(done);
  };
  const checkAbort = () => {
    if (options.signal?.aborted) throw new InterruptedError('interrupted');
  };

  if (options.workers === 0) {
    const runner = createRunner(plan, cell);
    for (let i = first; i < tasks.length; i++) {
      checkAbort();
      const t = tasks[i]!;
      const acc = newAccumulator(game, plan);
      runner.runRange(acc, t.start, t.end, t.checkInvariants);
      fold(i, { shard: t.shard, data: acc.data });
      await new Promise<void>((resolve) => setImmediate(resolve)); // let progress and signals through
    }
    return total;
  }

  const pool = new Piscina({ ...workerEntry(), minThreads: options.workers, maxThreads: options.workers, idleTimeout: 1000 });
  const aborted = new Promise<never>((_, reject) => {
    options.signal?.addEventListener('abort', () => reject(new InterruptedError('interrupted')), { once: true });
  });
  aborted.catch(() => {});
  try {
    const inFlight = new Map<number, Promise<ShardResult>>();
    const submit = (i: number): void => {
      const t = tasks[i]!;
      const result = (pool.run(t) as Promise<ShardResult>).catch((e: unknown) => {
        throw new WorkerError(`a worker failed on shard ${t.shard} (games ${t.start}-${t.end - 1}): ${e instanceof Error ? e.message : String(e)}`);
      });
      result.catch(() => {}); // handled when its turn to merge comes; this only silences early rejections
      inFlight.set(i, result);
    };
    let next = first;
    const window = options.workers * 2;
    while (next < tasks.length && next < first + window) submit(next++);
    // Merge strictly in shard order; later shards keep running meanwhile.
    for (let i = first; i < tasks.length; i++) {
      checkAbort();
      const result = await Promise.race([inFlight.get(i)!, aborted]);
      inFlight.delete(i);
      checkAbort();
      if (next < tasks.length) submit(next++);
      fold(i, result);
    }
    return total;
  } finally {
    await pool.destroy();
  }
}

/** The worker file: compiled JS normally; the TypeScript source through tsx under tests and tsx. */
function workerEntry(): { filename: string; execArgv?: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { filename: fileURLToPath(new URL('./worker.ts', here)), execArgv: ['--import', 'tsx'] };
  return { filename: fileURLToPath(new URL('./worker.js', here)) };
}
