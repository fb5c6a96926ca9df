import { describe, it, expect } from 'vitest';
import { createRunner } from '../../src/runner/create-runner.js';
import { newAccumulator } from '../../src/sim/batch.js';
import { gameOf } from '../../src/registry.js';
import { planOf } from '../helpers/plans.js';

/** Every count of `games` games of the scenario (wins, lengths, the game's own counters). */
function counts(data: Record<string, unknown>, games = 200): number[] {
  const plan = planOf({ ...data, games });
  const acc = newAccumulator(gameOf(plan.game), plan);
  createRunner(plan).runRange(acc, 0, games);
  return [...acc.data];
}

function winsOfFirstEntry(data: Record<string, unknown>, games: number): number {
  const plan = planOf({ ...data, games, seating: 'rotate' });
  const acc = newAccumulator(gameOf(plan.game), plan);
  createRunner(plan).runRange(acc, 0, games);
  let wins = 0;
  for (let seat = 0; seat < plan.players; seat++) wins += acc.labelWins(0, seat);
  return wins;
}

describe('the strength dial (epsilon)', () => {
  for (const [game, bot] of [
    ['worms', 'greedy'],
    ['squish', 'seeker'],
    ['squirmish', 'greedy'],
    ['squall', 'brawler'],
  ] as const) {
    it(`${game}: epsilon 0 plays exactly as ${bot}, epsilon 1 exactly as random`, () => {
      const games = game === 'worms' || game === 'squish' ? 100 : 30;
      const against = { policy: 'random', name: 'opponent' };
      // Same labels in every run, so the accumulators have the same shape.
      const bare = counts({ game, seats: [{ policy: bot, name: 'tested' }, against] }, games);
      expect(counts({ game, seats: [{ policy: bot, epsilon: 0, name: 'tested' }, against] }, games)).toEqual(bare);
      const random = counts({ game, seats: [{ policy: 'random', name: 'tested' }, against] }, games);
      expect(counts({ game, seats: [{ policy: bot, epsilon: 1, name: 'tested' }, against] }, games)).toEqual(random);
      expect(bare).not.toEqual(random); // the two checks above can tell the bot from random
    });
  }

  it('in between, the bot gets weaker as epsilon grows (Worms greedy against random, 600 games each)', () => {
    const rate = (epsilon: number) => winsOfFirstEntry({ game: 'worms', seats: [{ policy: 'greedy', epsilon }, { policy: 'random' }] }, 600) / 600;
    const [none, half, most] = [rate(0), rate(0.5), rate(0.9)];
    expect(none).toBeGreaterThan(half + 0.05);
    expect(half).toBeGreaterThan(most + 0.03);
  });

  it('is labelled with its value and hashed as a different bot', () => {
    const plain = planOf({ game: 'worms', seats: [{ policy: 'greedy' }, { policy: 'builder', params: { killBonus: 4 }, epsilon: 0.25 }] });
    expect(plain.labels).toEqual(['greedy', 'builder(killBonus=4, epsilon=0.25)']);
    expect(plain.seats[1]).toMatchObject({ policy: 'epsilon', params: { p: 0.25, policy: 'builder', params: { killBonus: 4 } } });
    const other = planOf({ game: 'worms', seats: [{ policy: 'greedy' }, { policy: 'builder', params: { killBonus: 4 }, epsilon: 0.5 }] });
    expect(other.scenarioHash).not.toBe(plain.scenarioHash);
  });

  it('a bad value is a one-line scenario error naming the seat field', () => {
    expect(() => planOf({ game: 'worms', seats: [{ policy: 'greedy', epsilon: 1.5 }, { policy: 'random' }] })).toThrow(/^inline\.yaml: seats\[0\]\.epsilon: expected a value of at most 1, found 1\.5$/);
    expect(() => planOf({ game: 'worms', seats: [{ policy: 'greedy' }, { policy: 'random', epsilon: 'lots' }] })).toThrow(/^inline\.yaml: seats\[1\]\.epsilon: expected a number, found "lots"$/);
    expect(() => planOf({ game: 'worms', players: 2, seats: [{ policy: 'epsilon', epsilon: 0.2 }] })).toThrow(/seats\[0\]\.epsilon: the epsilon policy already is the strength dial/);
    expect(() => planOf({ game: 'worms', players: 2, seats: [{ policy: 'epsilon', params: { policy: 'builder', params: { killBonus: -1 } } }] })).toThrow(/seats\[0\]\.params\.params\.killBonus: expected a value of at least/);
  });
});
