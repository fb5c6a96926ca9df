/**
 * Distributed runs on Redis with BullMQ. `run --redis URL` puts one job per shard on a queue and
 * merges results as they arrive; `squabble worker --redis URL` on any number of machines plays
 * them (in piscina threads, so the event loop stays free to renew job locks).
 *
 * No game is lost or counted twice: a job's id is its run key and shard number, so a shard is
 * queued once; a worker that dies mid-shard loses its lock and BullMQ gives the shard to another
 * worker after `lockSeconds`; the submitter takes exactly one result per shard, the finished
 * job's return value, and merges in shard order. The result equals a local run byte for byte.
 */
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Piscina } from 'piscina';
import type { Plan } from '../sim/scenario/types.js';
import { Accumulator } from '../sim/stats/accumulator.js';
import { GameFailure, accumulatorShape, newAccumulator } from '../sim/batch.js';
import { gameOf } from '../registry.js';
import { VERSION } from '../version.js';
import { shardTasks } from './pool.js';
import type { ShardResult, ShardTask } from './shard.js';

export const DEFAULT_QUEUE = 'squabble';

export interface RedisTarget {
  url: string;
  queue?: string;
}

function connection(url: string) {
  const u = new URL(url);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`--redis: expected a redis:// URL, found ${JSON.stringify(url)}`);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/** Shard results travel as JSON: Float64Array becomes a plain array of exact integers. */
interface JobResult {
  shard: number;
  data?: number[];
  failure?: NonNullable<ShardResult['failure']>;
}

export interface QueueRunOptions {
  onProgress?: (gamesDone: number) => void;
  checkInvariants?: boolean;
  signal?: AbortSignal;
}

/** Submit every shard of the plan and merge the results in shard order. */
export async function runPlanOnQueue(plan: Plan, target: RedisTarget, options: QueueRunOptions = {}): Promise<Accumulator> {
  const game = gameOf(plan.game);
  const name = target.queue ?? DEFAULT_QUEUE;
  const conn = connection(target.url);
  const queue = new Queue(name, { connection: conn });
  const events = new QueueEvents(name, { connection: conn });
  const tasks = shardTasks(plan, [0, plan.games], 0, options.checkInvariants ?? false);
  const runKey = `${plan.scenarioHash}-${plan.masterSeed}-${plan.games}-${VERSION}${options.checkInvariants ? '-checked' : ''}`;
  try {
    await events.waitUntilReady();
    const jobs: Job[] = await queue.addBulk(
      tasks.map((t) => ({
        name: 'shard',
        data: t,
        opts: { jobId: `${runKey}-${t.shard}`, attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
      })),
    );
    const total = newAccumulator(game, plan);
    let done = 0;
    for (const [i, job] of jobs.entries()) {
      if (options.signal?.aborted) throw new Error('interrupted');
      const result = (await job.waitUntilFinished(events)) as JobResult;
      if (result.failure) {
        const f = result.failure;
        const failure = new GameFailure(f.key, f.reason, f.turn, f.kind);
        failure.stack = f.stack;
        throw failure;
      }
      total.merge(new Accumulator(accumulatorShape(game, plan), Float64Array.from(result.data!)));
      done += tasks[i]!.end - tasks[i]!.start;
      options.onProgress?.(done);
    }
    await Promise.all(jobs.map((j) => j.remove().catch(() => {})));
    return total;
  } finally {
    await events.close();
    await queue.close();
  }
}

export interface WorkerOptions {
  /** Shards played at once (piscina threads). */
  threads: number;
  /** A shard whose worker stops renewing its lock for this long goes to another worker. */
  lockSeconds: number;
  log?: (text: string) => void;
}

/** Serve shards from the queue until `close()` is called. */
export async function serveQueue(target: RedisTarget, options: WorkerOptions): Promise<{ close: () => Promise<void> }> {
  const here = import.meta.url;
  const entry = here.endsWith('.ts')
    ? { filename: fileURLToPath(new URL('./worker.ts', here)), execArgv: ['--import', 'tsx'] }
    : { filename: fileURLToPath(new URL('./worker.js', here)) };
  const pool = new Piscina({ ...entry, minThreads: options.threads, maxThreads: options.threads });
  const worker = new Worker(
    target.queue ?? DEFAULT_QUEUE,
    async (job: Job<ShardTask>) => {
      const result = (await pool.run(job.data)) as ShardResult;
      options.log?.(`shard ${job.data.shard} of ${job.data.plan.name} (games ${job.data.start}-${job.data.end - 1}) done\n`);
      const out: JobResult = result.failure ? { shard: result.shard, failure: result.failure } : { shard: result.shard, data: Array.from(result.data) };
      return out;
    },
    {
      connection: connection(target.url),
      concurrency: options.threads,
      lockDuration: options.lockSeconds * 1000,
      stalledInterval: Math.max(500, (options.lockSeconds * 1000) / 2),
      maxStalledCount: 3,
    },
  );
  await worker.waitUntilReady();
  return {
    close: async () => {
      await worker.close();
      await pool.destroy();
    },
  };
}
