/**
 * Issue 35: squabble deletes or replaces only files it can prove it wrote (the manifest of each
 * folder it writes into, src/runner/outdir.ts); names become paths only through one sanitiser;
 * baselines are validated when read (schema, caps, integrity hash).
 */
import { describe, it, expect } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { MANIFEST, pathName, defaultOut } from '../../src/runner/outdir.js';
import { baselineFile } from '../../src/studies/gate/baseline.js';
import { readBaselineFile } from '../../src/studies/gate/baseline-file.js';

const tmp = useTempDir('squabble-owned-');
const SCENARIO = 'scenarios/worms/random-2p.yaml';
const quick = ['--games', '100', '--workers', '0', '--no-report', '--quiet'];
const oneLine = (err: string) => expect(err.trim().split('\n'), err).toHaveLength(1);

describe('a folder with foreign files at squabble\u2019s names is refused, and they are kept', () => {
  it('refuses user files named like squabble\u2019s (summary.md, charts/, *.tmp-<digits>) instead of deleting them', async () => {
    for (const [name, make] of [
      ['summary.md', (d: string) => writeFileSync(join(d, 'summary.md'), 'my notes')],
      ['charts', (d: string) => (mkdirSync(join(d, 'charts')), writeFileSync(join(d, 'charts', 'mine.svg'), '<svg/>'))],
      ['x.tmp-123', (d: string) => writeFileSync(join(d, 'x.tmp-123'), 'mine')],
    ] as const) {
      const out = join(tmp(), `foreign-${name}`);
      mkdirSync(out);
      make(out);
      const r = await cli('run', SCENARIO, ...quick, '--out', out, '--force');
      expect(r.code, name).toBe(2);
      expect(r.err).toMatch(/squabble did not write, or that changed since it wrote them .*they are kept/);
      oneLine(r.err);
      expect(existsSync(join(out, 'summary.json')), name).toBe(false);
    }
    expect(readFileSync(join(tmp(), 'foreign-summary.md', 'summary.md'), 'utf8')).toBe('my notes');
    expect(readFileSync(join(tmp(), 'foreign-charts', 'charts', 'mine.svg'), 'utf8')).toBe('<svg/>');
    expect(readFileSync(join(tmp(), 'foreign-x.tmp-123', 'x.tmp-123'), 'utf8')).toBe('mine');
  });

  it('re-running into its own folder keeps a file the user put in charts/ or changed, and says so', async () => {
    const out = join(tmp(), 'rerun');
    expect((await cli('run', SCENARIO, ...quick, '--out', out)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, MANIFEST), 'utf8'))).toMatchObject({ format: 'squabble-files/1', files: { 'summary.json': expect.stringMatching(/^[0-9a-f]{64}$/) as string, 'run.json': expect.any(String) as string } });
    // the same run again replaces squabble's own files
    expect((await cli('run', SCENARIO, ...quick, '--out', out)).code).toBe(0);
    writeFileSync(join(out, 'summary.md'), 'edited by hand');
    const r = await cli('run', SCENARIO, ...quick, '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/summary\.md/);
    oneLine(r.err);
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toBe('edited by hand');
  });

  it('removes the temporary files a killed run left (listed in the manifest), and only those', async () => {
    const out = join(tmp(), 'stale');
    expect((await cli('run', SCENARIO, ...quick, '--out', out)).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8')) as { pending: string[] };
    const dead = 2 ** 22 + 4321; // no process has this id
    writeFileSync(join(out, `report.html.tmp-${dead}`), 'half a page');
    manifest.pending = [`report.html.tmp-${dead}`];
    writeFileSync(join(out, MANIFEST), JSON.stringify(manifest));
    const r = await cli('run', SCENARIO, ...quick, '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(out).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('replay --html refuses to overwrite a file it did not write, such as the scenario', async () => {
    const scenario = join(tmp(), 'replayed.yaml');
    writeFileSync(scenario, readFileSync(SCENARIO));
    const before = readFileSync(scenario, 'utf8');
    const r = await cli('replay', scenario, '--game', '0', '--html', scenario);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/replayed\.yaml exists and squabble did not write it/);
    expect(readFileSync(scenario, 'utf8')).toBe(before);
    const page = join(tmp(), 'game0.html');
    expect((await cli('replay', scenario, '--game', '0', '--html', page)).code).toBe(0);
    expect((await cli('replay', scenario, '--game', '1', '--html', page)).code).toBe(0); // its own page: replaced
  });

  it('compare --out refuses a folder holding the user\u2019s compare.md before playing, and keeps it', async () => {
    const out = join(tmp(), 'compare');
    mkdirSync(out);
    writeFileSync(join(out, 'compare.md'), 'mine');
    const r = await cli('compare', SCENARIO, '--variant', 'base', '--variant', 'sudden-death', '--games', '50', '--workers', '0', '--quiet', '--out', out);
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.out).toBe(''); // refused before any game
    expect(readFileSync(join(out, 'compare.md'), 'utf8')).toBe('mine');
    expect(readdirSync(out)).toEqual(['compare.md']);
  });
});

