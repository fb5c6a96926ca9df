/**
 * One option parser for every command that plays games: `--seed N` plays the same games as
 * `seed: N` in the scenario file, through every command; bad values of the shared options get
 * one line and exit 2, with the same wording in every command.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-options-'));
  vi.stubEnv('SQUABBLE_DATA_ROOTS', resolve('scenarios'));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** Two copies of one scenario: `seed: 42` in the file, and no seed (the default, 1) for --seed 42. */
function pair(name: string, body: string): { inFile: string; onFlag: string } {
  const inFile = join(dir, `${name}-in-file.yaml`);
  const onFlag = join(dir, `${name}-on-flag.yaml`);
  writeFileSync(inFile, `${body}\nseed: 42\n`);
  writeFileSync(onFlag, body);
  return { inFile, onFlag };
}

const WORMS = `name: worms-seed\ngame: worms\nseats:\n  - policy: random\n  - policy: greedy\ngames: 300\nvariants:\n  sudden: { suddenDeath: true }\n`;
const SQUALL = `name: squall-seed\ngame: squall\nseats:\n  - policy: brawler\n  - policy: brawler\nrules:\n  roster: ${resolve('scenarios/squall/rosters/standard.yaml')}\n  setupEdges: [[south], [north]]\n  terrain: ${resolve('scenarios/squall/layouts/open.yaml')}\n  characters: [Berserker, Knight]\ngames: 30\n`;

/** A results file without the fields that name the scenario file (the two copies differ only there). */
function played(path: string): string {
  return JSON.stringify(JSON.parse(readFileSync(path, 'utf8')), (key, value: unknown) => (key === 'file' || key === 'scenario' || key === 'wallSeconds' || key === 'gamesPerSecond' || key === 'startedAt' ? undefined : value));
}

