/**
 * The movement phase (docs/rules/squish.md "A player's turn" 2, shards): king moves over free
 * squares, the push rule, shard collection; legalActions lists every distinct end state once,
 * staying put included, in ascending action code (shard option, end square row-major, push
 * direction). Checked against an independent reference: a depth-first walk over every sequence
 * of steps, collections and pushes.
 */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { PHASE_MOVE, EMPTY, type SquishState } from '../../../src/games/squish/state.js';
import { moveTo } from '../../../src/games/squish/markers.js';
import { moveAction, DX, DY } from '../../../src/games/squish/actions.js';
import { random } from '../../../src/policies/random.js';
import { Rng } from '../../../src/sim/rng.js';
import { board, legal, markerAt, dice, type BoardSpec } from './position.js';

function atMove(spec: BoardSpec, seat: number, mp: number): SquishState {
  const s = board(spec);
  s.toMove = seat;
  s.phase = PHASE_MOVE;
  s.mp = mp;
  s.rolls = 1;
  return s;
}

/** Every end state reachable this turn, by brute force over sequences of actions (independent of rules.ts). */
function reference(s: SquishState): number[] {
  const me = s.toMove;
  const W = s.width;
  const H = s.height;
  const free = (x: number, y: number, from: [number, number]) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return false;
    const c = s.cellAt(x, y);
    if (s.cellBlock[c] !== EMPTY) return false;
    const m = s.cellMarker[c]!;
    return m === EMPTY || m === me || (x === from[0] && y === from[1]);
  };
  const start: [number, number] = [s.cellX[s.markerCell[me]!]!, s.cellY[s.markerCell[me]!]!];
  const nextTo = (x: number, y: number, k: number) =>
    x >= s.blockX[k]! - 1 && x <= s.blockX[k]! + s.blockW[k]! && y >= s.blockY[k]! - 1 && y <= s.blockY[k]! + s.blockH[k]!;
  const ends = new Set<number>();
  const seen = new Set<string>();
  const walk = (x: number, y: number, shard: number, mp: number) => {
    const key = `${x},${y},${shard},${mp}`;
    if (seen.has(key)) return;
    seen.add(key);
    ends.add(moveAction(shard, y * W + x, 0, s.squares));
    if (mp === 0) return;
    for (let d = 1; d <= 8; d++) {
      const nx = x + DX[d]!;
      const ny = y + DY[d]!;
      if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
      const m = s.cellMarker[s.cellAt(nx, ny)]!;
      if (m !== EMPTY && m !== me) {
        // Push: spend all remaining MP; the square beyond must be free (the mover's start is free by now).
        const bx = nx + DX[d]!;
        const by = ny + DY[d]!;
        if (free(bx, by, start) && !(bx === x && by === y)) ends.add(moveAction(shard, ny * W + nx, d, s.squares));
      } else if (free(nx, ny, start)) walk(nx, ny, shard, mp - 1);
    }
    if (s.advanced && shard === 0)
      for (let k = 0; k < s.blockCount; k++) if (!((s.held[me]! >> k) & 1) && nextTo(x, y, k)) walk(x, y, k + 1, mp - 1);
  };
  walk(start[0], start[1], 0, s.mp);
  return [...ends].sort((a, b) => a - b);
}

