/**
 * Issue 35's faults: SIGTERM handled as Ctrl-C (checkpoint, message, lock released) also for a
 * `--shard` part; checkpoints and partial results validated when read back (tampered,
 * truncated, hostile: one line, exit 2, nothing written); a frozen (SIGSTOP'd) Redis ends the
 * coordinator within the stated time. The child processes run bin/squabble.js on dist/ (npm run build).
 */
import { describe, it, expect } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { startRedis } from '../helpers/redis.js';

const tmp = useTempDir('squabble-faults3-');
const SCENARIO = 'scenarios/worms/random-2p.yaml';

function spawnSquabble(args: string[]): { child: ChildProcess; err: () => string } {
  const child = spawn(process.execPath, ['bin/squabble.js', ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, SQUABBLE_CHECKPOINT_MS: '0' } });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return { child, err: () => err };
}
const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('close', (code) => resolve(code))));
const until = async (ok: () => boolean, ms: number) => {
  for (const t0 = Date.now(); !ok() && Date.now() - t0 < ms; ) await new Promise((r) => setTimeout(r, 50));
};
const sign = (record: Record<string, unknown>) => {
  const { integrity: _old, ...rest } = record;
  return { ...rest, integrity: `sha256:${createHash('sha256').update(JSON.stringify(rest)).digest('hex')}` };
};

