/** Worms heuristic policies: they choose as documented and are really stronger than random. */
import { describe, it, expect } from 'vitest';
import { worms } from '../../../src/games/worms/index.js';
import { greedy, builder } from '../../../src/games/worms/policies.js';
import { attackAction, DARKSIDE } from '../../../src/games/worms/actions.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { summarise } from '../../../src/sim/stats/summary.js';
import { planOf } from '../../helpers/plans.js';
import { describeAction } from '../../../src/games/worms/render.js';
import { position, anyRng } from './position.js';

function choice(policy: typeof greedy, params: Record<string, unknown>, s: ReturnType<typeof position>): number {
  const actions = new Int32Array(worms.actionCapacity(s.rules, s.players));
  const n = worms.legalActions(s, actions);
  const p = policy.create(policy.paramsSchema.parse(params), { game: worms, rules: s.rules, players: s.players, seat: 0 });
  return actions[p.choose(s, actions, n, anyRng())]!;
}

describe('greedy', () => {
  it('takes the attack that removes the most cards', () => {
    // K can take [4 3 7 9] (9, 7, 3), [8 2] (the 2) or [Q J] (the J: Q is higher, so it stays).
    const s = position({ worms: [['2 K', '3', '4'], ['4 3 7 9', '8 2', 'Q J']] });
    expect(choice(greedy, {}, s)).toBe(attackAction(0, 1, 0, 0));
  });

  it('prefers a kill to a longer run, and an elimination to anything', () => {
    const kill = position({ worms: [['2 K', '3', '4'], ['4 3 7 9', '8', 'Q J']] });
    expect(choice(greedy, {}, kill)).toBe(attackAction(0, 1, 1, 0));
    // Three players: killing seat 1's last worm (an elimination) beats killing one of seat 2's.
    const eliminate = position({ worms: [['2 K', '3', '4'], ['', '', '8'], ['5', 'Q J 9', 'A']] });
    expect(choice(greedy, {}, eliminate)).toBe(attackAction(0, 1, 2, 0));
  });

  it('darksides onto its highest non-ace top when it cannot attack', () => {
    // No top of seat 0 (2, 9, 5) reaches a K, so it must darkside: onto the 9.
    const s = position({ worms: [['A 2', '3 9', '4 5'], ['K', 'K', 'K']] });
    expect(choice(greedy, {}, s)).toBe(DARKSIDE + 1);
  });
});

describe('builder', () => {
  it('does not bury an ace when a safer darkside exists', () => {
    const s = position({ worms: [['2 A', '3 9', 'Q 10 J'], ['K', 'K', 'K']] });
    expect(choice(builder, {}, s)).not.toBe(DARKSIDE + 0);
  });

  it('takes a free kill that leaves nothing exposed', () => {
    const s = position({ worms: [['2 A', 'K Q', '9 10'], ['5', '9 8 7', '3']] });
    expect(describeAction(s, choice(builder, {}, s))).toMatch(/killing it$/);
  });

  it('with two opponents left does not spend its worm on cards the third player gains from as much (issue 31)', () => {
    // Seat 1 could take two cards of seat 2's [A 8 4 6] with its 7, leaving its short worm on a
    // drawn top facing a K and two aces; seat 0 would gain from that attack as much as seat 1.
    const worms3 = [['Q 4 K', '', ''], ['2 7', '', 'K 8 5 A'], ['A 8 4 6', '', 'A A J']];
    const three = position({ worms: worms3, toMove: 1 });
    expect(describeAction(three, choice(builder, {}, three))).toBe('seat 1 darksides worm 0 [2 7]');
    // Valued as against one opponent (the old builder) it attacks; and so it does with one opponent left.
    expect(describeAction(three, choice(builder, { shareGain: false }, three))).toMatch(/^seat 1 attacks with worm 0 \(7\) seat 2's worm 0/);
    const two = position({ worms: [['', '', ''], worms3[1]!, worms3[2]!], toMove: 1 });
    expect(describeAction(two, choice(builder, {}, two))).toMatch(/^seat 1 attacks with worm 0 \(7\) seat 2's worm 0/);
  });
});

describe('strength', () => {
  const winRate = (policy: string, games: number) => {
    const plan = planOf({ game: 'worms', seats: [{ policy }, { policy: 'random' }], seating: 'rotate', games });
    const acc = newAccumulator(worms, plan);
    createRunner(plan).runRange(acc, 0, games);
    return summarise(worms, plan, acc).policies[0]!;
  };

  it('builder beats random clearly with four players too (issue 31: it won 59.1% there when it valued cards taken as with one opponent)', () => {
    const plan = planOf({ game: 'worms', players: 4, seats: [{ policy: 'builder' }, { policy: 'random' }, { policy: 'builder' }, { policy: 'random' }], seating: 'rotate', games: 800 });
    const acc = newAccumulator(worms, plan);
    createRunner(plan).runRange(acc, 0, 800);
    const p = summarise(worms, plan, acc).policies.find((x) => x.label === 'builder')!;
    // Two seats each: the builders' share of the games (73.2% [71.2, 75.0] over 2,000 games, seed 1; 59.1% before).
    expect(p.wins / 800).toBeGreaterThan(0.66);
  });

  it('greedy and builder both beat random clearly (seats rotated, fixed seeds)', () => {
    for (const policy of ['greedy', 'builder']) {
      const p = winRate(policy, 2000);
      expect(p.label).toBe(policy);
      expect(p.winRateCI[0], `${policy} vs random`).toBeGreaterThan(0.75);
    }
  });
});
