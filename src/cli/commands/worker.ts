/** `squabble worker --redis URL`: play shards from a BullMQ queue until stopped (Ctrl-C or SIGTERM). */
import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { serveQueue } from '../../runner/distributed.js';
import { CliError, parseCount, type CliIO } from '../io.js';

export function registerWorker(program: Command, io: CliIO): void {
  program
    .command('worker')
    .description('play shards of runs submitted with `run --redis URL`, on this machine, until stopped')
    .requiredOption('--redis <url>', 'Redis server, e.g. redis://127.0.0.1:6379')
    .option('--queue <name>', 'queue name', 'squabble')
    .option('--workers <n>', 'shards played at once (threads)')
    .option('--lock-seconds <s>', 'a shard held this long without a sign of life is given to another worker', '30')
    .option('--quiet', 'no log of finished shards')
    .action(async (options: { redis: string; queue: string; workers?: string; lockSeconds: string; quiet?: boolean }) => {
      const threads = options.workers === undefined ? availableParallelism() : parseCount(options.workers, '--workers', 1, 256);
      const lockSeconds = parseCount(options.lockSeconds, '--lock-seconds', 1, 3600);
      let server;
      try {
        server = await serveQueue({ url: options.redis, queue: options.queue }, { threads, lockSeconds, ...(options.quiet ? {} : { log: (t: string) => io.err(t) }) });
      } catch (e) {
        throw new CliError(`cannot serve the queue at ${options.redis}: ${e instanceof Error ? e.message : String(e)}`);
      }
      io.err(`squabble worker: serving queue ${options.queue} at ${options.redis} with ${threads} thread${threads === 1 ? '' : 's'}\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await server.close();
    });
}
