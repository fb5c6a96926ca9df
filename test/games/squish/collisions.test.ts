/**
 * Block hits block (docs/rules/squish.md "Block hits block"): the seed's four advanced-game
 * examples, face detection, double hits, transmission, the resolution queue, "each block moves
 * at most once per roll", and the `forces` and `resolution` variants. Blocks are 2 x 2 unless
 * said otherwise; the seed's pictures are lost, so each position is reconstructed to fit the
 * text (example 3 needs a 10-wide board; example 4 cannot be reproduced exactly, see there).
 */
import { describe, it, expect } from 'vitest';
import { board, roll, blockAt, markerAt, events } from './position.js';
import { EV_BOUNCE, EV_HIT, EV_START, EV_TRANSMIT, EV_SQUISH, HIT_NEW, HIT_NONE, HIT_ADDED, HIT_IGNORED, WALL_BIT } from '../../../src/games/squish/state.js';

const NE = 2, E = 3, SE = 4, SW = 6, W = 7, NW = 8;

type Pos = [number, number];
const adv = (blocks: Pos[], rules: Record<string, unknown> = {}, markers?: (Pos | null)[], width = 12) =>
  board({
    rules: { mode: 'advanced', width, ...rules },
    blocks: blocks.map(([x, y]) => [x, y, 2, 2] as [number, number, number, number]),
    starts: [[0, 11], [width - 1, 11]],
    markers,
  });

/** Hits as [hitter, target, force, dir, effect]; starts as [block, dir, force]; bounces as [block, from, to, force, mask]. */
const hits = (s: ReturnType<typeof board>) => events(s).filter((e) => e[0] === EV_HIT).map((e) => [e[1], e[2]! + 1, e[3], e[4], e[5]]);
const starts = (s: ReturnType<typeof board>) => events(s).filter((e) => e[0] === EV_START).map((e) => [e[1], e[2], e[3]]);
const bounces = (s: ReturnType<typeof board>) => events(s).filter((e) => e[0] === EV_BOUNCE).map((e) => [e[1], e[2], e[3], e[4], e[5]]);
const WALLS = WALL_BIT;
const bit = (n: number) => 1 << (n - 1);