describe('SIGTERM is handled as Ctrl-C, and --shard parts checkpoint too', () => {
  it('a --shard part stopped by SIGTERM keeps its checkpoint, says so, releases the lock, and resumes to the part\u2019s bytes', async () => {
    const part = join(tmp(), 'part');
    const run = spawnSquabble(['run', SCENARIO, '--games', '20000', '--shard', '1/2', '--workers', '1', '--out', part, '--quiet', '--no-report']);
    await until(() => existsSync(join(part, 'checkpoint.json')) || run.child.exitCode !== null, 60_000);
    expect(existsSync(join(part, 'checkpoint.json')), run.err()).toBe(true);
    run.child.kill('SIGTERM');
    expect(await exited(run.child), run.err()).toBe(143);
    expect(run.err()).toMatch(/^squabble: terminated \(SIGTERM\) after [\d,]+ of 10,000 games, which are saved; continue with: squabble run --resume .*part\n$/);
    expect(existsSync(join(part, '.squabble.lock'))).toBe(false);
    const checkpoint = JSON.parse(readFileSync(join(part, 'checkpoint.json'), 'utf8')) as { shard: unknown };
    expect(checkpoint.shard).toEqual({ k: 1, n: 2 });
    cpSync(part, join(tmp(), 'checkpoint-copy'), { recursive: true });
    const resumed = await cli('run', '--resume', part, '--workers', '0', '--quiet', '--no-report');
    expect(resumed.code, resumed.err).toBe(0);
    expect(existsSync(join(part, 'checkpoint.json'))).toBe(false);
    const fresh = join(tmp(), 'part-fresh');
    expect((await cli('run', SCENARIO, '--games', '20000', '--shard', '1/2', '--workers', '0', '--out', fresh, '--quiet', '--no-report')).code).toBe(0);
    const data = (dir: string) => (JSON.parse(readFileSync(join(dir, 'partial.json'), 'utf8')) as { data: number[] }).data;
    expect(data(part)).toEqual(data(fresh));
  }, 120_000);

  it('refuses tampered, truncated and hostile checkpoints and parts with one line and exit 2, writing nothing', async () => {
    const source = join(tmp(), 'checkpoint-copy');
    expect(existsSync(join(source, 'checkpoint.json')), 'needs the test above').toBe(true);
    const good = JSON.parse(readFileSync(join(source, 'checkpoint.json'), 'utf8')) as Record<string, unknown> & { plan: Record<string, unknown>; data: number[]; gamesDone: number };
    const cases: [string, unknown, RegExp][] = [
      ['edited, hash kept', { ...good, gamesDone: good.gamesDone + 1 }, /integrity: the hash does not match/],
      ['no hash', { ...good, integrity: undefined }, /integrity: missing/],
      ['games done re-signed', sign({ ...good, gamesDone: good.gamesDone + 1000 }), /gamesDone: expected the games the counts hold/],
      ['10^15 games re-signed', sign({ ...good, plan: { ...good.plan, games: 1e15 } }), /plan\.games: expected a whole number/],
      ['seed changed re-signed', sign({ ...good, plan: { ...good.plan, seed: 7 } }), /plan\.masterSeed: does not match plan\.seed/],
      ['rules changed re-signed', sign({ ...good, plan: { ...good.plan, rules: { ...(good.plan.rules as object), maxTurns: 5 } } }), /plan\.scenarioHash: does not match the plan/],
      ['counts truncated re-signed', sign({ ...good, data: good.data.slice(0, 10) }), /data: expected the accumulator's whole-number counts/],
      ['game __proto__ re-signed', sign({ ...good, plan: { ...good.plan, game: '__proto__' } }), /plan\.game: expected one of/],
      ['not JSON', '{"format":', /\(file\): not JSON/],
    ];
    for (const [what, body, says] of cases) {
      const out = join(tmp(), `tampered-${what.replace(/\W+/g, '-')}`);
      cpSync(source, out, { recursive: true });
      writeFileSync(join(out, 'checkpoint.json'), typeof body === 'string' ? body : JSON.stringify(body));
      const before = readdirSync(out).sort();
      const r = await cli('run', '--resume', out, '--workers', '0', '--quiet', '--no-report');
      expect(r.code, `${what}: ${r.err}`).toBe(2);
      expect(r.err, what).toMatch(says);
      expect(r.err.trim().split('\n'), what).toHaveLength(1);
      expect(readdirSync(out).sort(), what).toEqual(before);
    }
    // A part's partial.json: the same reader.
    const small = join(tmp(), 'small-part');
    expect((await cli('run', SCENARIO, '--games', '200', '--shard', '1/2', '--workers', '0', '--out', small, '--quiet', '--no-report')).code).toBe(0);
    const partial = JSON.parse(readFileSync(join(small, 'partial.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(small, 'partial.json'), JSON.stringify(sign({ ...partial, range: [0, 150] })));
    const merged = await cli('merge', small, '--out', join(tmp(), 'merged'));
    expect(merged.code).toBe(2);
    expect(merged.err).toMatch(/partial\.json: range: expected \[0, 100\), part 1 of 2/);
    expect(existsSync(join(tmp(), 'merged'))).toBe(false);
  });
});

describe('a run that dies on the way (kill -9, as a V8 abort would) leaves the previous results', () => {
  it('a repeat of a complete run, killed mid-way, leaves its summary.json and run.json as they were', async () => {
    const out = join(tmp(), 'repeat');
    const args = ['run', SCENARIO, '--games', '10000', '--out', out, '--quiet', '--no-report'];
    expect((await cli(...args, '--workers', '0')).code).toBe(0);
    const before = ['summary.json', 'run.json', 'summary.md'].map((f) => readFileSync(join(out, f), 'utf8'));
    const run = spawnSquabble([...args, '--workers', '1']);
    await until(() => existsSync(join(out, 'checkpoint.json')) || run.child.exitCode !== null, 60_000);
    expect(run.child.exitCode, 'the repeat finished before it was killed').toBeNull();
    run.child.kill('SIGKILL');
    await exited(run.child);
    expect(['summary.json', 'run.json', 'summary.md'].map((f) => readFileSync(join(out, f), 'utf8'))).toEqual(before);
  }, 120_000);

  /** Every file below `dir` (but the lock and the manifest, which a run rewrites) with its sha256. */
  const filesOf = (dir: string) =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name !== '.squabble.lock' && e.name !== '.squabble-files.json')
        .map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')]),
    );
  /** A run whose worker thread aborts the whole process at its second shard (SIGABRT, as F4's V8 fatal error did). */
  const aborted = async (args: string[], marker: string) => {
    const child = spawn(process.execPath, ['bin/squabble.js', ...args, '--workers', '2'], { stdio: 'ignore', env: { ...process.env, SQUABBLE_CHECKPOINT_MS: '0', SQUABBLE_FAULT_THREAD_ABORT: `1:${marker}` } });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('close', (c, s) => r([c, s])));
    expect(existsSync(marker), 'the fault did not fire').toBe(true);
    expect(signal ?? code).toBe(signal === null ? 134 : 'SIGABRT');
  };

  it('a worker thread that aborts the process (SIGABRT) leaves the previous run, report and all, byte for byte; an edited scenario\u2019s previous run stays whole in history/', async () => {
    // The same run again (the F4 loop): its files are replaced one by one only as the new run writes them.
    const out = join(tmp(), 'abort');
    const args = ['run', SCENARIO, '--games', '4000', '--out', out, '--quiet'];
    expect((await cli(...args, '--workers', '0')).code).toBe(0);
    const before = filesOf(out);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['report.html', 'summary.json', 'run.json', 'summary.md']));
    await aborted(args, join(tmp(), 'abort-marker-1'));
    const after = filesOf(out);
    for (const [file, hash] of Object.entries(before)) expect(after[file], file).toBe(hash);
    const again = await cli(...args, '--workers', '0');
    expect(again.code, again.err).toBe(0); // still squabble's folder
    expect(filesOf(out)['summary.json']).toBe(before['summary.json']);

    // An edited scenario: the previous run moves to history/ first, and the abort leaves it there whole.
    const scenario = join(tmp(), 'edited.yaml');
    writeFileSync(scenario, readFileSync(SCENARIO));
    const edited = join(tmp(), 'abort-edited');
    const args2 = ['run', scenario, '--games', '4000', '--out', edited, '--quiet'];
    expect((await cli(...args2, '--workers', '0')).code).toBe(0);
    const previous = filesOf(edited);
    writeFileSync(scenario, readFileSync(SCENARIO, 'utf8').replace(/^seed: 1$/m, 'seed: 2'));
    await aborted(args2, join(tmp(), 'abort-marker-2'));
    const [moved] = readdirSync(join(edited, 'history'));
    expect(filesOf(join(edited, 'history', moved!))).toEqual(previous);
  }, 180_000);
});

