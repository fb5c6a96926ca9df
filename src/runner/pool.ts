/**
 * Run a plan on a piscina worker pool (or in this thread with workers = 0), merging shard
 * results in shard order. Memory stays constant: at most 4 tasks per worker are in flight
 * and each result is folded into one accumulator as soon as its turn comes.
 *
 * Shards (src/runner/shard.ts) are the unit of checkpoints, resume and `--until`; a plain run
 * may hand a shard to the workers in pieces (see `pieceEnd`), smaller towards the end of the
 * run and never under ~20 ms of measured play, so no worker idles through the last long shard
 * while the other plays it. A piece's counts are added to the total as a shard's are: the
 * accumulator's merge is exact addition, so the result does not depend on the pieces.
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
  /**
   * The worker count was not asked for: play in this thread first, in pieces doubling from one
   * game, and start the pool only if the measured rest of the run is a second of play or more
   * (its threads cost about half a second of CPU each to start; 1,000 Worms games take 10 ms).
   */
  inThreadFirst?: boolean;
  /** Called when the pool's threads start (an inThreadFirst run that stays in this thread never calls it). */
  onPoolStart?: () => void;
  /** Each task's games, wall ns and thread CPU ns in its worker (-1: not measurable here), as it is merged (bench/measure.mjs). */
  onTaskTime?: (games: number, ns: number, cpuNs: number) => void;
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

/** Give each task its slots of `finished` (if the caller counts finished games): one per piece it may be played in. */
function countFinished(tasks: ShardTask[], finished: FinishedGames | undefined, pieces = 1): void {
  if (!finished) return;
  const played = finished.attach(tasks.length * pieces);
  tasks.forEach((t, i) => Object.assign(t, { played, playedSlot: i * pieces }));
}

