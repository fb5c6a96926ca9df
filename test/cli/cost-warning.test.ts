/**
 * The cost estimate from a run's first games (src/cli/cost-warning.ts), on a fake clock: the
 * elapsed seconds and finished games are given, so nothing here depends on the machine's speed.
 * The games themselves are counted by the threads that play them (checked with a real pool).
 */
import { describe, it, expect } from 'vitest';
import { CostWarning, formatDuration } from '../../src/cli/cost-warning.js';
import { runPlan } from '../../src/runner/pool.js';
import { FinishedGames } from '../../src/runner/finished-games.js';
import { planOf } from '../helpers/plans.js';

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
