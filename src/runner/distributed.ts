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
import type { Job, Queue, QueueEvents } from 'bullmq';
import { Piscina } from 'piscina';
import type { Plan } from '../sim/scenario/types.js';
import { Accumulator } from '../sim/stats/accumulator.js';
import { GameFailure, accumulatorShape, newAccumulator } from '../sim/batch.js';
import { gameOf } from '../registry.js';
import { VERSION } from '../version.js';
import { shardTasks, workerEntry } from './pool.js';
import type { ShardResult, ShardTask } from './shard.js';

export const DEFAULT_QUEUE = 'squabble';

export interface RedisTarget {
  url: string;
  queue?: string;
  /** Give up when Redis has not answered for this long (default 30). */
  timeoutSeconds?: number;
}

/**
 * Wait for `p` at most `ms`: its value, or undefined if it failed or took longer (closing
 * connections and asking a failing server must not hang a command).
 */
/** The longest a close (or a question to a silent Redis) is waited for, each time. */
export const CLOSE_MS = 2000;

async function settleWithin<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const value = await Promise.race([p.catch(() => undefined), new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))]);
  clearTimeout(timer);
  return value;
}

/** Redis was not reachable, or stopped answering: the message is the whole story. */
export class RedisError extends Error {}

/**
 * A shard that BullMQ gave up on (its processor threw on every attempt, or more workers died
 * holding it than `maxStalledCount` allows) while Redis itself still answers. Not a lost
 * connection: the finished shards are kept and a later run retries this one.
 */
export class ShardFailedError extends Error {}

const timeoutOf = (target: RedisTarget) => (target.timeoutSeconds ?? 30) * 1000;

/**
 * BullMQ and ioredis, loaded on the first distributed call: they cost about 0.15 s of CPU to
 * load, which every local `run` would otherwise pay (issue 36: load only what a command uses).
 */
let queueLib: { bullmq: typeof import('bullmq'); Redis: typeof import('ioredis').Redis } | undefined;
async function loadQueueLib(): Promise<NonNullable<typeof queueLib>> {
  queueLib ??= { bullmq: await import('bullmq'), Redis: (await import('ioredis')).Redis };
  return queueLib;
}

/**
 * Ask Redis for a PING within the target's timeout (no retries): a command checks this before it
 * touches any file, so a wrong URL costs nothing.
 */
export async function probeRedis(target: RedisTarget): Promise<void> {
  const { Redis } = await loadQueueLib();
  const ms = timeoutOf(target);
  const client = new Redis({ ...connection(target.url), lazyConnect: true, connectTimeout: ms, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  client.on('error', () => {}); // reported through connect() below
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms))),
    ]);
  } catch (e) {
    throw new RedisError(`--redis: nothing answers at ${target.url} (${e instanceof Error ? e.message : String(e)}); start redis-server there, or check the URL`);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * A watchdog: PINGs Redis on its own connection every second and rejects `lost` once no PING
 * has been answered for the target's timeout. BullMQ's own connections retry forever, so without
 * this a run whose Redis went away would wait forever.
 */
function watchRedis(target: RedisTarget, Redis: typeof import('ioredis').Redis): { lost: Promise<never>; stop: () => void } {
  const ms = timeoutOf(target);
  const client = new Redis({ ...connection(target.url), connectTimeout: Math.min(ms, 5000), enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 500 });
  client.on('error', () => {}); // the silence is what counts
  let lastAnswer = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const lost = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const silent = Date.now() - lastAnswer;
      if (silent > ms) {
        clearInterval(timer);
        // The silence as measured (the timeout, plus up to a second until this check noticed it):
        // what the message says is what happened, and the command's end follows within CLOSE_MS
        // for the connections and EXIT_GRACE_MS for the process (src/cli/main.ts).
        reject(new RedisError(`Redis at ${target.url} has not answered for ${(silent / 1000).toFixed(1)} s (--redis-timeout ${ms / 1000})`));
        return;
      }
      client.ping().then(
        () => void (lastAnswer = Date.now()),
        () => {},
      );
    }, Math.min(1000, ms / 2));
  });
  lost.catch(() => {});
  return {
    lost,
    stop: () => {
      clearInterval(timer);
      client.disconnect();
    },
  };
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
  /** After each shard is merged, in shard order: the total so far and the next shard (a run keeps these as checkpoints). */
  onMerged?: (total: Accumulator, nextShard: number) => void;
  checkInvariants?: boolean;
  signal?: AbortSignal;
}

/**
 * Submit every shard of the plan and merge the results in shard order. If Redis stops answering
 * for the target's timeout, this rejects with a RedisError; every shard merged before that was
 * handed to `onMerged`, so the caller can keep it.
 */
