/**
 * Coverage of `compare`'s paired differences on the rigged die game (test/kit), through the
 * real paired runner (runPaired), pairedRows and the per-row paired rate differences. Arm B
 * differs from A only in one card: seat 0 holding Dud wins 38% instead of 30%, so from the same
 * seed a game's result moves only where its outcome draw falls in [0.30, 0.38) or in the draw
 * and cap thresholds it shifts. The truth, exactly: seat 0's win rate +2 points (0.08 x 1/4),
 * seat 1's −2, draw and capped rates and mean length unchanged, Dud's controller rate
 * +8 points, every other card's exactly 0, each seat's pooled hit rate unchanged (a clustered rate: the game is the unit).
 */
import { describe, it, expect } from 'vitest';
import { registerRiggedGame, reseed } from '../../kit/rigged-game.js';
import { planOf } from '../../helpers/plans.js';
import { runPaired } from '../../../src/studies/compare/play.js';
import { pairedQuantities, pairedRows } from '../../../src/studies/compare/paired.js';
import { pairedChanges } from '../../../src/analysis/what-changed.js';
import { gameOf } from '../../../src/registry.js';

registerRiggedGame();

const CARDS = [
  { name: 'Ace', winRate: 0.55 },
  { name: 'Brute', winRate: 0.45 },
  { name: 'Chump', winRate: 0.4 },
  { name: 'Dud', winRate: 0.3 },
];

describe('compare: paired differences', () => {
  it('cover the true differences about 95% of the time', async () => {
    // 400 replicates of 600 games per arm: sd of a 95% coverage estimate about 1.1 points.
    const [reps, games] = [400, 600];
    const truth: Record<string, number> = { 'seat 0 win rate': 0.02, 'seat 1 win rate': -0.02, 'draw rate': 0, 'capped rate': 0, 'length (turns)': 0, 'cards.winRateWhenPlaced/Dud': 0.08, 'attacks.hitRate/seat 0': 0 };
    const covered: Record<string, number> = Object.fromEntries(Object.keys(truth).map((k) => [k, 0]));
    const rigged = gameOf('rigged');
    const planA = planOf({ game: 'rigged', players: 2, rules: { cards: CARDS, setup: 'random' } }, { games });
    const planB = planOf({ game: 'rigged', players: 2, rules: { cards: CARDS.map((c) => (c.name === 'Dud' ? { ...c, winRate: 0.38 } : c)), setup: 'random' } }, { games });
    for (let r = 0; r < reps; r++) {
      const seed = `paired-coverage-${r}`;
      const a = reseed(planA, seed);
      const { acc, pairs, rowSums } = await runPaired(a, reseed(planB, seed), { workers: 0 });
      const rows = [
        ...pairedRows(pairedQuantities(rigged, a), acc).map((x) => ({ id: x.name, interval: x.interval })),
        ...pairedChanges(pairs, rowSums, acc.games).map((x) => ({ id: `${x.sheet}/${x.row}`, interval: x.interval })),
      ];
      // A card the change does not touch plays every game alike in both arms: centred on 0, and
      // only as wide as the rule of three allows for no discordant trial (±3.69 / trials), not
      // the width of two independent arms.
      const aceRow = pairedChanges(pairs, rowSums, acc.games).find((x) => x.sheet === 'cards.winRateWhenPlaced' && x.row === 'Ace')!;
      const ace = aceRow.interval;
      expect(ace[0]).toBeCloseTo(-ace[1], 12);
      expect(ace[1]).toBeCloseTo(3.689 / aceRow.gamesA, 3);
      for (const [id, t] of Object.entries(truth)) {
        const row = rows.find((x) => x.id === id)!;
        if (row.interval[0] <= t && t <= row.interval[1]) covered[id]!++;
      }
    }
    for (const [id, k] of Object.entries(covered)) {
      expect(k / reps, id).toBeGreaterThan(0.92);
      expect(k / reps, id).toBeLessThan(0.98);
    }
  });
});
