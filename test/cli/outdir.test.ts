/**
 * The output folder: nothing the user made is deleted, system folders and foreign folders are
 * refused, one run at a time (a stale lock is taken over), an edited scenario's earlier run goes
 * to history/ with the summary saying what changed, sweeps are guarded and continue, and every
 * argument is checked before the folder is touched.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync, readdirSync, mkdirSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-outdir-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCENARIO = 'scenarios/worms/random-2p.yaml';
const quick = ['--games', '200', '--workers', '0', '--no-report', '--quiet'];

/** Every file below `folder` with its bytes: what must survive a refused command unchanged. */
function snapshot(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[p] = readFileSync(p, 'utf8');
    }
  };
  walk(folder);
  return out;
}

async function finishedRun(name: string): Promise<string> {
  const out = join(dir, name);
  const r = await cli('run', SCENARIO, ...quick, '--out', out);
  expect(r.code, r.err).toBe(0);
  return out;
}

describe('every argument, rule and connection is checked before the folder is touched', () => {
  it('a bad --until rule leaves an existing results folder as it was', async () => {
    const out = await finishedRun('until');
    const before = snapshot(out);
    const r = await cli('run', SCENARIO, ...quick, '--seed', '9', '--force', '--out', out, '--until', 'seat7.winRate ±0.01');
    expect(r.code).toBe(2);
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(snapshot(out)).toEqual(before);
  });

  it('an unreachable --redis leaves it as it was, and fails within the timeout', async () => {
    const out = await finishedRun('redis');
    const before = snapshot(out);
    const t0 = Date.now();
    const r = await cli('run', SCENARIO, ...quick, '--seed', '9', '--force', '--out', out, '--redis', 'redis://127.0.0.1:1', '--redis-timeout', '2');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^squabble: --redis: nothing answers at redis:\/\/127\.0\.0\.1:1 .*\n$/);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(snapshot(out)).toEqual(before);
    expect((await cli('run', SCENARIO, '--redis', 'http://x')).err).toMatch(/^squabble: --redis: expected a redis:\/\/ or rediss:\/\/ URL/);
  });
});

