/**
 * Distributed mode against a real redis-server on 127.0.0.1 (Debian's, installed by .ci/run):
 * two `squabble worker` processes, one killed outright mid-run; the shard it held goes to the
 * other, and the merged result equals a local run byte for byte.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { Worker, type Job } from 'bullmq';
import runShard from '../../src/runner/worker.js';
import { DEFAULT_QUEUE } from '../../src/runner/distributed.js';
import type { ShardTask } from '../../src/runner/shard.js';

const SCENARIO = 'scenarios/worms/random-4p.yaml';
const GAMES = '80000';
let dir: string;
let redis: TestRedis | undefined;
let url: string;
const workers: ChildProcess[] = [];


function startWorker(): { child: ChildProcess; finished: () => number } {
  const child = spawn(process.execPath, ['bin/squabble.js', 'worker', '--redis', url, '--workers', '1', '--lock-seconds', '2'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  workers.push(child);
  return { child, finished: () => (log.match(/ done$/gm) ?? []).length };
}

beforeAll(async () => {
  let version = '';
  try {
    version = execFileSync('redis-server', ['--version']).toString();
  } catch {
    // reported by the assertion below
  }
  expect(version, 'redis-server is missing: apt-get install redis-server (.ci/run does)').toMatch(/Redis server/);
  dir = mkdtempSync(join(tmpdir(), 'squabble-dist-'));
  redis = await startRedis();
  url = redis.url;
});

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  redis?.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('run --redis with squabble worker processes', () => {
  it('survives a worker killed mid-run and equals the local run byte for byte', async () => {
    const a = startWorker();
    const b = startWorker();
    const distributed = cli('run', SCENARIO, '--games', GAMES, '--redis', url, '--out', join(dir, 'dist'), '--quiet', '--no-report');
    let finished = false;
    void distributed.then(() => (finished = true));
    // Once worker A has finished two shards it is busy with a third: kill it there.
    while (a.finished() < 2) await new Promise((r) => setTimeout(r, 10));
    a.child.kill('SIGKILL');
    expect(finished).toBe(false);
    const d = await distributed;
    expect(d.code, d.err).toBe(0);
    // The same run, locally, afterwards (not alongside: a loaded machine slows the workers' lock renewals).
    const l = await cli('run', SCENARIO, '--games', GAMES, '--workers', '0', '--out', join(dir, 'local'), '--quiet', '--no-report');
    expect(l.code, l.err).toBe(0);
    expect(b.finished()).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'dist', 'summary.json'), 'utf8')).toBe(readFileSync(join(dir, 'local', 'summary.json'), 'utf8'));
  }, 240_000);

  it('names a shard the queue gave up on (not a lost connection), keeps the shards before it, and --resume retries it', async () => {
    // Only the broken worker below may serve the queue: stop those of the test before.
    await Promise.all(workers.splice(0).map((w) => new Promise((r) => (w.exitCode !== null || w.signalCode !== null ? r(null) : (w.once('exit', r), w.kill('SIGKILL'))))));
    // A worker that plays shard 0 properly and throws on every other: BullMQ fails those after
    // their three attempts while Redis stays up.
    const port = Number(new URL(url).port);
    const broken = new Worker(
      DEFAULT_QUEUE,
      async (job: Job<ShardTask>) => {
        if (job.data.shard !== 0) throw new Error('the worker broke');
        const r = await runShard(job.data);
        if (!('data' in r)) throw new Error(`shard 0 failed: ${r.failure.reason}`);
        return { shard: r.shard, data: Array.from(r.data) };
      },
      { connection: { host: '127.0.0.1', port } },
    );
    broken.on('error', () => {});
    const out = join(dir, 'failed-shard');
    const plan = [SCENARIO, '--games', '4000', '--seed', '7', '--quiet', '--no-report'];
    let first;
    try {
      first = await cli('run', ...plan, '--out', out, '--redis', url);
    } finally {
      await broken.close(true);
    }
    expect(first.code, first.err).toBe(1);
    expect(first.err).toMatch(/shard 1 \(games 1,000-1,999\) failed on the queue: the worker broke; stopped after 1,000 of 4,000 games, which are saved; continue with: squabble run --resume /);
    expect(first.err).not.toMatch(/lost the connection/);
    // The printed command continues locally from the checkpoint.
    const resumed = await cli('run', '--resume', out, '--quiet');
    expect(resumed.code, resumed.err).toBe(0);
    const local = await cli('run', ...plan, '--workers', '0', '--out', join(dir, 'failed-shard-local'));
    expect(local.code, local.err).toBe(0);
    const expected = readFileSync(join(dir, 'failed-shard-local', 'summary.json'), 'utf8');
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(expected);
    // Running it on the queue again: the failed jobs (same ids) go back to the queue instead of
    // failing the new run at once.
    const good = startWorker();
    const again = await cli('run', ...plan, '--out', join(dir, 'failed-shard-again'), '--redis', url);
    good.child.kill('SIGKILL');
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(dir, 'failed-shard-again', 'summary.json'), 'utf8')).toBe(expected);
  }, 180_000);
});
