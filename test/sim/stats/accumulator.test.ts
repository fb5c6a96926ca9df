import { describe, it, expect } from 'vitest';
import { Accumulator } from '../../../src/sim/stats/accumulator.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { summarise } from '../../../src/sim/stats/summary.js';
import { worms } from '../../../src/games/worms/index.js';
import { planOf } from '../../helpers/plans.js';

describe('Accumulator', () => {
  it('merges partial results into exactly the one-piece result, in any order', () => {
    const plan = planOf({ game: 'worms', players: 3, games: 3000, rules: { firstSeat: 'random', suddenDeath: true } });
    const whole = newAccumulator(worms, plan);
    createRunner(plan).runRange(whole, 0, 3000);
    const parts = [
      [0, 700],
      [700, 2000],
      [2000, 3000],
    ].map(([a, b]) => {
      const acc = newAccumulator(worms, plan);
      createRunner(plan).runRange(acc, a!, b!);
      return acc;
    });
    const merged = newAccumulator(worms, plan);
    for (const i of [2, 0, 1]) merged.merge(parts[i]!);
    expect(Array.from(merged.data)).toEqual(Array.from(whole.data));
    expect(JSON.stringify(summarise(worms, plan, merged))).toBe(JSON.stringify(summarise(worms, plan, whole)));
  });

  it('counts every game once: wins + draws + capped = games', () => {
    const plan = planOf({ game: 'worms', players: 2, games: 2000, rules: { maxTurns: 60, suddenDeath: true } });
    const acc = newAccumulator(worms, plan);
    createRunner(plan).runRange(acc, 0, 2000);
    const s = summarise(worms, plan, acc);
    expect(s.capped.count).toBeGreaterThan(0); // a 60-turn cap catches some games
    expect(s.seats[0]!.wins + s.seats[1]!.wins + s.draws.count + s.capped.count).toBe(2000);
    expect(s.decided).toBe(s.seats[0]!.wins + s.seats[1]!.wins);
    expect(s.length.turns.max).toBeLessThanOrEqual(60);
  });

  it('refuses a buffer of the wrong shape', () => {
    expect(() => new Accumulator({ players: 2, labels: 1, maxTurns: 10, counters: 0, seatCounters: 0, tableCells: [], tableWidths: [], rateColumns: [] }, new Float64Array(3))).toThrow(/slots/);
  });

  it('keeps metric tables as separate views of the one buffer, merged like everything else', () => {
    const shape = { players: 2, labels: 1, maxTurns: 10, counters: 1, seatCounters: 1, tableCells: [6, 2], tableWidths: [3, 1], rateColumns: [[], []] };
    const a = new Accumulator(shape);
    const b = new Accumulator(shape);
    expect(a.tables.map((t) => t.length)).toEqual([6, 2]);
    a.tables[0]![5] = 3;
    a.tables[1]![0] = 1;
    a.seatCounters[1] = 4;
    b.tables[0]![5] = 2;
    a.merge(b);
    expect(Array.from(a.tables[0]!)).toEqual([0, 0, 0, 0, 0, 5]);
    expect(Array.from(a.tables[1]!)).toEqual([1, 0]);
    expect(Array.from(a.seatCounters)).toEqual([0, 4]);
    expect(new Accumulator(shape, a.data).tables[0]![5]).toBe(5);
  });
});
