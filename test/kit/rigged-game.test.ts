/**
 * The rigged die game plays the rates its rules set: a long run (200,000 games, invariants
 * checked after every move) lands within 4.5 standard errors of every true rate, so the
 * coverage tests built on it measure the intervals, not a mistake in the kit.
 */
import { describe, it, expect } from 'vitest';
import { registerRiggedGame, riggedTruth, type RiggedRules } from './rigged-game.js';
import { planOf } from '../helpers/plans.js';
import { runPlan } from '../../src/runner/pool.js';
import { summarise } from '../../src/sim/stats/summary.js';
import { gameOf } from '../../src/registry.js';

registerRiggedGame();

describe('the rigged die game', () => {
  it('plays the seat, draw, capped, card and hit rates and the mean length its rules set', async () => {
    const games = 200_000;
    const plan = planOf({ game: 'rigged', players: 2, rules: { setup: 'random' } }, { games, seed: 'rigged-truth' });
    const truth = riggedTruth(plan.rules as RiggedRules);
    const s = summarise(gameOf('rigged'), plan, await runPlan(plan, { workers: 0, checkInvariants: true }));
    const near = (estimate: number, p: number, n: number) => expect(Math.abs(estimate - p)).toBeLessThan(4.5 * Math.sqrt((p * (1 - p)) / n));
    near(s.seats[0]!.winRate, truth.seat0, games);
    near(s.seats[1]!.winRate, truth.seat1, games);
    near(s.draws.rate, truth.draw, games);
    near(s.capped.rate, truth.capped, games);
    near(s.firstPlayer.decidedShare, 0.5, s.decided);
    const cards = s.metrics.tables.cards!;
    for (const [name, [placed, won]] of Object.entries(cards.rows)) near(won! / placed!, truth.card(name), placed!);
    // Hits are clustered by game: a 4.5 binomial standard errors bound allows a design effect up to 2.
    const attacks = s.metrics.tables.attacks!;
    for (const [attacked, hits] of Object.values(attacks.rows)) near(hits! / attacked!, truth.hitRate, attacked! / 2);
    expect(Math.abs(s.length.turns.mean - truth.meanTurns)).toBeLessThan((4.5 * s.length.turns.sd) / Math.sqrt(games));
    // A capped game runs to the cap; others last 1-6 turns.
    expect(s.length.turns.max).toBe(12);
    expect(s.capped.count).toBe(s.length.turns.histogram.counts.at(-1));
  });
});
