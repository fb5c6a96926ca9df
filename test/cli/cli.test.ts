/** The command line, in process: every command, its output files, and its answers to bad input. */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { mkdtempSync, rmSync, existsSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { Progress, progressLine, formatSeconds } from '../../src/studies/kit/progress.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-cli-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCENARIO = 'scenarios/worms/random-2p.yaml';

describe('help and listing', () => {
  it('--help lists every command', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    for (const c of ['run', 'validate', 'list', 'replay']) expect(r.out).toContain(c);
  });

  it('each command has --help', async () => {
    for (const c of ['run', 'validate', 'list', 'replay']) {
      const r = await cli(c, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Usage: squabble ${c}`);
    }
  });

  it('list shows games, rule variants with defaults, and policies', async () => {
    const r = await cli('list');
    expect(r.code).toBe(0);
    expect(r.out).toContain('worms: Worms, 2-8 players');
    expect(r.out).toContain('suddenDeath = false');
    expect(r.out).toMatch(/random: Uniformly random/);
    expect(r.out).toContain('params.safetyWeight = 1');
    const json = JSON.parse((await cli('list', '--json')).out);
    expect(json[0].policies.map((p: { name: string }) => p.name)).toEqual(['random', 'ismcts', 'greedy', 'builder', 'rollout', 'epsilon']);
  });

  it('an unknown command or option is bad input (exit 2)', async () => {
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('run', SCENARIO, '--gmaes', '5')).code).toBe(2);
  });
});

describe('validate', () => {
  it('accepts every shipped Worms scenario', async () => {
    const files = readdirSync('scenarios/worms').filter((f) => f.endsWith('.yaml')).map((f) => join('scenarios/worms', f));
    const r = await cli('validate', ...files);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(files.length);
  });

  it('reports every bad file on one line each and exits 2', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'game: worms\nseats: [{policy: grredy}, {policy: random}]\n');
    const r = await cli('validate', SCENARIO, bad);
    expect(r.code).toBe(2);
    expect(r.out).toContain('ok  scenarios/worms/random-2p.yaml');
    expect(r.err.trim()).toBe(`${bad}:2: seats[0].policy: expected one of random, ismcts, greedy, builder, rollout, epsilon for worms; found "grredy" (did you mean "greedy"?)`);
  });
});

describe('run', () => {
  it('writes run.json and summary.json with the documented fields, and prints the summary', async () => {
    const out = join(dir, 'run1');
    const r = await cli('run', SCENARIO, '--games', '3000', '--seed', '5', '--workers', '0', '--out', out);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Seat 0 (random) wins');
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(run).toMatchObject({ scenario: SCENARIO, seed: 5, games: 3000, workers: 0, version: '0.1.0', game: 'worms' });
    expect(run.scenarioHash).toMatch(/^[0-9a-f]{16}$/);
    expect(run.wallSeconds).toBeGreaterThan(0);
    expect(run.gamesPerSecond).toBeGreaterThan(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.games).toBe(3000);
    expect(summary.draws.count + summary.capped.count + summary.seats[0].wins + summary.seats[1].wins).toBe(3000);
    for (const seat of summary.seats) {
      expect(seat.policy).toBe('random');
      expect(seat.winRate).toBeCloseTo(seat.wins / 3000, 12);
      expect(seat.winRateCI[0]).toBeLessThan(seat.winRate);
      expect(seat.winRateCI[1]).toBeGreaterThan(seat.winRate);
    }
    expect(Object.keys(summary.length.turns)).toEqual(['mean', 'sd', 'min', 'max', 'percentiles', 'histogram']);
    expect(summary.length.turns.percentiles.p50).toBeGreaterThan(0);
    expect(existsSync(join(out, 'summary.md'))).toBe(true);
  });

  it('applies a named variant and records it', async () => {
    const out = join(dir, 'variant');
    const r = await cli('run', SCENARIO, '--games', '500', '--workers', '0', '--variant', 'sudden-death', '--out', out, '--quiet');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.scenario.variant).toBe('sudden-death');
    expect(summary.scenario.rules.suddenDeath).toBe(true);
    expect(summary.metrics.game.suddenDeathGames.total).toBeGreaterThan(0);
  });

  it('refuses a bad scenario with exit 2 and creates no results directory', async () => {
    const bad = join(dir, 'typo.yaml');
    writeFileSync(bad, 'game: worms\nplayers: 9\nseats: [{policy: random}]\n');
    const out = join(dir, 'never');
    const r = await cli('run', bad, '--out', out, '--workers', '0');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`squabble: ${bad}:2: players: expected 2-8 players for worms, found 9\n`);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses bad option values with exit 2', async () => {
    expect((await cli('run', SCENARIO, '--games', 'many', '--workers', '0')).err).toMatch(/--games: expected a whole number/);
    expect((await cli('run', SCENARIO, '--workers', '-1')).code).toBe(2);
    expect((await cli('run', SCENARIO, '--variant', 'nope', '--workers', '0')).code).toBe(2);
    expect((await cli('run', join(dir, 'absent.yaml'))).code).toBe(2);
  });

  it('will not overwrite a different run without --force, but repeats the same run', async () => {
    const out = join(dir, 'guarded');
    expect((await cli('run', SCENARIO, '--games', '200', '--workers', '0', '--out', out, '--quiet')).code).toBe(0);
    expect((await cli('run', SCENARIO, '--games', '200', '--workers', '0', '--out', out, '--quiet')).code).toBe(0);
    const other = await cli('run', SCENARIO, '--games', '300', '--workers', '0', '--out', out, '--quiet');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/holds a different run .*use --force/);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).games).toBe(200); // untouched
    expect((await cli('run', SCENARIO, '--games', '300', '--workers', '0', '--out', out, '--quiet', '--force')).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).games).toBe(300);
  });

  it('checks invariants on request', async () => {
    const r = await cli('run', 'scenarios/worms/random-4p.yaml', '--games', '300', '--workers', '0', '--check-invariants', '--out', join(dir, 'inv'), '--quiet');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'inv', 'run.json'), 'utf8')).checkInvariants).toBe(true);
  });
});

describe('replay', () => {
  it('prints a turn-by-turn trace of one game, ending with its result', async () => {
    const r = await cli('replay', SCENARIO, '--game', '3');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^worms-random-2p: Worms, game 3, seed 1/);
    expect(r.out).toContain('seat 0: random, seat 1: random; seat 0 moves first');
    expect(r.out).toMatch(/turn 1 \(round 1\), seat 0 \(random\), \d+ legal: seat 0 (attacks|darksides)/);
    expect(r.out).toMatch(/result: (seat \d \(random\) wins|a draw|capped) after \d+ turns/);
  });

  it('replays the same game the run played', async () => {
    const out = join(dir, 'one');
    await cli('run', SCENARIO, '--games', '1', '--seed', '77', '--workers', '0', '--out', out, '--quiet');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    const trace = (await cli('replay', SCENARIO, '--game', '0', '--seed', '77')).out;
    const winner = summary.seats.findIndex((s: { wins: number }) => s.wins === 1);
    expect(trace).toContain(`result: seat ${winner} (random) wins after ${summary.length.turns.max} turns`);
  });

  it('needs --game', async () => {
    expect((await cli('replay', SCENARIO)).code).toBe(2);
  });
});

describe('progress line', () => {
  it('shows the bar, the count, games/s and the ETA', () => {
    expect(progressLine(250_000, 1_000_000, 2.5, 120)).toBe(
      '[##########------------------------------]  25.0%  250,000/1,000,000 games  100,000 games/s  ETA 8s',
    );
    expect(formatSeconds(125)).toBe('2m05s');
    expect(formatSeconds(NaN)).toBe('--');
  });

  it('writes a plain line every 30 s when stderr is not a terminal (logs), and nothing when quiet', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const lines: string[] = [];
      const io = { out: () => {}, err: (t: string) => lines.push(t), interactive: false, columns: 80 };
      const p = new Progress(io, 1_000, true);
      const quiet = new Progress({ ...io, err: () => expect.unreachable('quiet progress wrote') }, 1_000, false);
      for (let s = 1; s <= 70; s++) {
        vi.setSystemTime(s * 1000);
        p.update(s * 10);
        quiet.update(s * 10);
      }
      expect(lines).toHaveLength(2); // at 30 s and 60 s
      expect(lines[0]).toMatch(/^\[.*\] {2}30\.0% {2}300\/1,000 games {2}10 games\/s {2}ETA 1m10s\n$/);
      expect(lines.join('')).not.toContain('\r');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('commands that play one plan refuse a sweep', () => {
  const SWEPT = 'scenarios/worms/studies/builder-caution.yaml';
  const commands: Array<[string, string[]]> = [
    ['replay', ['replay', SWEPT, '--game', '0']],
    ['compare', ['compare', SWEPT, '--variant', 'base', '--variant', 'rules.maxTurns=400', '--games', '10']],
    ['compare', ['compare', SWEPT, '--variant', 'base', '--variant', 'base', '--games', '10']],
    ['weights', ['weights', SWEPT, '--games', '10']],
    ['fair', ['fair', SWEPT, '--games', '10']],
    ['tune', ['tune', SWEPT, '--param', 'rules.maxTurns', '--min', '100', '--max', '400', '--target', 'seat0.winRate=0.5']],
    ['tournament', ['tournament', SWEPT, '--games', '10']],
    ['levels', ['levels', SWEPT, '--levels', 'random,skilled', '--games', '10']],
    ['baseline', ['baseline', SWEPT, '--out', 'unused-baselines']],
    ['check', ['check', SWEPT, '--baseline', 'baselines']],
  ];
  for (const [name, argv] of commands)
    it(`${argv.slice(0, 4).join(' ')}${argv.length > 4 ? ' ...' : ''}`, async () => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${SWEPT}: sweep: \`squabble ${name}\` plays one scenario, not a sweep`);
      expect(existsSync('unused-baselines')).toBe(false);
    });
});