export async function runPlanOnQueue(plan: Plan, target: RedisTarget, options: QueueRunOptions = {}): Promise<Accumulator> {
  const game = gameOf(plan.game);
  const name = target.queue ?? DEFAULT_QUEUE;
  const conn = connection(target.url);
  const { bullmq, Redis } = await loadQueueLib();
  const { Queue, QueueEvents } = bullmq;
  const watchdog = watchRedis(target, Redis);
  const queue = new Queue(name, { connection: conn });
  const events = new QueueEvents(name, { connection: conn });
  queue.on('error', () => {}); // connection errors: the watchdog decides when to give up
  events.on('error', () => {});
  const tasks = shardTasks(plan, [0, plan.games], 0, options.checkInvariants ?? false);
  const runKey = `${plan.scenarioHash}-${plan.masterSeed}-${plan.games}-${VERSION}${options.checkInvariants ? '-checked' : ''}`;
  const guarded = <T>(p: Promise<T>) => Promise.race([p, watchdog.lost]);
  let healthy = true;
  try {
    await guarded(events.waitUntilReady());
    const jobs: Job[] = await guarded(
      queue.addBulk(
        tasks.map((t) => ({
          name: 'shard',
          data: t,
          opts: { jobId: `${runKey}-${t.shard}`, attempts: 3, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: false, removeOnFail: false },
        })),
      ),
    );
    // A shard that failed in an earlier attempt of this run keeps its job id, so adding it again
    // is a no-op and waiting on it fails at once: send such jobs back to the queue.
    await guarded(Promise.all(jobs.map(async (job) => ((await job.getState()) === 'failed' ? job.retry('failed') : undefined))));
    const total = newAccumulator(game, plan);
    let done = 0;
    for (const [i, job] of jobs.entries()) {
      if (options.signal?.aborted) throw new Error('interrupted');
      const result = (await guarded(waitForShard(job, queue, events, tasks[i]!))) as JobResult;
      if (result.failure) {
        const f = result.failure;
        const failure = new GameFailure(f.key, f.reason, f.turn, f.kind);
        failure.stack = f.stack;
        throw failure;
      }
      total.merge(new Accumulator(accumulatorShape(game, plan), Float64Array.from(result.data!)));
      done += tasks[i]!.end - tasks[i]!.start;
      options.onMerged?.(total, i + 1);
      options.onProgress?.(done);
    }
    await guarded(Promise.all(jobs.map((j) => j.remove().catch(() => {}))));
    return total;
  } catch (e) {
    if (e instanceof GameFailure || e instanceof ShardFailedError || options.signal?.aborted) throw e;
    // Anything else here is the connection failing under BullMQ (a closed connection, a refused command).
    healthy = false;
    throw e instanceof RedisError ? e : new RedisError(`lost the connection to Redis at ${target.url} (${e instanceof Error ? e.message : String(e)})`);
  } finally {
    watchdog.stop();
    // With Redis gone a graceful close would wait for it: drop the connections instead, and
    // never wait on either for long.
    await settleWithin(healthy ? Promise.all([events.close(), queue.close()]) : Promise.all([events.disconnect(), queue.disconnect()]), CLOSE_MS);
  }
}

/**
 * Wait for one shard's job. When the wait fails, ask Redis whether the job itself failed (a
 * ShardFailedError naming the shard and BullMQ's reason); anything else is the connection's.
 */
async function waitForShard(job: Job, queue: Queue, events: QueueEvents, task: ShardTask): Promise<unknown> {
  try {
    return await job.waitUntilFinished(events);
  } catch (e) {
    const state = await settleWithin(job.getState(), CLOSE_MS);
    if (state !== 'failed') throw e;
    const reason = (await settleWithin(queue.getJob(job.id!), CLOSE_MS))?.failedReason ?? (e instanceof Error ? e.message : String(e));
    throw new ShardFailedError(`shard ${task.shard} (games ${task.start.toLocaleString('en-US')}-${(task.end - 1).toLocaleString('en-US')}) failed on the queue: ${reason}`);
  }
}

export interface WorkerOptions {
  /** Shards played at once (piscina threads). */
  threads: number;
  /** A shard whose worker stops renewing its lock for this long goes to another worker. */
  lockSeconds: number;
  log?: (text: string) => void;
}

/**
 * Serve shards from the queue until `close()` is called; `lost` rejects (RedisError) once Redis
 * has not answered for the target's timeout, so a worker does not wait forever for a server
 * that is gone (its unfinished shards go back to the queue by BullMQ's stalled-job check).
 */
export async function serveQueue(target: RedisTarget, options: WorkerOptions): Promise<{ close: () => Promise<void>; lost: Promise<never> }> {
  await probeRedis(target);
  const { bullmq, Redis } = await loadQueueLib();
  const { Worker } = bullmq;
  const pool = new Piscina({ ...workerEntry(), minThreads: options.threads, maxThreads: options.threads });
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
      // A shard survives this many dead workers before it counts as failed.
      maxStalledCount: 20,
    },
  );
  worker.on('error', () => {}); // connection errors: the watchdog decides when to give up
  const watchdog = watchRedis(target, Redis);
  await Promise.race([worker.waitUntilReady(), watchdog.lost]);
  return {
    lost: watchdog.lost,
    close: async () => {
      watchdog.stop();
      let gone = false;
      watchdog.lost.catch(() => (gone = true));
      await new Promise((r) => setImmediate(r));
      // With Redis gone, a graceful close would wait for the shards in hand to report to it:
      // force it. A forced close still stops the worker's lock-renewal and stalled-job timers,
      // which `disconnect()` alone leaves running (they kept the process alive for good).
      await settleWithin(worker.close(gone), CLOSE_MS);
      await settleWithin(pool.destroy(), CLOSE_MS);
    },
  };
}
