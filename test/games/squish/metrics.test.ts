/** Squish! metrics: what one finished game adds to the run's counters. */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { moveTo } from '../../../src/games/squish/markers.js';
import { board, dice, roll, Scripted } from './position.js';
import type { SquishState } from '../../../src/games/squish/state.js';
import { Rng } from '../../../src/sim/rng.js';

/** The `squares` table after recording `s` once: entries per square, keyed "(x, y)". */
function squares(s: SquishState) {
  const specs = squish.metrics.tables!(s.rules, s.players);
  const k = specs.findIndex((x) => x.name === 'squares');
  const spec = specs[k]!;
  const all = specs.map((x) => new Float64Array(x.rows.length * x.columns.length));
  squish.metrics.recordTables!(s, all);
  const t = all[k]!;
  const entries: Record<string, number> = {};
  const squared: Record<string, number> = {};
  spec.rows.forEach((row, r) => {
    if (t[r * 2]! > 0) entries[row] = t[r * 2]!;
    if (t[r * 2 + 1]! > 0) squared[row] = t[r * 2 + 1]!;
  });
  return { spec, entries, squared };
}

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
    expect(seat(0)).toMatchObject({ squished: 0, squishesCaused: 2, selfSquishes: 0, onBoardAtEnd: 2, squishedGames: 0, squishedSquared: 0 });
    expect(seat(1)).toMatchObject({ squished: 2, squishesCaused: 0, onBoardAtEnd: 0, squishedGames: 2, squishedSquared: 2 });
  });

  it('count games with a squish and squishes squared per seat when a seat is squished twice in a game (advanced)', () => {
    const s = board({ rules: { mode: 'advanced' }, players: 2 });
    s.seatSquished[1] = 2;
    const k = squish.metrics.seatCounters.length;
    const seats = new Float64Array(k * 2);
    squish.metrics.record(s, new Float64Array(squish.metrics.counters.length), seats);
    const at = (p: number, name: string) => seats[p * k + squish.metrics.seatCounters.findIndex((c) => c.name === name)];
    expect([at(1, 'squished'), at(1, 'squishedGames'), at(1, 'squishedSquared')]).toEqual([2, 1, 4]);
    expect([at(0, 'squished'), at(0, 'squishedGames'), at(0, 'squishedSquared')]).toEqual([0, 0, 0]);
  });
});

describe('the squares table (block entries per square)', () => {
  it('has one row per square, row by row from the north-west corner', () => {
    const { spec } = squares(board({ rules: { width: 5, height: 4 }, blocks: [[1, 1, 2, 2]], starts: [[0, 0], [4, 3]] }));
    expect(spec.rows.length).toBe(20);
    expect(spec.rows.slice(0, 6)).toEqual(['(0, 0)', '(1, 0)', '(2, 0)', '(3, 0)', '(4, 0)', '(0, 1)']);
    expect(spec.columns.map((c) => c.name)).toEqual(['blockEntries', 'blockEntriesSquared']);
  });

  it('an orthogonal step enters the new leading column: one entry per square, none for the start squares', () => {
    // The default 3 x 3 block at (4, 4) rolls E for 2: it enters column 7, then column 8.
    const s = roll(board({}), 1, 3, 2);
    const { entries } = squares(s);
    expect(entries).toEqual({ '(7, 4)': 1, '(7, 5)': 1, '(7, 6)': 1, '(8, 4)': 1, '(8, 5)': 1, '(8, 6)': 1 });
  });

  it('a diagonal step enters w + h - 1 squares; a square entered twice in a game counts twice, squared per game', () => {
    // 3 x 3 at (4, 4): NE for 1 -> (5, 3) enters row 3 (x 5-7) and column 7 (y 4-5); then SW for 1 back.
    const s = roll(board({}), 1, 2, 1);
    roll(s, 1, 6, 1);
    const { entries, squared } = squares(s);
    expect(Object.values(entries).reduce((a, b) => a + b, 0)).toBe(10);
    expect(entries['(5, 3)']).toBe(1);
    expect(entries['(4, 6)']).toBe(1); // the way back enters the old squares again
    roll(s, 1, 2, 1);
    expect(squares(s).entries['(5, 3)']).toBe(2);
    expect(squares(s).squared['(5, 3)']).toBe(4);
    expect(squared['(5, 3)']).toBe(1);
  });

  it('agree with the block steps in a played game, and the invariants catch a count on the wall or a lost entry', () => {
    const s = squish.createState(board({}).rules, 4);
    const rng = new Rng();
    rng.seedGame(7, 0, 0);
    squish.reset(s, rng);
    const out = new Int32Array(squish.actionCapacity(s.rules, 4));
    while (!s.terminal && s.blockSteps < 20) squish.apply(s, out[rng.int(squish.legalActions(s, out))]!, rng);
    expect(s.blockSteps).toBeGreaterThan(0);
    expect(squish.checkInvariants(s)).toBeNull();
    const total = Object.values(squares(s).entries).reduce((a, b) => a + b, 0);
    // The 3 x 3 block enters 3 squares per straight step and 5 per diagonal one.
    const extra = total - 3 * s.blockSteps;
    expect(extra % 2).toBe(0);
    expect(extra).toBeGreaterThanOrEqual(0);
    expect(extra).toBeLessThanOrEqual(2 * s.blockSteps);
    s.blockEntries[0] = 1;
    expect(squish.checkInvariants(s)).toMatch(/on the wall/);
    s.blockEntries[0] = 0;
    const c = s.cellAt(0, 0);
    s.blockEntries[c] = s.blockEntries[c]! + 5 * s.blockSteps;
    expect(squish.checkInvariants(s)).toMatch(/block entries for/);
  });

  it('is cleared by reset and survives copy', () => {
    const s = roll(board({}), 1, 3, 2);
    const d = squish.createState(s.rules, s.players);
    squish.copy(d, s);
    expect(squares(d).entries).toEqual(squares(s).entries);
    squish.reset(s, dice({ dir: 0, force: 1, mp: 1 }));
    expect(squares(s).entries).toEqual({});
  });
});

describe('the startSquares table', () => {
  it('counts, per start square, the game and whether the marker that started there was squished', () => {
    // Seat 0 rolls E 1 and squishes seat 1 (started at (11, 5)) against the east wall.
    const s = board({ blocks: [[8, 4, 3, 3]], starts: [[5, 0], [11, 5]] });
    squish.reset(s, dice({ dir: 3, force: 1, mp: 1 }));
    squish.apply(s, moveTo(s, 5, 0), new Scripted([]));
    const specs = squish.metrics.tables!(s.rules, s.players);
    const k = specs.findIndex((x) => x.name === 'startSquares');
    const all = specs.map((x) => new Float64Array(x.rows.length * x.columns.length));
    squish.metrics.recordTables!(s, all);
    const t = all[k]!;
    const byRow: Record<string, [number, number]> = {};
    specs[k]!.rows.forEach((row, r) => (byRow[row] = [t[2 * r]!, t[2 * r + 1]!]));
    expect(byRow).toEqual({ 'start 0 (5, 0)': [0, 1], 'start 1 (11, 5)': [1, 1] });
  });
});
