/**
 * Block movement (docs/rules/squish.md "Moving a block"): the simple game's worked examples
 * from the seed (its pictures are lost, so each position is reconstructed to fit the text),
 * the rules doc's bounce checks, pushing and squishing markers, wedged blocks.
 * Coordinates: (x, y) with x from the west wall, y from the north wall; directions 1 = N,
 * 2 = NE, 3 = E, 4 = SE, 5 = S, 6 = SW, 7 = W, 8 = NW.
 */
import { describe, it, expect } from 'vitest';
import { board, roll, blockAt, markerAt, events } from './position.js';
import { EV_BOUNCE, EV_SQUISH, EV_WEDGED, WALL_BIT } from '../../../src/games/squish/state.js';
import { squish } from '../../../src/games/squish/index.js';

const N = 1, NE = 2, E = 3, SE = 4, S = 5, SW = 6, W = 7, NW = 8;

/** The bounces of the last roll as [block, from, to, force left]. */
const bounces = (s: ReturnType<typeof board>) => events(s).filter((e) => e[0] === EV_BOUNCE).map((e) => [e[1], e[2], e[3], e[4]]);

describe("the seed's simple-game examples (one 3 x 3 block on 12 x 12)", () => {
  it('direction 5 for 6: bounces off the south wall, ends one row up', () => {
    // The default block stands at (4, 4); 5 steps south reach the wall, the 6th bounces north.
    const s = roll(board({}), 1, S, 6);
    expect(bounces(s)).toEqual([[1, S, N, 1]]);
    expect(blockAt(s, 1)).toEqual([4, 8]);
    expect(s.rollSteps).toBe(6);
  });

  it('direction 6 for 3: hits the south wall at an angle and goes on in direction 8', () => {
    const s = board({ blocks: [[5, 8, 3, 3]] });
    roll(s, 1, SW, 3);
    // (5, 8) -> (4, 9) against the south wall; SW becomes NW: (3, 8), (2, 7).
    expect(bounces(s)).toEqual([[1, SW, NW, 2]]);
    expect(blockAt(s, 1)).toEqual([2, 7]);
  });

  it('direction 2 for 4: pushes a marker along in the same direction', () => {
    const s = board({ markers: [[7, 5], [0, 11]] });
    roll(s, 1, NE, 4);
    expect(blockAt(s, 1)).toEqual([8, 0]);
    expect(markerAt(s, 0)).toEqual([11, 1]);
    expect(s.rollSquished).toBe(0);
  });

  it('direction 3 for 2: pushes both markers; the far one (green) is squished against the wall', () => {
    // Red (seat 0) and green (seat 1) stand in line east of the block, green one square from the wall.
    const s = board({ blocks: [[6, 4, 3, 3]], markers: [[9, 5], [10, 5]] });
    roll(s, 1, E, 2);
    expect(blockAt(s, 1)).toEqual([8, 4]);
    expect(markerAt(s, 0)).toEqual([11, 5]);
    expect(markerAt(s, 1)).toBeNull();
    expect(s.rollSquished).toBe(0b10);
    expect(s.onBoard).toBe(1);
  });

  it('direction 2 for 5: 1 step squishing red, bounce to 8, 2 steps, bounce off the top wall to 6, 2 steps', () => {
    // One square between the block and the east wall; red stands in the column the block enters.
    const s = board({ blocks: [[8, 3, 3, 3]], markers: [[11, 3], [0, 11]] });
    roll(s, 1, NE, 5);
    expect(events(s).filter((e) => e[0] === EV_SQUISH).map((e) => [e[2], e[3], e[4]])).toEqual([[0, 11, 3]]);
    expect(bounces(s)).toEqual([
      [1, NE, NW, 4],
      [1, NW, SW, 2],
    ]);
    expect(blockAt(s, 1)).toEqual([5, 2]);
    expect(s.rollSteps).toBe(5);
  });
});

