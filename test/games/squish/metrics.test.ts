/** Squish! metrics: what one finished game adds to the run's counters. */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { moveTo } from '../../../src/games/squish/rules.js';
import { board, dice, Scripted } from './position.js';

describe('metrics', () => {
  it('count squishes (per game, squared, first turn, per seat and roller), rolls, steps per block and seats left on the board', () => {
    // Seat 0 rolls E 1 and squishes seat 1 against the east wall, then stays: it wins in turn 1.
    const s = board({ blocks: [[8, 4, 3, 3]], starts: [[5, 0], [11, 5]] });
    squish.reset(s, dice({ dir: 3, force: 1, mp: 1 }));
    squish.apply(s, moveTo(s, 5, 0), new Scripted([]));
    expect([s.terminal, s.winner]).toEqual([true, 0]);
    const counters = new Float64Array(squish.metrics.counters.length);
    const seats = new Float64Array(squish.metrics.seatCounters.length * 2);
    squish.metrics.record(s, counters, seats);
    squish.metrics.record(s, counters, seats); // twice: sums
    const c = Object.fromEntries(squish.metrics.counters.map((m, i) => [m.name, counters[i]]));
    expect(c).toMatchObject({ squishes: 2, squishesSquared: 2, gamesWithSquish: 2, firstSquishTurnSum: 2, rolls: 2, blockSteps: 2, block1Steps: 2, block2Steps: 0, bounces: 0 });
    const k = squish.metrics.seatCounters.length;
    const seat = (p: number) => Object.fromEntries(squish.metrics.seatCounters.map((m, i) => [m.name, seats[p * k + i]]));
    expect(seat(0)).toMatchObject({ squished: 0, squishesCaused: 2, selfSquishes: 0, onBoardAtEnd: 2 });
    expect(seat(1)).toMatchObject({ squished: 2, squishesCaused: 0, onBoardAtEnd: 0 });
  });
});
