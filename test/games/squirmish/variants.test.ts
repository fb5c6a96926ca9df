/**
 * Every variant played end to end: seeded random and greedy games under each rule variant and
 * deck style, with the game's invariants and the engine contract checked after every move.
 */
import { describe, it, expect } from 'vitest';
import { createRunner } from '../../../src/runner/create-runner.js';
import { planOf } from '../../helpers/plans.js';

function playChecked(data: Record<string, unknown>, games: number): { capped: number; turns: number } {
  const plan = planOf({ game: 'squirmish', games, ...data });
  const runner = createRunner(plan);
  let capped = 0;
  let turns = 0;
  for (let i = 0; i < games; i++) {
    const s = runner.play(i, runner.invariantChecker(i));
    expect(s.terminal).toBe(true);
    if (s.capped) capped++;
    turns += s.turns;
  }
  return { capped, turns: turns / games };
}

const two = [{ policy: 'random' }, { policy: 'greedy' }];

describe('variants, end to end with invariants', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['fragments (videogame)', { seats: two, seating: 'rotate', rules: { reattach: 'fragments' } }],
    ['fragments, 4 players, 10 cards in play each', { players: 4, seats: [{ policy: 'random' }], rules: { edition: 'tabletop', reattach: 'fragments', inPlayLimit: 10 } }],
    ['no-draw deck-out', { seats: two, rules: { deckOut: 'no-draw' } }],
    ['weigh-in highest', { seats: two, rules: { weighIn: 'highest' } }],
    ['in-play limit 2, hand limit 3', { seats: two, rules: { inPlayLimit: 2, handLimit: 3 } }],
    ['victory target 5', { seats: two, rules: { victoryTarget: 5 } }],
    ['drafting (tabletop, 3 players)', { players: 3, seats: [{ policy: 'greedy' }], rules: { edition: 'tabletop', drafting: true } }],
    ['group monte, random groups, 4 players', { players: 4, seats: [{ policy: 'random' }], rules: { edition: 'tabletop', deckStyle: 'group-monte', generatedSize: 40 } }],
  ];
  for (const [name, data] of cases) {
    it(name, () => {
      const r = playChecked(data, 60);
      expect(r.turns).toBeGreaterThan(3);
    });
  }

  it('a turn cap stops long games and counts them as capped', () => {
    const r = playChecked({ seats: [{ policy: 'random' }, { policy: 'random' }], rules: { maxTurns: 10 } }, 30);
    expect(r.capped).toBeGreaterThan(20);
  });
});