describe('names become paths only through one sanitiser', () => {
  it('keeps a hostile name one folder name below results/', () => {
    expect(pathName('worms-random-2p')).toBe('worms-random-2p');
    expect(pathName('../../../outside')).toBe('-..-..-outside');
    expect(defaultOut('../../../outside')).toBe(join('results', '-..-..-outside'));
    expect(pathName('a\u001b[31mb\nc')).toBe('a-[31mb-c');
    expect(pathName('..')).toBe('unnamed');
    expect(baselineFile('bl', '../x', null)).toBe(join('bl', '-x.json'));
  });

  it('validate reports a name that is not a folder name', async () => {
    const file = join(tmp(), 'named.yaml');
    writeFileSync(file, readFileSync(SCENARIO, 'utf8').replace(/^name: .*$/m, 'name: "../../../outside"'));
    const r = await cli('validate', file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/name "\.\.\/\.\.\/\.\.\/outside" is not a folder name: its results go to results\/-\.\.-\.\.-outside/);
  });

  it('baseline --out bl/ and --out ./bl write where check --baseline bl/ finds it', async () => {
    for (const given of ['bl/', './bl']) {
      const out = join(tmp(), given);
      const b = await cli('baseline', SCENARIO, '--out', out, '--games', '200', '--workers', '0');
      expect(b.code, b.err).toBe(0);
      expect(readdirSync(join(tmp(), 'bl'))).toEqual(['worms-random-2p.json']);
      const c = await cli('check', SCENARIO, '--baseline', join(tmp(), 'bl/'), '--workers', '0');
      expect(c.err).not.toMatch(/no baseline/);
      expect(c.out, c.err).toMatch(/no significant drift — scenario unchanged/); // (its design assertions need more than 200 games)
    }
  });
});

describe('baselines are validated when read: schema, caps, integrity hash', () => {
  it('reads every shipped baseline (written before the hash) with every other check', () => {
    const files = readdirSync('baselines').filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(() => readBaselineFile(join('baselines', f)), f).not.toThrow();
  });

  it('refuses tampered, malformed and bomb baselines with one line and exit 2, before playing', async () => {
    const dir = join(tmp(), 'tampered');
    expect((await cli('baseline', SCENARIO, '--out', dir, '--games', '200', '--workers', '0')).code).toBe(0);
    const path = join(dir, 'worms-random-2p.json');
    const good = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown> & { metrics: Record<string, unknown>[]; gameRecords: { data: string } };
    const { integrity: _i, ...unsigned } = good;
    const bomb = deflateRawSync(Buffer.alloc(50_000_000)).toString('base64');
    const cases: [string, unknown, RegExp][] = [
      ['changed value', { ...good, games: 300 }, /integrity: the hash does not match/],
      ['seed object', { ...unsigned, seed: { a: 1 } }, /seed: /],
      ['metric type', { ...unsigned, metrics: [{ ...good.metrics[0], value: 'x' }] }, /metrics\[0\]\.value: /],
      ['games 1e15', { ...unsigned, games: 1e15 }, /games: /],
      ['deflate bomb', { ...unsigned, gameRecords: { ...good.gameRecords, data: bomb } }, /gameRecords\.data: expected 1600 bytes of records once inflated \(it inflates to more\)/],
      ['not JSON', '{"format": ', /not a baseline \(not JSON/],
      ['array', [], /not a baseline/],
    ];
    for (const [what, body, says] of cases) {
      writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
      const r = await cli('check', SCENARIO, '--baseline', dir, '--workers', '0');
      expect(r.code, what).toBe(2);
      expect(r.err, what).toMatch(says);
      oneLine(r.err);
      expect(r.err).not.toMatch(/checking/);
    }
    // an unsigned baseline (written before issue 35) with good fields is still read
    writeFileSync(path, JSON.stringify(unsigned));
    const ok = await cli('check', SCENARIO, '--baseline', dir, '--workers', '0');
    expect(ok.out, ok.err).toMatch(/no significant drift — scenario unchanged/);
  });
});