export async function runPlan(plan: Plan, options: RunOptions): Promise<Accumulator> {
  const game = gameOf(plan.game);
  const cell = options.cell ?? 0;
  const tasks = shardTasks(plan, options.range ?? [0, plan.games], cell, options.checkInvariants ?? false);
  countFinished(tasks, options.finished, MOST_PIECES + IN_THREAD_PIECES);
  const shape = accumulatorShape(game, plan);
  const total = options.resume?.acc ?? new Accumulator(shape);
  // Pieces: the accumulator's merge is exact, so a shard may be played in parts.
  await runSummed(tasks, total.data, (data) => total.mergeData(data), options.resume?.nextShard ?? 0, { ...options, pieces: true }, (next) => {
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
async function runSummed(tasks: ShardTask[], total: Float64Array, merge: (data: Float64Array) => void, first: number, options: RunOptions & TaskOptions, merged: (nextShard: number) => boolean): Promise<void> {
  let done = tasks.slice(0, first).reduce((n, t) => n + t.end - t.start, 0);
  await runTasks(tasks, first, options, (i, data, piece) => {
    if (data.length !== total.length) throw new Error(`shard ${tasks[i]!.shard} returned ${data.length} counts, expected ${total.length}`);
    merge(data);
    done += piece.end - piece.start;
    // Checkpoints and stop rules see whole shards only, as they did before pieces.
    const stop = piece.end === tasks[i]!.end && merged(i + 1);
    options.onProgress?.(done);
    return stop;
  });
}

/** Most pieces the pool plays one shard in (each has its own slot of FinishedGames). */
export const MOST_PIECES = 16;
/** Most pieces of one shard played in this thread first (inThreadFirst: doubling from one game). */
const IN_THREAD_PIECES = 32;
/** A piece is at least this much measured play, so its round trip (~150 µs) stays under 1%. */
const LEAST_PIECE_NS = 20e6;

interface TaskOptions {
  /** The tasks' results add exactly (an Accumulator), so a task may be played in pieces. */
  pieces?: boolean;
}

/** Play in this thread while the rest of the run measures under this (RunOptions.inThreadFirst). */
export const IN_THREAD_NS = 1e9;
/** In-thread play long enough to trust its speed (the first games run before the JIT has compiled them). */
const PROBE_NS = 50e6;

/**
 * Where the piece of `task` that starts at `start` ends. Guided self-scheduling: a piece is about
 * the unsubmitted games over twice the workers, so whole shards while much is left and smaller
 * pieces at the end, where the last ones then finish close together; never less than
 * LEAST_PIECE_NS of play at the speed measured so far (games per thread-ns; 0 before the first
 * result), nor than a MOST_PIECES'th of the shard. A rest under half a piece joins it.
 */
export function pieceEnd(task: ShardTask, start: number, unsubmitted: number, workers: number, nsPerGame: number): number {
  const least = Math.max(Math.ceil((task.end - task.start) / MOST_PIECES), nsPerGame > 0 ? Math.ceil(LEAST_PIECE_NS / nsPerGame) : 1);
  const size = Math.max(least, Math.ceil(unsubmitted / (2 * workers)));
  return task.end - start < size + size / 2 ? task.end : start + size;
}

/**
 * Run tasks[first..] on one pool (or in this thread with workers = 0), at most four per worker in
 * flight, and hand each result's counts to `fold` strictly in task order; `fold` returning true
 * ends the run there. With `pieces`, a task may be played in pieces (`pieceEnd`), each handed to
 * `fold` in order with the games it covers; otherwise the piece is the whole task. A game failure
 * inside a task is thrown as a GameFailure.
 */
export async function runTasks(
  tasks: readonly ShardTask[],
  first: number,
  options: Pick<RunOptions, 'workers' | 'signal' | 'onTaskTime' | 'onPoolStart' | 'inThreadFirst'> & TaskOptions,
  fold: (i: number, data: Float64Array, piece: ShardTask) => boolean,
): Promise<void> {
  let ns = 0;
  let cpuNs = 0;
  let games = 0;
  const take = (i: number, result: ShardResult, piece: ShardTask): boolean => {
    if (result.failure) {
      const f = result.failure;
      const failure = new GameFailure(f.key, f.reason, f.turn, f.kind);
      failure.stack = f.stack;
      throw failure;
    }
    ns += result.ns;
    cpuNs = cpuNs < 0 || result.cpuNs < 0 ? -1 : cpuNs + result.cpuNs;
    games += piece.end - piece.start;
    options.onTaskTime?.(piece.end - piece.start, result.ns, result.cpuNs);
    return fold(i, result.data, piece);
  };
  const checkAbort = () => {
    if (options.signal?.aborted) throw new InterruptedError('interrupted');
  };

  if (options.workers === 0) {
    for (let i = first; i < tasks.length; i++) {
      checkAbort();
      if (take(i, await runShard(tasks[i]!), tasks[i]!)) return;
      await new Promise<void>((resolve) => setImmediate(resolve)); // let progress and signals through
    }
    return;
  }

  // Pieces in submission order: task index, and the piece itself (a whole task unless split).
  let cut = first;
  let at = tasks[first]?.start ?? 0;
  let slot = 0;
  let unsubmitted = tasks.slice(first).reduce((n, t) => n + t.end - t.start, 0);
  /** The next piece, ending at `end` (default: pieceEnd's, or the task's end). */
  const cutPiece = (end?: number): { i: number; t: ShardTask } => {
    const task = tasks[cut]!;
    // One worker has no one to wait for at the end: it plays whole shards.
    end ??= options.pieces && options.workers > 1 ? pieceEnd(task, at, unsubmitted, options.workers, games > 0 ? ns / games : 0) : task.end;
    const piece = { i: cut, t: end === task.end && at === task.start ? task : { ...task, start: at, end, ...(task.played ? { playedSlot: task.playedSlot! + slot } : {}) } };
    unsubmitted -= end - at;
    slot++;
    at = end;
    if (end === task.end) {
      cut++;
      at = tasks[cut]?.start ?? 0;
      slot = 0;
    }
    return piece;
  };

  if (options.inThreadFirst && options.pieces) {
    // Pieces of 1, 1, 2, 4... games (as many as played so far) until PROBE_NS of play; then the
    // rest here if it measures under IN_THREAD_NS, else on the pool. Measured in this thread's
    // CPU time where it can be read (a busy host stretches wall time tenfold), else wall time.
    const played = () => (cpuNs >= 0 ? cpuNs : ns);
    while (cut < tasks.length && (played() < PROBE_NS || unsubmitted * (played() / games) < IN_THREAD_NS)) {
      checkAbort();
      const task = tasks[cut]!;
      const { i, t } = cutPiece(played() >= PROBE_NS ? task.end : Math.min(task.end, at + Math.max(1, games)));
      if (take(i, await runShard(t), t)) return;
      await new Promise<void>((resolve) => setImmediate(resolve)); // let progress and signals through
    }
    if (cut >= tasks.length) return;
  }

  options.onPoolStart?.();
  const pool = new Piscina({ ...workerEntry(), minThreads: options.workers, maxThreads: options.workers, idleTimeout: 1000 });
  const aborted = new Promise<never>((_, reject) => {
    options.signal?.addEventListener('abort', () => reject(new InterruptedError('interrupted')), { once: true });
  });
  aborted.catch(() => {});
  try {
    const pieces: { i: number; t: ShardTask }[] = [];
    const inFlight = new Map<number, Promise<ShardResult>>();
    const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
    const submit = (p: number): void => {
      if (p === pieces.length) pieces.push(cutPiece());
      const t = pieces[p]!.t;
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
      inFlight.set(p, result);
    };
    const more = () => cut < tasks.length;
    let next = 0;
    // Pieces are merged in order, so a slow one holds back the submission of new ones; a
    // window of 4 per worker keeps every worker busy through ordinary task-time variation
    // (squirmish and squall games vary in length) while bounding memory to a few results.
    const window = options.workers * 4;
    while (more() && next < window) submit(next++);
    // Merge strictly in shard order; later pieces keep running meanwhile.
    for (let p = 0; p < next; p++) {
      checkAbort();
      const result = await Promise.race([inFlight.get(p)!, aborted]);
      inFlight.delete(p);
      checkAbort();
      if (take(pieces[p]!.i, result, pieces[p]!.t)) return; // the pool is destroyed below, in-flight pieces with it
      if (more()) submit(next++);
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
