/**
 * Run a plan on a piscina worker pool (or in this thread with workers = 0), merging shard
 * results in shard order. Memory stays constant: at most 2 shards per worker are in flight
 * and each result is folded into one accumulator as soon as its turn comes.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { Accumulator } from '../sim/stats/accumulator.js';
import { GameFailure, accumulatorShape } from '../sim/batch.js';
import type { Plan } from '../sim/scenario/types.js';
import { gameOf } from '../registry.js';
import { shardSizeFor, type FoldRef, type ShardResult, type ShardTask } from './shard.js';
import runShard from './worker.js';
import type { FinishedGames } from './finished-games.js';

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
  /** Counts every finished game, as it finishes, in any thread. */
  finished?: FinishedGames;
  /** Stop early (Ctrl-C): runPlan rejects with InterruptedError; what onMerged saw stays valid. */
  signal?: AbortSignal;
  /**
   * Checked after each merged shard (in shard order): true ends the run there, with exactly the
   * games merged so far, so where it stops does not depend on the worker count (run --until).
   */
  stopWhen?: (total: Accumulator) => boolean;
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

/** Give each task its slot of `finished` (if the caller counts finished games). */
function countFinished(tasks: ShardTask[], finished: FinishedGames | undefined): void {
  if (!finished) return;
  const played = finished.attach(tasks.length);
  tasks.forEach((t, slot) => Object.assign(t, { played, playedSlot: slot }));
}

export async function runPlan(plan: Plan, options: RunOptions): Promise<Accumulator> {
  const game = gameOf(plan.game);
  const cell = options.cell ?? 0;
  const tasks = shardTasks(plan, options.range ?? [0, plan.games], cell, options.checkInvariants ?? false);
  countFinished(tasks, options.finished);
  const shape = accumulatorShape(game, plan);
  const total = options.resume?.acc ?? new Accumulator(shape);
  await runSummed(tasks, total.data, (data) => total.mergeData(data), options.resume?.nextShard ?? 0, options, (next) => {
    options.onMerged?.(total, next);
    return options.stopWhen?.(total) ?? false;
  });
  return total;
}

/**
 * Play every game of the plan with a study's fold (FoldRef: compare's pairs) instead of the plan's
 * accumulator, and add up the `size` counts each shard returns, in shard order.
 */
export async function runFolded(plan: Plan, fold: FoldRef, size: number, options: Omit<RunOptions, 'range' | 'resume' | 'onMerged'>): Promise<Float64Array> {
  const tasks = shardTasks(plan, [0, plan.games], options.cell ?? 0, options.checkInvariants ?? false).map((t) => ({ ...t, fold }));
  countFinished(tasks, options.finished);
  const total = new Float64Array(size);
  await runSummed(tasks, total, (data) => addInto(total, data), 0, options, () => false);
  return total;
}

function addInto(total: Float64Array, data: Float64Array): void {
  for (let k = 0; k < total.length; k++) total[k]! += data[k]!;
}

/**
 * Run tasks[first..] on the pool (or in this thread) and merge each result's counts into
 * `total` with `merge`, strictly in task order (a run's Accumulator.mergeData; a study's fold's
 * sums add).
 */
async function runSummed(tasks: ShardTask[], total: Float64Array, merge: (data: Float64Array) => void, first: number, options: RunOptions, merged: (nextShard: number) => boolean): Promise<void> {
  let done = tasks.slice(0, first).reduce((n, t) => n + t.end - t.start, 0);
  await runTasks(tasks, first, options, (i, data) => {
    if (data.length !== total.length) throw new Error(`shard ${tasks[i]!.shard} returned ${data.length} counts, expected ${total.length}`);
    merge(data);
    done += tasks[i]!.end - tasks[i]!.start;
    const stop = merged(i + 1);
    options.onProgress?.(done);
    return stop;
  });
}

/**
 * Run tasks[first..] on one pool (or in this thread with workers = 0), at most two per worker in
 * flight, and hand each result's counts to `fold` strictly in task order; `fold` returning true
 * ends the run there. A game failure inside a task is thrown as a GameFailure.
 */
export async function runTasks(
  tasks: readonly ShardTask[],
  first: number,
  options: Pick<RunOptions, 'workers' | 'signal'>,
  fold: (i: number, data: Float64Array) => boolean,
): Promise<void> {
  const take = (i: number, result: ShardResult): boolean => {
    if (result.failure) {
      const f = result.failure;
      const failure = new GameFailure(f.key, f.reason, f.turn, f.kind);
      failure.stack = f.stack;
      throw failure;
    }
    return fold(i, result.data);
  };
  const checkAbort = () => {
    if (options.signal?.aborted) throw new InterruptedError('interrupted');
  };

  if (options.workers === 0) {
    for (let i = first; i < tasks.length; i++) {
      checkAbort();
      if (take(i, await runShard(tasks[i]!))) return;
      await new Promise<void>((resolve) => setImmediate(resolve)); // let progress and signals through
    }
    return;
  }

  const pool = new Piscina({ ...workerEntry(), minThreads: options.workers, maxThreads: options.workers, idleTimeout: 1000 });
  const aborted = new Promise<never>((_, reject) => {
    options.signal?.addEventListener('abort', () => reject(new InterruptedError('interrupted')), { once: true });
  });
  aborted.catch(() => {});
  try {
    const inFlight = new Map<number, Promise<ShardResult>>();
    const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
    const submit = (i: number): void => {
      const t = tasks[i]!;
      // A thread that dies (killed, out of memory, a crash in start-up) loses only its shard: piscina
      // starts a new thread and the shard is played once more. A shard is a pure function of its
      // task, and results merge in shard order, so a retried run is byte-identical.
      const attempt = () => pool.run(t) as Promise<ShardResult>;
      const result = attempt()
        .catch((first: unknown) =>
          options.signal?.aborted
            ? Promise.reject(first)
            : attempt().catch((second: unknown) => {
                throw new Error(`${message(second)} (and before, ${message(first)})`);
              }),
        )
        .catch((e: unknown) => {
          throw new WorkerError(`a worker failed on shard ${t.shard} (games ${t.start}-${t.end - 1}), twice: ${message(e)}`);
        });
      result.catch(() => {}); // handled when its turn to merge comes; this only silences early rejections
      inFlight.set(i, result);
    };
    let next = first;
    // Shards are merged in order, so a slow shard holds back the submission of new ones; a
    // window of 4 per worker keeps every worker busy through ordinary shard-time variation
    // (squirmish and squall games vary in length) while bounding memory to a few results.
    const window = options.workers * 4;
    while (next < tasks.length && next < first + window) submit(next++);
    // Merge strictly in shard order; later shards keep running meanwhile.
    for (let i = first; i < tasks.length; i++) {
      checkAbort();
      const result = await Promise.race([inFlight.get(i)!, aborted]);
      inFlight.delete(i);
      checkAbort();
      if (take(i, result)) return; // the pool is destroyed below, in-flight shards with it
      if (next < tasks.length) submit(next++);
    }
  } finally {
    await pool.destroy();
  }
}

/**
 * The worker file: compiled, the CommonJS entry worker-entry.cjs, which loads worker.js by
 * `import()` only (never require(esm): the V8 abort of issue 35, F4); the TypeScript source
 * through tsx under tests and tsx.
 */
export function workerEntry(): { filename: string; execArgv?: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { filename: fileURLToPath(new URL('./worker.ts', here)), execArgv: ['--import', 'tsx'] };
  return { filename: fileURLToPath(new URL('./worker-entry.cjs', here)) };
}