describe('--out', () => {
  it('refuses a folder holding files squabble did not write, even with --force, and keeps them', async () => {
    const out = join(dir, 'mine');
    mkdirSync(out);
    writeFileSync(join(out, 'notes.txt'), 'my notes');
    for (const force of [[], ['--force']]) {
      const r = await cli('run', SCENARIO, ...quick, '--out', out, ...force);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^squabble: --out: .*mine holds files squabble did not write \("notes.txt"\); .*\n$/);
    }
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('my notes');
    expect(readdirSync(out)).toEqual(['notes.txt']);
  });

  it('refuses system folders, files and impossible paths with one line and exit 2', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    for (const [out, says] of [
      ['/', /--out: \/ is a system folder/],
      ['/etc', /--out: \/etc is a system folder/],
      ['/proc/nope', /--out: \/proc\/nope is a system folder/],
      [file, /--out: .*a-file is a file, expected a folder/],
      [join(file, 'below'), /--out: cannot use .*a-file\/below \(a part of the path is a file\)/],
    ] as const) {
      for (const command of [['run', SCENARIO, ...quick], ['compare', SCENARIO, '--variant', 'base', '--variant', 'sudden-death', '--games', '10', '--workers', '0', '--quiet']]) {
        const r = await cli(...command, '--out', out);
        expect(r.code, `${command[0]} --out ${out}`).toBe(2);
        expect(r.err).toMatch(says);
        expect(r.err.trim().split('\n')).toHaveLength(1);
      }
    }
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  it('one run at a time: a live lock refuses the second run, a stale one is taken over', async () => {
    const out = await finishedRun('locked');
    const before = snapshot(out);
    writeFileSync(join(out, '.squabble.lock'), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'then' }));
    const refused = await cli('run', SCENARIO, ...quick, '--out', out);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(new RegExp(`is in use by another squabble run \\(pid ${process.pid} on `));
    expect(snapshot(out)).toEqual({ ...before, [join(out, '.squabble.lock')]: expect.any(String) as string });
    // A process id that no process has: the run that held it was killed.
    writeFileSync(join(out, '.squabble.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), startedAt: 'then' }));
    const taken = await cli('run', SCENARIO, ...quick, '--out', out);
    expect(taken.code, taken.err).toBe(0);
    expect(existsSync(join(out, '.squabble.lock'))).toBe(false);
  });

  it('Ctrl-C before the first checkpoint says nothing was saved, prints no resume command and leaves no folder', async () => {
    const out = join(dir, 'early-stop');
    process.nextTick(() => process.emit('SIGINT'));
    const r = await cli('run', SCENARIO, '--games', '200000', '--workers', '1', '--out', out, '--no-report', '--quiet');
    expect(r.code).toBe(130);
    expect(r.err).toMatch(/^squabble: interrupted before any games were saved; nothing was written \(run it again\)\n$/);
    expect(r.err).not.toMatch(/--resume/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('editing is the normal case: an edited scenario re-runs into the same folder', () => {
  it('moves the previous complete run to history/<UTC time>-<hash8>/ without --force, and says what changed', async () => {
    const file = join(dir, 'edited.yaml');
    const body = readFileSync(SCENARIO, 'utf8');
    writeFileSync(file, body);
    const out = join(dir, 'edited');
    expect((await cli('run', file, ...quick, '--out', out)).code).toBe(0);
    const first = readFileSync(join(out, 'summary.json'), 'utf8');
    const hash = (JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as { scenarioHash: string }).scenarioHash;
    writeFileSync(file, body.replace('seats:', 'rules:\n  suddenDeath: true\nseats:'));
    const second = await cli('run', file, '--games', '200', '--workers', '0', '--out', out);
    expect(second.code, second.err).toBe(0);
    const history = readdirSync(join(out, 'history'));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-${hash.slice(0, 8)}$`));
    expect(readFileSync(join(out, 'history', history[0]!, 'summary.json'), 'utf8')).toBe(first);
    expect(existsSync(join(out, 'history', history[0]!, 'run.json'))).toBe(true);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toMatch(/## Since the previous run/);
    expect(md).toMatch(/suddenDeath: false -> true/);
    expect(md).toMatch(/\| seat 0 wins \| [\d.]+% \| [\d.]+% \| [+-][\d.]+ pts \[[+-][\d.]+, [+-][\d.]+\] \|/);
    expect(md).toMatch(/rows? tested for a move; if nothing had moved, about [\d.]+ would have an unadjusted 95% interval excluding 0 by chance alone/);
    expect(second.out).toMatch(/Since the previous run \(kept in .*history/);
    // The report says it too, from since-previous.json (so a rebuilt report keeps it).
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toMatch(/<section class="since" id="since-previous"><h2>Since the previous run<\/h2>/);
    expect(html).toContain('suddenDeath: false -&gt; true');
    expect(html).toMatch(/<td>seat 0 wins<\/td><td>[\d.]+%<\/td><td>[\d.]+%<\/td><td>[+-][\d.]+ pts \[/);
    const rebuilt = await cli('report', out);
    expect(rebuilt.code, rebuilt.err).toBe(0);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('id="since-previous"');
    // A different scenario into the same folder still needs --force; with it, the run goes to history too.
    const other = await cli('run', 'scenarios/worms/random-4p.yaml', ...quick, '--out', out);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/holds a different run .*--force/);
    expect((await cli('run', 'scenarios/worms/random-4p.yaml', ...quick, '--out', out, '--force')).code).toBe(0);
    expect(readdirSync(join(out, 'history'))).toHaveLength(2);
  });
});

describe('sweeps', () => {
  const sweep = () => {
    const file = join(dir, 'sweep.yaml');
    writeFileSync(file, `${readFileSync(SCENARIO, 'utf8')}sweep:\n  rules.decks: [1, 2, 3]\n`);
    return file;
  };

  it('refuse to overwrite a different run, and continue an interrupted sweep, keeping the finished cells', async () => {
    const file = sweep();
    const out = join(dir, 'swept');
    const whole = await cli('run', file, '--games', '100', '--workers', '0', '--out', out);
    expect(whole.code, whole.err).toBe(0);
    const cell2 = readFileSync(join(out, 'cells', '2', 'summary.json'), 'utf8');
    const table = readFileSync(join(out, 'sweep.json'), 'utf8');
    const different = await cli('run', file, '--games', '100', '--seed', '5', '--workers', '0', '--out', join(dir, 'swept-other'));
    expect(different.code).toBe(0);
    const refused = await cli('run', SCENARIO, ...quick, '--out', join(dir, 'swept-other'));
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/holds a different run/);
    // As if killed while playing cell 2: no sweep.json, no cell 2.
    rmSync(join(out, 'sweep.json'));
    rmSync(join(out, 'cells', '2'), { recursive: true });
    const again = await cli('run', file, '--games', '100', '--workers', '0', '--out', out);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toMatch(/cell 0: played by the interrupted run of this sweep; kept/);
    expect(again.err).toMatch(/cell 1: played by the interrupted run of this sweep; kept/);
    expect(readFileSync(join(out, 'cells', '2', 'summary.json'), 'utf8')).toBe(cell2);
    expect(readFileSync(join(out, 'sweep.json'), 'utf8')).toBe(table);
  });
});