describe('movement end states', () => {
  it('with 1 MP on an open board: the 9 squares around and under the marker, row by row', () => {
    const s = atMove({ markers: [[2, 9], [11, 0]] }, 0, 1);
    expect(legal(s)).toEqual([
      moveTo(s, 1, 8), moveTo(s, 2, 8), moveTo(s, 3, 8),
      moveTo(s, 1, 9), moveTo(s, 2, 9), moveTo(s, 3, 9),
      moveTo(s, 1, 10), moveTo(s, 2, 10), moveTo(s, 3, 10),
    ]);
    expect(squish.describeAction(s, moveTo(s, 2, 9))).toBe('seat 0 (A) stays at (2, 9) (1 MP)');
  });

  it('markers cannot enter or pass squares with a block or another marker, nor leave the board', () => {
    // Seat 0 in the corner (0, 11) boxed by seat 1 at (1, 10) and seat 2 at (1, 11)... and (0, 10) free.
    const s = atMove({ players: 3, starts: [[0, 11], [5, 0], [11, 5]], markers: [[0, 11], [1, 10], [1, 11]] }, 0, 2);
    const plain = legal(s).filter((a) => a % 9 === 0);
    // (0, 11) stay, (0, 10), and from there (0, 9), (1, 9); nothing through the markers.
    expect(plain).toEqual([moveTo(s, 0, 9), moveTo(s, 1, 9), moveTo(s, 0, 10), moveTo(s, 0, 11)]);
  });

  it('a push spends the remaining MP (at least 1), needs a free square beyond, and ends on the square of the pushed marker', () => {
    const s = atMove({ players: 3, starts: [[0, 11], [5, 0], [11, 5]], markers: [[4, 9], [5, 9], [6, 9]] }, 0, 1);
    const pushes = legal(s).filter((a) => a % 9 !== 0);
    // East: seat 1 at (5, 9) cannot go to (6, 9) (seat 2). Diagonal pushes from (4, 9) need the mover on
    // (4, 8) or (4, 10) first, i.e. 2 MP. So with 1 MP: none.
    expect(pushes).toEqual([]);
    const t = atMove({ players: 3, starts: [[0, 11], [5, 0], [11, 5]], markers: [[4, 9], [5, 9], [6, 9]] }, 0, 2);
    const p2 = legal(t).filter((a) => a % 9 !== 0);
    // The mover needs 1 MP left on the square before the push, so it pushes from (4, 8), (4, 10), (5, 8),
    // (5, 10) (at most 1 step away): seat 1 at (5, 9) SE, NE, S, N; seat 2 at (6, 9) SE (from (5, 8)) and
    // NE (from (5, 10)). Never E: seat 1 cannot be pushed into seat 2.
    expect(p2).toEqual(
      [moveTo(t, 5, 9, 1), moveTo(t, 5, 9, 2), moveTo(t, 5, 9, 4), moveTo(t, 5, 9, 5), moveTo(t, 6, 9, 2), moveTo(t, 6, 9, 4)],
    );
    squish.apply(t, moveTo(t, 5, 9, 4), dice({ dir: 0, force: 1 }, { dir: 0, force: 1, mp: 1 }));
    expect([markerAt(t, 0), markerAt(t, 1)]).toEqual([
      [5, 9],
      [6, 10],
    ]);
    expect(t.pushes).toBe(1);
  });

  it('a pushed marker may go onto the square the mover left', () => {
    // Seat 0 at (3, 0) walks round seat 1 at (4, 0)... with 2 MP: (3,0) -> (5, 1)? Not adjacent in one step.
    // Seat 0 at (3, 1), seat 1 at (4, 1): step to (5, 0)? It is two steps. Use 3 MP: (4, 0), (5, 1)... then push W
    // from (5, 1): seat 1 goes to (3, 1), the mover's start.
    const s = atMove({ starts: [[3, 1 - 1], [11, 11]], markers: [[3, 1], [4, 1]] }, 0, 3);
    expect(legal(s)).toContain(moveTo(s, 4, 1, 7));
    squish.apply(s, moveTo(s, 4, 1, 7), dice({ dir: 0, force: 1 }, { dir: 0, force: 1, mp: 1 }));
    expect([markerAt(s, 0), markerAt(s, 1)]).toEqual([
      [4, 1],
      [3, 1],
    ]);
    expect(squish.checkInvariants(s)).toBeNull();
  });

  it('shards: collect next to the block, before or after steps, one per turn; options come after the plain ones', () => {
    const s = atMove({ rules: { mode: 'advanced' }, starts: [[0, 0], [11, 11]], markers: [[0, 4], [11, 11]] }, 0, 2);
    const actions = legal(s);
    expect(actions).toEqual(reference(s));
    const shardOf = (a: number) => Math.floor(Math.floor(a / 9) / s.squares);
    // Block 1 at (2, 2): squares next to it are x 1..4, y 1..4. From (0, 4) with 2 MP: step to (1, 3/4/5)
    // then collect, or collect? (0, 4) is not next to it. So shard-1 end states are the squares next to block 1
    // reachable in 1 step: (1, 3), (1, 4); (1, 5) is not next to the block.
    expect(actions.filter((a) => shardOf(a) === 1)).toEqual([moveTo(s, 1, 3, 0, 1), moveTo(s, 1, 4, 0, 1)]);
    expect(actions.filter((a) => shardOf(a) > 1)).toEqual([]);
    // Codes ascend: all plain moves (shard 0) first.
    expect([...actions].sort((a, b) => a - b)).toEqual(actions);
    // A shard already held is not offered again.
    s.held[0] = 1;
    s.seatShards[0] = 1;
    s.shardsCollected = 1;
    expect(legal(s).filter((a) => shardOf(a) === 1)).toEqual([]);
  });

  it('agrees with the reference walk, every end state exactly once, in ascending order, over seeded games', () => {
    for (const rules of [{}, { mode: 'advanced' }, { mode: 'advanced', width: 7, height: 7 }]) {
      for (const players of [2, 5, 8]) {
        const s = board({ rules, players });
        const out = new Int32Array(squish.actionCapacity(s.rules, players));
        const rng = new Rng();
        rng.seedGame(11, players, 0);
        squish.reset(s, rng);
        for (let step = 0; !s.terminal && step < 400; step++) {
          const n = squish.legalActions(s, out);
          const actions = Array.from(out.subarray(0, n));
          if (s.phase === PHASE_MOVE) {
            const ref = reference(s);
            if (actions.join() !== ref.join()) {
              const extra = actions.filter((a) => !ref.includes(a)).map((a) => squish.describeAction(s, a));
              const missing = ref.filter((a) => !actions.includes(a)).map((a) => squish.describeAction(s, a));
              expect({ extra, missing, board: squish.render(s) }).toEqual({ extra: [], missing: [] });
            }
            expect(new Set(actions).size).toBe(n);
          }
          squish.apply(s, actions[rng.int(n)]!, rng);
        }
      }
    }
  });

  it("the generic random policy picks uniformly by index: exactly the rules doc's reference random", () => {
    const s = atMove({ markers: [[2, 9], [11, 0]] }, 0, 1);
    const out = new Int32Array(200);
    const n = squish.legalActions(s, out);
    const policy = random.create({}, { game: squish, rules: s.rules, players: 2, seat: 0 });
    const a = new Rng();
    const b = new Rng();
    a.seedGame(3, 0, 0);
    b.seedGame(3, 0, 0);
    for (let i = 0; i < 50; i++) expect(policy.choose(s, out, n, a)).toBe(Math.floor(b.next() * n));
  });
});
