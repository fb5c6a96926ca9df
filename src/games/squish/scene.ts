/**
 * A Squish! position as plain data for the `replay --html` drawing (src/replay/draw/squish.ts):
 * the board, blocks, markers, start squares, shards, this turn's dice, and the path of every
 * block that moved in the rolls since the last decision, rebuilt from the roll's events (a
 * block steps once per point of force and a bounce costs nothing, so a bounce with f left
 * happened (force before - f) steps after the previous corner; rules.ts, runBlock/attempt).
 */
import { SquishState, EMPTY, EV_ROLL, EV_START, EV_BOUNCE, EV_SQUISH, EV_WEDGED, EV_STOP, PHASE_DIRECTION, PHASE_MOVE } from './state.js';

const DX = [0, 0, 1, 1, 1, 0, -1, -1, -1];
const DY = [0, -1, -1, 0, 1, 1, 1, 0, -1];

export interface SquishScene {
  width: number;
  height: number;
  advanced: boolean;
  /** Blocks by number - 1: top-left square, size, and whether its shard is still on it. */
  blocks: { x: number; y: number; w: number; h: number; shardOnBlock: boolean }[];
  /** Markers on the board. */
  markers: { seat: number; x: number; y: number }[];
  starts: { seat: number; x: number; y: number }[];
  /** Shards held per seat (block numbers). */
  held: number[][];
  /** Seats squished and out (simple game, last marker standing). */
  out: number[];
  /** The dice of the turn: direction face 0-9 (0 = no move, 9 = roller chooses), force, block number, movement points. */
  dice: { face: number; force: number; block: number; mp: number } | null;
  /** Each block's movement since the last decision, as the top-left squares it turned at; `rolled` for the block the die moved. */
  paths: { block: number; points: [number, number][]; rolled: boolean; wedged: boolean }[];
  /** Where markers were squished since the last decision. */
  squishes: { seat: number; x: number; y: number }[];
  toMove: number;
  phase: 'direction' | 'move' | 'over';
  blockSteps: number;
}

export function scene(s: SquishState): SquishScene {
  const blocks: SquishScene['blocks'] = [];
  let heldAny = 0;
  for (let p = 0; p < s.players; p++) heldAny |= s.held[p]!;
  for (let b = 0; b < s.blockCount; b++)
    blocks.push({ x: s.blockX[b]!, y: s.blockY[b]!, w: s.blockW[b]!, h: s.blockH[b]!, shardOnBlock: s.advanced && (heldAny & (1 << b)) === 0 });
  const markers: SquishScene['markers'] = [];
  const out: number[] = [];
  const held: number[][] = [];
  for (let p = 0; p < s.players; p++) {
    const c = s.markerCell[p]!;
    if (c >= 0 && s.cellMarker[c] !== EMPTY) markers.push({ seat: p, x: s.cellX[c]!, y: s.cellY[c]! });
    else if (!s.advanced || s.lastStanding) out.push(p);
    const mine: number[] = [];
    for (let k = 0; k < s.blockCount; k++) if ((s.held[p]! & (1 << k)) !== 0) mine.push(k + 1);
    held.push(mine);
  }
  const starts = Array.from({ length: s.players }, (_, p) => ({ seat: p, x: s.cellX[s.startCell[p]!]!, y: s.cellY[s.startCell[p]!]! }));

  const paths: SquishScene['paths'] = [];
  const squishes: SquishScene['squishes'] = [];
  // Per block while its movement is open: the path being drawn, its direction and the force at its last corner.
  const open = new Map<number, { path: SquishScene['paths'][number]; dir: number; force: number }>();
  let rolledBlock = -1;
  const log = s.eventLog;
  for (let i = 0; i < log.count; i++) {
    const [type, b, a, b2, c, d] = [log.type(i), log.field(i, 1), log.field(i, 2), log.field(i, 3), log.field(i, 4), log.field(i, 5)];
    if (type === EV_ROLL) rolledBlock = b;
    else if (type === EV_START) {
      const path = { block: b + 1, points: [[c, d]] as [number, number][], rolled: b === rolledBlock && !paths.some((p) => p.block === b + 1), wedged: false };
      paths.push(path);
      open.set(b, { path, dir: a, force: b2 });
    } else if (type === EV_BOUNCE) {
      const m = open.get(b);
      if (!m) continue;
      const [x, y] = m.path.points[m.path.points.length - 1]!;
      const steps = m.force - c;
      m.path.points.push([x + DX[m.dir]! * steps, y + DY[m.dir]! * steps]);
      m.dir = b2;
      m.force = c;
    } else if (type === EV_WEDGED) {
      const m = open.get(b);
      if (m) m.path.wedged = true;
    } else if (type === EV_STOP) {
      const m = open.get(b);
      if (!m) continue;
      const last = m.path.points[m.path.points.length - 1]!;
      if (last[0] !== a || last[1] !== b2) m.path.points.push([a, b2]);
      open.delete(b);
    } else if (type === EV_SQUISH) squishes.push({ seat: a, x: b2, y: c });
  }
  return {
    width: s.width,
    height: s.height,
    advanced: s.advanced,
    blocks,
    markers,
    starts,
    held,
    out,
    dice: s.turns > 0 || s.rollSeat >= 0 ? { face: s.dieFace, force: s.force, block: s.dieBlock + 1, mp: s.mp } : null,
    paths,
    squishes,
    toMove: s.terminal ? -1 : s.toMove,
    phase: s.terminal ? 'over' : s.phase === PHASE_DIRECTION ? 'direction' : s.phase === PHASE_MOVE ? 'move' : 'over',
    blockSteps: s.rollSteps,
  };
}