describe("the seed's advanced-game examples", () => {
  it('example 1: block 2 west for 6 hits block 1 after 2 squares with force 4; block 2 bounces, then block 1 moves 4', () => {
    const s = roll(adv([[2, 2], [6, 2], [2, 8], [8, 8]]), 2, W, 6);
    expect(hits(s)).toEqual([[2, 1, 4, W, HIT_NEW]]);
    expect(starts(s)).toEqual([
      [2, W, 6],
      [1, W, 4],
    ]);
    expect(bounces(s)).toEqual([
      [2, W, E, 4, bit(1)],
      [1, W, E, 2, WALLS],
    ]);
    // Block 2: 2 west, bounce, 4 east. Block 1: 2 west to the wall, bounce, 2 east.
    expect(blockAt(s, 2)).toEqual([8, 2]);
    expect(blockAt(s, 1)).toEqual([2, 2]);
    expect(s.chainBlocks).toBe(1);
  });

  it('example 2: block 1 SE for 5 bounces off block 3 to NE for 3; block 3 (3) pushes a marker, bounces off block 4 (1); block 4 moves 1', () => {
    const s = adv([[1, 1], [9, 1], [4, 5], [8, 9]], {}, [[5, 7], [11, 11]]);
    roll(s, 1, SE, 5);
    // Block 1 hits block 3 with its south face: SE becomes NE.
    expect(hits(s)).toEqual([
      [1, 3, 3, SE, HIT_NEW],
      [3, 4, 1, SE, HIT_NEW],
    ]);
    expect(bounces(s)).toEqual([
      [1, SE, NE, 3, bit(3)],
      // Block 3 meets block 4 corner to corner (neither single-axis step is blocked): reverse.
      [3, SE, NW, 1, bit(4)],
    ]);
    expect(starts(s)).toEqual([
      [1, SE, 5],
      [3, SE, 3],
      [4, SE, 1],
    ]);
    expect(blockAt(s, 1)).toEqual([6, 0]);
    expect(blockAt(s, 3)).toEqual([5, 6]);
    expect(blockAt(s, 4)).toEqual([9, 10]);
    expect(markerAt(s, 0)).toEqual([7, 9]); // pushed twice, not squished
    expect(s.rollSquished).toBe(0);
  });

  // Example 3 on a 10-wide board: block 1 one square west of block 2, block 3 touching block 2's
  // east side, a marker in block 3's path two squares from the east wall.
  const example3 = (rules: Record<string, unknown> = {}) => roll(adv([[1, 4], [4, 4], [6, 4], [1, 8]], rules, [[8, 4], [9, 9]], 10), 1, E, 6);

  it('example 3: the second hit on block 2 has no effect; block 2 cannot move and passes 5 on to block 3, which squishes the marker', () => {
    const s = example3();
    expect(hits(s)).toEqual([
      [1, 2, 5, E, HIT_NEW],
      [1, 2, 1, E, HIT_IGNORED],
      [2, 3, 5, E, HIT_NEW], // passed on through block 2
      [3, 2, 1, W, HIT_NONE], // block 2 has had its turn
    ]);
    expect(events(s).filter((e) => e[0] === EV_TRANSMIT).map((e) => [e[1], e[2], e[3], e[4]])).toEqual([[2, bit(3), 5, E]]);
    expect(bounces(s)).toEqual([
      [1, E, W, 5, bit(2)],
      [1, W, E, 3, WALLS],
      [1, E, W, 1, bit(2)],
      [3, E, W, 3, WALLS],
      [3, W, E, 1, bit(2)],
    ]);
    expect(events(s).filter((e) => e[0] === EV_SQUISH).map((e) => [e[1], e[2]])).toEqual([[3, 0]]);
    expect(blockAt(s, 1)).toEqual([1, 4]);
    expect(blockAt(s, 2)).toEqual([4, 4]);
    expect(blockAt(s, 3)).toEqual([7, 4]);
    expect(s.transmissions).toBe(1);
    expect(s.chainBlocks).toBe(1); // only block 3 was set in motion
  });

  it('example 3 with cumulative forces: block 2 collects 5 + 1 and passes 6 on', () => {
    const s = example3({ forces: 'cumulative' });
    expect(hits(s).slice(0, 3)).toEqual([
      [1, 2, 5, E, HIT_NEW],
      [1, 2, 1, E, HIT_ADDED],
      [2, 3, 6, E, HIT_NEW],
    ]);
    // Block 3: 2 east (squish), bounce, 2 west, hits block 2, bounce, 2 east.
    expect(blockAt(s, 3)).toEqual([8, 4]);
    expect(markerAt(s, 0)).toBeNull();
  });

  // Example 4 cannot be placed exactly as told: with 2 x 2 blocks, a block that block 1 hits at
  // the same time as block 2 must stand in the same columns as block 2, so block 2 cannot then
  // reach it after going NE and SE. This reconstruction keeps every mechanism the example
  // shows: block 1 NE for 6 hits blocks 2 and 3 at once with the same force (4) on its east
  // face and bounces to NW; block 2 (lowest number) resolves first, reverses out of a corner,
  // hits block 3, which is waiting (no effect under first-hit), and bounces; block 3 then moves
  // with its own first hit, bounces off block 2 (already moved: no effect) and out of a corner.
  const example4 = (rules: Record<string, unknown> = {}) => roll(adv([[5, 5], [9, 1], [9, 3], [9, 5]], rules), 1, NE, 6);

  it('example 4: a double hit, lowest number first, a second hit on a waiting block, a hit on a moved block', () => {
    const s = example4();
    expect(hits(s)).toEqual([
      [1, 2, 4, NE, HIT_NEW],
      [1, 3, 4, NE, HIT_NEW],
      [2, 3, 2, SW, HIT_IGNORED],
      [3, 2, 2, NW, HIT_NONE],
    ]);
    expect(starts(s)).toEqual([
      [1, NE, 6],
      [2, NE, 4],
      [3, NE, 4],
    ]);
    expect(bounces(s)).toEqual([
      [1, NE, NW, 4, bit(2) | bit(3)],
      [1, NW, SW, 1, WALLS],
      [2, NE, SW, 3, WALLS], // into the corner: reverse
      [2, SW, NW, 2, bit(3)],
      [2, NW, SW, 1, WALLS],
      [3, NE, NW, 3, WALLS],
      [3, NW, NE, 2, bit(2)],
      [3, NE, SW, 1, WALLS],
    ]);
    expect([blockAt(s, 1), blockAt(s, 2), blockAt(s, 3), blockAt(s, 4)]).toEqual([
      [3, 1],
      [7, 1],
      [9, 1],
      [9, 5],
    ]);
  });

  it('example 4 with cumulative forces: block 3 waits with 4 + 2', () => {
    const s = example4({ forces: 'cumulative' });
    expect(hits(s)[2]).toEqual([2, 3, 2, SW, HIT_ADDED]);
    expect(starts(s)[2]).toEqual([3, NE, 6]);
  });
});

