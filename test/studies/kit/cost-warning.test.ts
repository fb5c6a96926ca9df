/**
 * The cost estimate from a run's first games (src/studies/kit/cost-warning.ts), on a fake clock: the
 * elapsed seconds and finished games are given, so nothing here depends on the machine's speed.
 * The games themselves are counted by the threads that play them (checked with a real pool).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CostWarning, formatDuration } from '../../../src/studies/kit/cost-warning.js';
import { runPlan } from '../../../src/runner/pool.js';
import { runPaired } from '../../../src/studies/compare/play.js';
import { FinishedGames } from '../../../src/runner/finished-games.js';
import { planOf } from '../../helpers/plans.js';

describe('the cost warning', () => {
  it('warns once, from the first games, when the run would take over 10 minutes, saying how to cut it', () => {
    const cost = new CostWarning(1_000_000);
    expect(cost.check(2, 10, 2)).toBeNull(); // too early: start-up is not play
    const warning = cost.check(6, 100, 2); // 0.06 s a game
    expect(warning).toBe(
      "warning: 100 games finished in 6 s; at that rate the 1,000,000 games take about 16.7 hours. To cut it, lower the game's maxTurns in the scenario's rules (slow games are usually long ones), play fewer games (--games), or stop early with --until.\n",
    );
    expect(cost.check(7, 110, 2)).toBeNull(); // once
  });

  it('says nothing for a run that fits in 10 minutes, and stops estimating after two minutes', () => {
    const cost = new CostWarning(1_000_000);
    expect(cost.check(6, 100_000, 2)).toBeNull(); // 60 s in all
    expect(cost.check(599, 1, 2)).toBeNull(); // long past the first games: no estimate
  });

  it('before any game has finished, gives a lower bound (a Squish! board whose games take 20-50 s)', () => {
    const cost = new CostWarning(10_000);
    expect(cost.check(30, 0, 2)).toBe(
      "warning: no game has finished in 30 s; at that rate the 10,000 games take at least 41.7 hours. To cut it, lower the game's maxTurns in the scenario's rules (slow games are usually long ones), play fewer games (--games), or stop early with --until.\n",
    );
  });

  it('reads durations in the unit that fits', () => {
    expect([45, 600, 6000, 200_000].map(formatDuration)).toEqual(['45 s', '10 minutes', '1.7 hours', '2.3 days']);
  });

  it('counts every finished game, in worker threads and in this thread', async () => {
    const plan = planOf({ game: 'worms', players: 2, games: 2500, seed: 3 });
    for (const workers of [0, 2]) {
      const finished = new FinishedGames();
      await runPlan(plan, { workers, finished });
      expect(finished.count()).toBe(2500);
    }
  });
});

describe('the cost warning in compare, tournaments and sweeps', () => {
  it('counts every paired game, and keeps counting over several calls (a sweep, a tournament)', async () => {
    const a = planOf({ game: 'worms', players: 2, games: 2500, seed: 3 });
    const b = planOf({ game: 'worms', players: 2, games: 2500, seed: 3, rules: { suddenDeath: true } });
    for (const workers of [0, 2]) {
      const finished = new FinishedGames();
      await runPaired(a, b, { workers, finished });
      expect(finished.count()).toBe(2500);
      await runPlan(a, { workers, finished });
      expect(finished.count()).toBe(5000);
    }
  });

  // A scenario whose games take seconds each (ISMCTS over brawler rollouts, 400 iterations a
  // decision, on both sides of a Squall duel; Squall's expert level until 2026-11-26): each
  // command warns from its first seconds, long before its first shard ends; the process is then
  // stopped (the warning is all this test is about).
  const SEARCH = 'policy: ismcts\n    params: { iterations: 400, rollout: brawler, widening: 0.25 }';
  const slow = (extra: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'squabble-cost-'));
    dirs.push(dir);
    const file = join(dir, 'slow.yaml');
    copyFileSync('scenarios/squall/rosters/standard.yaml', join(dir, 'standard.yaml'));
    copyFileSync('scenarios/squall/layouts/open.yaml', join(dir, 'open.yaml'));
    writeFileSync(
      file,
      `name: slow-duel\ngame: squall\nseats:\n  - ${SEARCH}\n  - ${SEARCH}\nrules:\n  roster: standard.yaml\n  terrain: open.yaml\n  characters: [Berserker, Knight]\ngames: 5000\nseed: 1\n${extra}`,
    );
    return { dir, file };
  };
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const warned = (args: string[]) =>
    new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['bin/squabble.js', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      const timer = setTimeout(() => (child.kill('SIGKILL'), fail(new Error(`no warning in 60 s:\n${err}`))), 60_000);
      child.stderr!.on('data', (d: Buffer) => {
        err += d.toString();
        const line = err.split(/[\r\n]/).find((l) => l.startsWith('warning: ') && l.includes('at that rate'));
        if (line) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          done(line);
        }
      });
      child.on('exit', () => (clearTimeout(timer), fail(new Error(`exited without the warning:\n${err}`))));
    });

  it('compare warns from its first games', async () => {
    const { dir, file } = slow('');
    const line = await warned(['compare', file, '--variant', 'base', '--variant', 'rules.fov=120', '--workers', '1', '--out', join(dir, 'c')]);
    expect(line).toMatch(/^warning: (no game has|[\d,]+ games?) finished in \d+ s; at that rate the 5,000 games take (at least|about) /);
  }, 90_000);

  it('compare under compareLevels warns for the whole study, the level runs too', async () => {
    // Its own comparison, skilled, expert (the scenario's seats do not rotate: not reused) and the ceiling.
    const { dir, file } = slow('compareLevels: [skilled, expert]\n');
    const line = await warned(['compare', file, '--variant', 'base', '--variant', 'rules.fov=120', '--games', '1000', '--workers', '1', '--out', join(dir, 'c')]);
    expect(line).toMatch(/^warning: (no game has|[\d,]+ games?) finished in \d+ s; at that rate the 4,000 games take (at least|about) /);
  }, 90_000);

  it('a tournament warns from its first games, over all its pairings', async () => {
    const { dir, file } = slow(`entrants:\n  - level: skilled\n  - ${SEARCH}\n  - level: novice\n`);
    const line = await warned(['tournament', file, '--games', '2000', '--workers', '1', '--out', join(dir, 't')]);
    expect(line).toMatch(/^warning: (no game has|[\d,]+ games?) finished in \d+ s; at that rate the 6,000 games take (at least|about) /);
  }, 90_000);

  it('a sweep warns from its first games, for all its cells', async () => {
    const { dir, file } = slow('sweep:\n  rules.fov: [120, 360]\n');
    const line = await warned(['run', file, '--workers', '1', '--out', join(dir, 's')]);
    expect(line).toMatch(/^warning: (no game has|[\d,]+ games?) finished in \d+ s; at that rate the 10,000 games take (at least|about) /);
  }, 90_000);
});
