/**
 * Coverage of the intervals and verdicts a run prints, on the rigged die game (test/kit), whose
 * true rates are known exactly by construction, through the real pipeline: scenario loader,
 * runner (in this thread), accumulator, summarise and the balance sheet. Each replicate is a
 * fresh seed; each figure below is the share of replicates whose interval holds the truth.
 */
import { describe, it, expect } from 'vitest';
import { registerRiggedGame, reseed, riggedTruth, type RiggedRules } from '../../kit/rigged-game.js';
import { planOf } from '../../helpers/plans.js';
import { runPlan } from '../../../src/runner/pool.js';
import { summarise, type Summary } from '../../../src/sim/stats/summary.js';
import { balanceSheets } from '../../../src/analysis/balance.js';
import { Z95 } from '../../../src/sim/stats/intervals.js';
import { gameOf } from '../../../src/registry.js';
import type { Plan } from '../../../src/sim/scenario/types.js';

registerRiggedGame();

const holds = (ci: readonly [number, number], truth: number) => ci[0] <= truth && truth <= ci[1];

async function summaryOf(plan: Plan): Promise<Summary> {
  return summarise(gameOf('rigged'), plan, await runPlan(plan, { workers: 0 }));
}

describe('the rigged game: intervals of a run cover the known truth', () => {
  it('seat, draw, capped, first-player and card rates and the mean length cover about 95%', async () => {
    // 400 replicates of 400 games: a true 95% coverage lands in [0.92, 0.98] with probability
    // 0.994 (sd 1.1 points); card rows count 4 per replicate, so theirs is tighter.
    const reps = 400;
    const games = 400;
    const plan = planOf({ game: 'rigged', players: 2, rules: { setup: 'random' } }, { games });
    const truth = riggedTruth(plan.rules as RiggedRules);
    const covered = { seat0: 0, seat1: 0, draw: 0, capped: 0, firstOfAll: 0, firstOfDecided: 0, meanTurns: 0, cards: 0 };
    let verdicts = 0;
    for (let r = 0; r < reps; r++) {
      const s = await summaryOf(reseed(plan, `rigged-coverage-${r}`));
      if (holds(s.seats[0]!.winRateCI, truth.seat0)) covered.seat0++;
      if (holds(s.seats[1]!.winRateCI, truth.seat1)) covered.seat1++;
      if (holds(s.draws.ci, truth.draw)) covered.draw++;
      if (holds(s.capped.ci, truth.capped)) covered.capped++;
      // The first seat is drawn independently of the outcome: it wins half of the decided games.
      if (holds(s.firstPlayer.winRateCI, (truth.seat0 + truth.seat1) / 2)) covered.firstOfAll++;
      if (holds(s.firstPlayer.decidedShareCI, 0.5)) covered.firstOfDecided++;
      if (s.firstPlayer.verdict !== 'no clear difference') verdicts++;
      // Mean length ± 1.96 sd / √n, as `sweep`, `tune` and `--until length.mean` give it.
      const t = s.length.turns;
      const half = (Z95 * t.sd) / Math.sqrt(s.games);
      if (holds([t.mean - half, t.mean + half], truth.meanTurns)) covered.meanTurns++;
      const cards = balanceSheets(s).find((b) => b.id === 'cards.winRateWhenPlaced')!;
      expect(cards.rows).toHaveLength(4);
      for (const row of cards.rows) if (holds(row.interval, truth.card(row.row))) covered.cards++;
    }
    const rate = Object.fromEntries(Object.entries(covered).map(([k, v]) => [k, v / (k === 'cards' ? 4 * reps : reps)]));
    for (const [k, v] of Object.entries(rate)) {
      expect(v, k).toBeGreaterThan(0.92);
      expect(v, k).toBeLessThan(0.98);
    }
    // The first-player verdict errs exactly when its interval misses fair (1/2 of decided games).
    expect(verdicts).toBe(reps - covered.firstOfDecided);
  });

  it('flags no card "differs" in more than about 5% of runs when every card is average', async () => {
    // Six cards whose holder wins 45% each: no row differs. Benjamini-Hochberg at q = 0.05 under
    // "no row differs" flags anything in at most about 5% of runs; 600 runs, sd about 0.9 points.
    const reps = 600;
    const even = planOf({ game: 'rigged', players: 2, rules: { cards: ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ name, winRate: 0.45 })) } }, { games: 600 });
    let flagged = 0;
    for (let r = 0; r < reps; r++) {
      const cards = balanceSheets(await summaryOf(reseed(even, `rigged-flags-${r}`))).find((b) => b.id === 'cards.winRateWhenPlaced')!;
      if (cards.rows.some((row) => row.flags.includes('differs'))) flagged++;
    }
    expect(flagged / reps).toBeLessThan(0.075);
  });
});