describe('--seed N plays the same games as seed: N in the file', () => {
  const w = () => pair('worms', WORMS);

  it('run (and a different seed plays different games)', async () => {
    const { inFile, onFlag } = w();
    const a = await cli('run', inFile, '--workers', '0', '--out', join(dir, 'run-a'), '--no-report', '--quiet');
    const b = await cli('run', onFlag, '--seed', '42', '--workers', '0', '--out', join(dir, 'run-b'), '--no-report', '--quiet');
    const c = await cli('run', onFlag, '--seed', '43', '--workers', '0', '--out', join(dir, 'run-c'), '--no-report', '--quiet');
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    expect(played(join(dir, 'run-b', 'summary.json'))).toBe(played(join(dir, 'run-a', 'summary.json')));
    expect(played(join(dir, 'run-c', 'summary.json'))).not.toBe(played(join(dir, 'run-a', 'summary.json')));
  });

  it('run of a variant, and replay', async () => {
    const { inFile, onFlag } = w();
    const a = await cli('run', inFile, '--variant', 'sudden', '--workers', '0', '--out', join(dir, 'var-a'), '--no-report', '--quiet');
    const b = await cli('run', onFlag, '--variant', 'sudden', '--seed', '42', '--workers', '0', '--out', join(dir, 'var-b'), '--no-report', '--quiet');
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(played(join(dir, 'var-b', 'summary.json'))).toBe(played(join(dir, 'var-a', 'summary.json')));
    const ra = await cli('replay', inFile, '--game', '7');
    const rb = await cli('replay', onFlag, '--game', '7', '--seed', '42');
    expect(rb.code).toBe(0);
    expect(rb.out).toBe(ra.out);
  });

  it('compare', async () => {
    const { inFile, onFlag } = w();
    const a = await cli('compare', inFile, '--variant', 'base', '--variant', 'sudden', '--workers', '0', '--out', join(dir, 'cmp-a'), '--quiet');
    const b = await cli('compare', onFlag, '--variant', 'base', '--variant', 'rules.suddenDeath=true', '--seed', '42', '--workers', '0', '--out', join(dir, 'cmp-b'), '--quiet');
    expect([a.code, b.code]).toEqual([0, 0]);
    const rows = (p: string) => JSON.stringify((JSON.parse(readFileSync(p, 'utf8')) as { rows: unknown }).rows);
    expect(rows(join(dir, 'cmp-b', 'compare.json'))).toBe(rows(join(dir, 'cmp-a', 'compare.json')));
  });

  it('tournament', async () => {
    const { inFile, onFlag } = w();
    const a = await cli('tournament', inFile, '--add', 'builder', '--workers', '0', '--out', join(dir, 't-a'), '--quiet');
    const b = await cli('tournament', onFlag, '--add', 'builder', '--seed', '42', '--workers', '0', '--out', join(dir, 't-b'), '--quiet');
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(played(join(dir, 't-b', 'tournament.json'))).toBe(played(join(dir, 't-a', 'tournament.json')));
    expect((JSON.parse(readFileSync(join(dir, 't-b', 'tournament.json'), 'utf8')) as { seed: unknown }).seed).toBe(42);
  });

  it('tune', async () => {
    const { inFile, onFlag } = w();
    const args = ['--param', 'rules.maxTurns', '--integer', '--min', '20', '--max', '60', '--target', 'seat0.winRate=0.3', '--workers', '0', '--quiet'];
    const a = await cli('tune', inFile, ...args);
    const b = await cli('tune', onFlag, ...args, '--seed', '42');
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.out).toBe(a.out);
  });

  it('weights', async () => {
    const { inFile, onFlag } = pair('squall', SQUALL);
    const a = await cli('weights', inFile, '--stat', 'hp', '--workers', '0', '--out', join(dir, 'w-a'), '--quiet');
    const b = await cli('weights', onFlag, '--stat', 'hp', '--seed', '42', '--workers', '0', '--out', join(dir, 'w-b'), '--quiet');
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(played(join(dir, 'w-b', 'weights.json'))).toBe(played(join(dir, 'w-a', 'weights.json')));
  });

  it('baseline and check', async () => {
    const { inFile, onFlag } = w();
    const a = await cli('baseline', inFile, '--workers', '0', '--out', join(dir, 'base-a'));
    const b = await cli('baseline', onFlag, '--seed', '42', '--workers', '0', '--out', join(dir, 'base-b'));
    expect([a.code, b.code]).toEqual([0, 0]);
    const metrics = (d: string) => JSON.stringify((JSON.parse(readFileSync(join(d, 'worms-seed.json'), 'utf8')) as { metrics: unknown }).metrics);
    expect(metrics(join(dir, 'base-b'))).toBe(metrics(join(dir, 'base-a')));
    // check replays the baseline's seed: the file with seed: 42 against the --seed 42 baseline finds exactly the same numbers.
    const json = join(dir, 'check.json');
    const c = await cli('check', inFile, '--baseline', join(dir, 'base-b'), '--workers', '0', '--json', json);
    expect(c.code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { scenarios: { comparisons: { difference: number | null }[] }[] };
    const differences = report.scenarios[0]!.comparisons.map((x) => x.difference).filter((x) => x !== null);
    expect(differences.length).toBeGreaterThan(3);
    expect(differences.every((x) => x === 0)).toBe(true);
  });
});

describe('the shared options are checked the same way in every command', () => {
  const file = 'scenarios/worms/random-2p.yaml';
  const commands: [string, string[]][] = [
    ['run', [file]],
    ['compare', [file, '--variant', 'base', '--variant', 'sudden-death']],
    ['tune', [file, '--param', 'rules.maxTurns', '--min', '1', '--max', '9', '--target', 'seat0.winRate=0.5']],
    ['tournament', [file, '--add', 'greedy']],
    ['weights', [file]],
    ['fair', [file]],
    ['baseline', [file, '--out', 'never-written']],
  ];

  it('a bad --games, --seed or --workers is one line naming the option, exit 2, and nothing is written', async () => {
    for (const [command, args] of commands)
      for (const [option, value, says] of [
        ['--games', '0', /^squabble: --games: expected a whole number from (1|2) to 10000000000, found "0"\n$/],
        ['--games', '1.5', /^squabble: --games: expected a whole number/],
        ['--seed', 'x'.repeat(201), /^squabble: --seed: expected a 32-bit integer or a text of 1 to 200 characters, found a text of 201 characters\n$/],
        ['--workers', '999', /^squabble: --workers: expected a whole number from 0 to 256, found "999"\n$/],
      ] as const) {
        const out = join(dir, `never-${command}`);
        const r = await cli(command, ...args, option, value, ...(command === 'baseline' ? [] : command === 'tune' ? [] : ['--out', out]));
        expect(r.code, `${command} ${option} ${value}`).toBe(2);
        expect(r.err, `${command} ${option} ${value}`).toMatch(says);
        expect(existsSync(out)).toBe(false);
        expect(existsSync('never-written')).toBe(false);
      }
  });
});
