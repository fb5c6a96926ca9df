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
  /** Called after each merged shard with the number of games finished. */
  onProgress?: (gamesDone: number) => void;
  cell?: number;
}

/** A pool worker failed outside any game (thread died, could not load the plan); not a GameFailure. */
export class WorkerError extends Error {}

export async function runPlan(plan: Plan, options: RunOptions): Promise<Accumulator> {
  const game = gameOf(plan.game);
  const cell = options.cell ?? 0;
  const size = shardSizeFor(plan.games, game.shardSize);
  const shards = Math.ceil(plan.games / size);
  const task = (shard: number): ShardTask => ({
    plan,
    cell,
    shard,
    start: shard * size,
    end: Math.min(plan.games, (shard + 1) * size),
    checkInvariants: options.checkInvariants ?? false,
  });
  const total = newAccumulator(game, plan);
  let done = 0;
  const fold = (result: ShardResult): void => {
    if (result.failure) {
      const f = result.failure;
      const failure = new GameFailure(f.key, f.reason, f.turn, f.kind);
      failure.stack = f.stack;
      throw failure;
    }
    total.merge(new Accumulator(accumulatorShape(game, plan), result.data));
    const t = task(result.shard);
    done += t.end - t.start;
    options.onProgress?.(done);
  };

  if (options.workers === 0) {
    const runner = createRunner(plan, cell);
    for (let shard = 0; shard < shards; shard++) {
      const t = task(shard);
      const acc = newAccumulator(game, plan);
      runner.runRange(acc, t.start, t.end, t.checkInvariants);
      fold({ shard, data: acc.data });
      await new Promise<void>((resolve) => setImmediate(resolve)); // let progress and signals through
    }
    return total;
  }

  const pool = new Piscina({ ...workerEntry(), minThreads: options.workers, maxThreads: options.workers, idleTimeout: 1000 });
  try {
    const inFlight = new Map<number, Promise<ShardResult>>();
    const submit = (shard: number): void => {
      const result = (pool.run(task(shard)) as Promise<ShardResult>).catch((e: unknown) => {
        const { start, end } = task(shard);
        throw new WorkerError(`a worker failed on shard ${shard} (games ${start}-${end - 1}): ${e instanceof Error ? e.message : String(e)}`);
      });
      result.catch(() => {}); // handled when its turn to merge comes; this only silences early rejections
      inFlight.set(shard, result);
    };
    let next = 0;
    const window = options.workers * 2;
    while (next < shards && next < window) submit(next++);
    // Merge strictly in shard order; later shards keep running meanwhile.
    for (let shard = 0; shard < shards; shard++) {
      const result = await inFlight.get(shard)!;
      inFlight.delete(shard);
      if (next < shards) submit(next++);
      fold(result);
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