describe('wall bounces (rules doc)', () => {
  it('straight on: reverse; the bounce costs no force', () => {
    const s = roll(board({ blocks: [[8, 4, 3, 3]] }), 1, E, 3);
    // (8,4) -> (9,4) at the wall; bounce W, then (8,4), (7,4).
    expect(bounces(s)).toEqual([[1, E, W, 2]]);
    expect(blockAt(s, 1)).toEqual([7, 4]);
  });

  it('NE into the east wall becomes NW; NE into the north wall becomes SE', () => {
    const east = roll(board({ blocks: [[9, 5, 3, 3]] }), 1, NE, 2);
    expect(bounces(east)).toEqual([[1, NE, NW, 2]]);
    expect(blockAt(east, 1)).toEqual([7, 3]);
    const north = roll(board({ blocks: [[4, 0, 3, 3]], starts: [[0, 5], [0, 7]] }), 1, NE, 2);
    expect(bounces(north)).toEqual([[1, NE, SE, 2]]);
    expect(blockAt(north, 1)).toEqual([6, 2]);
  });

  it('SW into the south wall becomes NW; SW into the west wall becomes SE', () => {
    const south = roll(board({ blocks: [[4, 9, 3, 3]], starts: [[0, 0], [11, 0]] }), 1, SW, 1);
    expect(bounces(south)).toEqual([[1, SW, NW, 1]]);
    expect(blockAt(south, 1)).toEqual([3, 8]);
    const west = roll(board({ blocks: [[0, 4, 3, 3]] }), 1, SW, 1);
    expect(bounces(west)).toEqual([[1, SW, SE, 1]]);
    expect(blockAt(west, 1)).toEqual([1, 5]);
  });

  it('into a corner (both components blocked): reverse', () => {
    const s = roll(board({ blocks: [[9, 0, 3, 3]], starts: [[0, 5], [0, 7]] }), 1, NE, 2);
    expect(bounces(s)).toEqual([[1, NE, SW, 2]]);
    expect(blockAt(s, 1)).toEqual([7, 2]);
  });

  it('a block that still cannot move after its bounce is wedged and loses its force', () => {
    // A 4-wide block on a 4-wide board: east is the wall, and so is west.
    const s = board({ rules: { width: 4, height: 8 }, blocks: [[0, 3, 4, 2]], starts: [[0, 0], [3, 7]] });
    roll(s, 1, E, 5);
    expect(events(s).filter((e) => e[0] === EV_WEDGED).map((e) => [e[1], e[2]])).toEqual([[1, 5]]);
    expect(blockAt(s, 1)).toEqual([0, 3]);
    expect(s.wedged).toBe(1);
    // Diagonally it bounces to the free component instead: NE -> wall east -> NW -> wall west? No: N is free.
    const t = board({ rules: { width: 4, height: 8 }, blocks: [[0, 3, 4, 2]], starts: [[0, 0], [3, 7]] });
    roll(t, 1, NE, 2);
    // NE: the x step is blocked, the y step is free: flip x -> NW, also blocked (x) -> wedged.
    expect(bounces(t)).toEqual([[1, NE, NW, 2]]);
    expect(blockAt(t, 1)).toEqual([0, 3]);
    expect(t.wedged).toBe(1);
  });

  it('a diagonal bounce reports the wall in its obstacle mask', () => {
    const s = roll(board({ blocks: [[9, 5, 3, 3]] }), 1, NE, 1);
    const b = events(s).find((e) => e[0] === EV_BOUNCE)!;
    expect(b[5]! & WALL_BIT).toBe(WALL_BIT);
  });
});

describe('markers in the way', () => {
  it('are pushed in a chain, one square per step, and pushing never bounces the block', () => {
    const s = board({ players: 3, starts: [[0, 0], [0, 11], [11, 11]], markers: [[7, 4], [8, 4], [9, 4]] });
    roll(s, 1, E, 1);
    expect([markerAt(s, 0), markerAt(s, 1), markerAt(s, 2)]).toEqual([[8, 4], [9, 4], [10, 4]]);
    expect(blockAt(s, 1)).toEqual([5, 4]);
    expect(s.rollBounces).toBe(0);
  });

  it('the far marker of a chain that cannot move is squished; the block takes the square for no extra force', () => {
    const s = board({ players: 3, starts: [[0, 0], [0, 11], [11, 11]], markers: [[7, 4], [8, 4], [9, 4]] });
    roll(s, 1, E, 4);
    // Step 2 pushes the chain to 9, 10, 11; step 3 squishes the marker at 11 (seat 2), step 4 the one at 11 (seat 1).
    expect(markerAt(s, 2)).toBeNull();
    expect(markerAt(s, 1)).toBeNull();
    expect(markerAt(s, 0)).toEqual([11, 4]);
    expect(blockAt(s, 1)).toEqual([8, 4]);
    expect(s.rollSteps).toBe(4);
    expect(s.squishes).toBe(2);
    // Seat 0 is the one to move, so the roll is its own: two opponents squished, not itself.
    expect(s.seatSquishesCaused[0]).toBe(2);
    expect(s.seatSelfSquishes[0]).toBe(0);
  });

  it('a marker is squished against the edge when a diagonal push would take it off the board', () => {
    const s = board({ blocks: [[4, 1, 3, 3]], markers: [[5, 0], [0, 11]] });
    roll(s, 1, NE, 1);
    // (5, 0) is entered by the step to (5, 0); NE of it is off the board.
    expect(markerAt(s, 0)).toBeNull();
    expect(blockAt(s, 1)).toEqual([5, 0]);
  });

  it('a marker is squished against another block', () => {
    const s = board({ rules: { mode: 'advanced' }, blocks: [[2, 4, 2, 2], [5, 4, 2, 2]], starts: [[0, 0], [11, 11]], markers: [[4, 4], [11, 11]] });
    roll(s, 1, E, 1);
    expect(markerAt(s, 0)).toBeNull();
    expect(blockAt(s, 1)).toEqual([3, 4]);
    expect(s.rollHits).toBe(0);
  });

  it('every rolled step keeps the invariants', () => {
    const s = board({ players: 3, starts: [[0, 0], [0, 11], [11, 11]], markers: [[7, 4], [8, 4], [9, 4]] });
    roll(s, 1, SE, 6);
    s.rolls = 1; // the roll of the current turn, before the mover's movement points
    s.mp = 1;
    expect(squish.checkInvariants(s)).toBeNull();
  });
});