describe('block on block', () => {
  it('a straight hit reverses the mover and passes its remaining force and direction', () => {
    const s = roll(adv([[2, 2], [5, 2], [2, 8], [8, 8]]), 1, E, 3);
    // (3,2) touches block 2; the next attempt hits it with 2 left and steps back west: (2,2), (1,2).
    expect(hits(s)).toEqual([[1, 2, 2, E, HIT_NEW]]);
    expect(blockAt(s, 1)).toEqual([1, 2]);
    expect(blockAt(s, 2)).toEqual([7, 2]);
  });

  it('face detection: a diagonal mover flips the component whose single-axis step collides', () => {
    // Block 2 east of block 1: NE hits the east face -> NW.
    const east = roll(adv([[4, 5], [6, 4], [0, 0], [9, 9]]), 1, NE, 1);
    expect(bounces(east)[0]!.slice(0, 3)).toEqual([1, NE, NW]);
    // Block 2 north of block 1: NE hits the north face -> SE.
    const north = roll(adv([[4, 5], [5, 3], [0, 0], [9, 9]]), 1, NE, 1);
    expect(bounces(north)[0]!.slice(0, 3)).toEqual([1, NE, SE]);
    // Corner to corner: neither single-axis step collides -> reverse.
    const corner = roll(adv([[4, 5], [6, 3], [0, 0], [9, 9]]), 1, NE, 1);
    expect(bounces(corner)[0]!.slice(0, 3)).toEqual([1, NE, SW]);
    // Both faces blocked (one block east, one north) -> reverse, and both are hit.
    const both = roll(adv([[4, 5], [6, 5], [4, 3], [9, 9]]), 1, NE, 2);
    expect(bounces(both)[0]!.slice(0, 3)).toEqual([1, NE, SW]);
    expect(hits(both).map((h) => h[1])).toEqual([2, 3]);
  });

  it('transmission runs recursively along a line of touching blocks', () => {
    // 1 hits 2; 2 touches 3 and 3 touches 4 on the east: 4 gets the hit.
    const s = roll(adv([[0, 2], [3, 2], [5, 2], [7, 2]]), 1, E, 4);
    expect(events(s).filter((e) => e[0] === EV_TRANSMIT).map((e) => [e[1], e[2]])).toEqual([
      [2, bit(3)],
      [3, bit(4)],
    ]);
    expect([blockAt(s, 2), blockAt(s, 3)]).toEqual([
      [3, 2],
      [5, 2],
    ]);
    // Block 4 moves east with the 3 left at the hit, up to the wall.
    expect(blockAt(s, 4)).toEqual([10, 2]);
    expect(s.transmissions).toBe(2);
  });

  it('a hit passed on along a line moves the far block', () => {
    // 1 steps to (5,2) touching 2, then hits 2 with 1 W; 2 cannot move (3 touches it) and passes it on.
    const s = roll(adv([[6, 2], [3, 2], [1, 2], [8, 8]]), 1, W, 2);
    expect(hits(s)).toEqual([
      [1, 2, 1, W, HIT_NEW],
      [2, 3, 1, W, HIT_NEW],
    ]);
    expect(blockAt(s, 3)).toEqual([0, 2]);
    expect(blockAt(s, 2)).toEqual([3, 2]);
  });

  it('the queue: blocks hit earlier move first; blocks hit at the same step by number', () => {
    // Block 3 moving E hits block 4 first (step 1), then bounces W and hits block 1 (later).
    const s = roll(adv([[0, 2], [8, 8], [2, 2], [5, 2]]), 3, E, 3);
    expect(hits(s).map((h) => h[1])).toEqual([4, 1]);
    expect(starts(s).map((h) => h[0])).toEqual([3, 4, 1]);
  });

  it('a block moves at most once per roll: a hit on the block that started the roll has no effect', () => {
    // Block 1 is wedged between block 3 (west) and block 2 (east, against the wall).
    const s = roll(adv([[8, 2], [10, 2], [6, 2], [8, 8]]), 1, E, 1);
    expect(hits(s)).toEqual([
      [1, 2, 1, E, HIT_NEW],
      [1, 3, 1, W, HIT_NEW], // wedged: the block behind it is hit too
      [2, 1, 1, W, HIT_NONE], // block 2 bounces off the wall into block 1, the roller
    ]);
    expect(s.wedged).toBe(2);
    expect([blockAt(s, 1), blockAt(s, 2), blockAt(s, 3)]).toEqual([
      [8, 2],
      [10, 2],
      [5, 2],
    ]);
  });

  it('a wedged block hits both blocks it is wedged against; they then move', () => {
    const s = roll(adv([[4, 2], [6, 2], [2, 2], [8, 8]]), 1, E, 3);
    expect(hits(s)).toEqual([
      [1, 2, 3, E, HIT_NEW],
      [1, 3, 3, W, HIT_NEW],
    ]);
    expect(s.wedged).toBe(1);
    expect(blockAt(s, 1)).toEqual([4, 2]);
    expect(blockAt(s, 2)).toEqual([9, 2]);
    // Block 3: two squares west to the wall, bounce, one back.
    expect(blockAt(s, 3)).toEqual([1, 2]);
  });
});

