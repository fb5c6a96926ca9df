/**
 * The turn structure and winning (docs/rules/squish.md "A player's turn", "Winning"), with
 * scripted dice: the d10 (0 = no move, 9 = the roller chooses), the d6 force, the block die,
 * movement points; squished players rolling on; turns resolved inside apply; turn and round
 * counting; simple-game wins and the everybody-loses draw; capped games; the advanced game's
 * shards, restarts and win.
 */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { PHASE_DIRECTION, PHASE_MOVE } from '../../../src/games/squish/state.js';
import { moveTo } from '../../../src/games/squish/markers.js';
import { dirBase } from '../../../src/games/squish/actions.js';
import { NO_WINNER } from '../../../src/sim/types.js';
import { Rng } from '../../../src/sim/rng.js';
import { board, dice, blockAt, markerAt, legal, placeMarker, Scripted, turn, type BoardSpec } from './position.js';

const E = 3, W = 7;

/** A crafted position where `seat` is about to choose its move with `mp` movement points. */
function atMove(spec: BoardSpec, seat: number, mp: number) {
  const s = board(spec);
  s.toMove = seat;
  s.phase = PHASE_MOVE;
  s.mp = mp;
  s.rolls = 1;
  return s;
}
const stay = (s: ReturnType<typeof board>) => moveTo(s, s.cellX[s.markerCell[s.toMove]!]!, s.cellY[s.markerCell[s.toMove]!]!);
const ok = (s: ReturnType<typeof board>) => expect(squish.checkInvariants(s)).toBeNull();

describe('a turn', () => {
  it('rolls direction, force (and block), then movement points, and stops at the movement decision', () => {
    const s = board({});
    const rng = dice({ dir: 0, force: 3, mp: 2 });
    squish.reset(s, rng);
    expect(rng.left).toBe(0);
    expect([s.phase, s.toMove, s.mp, s.turns, s.rounds, s.rolls, s.noMoveRolls]).toEqual([PHASE_MOVE, 0, 2, 0, 1, 1, 1]);
    expect(blockAt(s, 1)).toEqual([4, 4]); // a 0: the block does not move
    // Seat 0 starts at (5, 0): 5 x 3 squares within two king moves, staying included.
    expect(legal(s)).toHaveLength(15);
    ok(s);
  });

  it('a 9 is a decision among the eight directions, 1-8 in order; the chosen direction is rolled with the rolled force', () => {
    const s = board({});
    squish.reset(s, dice({ dir: 0, force: 1, mp: 1 }));
    const rng = dice({ dir: 9, force: 4 }, { dir: 0, force: 1, mp: 1 });
    squish.apply(s, stay(s), rng);
    expect([s.phase, s.toMove, s.turns, s.chooseRolls]).toEqual([PHASE_DIRECTION, 1, 1, 1]);
    const base = dirBase(1, 144);
    expect(legal(s)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((d) => base + d));
    expect(squish.describeAction(s, base + 2)).toBe('seat 1 (B) chooses direction 3 (E) for block 1, force 4');
    ok(s);
    // Choosing E: the block moves 4 east; then seat 1 rolls 1 MP... (scripted: the next turn's dice are seat 0's).
    squish.apply(s, base + 2, new Scripted([0, ...turn({ dir: 0, force: 1, mp: 1 })]));
    expect(blockAt(s, 1)).toEqual([8, 4]);
    expect([s.phase, s.toMove, s.mp]).toEqual([PHASE_MOVE, 1, 1]);
    ok(s);
  });

  it('with several blocks the block die picks the block', () => {
    const s = board({ rules: { mode: 'advanced' } });
    squish.reset(s, dice({ dir: E, force: 1, block: 3, mp: 1 }));
    expect(blockAt(s, 3)).toEqual([3, 8]);
    expect(blockAt(s, 1)).toEqual([2, 2]);
    ok(s);
  });

  it('counts turns over all players and rounds from the first seat', () => {
    const s = board({ players: 3 });
    squish.reset(s, dice({ dir: 0, force: 1, mp: 1 }));
    for (let t = 0; t < 5; t++) squish.apply(s, stay(s), dice({ dir: 0, force: 1, mp: 1 }));
    expect([s.turns, s.rounds, s.toMove]).toEqual([5, 2, 2]);
    squish.apply(s, stay(s), dice({ dir: 0, force: 1, mp: 1 }));
    expect([s.turns, s.rounds, s.toMove]).toEqual([6, 3, 0]);
  });

  it('firstSeat random draws the first seat before the first roll', () => {
    const s = board({ players: 4, rules: { firstSeat: 'random' } });
    squish.reset(s, new Scripted([2, ...turn({ dir: 0, force: 1, mp: 1 })]));
    expect([s.firstSeat, s.toMove, s.rounds]).toEqual([2, 2, 1]);
  });
});

