/** `squabble worker --redis URL`: play shards from a BullMQ queue until stopped (Ctrl-C or SIGTERM). */
import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { serveQueue, RedisError } from '../../runner/distributed.js';
import { CliError, EXIT, parseCount, type CliIO } from '../../studies/kit/io.js';
import { redisTargetFrom, DEFAULT_REDIS_TIMEOUT_SECONDS, MAX_REDIS_TIMEOUT_SECONDS, MAX_WORKERS } from '../../studies/kit/options.js';

export function registerWorker(program: Command, io: CliIO): void {
  program
    .command('worker')
    .description('play shards of runs submitted with `run --redis URL`, on this machine, until stopped')
    .requiredOption('--redis <url>', 'Redis server, e.g. redis://127.0.0.1:6379')
    .option('--queue <name>', 'queue name', 'squabble')
    .option('--workers <n>', 'shards played at once (threads)')
    .option('--lock-seconds <s>', 'a shard held this long without a sign of life is given to another worker', '30')
    .option('--redis-timeout <s>', `stop with an error when Redis has not answered for this long, 1-${MAX_REDIS_TIMEOUT_SECONDS} s (checked every second; the message gives the silence measured, and the worker ends at most 6 s after it gives up)`, String(DEFAULT_REDIS_TIMEOUT_SECONDS))
    .option('--quiet', 'no log of finished shards')
    .action(async (options: { redis: string; redisTimeout: string; queue: string; workers?: string; lockSeconds: string; quiet?: boolean }) => {
      const threads = options.workers === undefined ? availableParallelism() : parseCount(options.workers, '--workers', 1, MAX_WORKERS);
      const lockSeconds = parseCount(options.lockSeconds, '--lock-seconds', 1, 3600);
      const target = redisTargetFrom(options.redis, options.redisTimeout, options.queue);
      let server;
      try {
        server = await serveQueue(target, { threads, lockSeconds, ...(options.quiet ? {} : { log: (t: string) => io.err(t) }) });
      } catch (e) {
        if (e instanceof RedisError) throw new CliError(e.message);
        throw new CliError(`cannot serve the queue at ${options.redis}: ${e instanceof Error ? e.message : String(e)}`);
      }
      io.err(`squabble worker: serving queue ${options.queue} at ${options.redis} with ${threads} thread${threads === 1 ? '' : 's'}\n`);
      let stop: () => void = () => {};
      const stopped = new Promise<void>((resolve) => {
        stop = resolve;
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      try {
        await Promise.race([stopped, server.lost]);
      } catch (e) {
        await server.close();
        throw new CliError(`${(e as Error).message}; stopping (shards this worker held go back to the queue)`, EXIT.error);
      } finally {
        process.removeListener('SIGINT', stop);
        process.removeListener('SIGTERM', stop);
      }
      await server.close();
    });
}
