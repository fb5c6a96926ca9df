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
});