describe('the simple game', () => {
  // Seat 1 stands on the east edge next to a block that will squish it against the wall.
  const squishable = (): BoardSpec => ({ blocks: [[8, 4, 3, 3]], starts: [[5, 0], [11, 5]] });

  it('a player squished by its own roll wins at the end of that turn if it is the last one on the board', () => {
    const s = board(squishable());
    squish.reset(s, dice({ dir: E, force: 1, mp: 1 }));
    expect(markerAt(s, 1)).toBeNull();
    expect(s.terminal).toBe(false); // not before the end of the turn
    squish.apply(s, stay(s), new Scripted([]));
    expect([s.terminal, s.winner, s.capped, s.turns]).toEqual([true, 0, false, 1]);
    expect(s.firstSquishTurn).toBe(1);
    ok(s);
  });

  it('squished players keep rolling; a turn with no decision is played inside apply', () => {
    // Seat 1 is out. After seat 0 moves, seat 1 rolls (E 1, no decision), then seat 2 rolls and decides.
    const s = atMove({ players: 3, starts: [[5, 0], [11, 5], [0, 6]], markers: [[5, 0], null, [0, 6]] }, 0, 1);
    s.seatSquished[1] = 1;
    s.squishes = 1;
    s.seatSquishesCaused[0] = 1;
    s.firstSquishTurn = 1;
    const rng = dice({ dir: E, force: 1 }, { dir: 0, force: 2, mp: 3 });
    squish.apply(s, stay(s), rng);
    expect(rng.left).toBe(0);
    expect(blockAt(s, 1)).toEqual([5, 4]);
    expect([s.toMove, s.turns, s.rolls, s.phase, s.mp]).toEqual([2, 2, 3, PHASE_MOVE, 3]);
    ok(s);
  });

  it('a squished player who rolls a 9 chooses the direction, then its turn ends without movement', () => {
    const s = atMove({ players: 3, starts: [[5, 0], [11, 5], [0, 6]], markers: [[5, 0], null, [0, 6]] }, 0, 1);
    s.seatSquished[1] = 1;
    s.squishes = 1;
    s.seatSquishesCaused[0] = 1;
    s.firstSquishTurn = 1;
    squish.apply(s, stay(s), dice({ dir: 9, force: 2 }));
    expect([s.toMove, s.phase]).toEqual([1, PHASE_DIRECTION]);
    squish.apply(s, dirBase(1, 144) + W - 1, dice({ dir: 0, force: 1, mp: 1 }));
    expect(blockAt(s, 1)).toEqual([2, 4]);
    expect([s.toMove, s.turns, s.phase]).toEqual([2, 2, PHASE_MOVE]);
    ok(s);
  });

  /** Seats in `seats` are out (squished earlier by seat `by`). */
  const out = (s: ReturnType<typeof board>, seats: number[], by: number) => {
    for (const p of seats) {
      placeMarker(s, p, -1);
      s.seatSquished[p] = 1;
      s.squishes++;
      s.seatSquishesCaused[by]!++;
    }
    s.firstSquishTurn = 1;
  };
  // 8 x 8, a 3 x 3 block at (2, 2); seat 0 on the west edge, seat 1 on the east edge, seat 2 south.
  // From (2, 2): W 2 squishes seat 0 against the west wall, E 3 squishes seat 1; from (0, 2), E 5 does.
  const three = (): BoardSpec => ({ players: 3, rules: { width: 8, height: 8 }, blocks: [[2, 2, 3, 3]], starts: [[0, 3], [7, 3], [3, 7]] });

  it('the last marker wins at the end of its own turn', () => {
    const s = atMove(three(), 0, 1);
    out(s, [1, 2], 0);
    squish.apply(s, stay(s), new Scripted([]));
    expect([s.terminal, s.winner, s.capped]).toEqual([true, 0, false]);
    ok(s);
  });

  it('the last marker waits for its own turn; squished players roll meanwhile', () => {
    // Seat 2 is out. Seat 1 ends its turn; seat 2 rolls a 0; seat 0 squishes itself (W 2). Seat 1 is
    // the last marker, but the turn was seat 0's: no winner yet. Seat 1 rolls a 0, moves, and wins.
    const s = atMove(three(), 1, 1);
    out(s, [2], 1);
    squish.apply(s, stay(s), dice({ dir: 0, force: 1 }, { dir: W, force: 2 }, { dir: 0, force: 1, mp: 1 }));
    expect(markerAt(s, 0)).toBeNull();
    expect(s.seatSelfSquishes[0]).toBe(1);
    expect([s.terminal, s.toMove, s.phase, s.turns]).toEqual([false, 1, PHASE_MOVE, 3]);
    squish.apply(s, stay(s), new Scripted([]));
    expect([s.terminal, s.winner, s.turns]).toEqual([true, 1, 4]);
    ok(s);
  });

  it('everybody loses when the last marker is squished by a squished player before its turn', () => {
    // Seat 2 (out) squishes seat 0 (W 2); seat 0 (now out) rolls E 5 and squishes seat 1, the last marker.
    const s = atMove(three(), 1, 1);
    out(s, [2], 1);
    const rng = dice({ dir: W, force: 2 }, { dir: E, force: 5 });
    squish.apply(s, stay(s), rng);
    expect(rng.left).toBe(0);
    expect([markerAt(s, 0), markerAt(s, 1)]).toEqual([null, null]);
    expect([s.terminal, s.winner, s.capped, s.turns]).toEqual([true, NO_WINNER, false, 3]);
    ok(s);
  });

  it('everybody loses when the last marker squishes itself in its own turn', () => {
    const s = atMove(three(), 1, 1);
    out(s, [2], 1);
    squish.apply(s, stay(s), dice({ dir: W, force: 2 }, { dir: 0, force: 1 }, { dir: E, force: 5 }));
    expect([s.terminal, s.winner, s.capped, s.turns]).toEqual([true, NO_WINNER, false, 4]);
    expect(s.seatSelfSquishes[1]).toBe(1);
    ok(s);
  });

  it('everybody loses when the last markers are squished by one roll', () => {
    // Seats 0 and 1 stand in a line east of the block, seat 1 one square from the wall.
    const s = atMove({ blocks: [[6, 4, 3, 3]], starts: [[5, 0], [11, 8]], markers: [[9, 5], [10, 5]] }, 1, 1);
    squish.apply(s, stay(s), dice({ dir: E, force: 3 }));
    expect([markerAt(s, 0), markerAt(s, 1)]).toEqual([null, null]);
    expect([s.terminal, s.winner, s.capped]).toEqual([true, NO_WINNER, false]);
    ok(s);
  });

  it('a game still running after maxTurns is capped', () => {
    const s = board({ rules: { maxTurns: 3 } });
    squish.reset(s, dice({ dir: 0, force: 1, mp: 1 }));
    squish.apply(s, stay(s), dice({ dir: 0, force: 1, mp: 1 }));
    squish.apply(s, stay(s), dice({ dir: 0, force: 1, mp: 1 }));
    expect(s.terminal).toBe(false);
    squish.apply(s, stay(s), new Scripted([]));
    expect([s.terminal, s.capped, s.winner, s.turns]).toEqual([true, true, NO_WINNER, 3]);
    ok(s);
  });
});

