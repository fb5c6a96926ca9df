/**
 * The advanced game's "last marker standing" variant (rules.objective: last-marker-standing, the
 * seed's second objective; shared/rules/squish.md, "Winning", read as documented in the Squish
 * README): a squished marker drops its shards and is out; the last marker left wins at the end of
 * its own turn; all four shards on the start square still win; at the cap the marker holding the
 * most shards wins, and a tie there is a capped draw.
 */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { PHASE_MOVE } from '../../../src/games/squish/state.js';
import { moveTo } from '../../../src/games/squish/markers.js';
import { squishRulesSchema, checkLayout } from '../../../src/games/squish/params.js';
import { NO_WINNER } from '../../../src/sim/types.js';
import { board, dice, markerAt, Scripted, type BoardSpec } from './position.js';

const E = 3;
const ok = (s: ReturnType<typeof board>) => expect(squish.checkInvariants(s)).toBeNull();

/** Seat `seat` is about to choose its move with `mp` movement points (the roll already made). */
const atMove = (spec: BoardSpec, seat: number, mp: number) => Object.assign(board(spec), { toMove: seat, phase: PHASE_MOVE, mp, rolls: 1 });
/** The move that keeps the mover's marker where it is. */
const stay = (s: ReturnType<typeof board>) => {
  const c = s.markerCell[s.toMove]!;
  return moveTo(s, s.cellX[c]!, s.cellY[c]!);
};
const give = (s: ReturnType<typeof board>, seat: number, mask: number) => {
  const n = [0, 1, 2, 3].filter((k) => (mask >> k) & 1).length;
  s.held[seat] = mask;
  s.seatShards[seat]! += n;
  s.shardsCollected += n;
};
const lms = (extra: Partial<BoardSpec> = {}): BoardSpec => ({ rules: { mode: 'advanced', objective: 'last-marker-standing' }, starts: [[0, 0], [11, 11]], ...extra });

describe('advanced game, last marker standing', () => {
  it('a squished marker drops its shards and is out (no restart); the last marker wins at the end of its turn', () => {
    const s = atMove(lms({ markers: [[0, 0], [10, 9]] }), 1, 1);
    give(s, 1, 0b0101);
    // Seat 1 stays; seat 0 rolls block 4 E 2: seat 1 at (10, 9) is pushed to (11, 9), then squished against the wall.
    squish.apply(s, stay(s), dice({ dir: E, force: 2, block: 4, mp: 1 }));
    expect(markerAt(s, 1)).toBeNull();
    expect([s.held[1], s.seatShardsLost[1]]).toEqual([0, 2]);
    expect([s.terminal, s.toMove]).toEqual([false, 0]); // seat 0's turn goes on: it is the last marker, it wins when the turn ends
    squish.apply(s, stay(s), new Scripted([]));
    expect([s.terminal, s.winner, s.capped]).toEqual([true, 0, false]);
    ok(s);
  });

  it('the shard win still counts', () => {
    const s = atMove(lms({ markers: [[1, 0], [11, 11]] }), 0, 1);
    give(s, 0, 0b1111);
    squish.apply(s, moveTo(s, 0, 0), new Scripted([]));
    expect([s.terminal, s.winner]).toEqual([true, 0]);
    ok(s);
  });

  it('at the cap the marker holding the most shards wins; a tie is a capped draw', () => {
    const capped = (shards0: number, shards1: number) => {
      const s = atMove(lms({ rules: { mode: 'advanced', objective: 'last-marker-standing', maxTurns: 1 }, markers: [[0, 0], [11, 11]] }), 0, 1);
      give(s, 0, shards0);
      give(s, 1, shards1);
      squish.apply(s, stay(s), new Scripted([]));
      return s;
    };
    const lead = capped(0b0011, 0b1000);
    expect([lead.terminal, lead.winner, lead.capped]).toEqual([true, 0, false]);
    ok(lead);
    const tie = capped(0b0001, 0b1000);
    expect([tie.terminal, tie.winner, tie.capped]).toEqual([true, NO_WINNER, true]);
    ok(tie);
  });

  it('is a variant of the advanced game only; the default objective restarts squished markers', () => {
    expect(checkLayout(squishRulesSchema.parse({ objective: 'last-marker-standing' }), 2)).toEqual(['rules.objective', 'last-marker-standing is a variant of the advanced game; expected mode: advanced, or objective: shards']);
    expect(squishRulesSchema.parse({ mode: 'advanced' }).objective).toBe('shards');
  });
});