describe('simultaneous resolution', () => {
  // Block 1 one square west of block 2 on a 12-wide board, force 6 east.
  const pos = (resolution: string, forces = 'first-hit') => roll(adv([[1, 4], [4, 4], [0, 0], [9, 9]], { resolution, forces }), 1, E, 6);

  it('sequential: block 1 finishes first and hits the waiting block 2 again on its way back', () => {
    const s = pos('sequential');
    expect(hits(s)).toEqual([
      [1, 2, 5, E, HIT_NEW],
      [1, 2, 1, E, HIT_IGNORED],
    ]);
    expect(blockAt(s, 1)).toEqual([1, 4]);
    expect(blockAt(s, 2)).toEqual([9, 4]);
  });

  it('simultaneous: after the first collision both move a square per tick, so block 2 is gone when block 1 comes back', () => {
    const s = pos('simultaneous');
    expect(hits(s)).toEqual([[1, 2, 5, E, HIT_NEW]]);
    expect(blockAt(s, 1)).toEqual([3, 4]);
    expect(blockAt(s, 2)).toEqual([9, 4]);
  });

  it('cumulative + sequential: the second hit adds (5 + 1)', () => {
    const s = pos('sequential', 'cumulative');
    expect(blockAt(s, 2)).toEqual([10, 4]);
  });

  it('ticks go in number order and a block hit during a tick starts on the next one', () => {
    // Block 3 is the roller; in tick order block 1 (hit by 3) would move before 3 if it were active.
    const s = roll(adv([[6, 4], [0, 0], [3, 4], [9, 9]], { resolution: 'simultaneous' }), 3, E, 3);
    // 3 steps to (4,4) touching 1, hits it with 2 and bounces W to (3,4); then tick 1: block 1
    // starts (2 E) and steps first, then block 3 steps W.
    const ev = events(s).filter((e) => e[0] === EV_START || e[0] === EV_HIT);
    expect(ev.map((e) => [e[0], e[1]])).toEqual([
      [EV_START, 3],
      [EV_HIT, 3],
      [EV_START, 1],
    ]);
    expect(blockAt(s, 1)).toEqual([8, 4]);
    expect(blockAt(s, 3)).toEqual([2, 4]);
  });
});