describe('a frozen Redis', () => {
  it('ends the coordinator within the stated time (SIGSTOP\u2019d redis-server: exit 1, one line)', async () => {
    const redis = await startRedis();
    const out = join(tmp(), 'frozen');
    const run = spawnSquabble(['run', SCENARIO, '--games', '200000', '--out', out, '--redis', redis.url, '--redis-timeout', '2', '--quiet', '--no-report']);
    try {
      await until(() => redis.keys('bull:squabble:*-0') > 0 || run.child.exitCode !== null, 30_000);
      expect(run.child.exitCode, run.err()).toBeNull();
      redis.child.kill('SIGSTOP');
      const stoppedAt = Date.now();
      const code = await Promise.race([exited(run.child), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
      const took = Date.now() - stoppedAt;
      console.log(`frozen Redis: the coordinator exited ${took} ms after SIGSTOP (--redis-timeout 2)`);
      expect(code, run.err()).toBe(1);
      // The silence the message gives (2 s, plus up to 1 s to notice it), then at most 2 s to drop
      // the connections and 2 s for the process to exit (--redis-timeout's help: at most 4 s).
      expect(run.err()).toMatch(/^squabble: Redis at redis:\/\/127\.0\.0\.1:\d+ has not answered for \d+\.\d s \(--redis-timeout 2\); stopped .*\n$/);
      const silence = Number(/has not answered for (\d+\.\d) s/.exec(run.err())![1]);
      console.log(`frozen Redis: said ${silence} s of silence (--redis-timeout 2)`);
      expect(silence).toBeGreaterThanOrEqual(2);
      expect(took).toBeLessThanOrEqual(silence * 1000 + 4000 + 3000); // 3 s of scheduling slack on the loaded machine; measured 5.8-7.8 s in all
    } finally {
      run.child.kill('SIGKILL');
      redis.child.kill('SIGCONT');
      redis.child.kill('SIGKILL');
    }
  }, 90_000);
});
