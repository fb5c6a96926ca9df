/**
 * Shards, merge and resume: every path to a finished run gives the same summary.json, byte
 * for byte, as one uninterrupted run.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cli } from '../helpers/cli.js';

const SCENARIO = 'scenarios/worms/random-4p.yaml';
let dir: string;
let whole: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-shards-'));
  const r = await cli('run', SCENARIO, '--games', '30000', '--workers', '0', '--out', join(dir, 'whole'), '--quiet', '--no-report');
  expect(r.code, r.err).toBe(0);
  whole = readFileSync(join(dir, 'whole', 'summary.json'), 'utf8');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const part = async (k: number, n: number, workers = '0', extra: string[] = []) => {
  const out = join(dir, `p${k}of${n}${extra.join('')}`);
  const r = await cli('run', SCENARIO, '--games', '30000', '--shard', `${k}/${n}`, '--workers', workers, '--out', out, '--quiet', ...extra);
  expect(r.code, r.err).toBe(0);
  return out;
};

describe('--shard K/N and merge', () => {
  it('merged parts equal the run in one piece, byte for byte', async () => {
    const parts = [await part(1, 3), await part(2, 3, '1'), await part(3, 3, '2')];
    for (const p of parts) {
      expect(existsSync(join(p, 'partial.json'))).toBe(true);
      expect(existsSync(join(p, 'summary.json'))).toBe(false); // a part never looks like a finished run
    }
    const merged = join(dir, 'merged');
    const r = await cli('merge', parts[2]!, parts[0]!, parts[1]!, '--out', merged, '--quiet', '--no-report');
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(merged, 'summary.json'), 'utf8')).toBe(whole);
    expect(JSON.parse(readFileSync(join(merged, 'run.json'), 'utf8')).games).toBe(30000);
  });

  it('refuses a missing part, an overlap and a part of another run (exit 2)', async () => {
    const a = await part(1, 3);
    const c = await part(3, 3);
    const missing = await cli('merge', a, c, '--out', join(dir, 'm1'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/games 10000-19999 are in no part: a shard is missing/);
    const overlap = await cli('merge', a, await part(1, 2), '--out', join(dir, 'm2'));
    expect(overlap.code).toBe(2);
    expect(overlap.err).toMatch(/overlaps another part/);
    const otherSeed = join(dir, 'other');
    await cli('run', SCENARIO, '--games', '30000', '--seed', '2', '--shard', '2/3', '--workers', '0', '--out', otherSeed, '--quiet');
    const foreign = await cli('merge', a, otherSeed, c, '--out', join(dir, 'm3'));
    expect(foreign.code).toBe(2);
    expect(foreign.err).toMatch(/is part of a different run .*seed/);
    expect((await cli('run', SCENARIO, '--shard', '4/3')).err).toMatch(/--shard: expected k\/n/);
  });
});

describe('checkpoint and --resume', () => {
  it('continues after Ctrl-C and ends with the same summary as an uninterrupted run', async () => {
    const out = join(dir, 'interrupted');
    const timer = setTimeout(() => process.emit('SIGINT'), 150);
    const first = await cli('run', SCENARIO, '--games', '30000', '--workers', '0', '--out', out, '--no-report');
    clearTimeout(timer);
    expect(first.code, first.err).toBe(130);
    expect(first.err).toMatch(/interrupted after [\d,]+ of 30,000 games, which are saved; continue with: squabble run --resume /);
    expect(existsSync(join(out, 'checkpoint.json'))).toBe(true);
    expect(existsSync(join(out, 'run.json'))).toBe(false);
    // A fresh run of something else may not silently discard it.
    const other = await cli('run', 'scenarios/worms/random-2p.yaml', '--games', '100', '--workers', '0', '--out', out, '--quiet');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/holds an interrupted run .*--resume/);
    const resumed = await cli('run', '--resume', out, '--workers', '1', '--no-report');
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toMatch(/resuming worms-random-4p .*: [\d,]+ of 30,000 games already played/);
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(whole);
    expect(existsSync(join(out, 'checkpoint.json'))).toBe(false);
    expect((await cli('run', '--resume', out)).err).toMatch(/holds a finished run; there is nothing to resume/);
  });

  it('continues after the process is killed outright (kill -9) and ends with the same summary', async () => {
    const out = join(dir, 'killed');
    const child = spawn(process.execPath, ['bin/squabble.js', 'run', SCENARIO, '--games', '30000', '--workers', '1', '--out', out, '--quiet', '--no-report'], { stdio: 'ignore' });
    // Kill it once a checkpoint exists (or when it finished first, which the test also accepts).
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (existsSync(join(out, 'checkpoint.json')) || child.exitCode !== null) {
          clearInterval(poll);
          child.kill('SIGKILL');
          resolve();
        }
      }, 20);
    });
    await new Promise((resolve) => child.once('close', resolve));
    if (!existsSync(join(out, 'run.json'))) {
      const resumed = await cli('run', '--resume', out, '--workers', '2', '--quiet', '--no-report');
      expect(resumed.code, resumed.err).toBe(0);
    }
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(whole);
  });
});