describe('the advanced game', () => {
  const give = (s: ReturnType<typeof board>, seat: number, mask: number) => {
    const n = [0, 1, 2, 3].filter((k) => (mask >> k) & 1).length;
    s.held[seat] = mask;
    s.seatShards[seat]! += n;
    s.shardsCollected += n;
  };
  const adv = (extra: Partial<BoardSpec> = {}): BoardSpec => ({ rules: { mode: 'advanced' }, starts: [[0, 0], [11, 11]], ...extra });

  it('collecting a shard costs 1 MP next to its block (diagonal counts), at most one per turn', () => {
    // Seat 0 at (1, 1): diagonally next to block 1 at (2, 2).
    const s = atMove(adv({ markers: [[1, 1], [11, 11]] }), 0, 1);
    const actions = legal(s);
    const collect = moveTo(s, 1, 1, 0, 1);
    expect(actions).toContain(collect);
    // With 1 MP: collect and stay, or step without collecting; never both.
    expect(actions.filter((a) => a !== collect).every((a) => Math.floor(Math.floor(a / 9) / 144) === 0)).toBe(true);
    squish.apply(s, collect, dice({ dir: 0, force: 1, block: 1, mp: 1 }));
    expect(s.held[0]).toBe(0b0001);
    expect(s.seatShards[0]).toBe(1);
    ok(s);
  });

  it('a squished marker loses its shards and restarts on its start square', () => {
    // Seat 1 stands east of block 4 (8, 8) against the wall at (10, 8)? Block 4 E 1 enters column 10: seat 1 at (10, 9) is pushed to (11, 9), not squished;
    // put it at (11, 9) instead... block 4 covers 8..9, so E 1 enters column 10. Use E 2: seat 1 at (10, 9) -> (11, 9) -> squished.
    const s = atMove(adv({ markers: [[0, 0], [10, 9]] }), 0, 1);
    give(s, 1, 0b0101);
    squish.apply(s, stay(s), dice({ dir: E, force: 2, block: 4, mp: 1 }));
    expect(s.seatSquished[1]).toBe(1);
    expect(s.held[1]).toBe(0);
    expect(s.seatShardsLost[1]).toBe(2);
    expect(markerAt(s, 1)).toEqual([11, 11]);
    expect([s.toMove, s.phase]).toEqual([1, PHASE_MOVE]); // it moves as usual after restarting
    ok(s);
  });

  it('restarts on the nearest free edge square when its start square is taken', () => {
    // Seat 0 stands on seat 1's start square (11, 11); seat 1 is squished at (10, 9) as above.
    const s = atMove(adv({ players: 3, starts: [[0, 0], [11, 11], [0, 11]], markers: [[11, 11], [10, 9], [0, 11]] }), 2, 1);
    squish.apply(s, stay(s), dice({ dir: E, force: 2, block: 4, mp: 1 }));
    // Seat 2 stays; seat 0 rolls block 4 E 2 and squishes seat 1. Its start (11, 11) is taken:
    // the nearest free edge squares by king moves are (10, 11) and (11, 10); the tie goes clockwise from
    // the start square, which reaches (10, 11) (along the south edge, westwards) first.
    expect(markerAt(s, 1)).toEqual([10, 11]);
    ok(s);
  });

  it('a player holding every shard who ends its move on its start square wins', () => {
    const s = atMove(adv({ markers: [[1, 0], [11, 11]] }), 0, 1);
    give(s, 0, 0b1111);
    squish.apply(s, moveTo(s, 0, 0), new Scripted([]));
    expect([s.terminal, s.winner, s.capped]).toEqual([true, 0, false]);
    ok(s);
  });

  it('three shards are not enough, and ending elsewhere is not enough', () => {
    const s = atMove(adv({ markers: [[1, 0], [11, 11]] }), 0, 1);
    give(s, 0, 0b0111);
    squish.apply(s, moveTo(s, 0, 0), dice({ dir: 0, force: 1, block: 1, mp: 1 }));
    expect(s.terminal).toBe(false);
    const t = atMove(adv({ markers: [[2, 0], [11, 11]] }), 0, 1);
    give(t, 0, 0b1111);
    squish.apply(t, moveTo(t, 1, 0), dice({ dir: 0, force: 1, block: 1, mp: 1 }));
    expect(t.terminal).toBe(false);
  });

  it('collecting the last shard on the start square wins at once', () => {
    // Block 1 at (1, 1) touches the start square (0, 0) diagonally.
    const s = atMove(adv({ blocks: [[1, 1, 2, 2], [8, 2, 2, 2], [2, 8, 2, 2], [8, 8, 2, 2]], markers: [[0, 0], [11, 11]] }), 0, 2);
    give(s, 0, 0b1110);
    squish.apply(s, moveTo(s, 0, 0, 0, 1), new Scripted([]));
    expect([s.terminal, s.winner]).toEqual([true, 0]);
    ok(s);
  });
});

describe('every legalActions call is a real decision', () => {
  it('holds over seeded random games of both modes', () => {
    for (const rules of [{}, { mode: 'advanced' }]) {
      const s = board({ rules, players: 4 });
      const out = new Int32Array(squish.actionCapacity(s.rules, 4));
      const rng = new Rng();
      rng.seedGame(5, 0, 1);
      squish.reset(s, rng);
      for (let step = 0; !s.terminal && step < 2000; step++) {
        const n = squish.legalActions(s, out);
        if (s.phase === PHASE_DIRECTION) expect(n).toBe(8);
        else {
          expect(s.phase).toBe(PHASE_MOVE);
          expect(s.markerCell[s.toMove]).toBeGreaterThanOrEqual(0);
          expect(n).toBeGreaterThanOrEqual(1);
        }
        squish.apply(s, out[rng.int(n)]!, rng);
        ok(s);
      }
    }
  });
});
