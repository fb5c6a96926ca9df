/**
 * Squish! rules (docs/rules/squish.md), the markers: `legalActions` (every distinct end state of
 * the mover's marker this turn, by bit rows of reachable squares), the move itself (push, end
 * square, shard) and, in the advanced game, where squished markers restart.
 *
 * Hot path: nothing here allocates per move; loops over entering cells and markers are written
 * out by hand.
 */
import {
  type SquishState,
  EMPTY,
  PHASE_DIRECTION,
} from './state.js';
import { DX, DY, moveAction, dirBase } from './actions.js';

/**
 * Legal actions. After a 9: the eight directions, 1..8. In the movement phase: every distinct
 * end state reachable this turn, exactly once, in ascending action code, which is
 *   for shard option o = none, then block 1..K (advanced game, shards not yet held),
 *     for each end square in row-major order (north row first, west to east):
 *       the plain move ending there (staying put is the plain move to the own square), or,
 *       if another marker stands there, each push of it in direction 1..8 (the mover ends on
 *       that square, the pushed marker one further on).
 * An end state with a shard needs a path that passes (or stops) next to the block with MP to
 * spare for the collection; a push needs at least one MP left on the square before it.
 */
export function legalActions(s: SquishState, out: Int32Array): number {
  if (s.phase === PHASE_DIRECTION) {
    const base = dirBase(s.blockCount, s.squares);
    for (let d = 0; d < 8; d++) out[d] = base + d;
    return 8;
  }
  return enumerateMoves(s, out);
}

/**
 * The reachable squares as bit rows over the window of squares within M king moves of the
 * mover (at most 13 x 13; bit i of row r = square (x0 + i, y0 + r)):
 *   R_0 = {mover}, R_v = dilate(R_{v-1}) & free                       (reached in <= v MP)
 *   C_0 = {},      C_v = (dilate(C_{v-1}) & free) | (R_{v-1} & next to block k)
 *                                                   (reached in <= v MP with shard k collected)
 * where dilate adds the 8 neighbours and free excludes blocks and other markers (the mover's
 * own square is free). End states of an option are its level M; a push needs the square before
 * it in level M - 1. (The plain version is a breadth-first search per square; rows of bits do
 * the same for a whole row at once.)
 */
function enumerateMoves(s: SquishState, out: Int32Array): number {
  const w = s.work;
  reachLevels(s);
  const x0 = w.windowX0;
  const y0 = w.windowY0;
  const rows = w.windowRows;
  let n = emitOption(s, out, 0, 0, w.reach, x0, y0, rows);
  if (!s.advanced) return n;
  for (let k = 0; k < s.blockCount; k++) if (shardLevels(s, k)) n = emitOption(s, out, n, k + 1, w.reachK, x0, y0, rows);
  return n;
}

/**
 * The window, the free and marker rows and the levels R_0..R_M of the mover's reach without a
 * shard (work.reach), for `legalActions` and for counting them (move-count.ts).
 */
export function reachLevels(s: SquishState): void {
  const w = s.work;
  const me = s.toMove;
  const P = s.markerCell[me]!;
  const M = s.mp;
  const px = s.cellX[P]!;
  const py = s.cellY[P]!;
  const x0 = px - M > 0 ? px - M : 0;
  const x1 = px + M < s.width - 1 ? px + M : s.width - 1;
  const y0 = py - M > 0 ? py - M : 0;
  const y1 = py + M < s.height - 1 ? py + M : s.height - 1;
  const rows = y1 - y0 + 1;
  w.windowX0 = x0;
  w.windowY0 = y0;
  w.windowRows = rows;
  w.windowLastBit = x1 - x0;
  const full = (1 << (x1 - x0 + 1)) - 1;
  const free = w.freeRow;
  const marks = w.markerRow;
  // Free and marker rows from the few blocks and markers rather than from every square of the
  // window (up to 169 reads of two grids): the window lies on the board, where a square is
  // blocked only by a block and holds a marker only off the blocks (invariants.ts checks both).
  for (let r = 0; r < rows; r++) {
    free[r] = full;
    marks[r] = 0;
  }
  const lastBit = x1 - x0;
  for (let b = 0; b < s.blockCount; b++) {
    const bx0 = s.blockX[b]! - x0;
    const bx1 = bx0 + s.blockW[b]! - 1;
    const by0 = s.blockY[b]! - y0;
    const by1 = by0 + s.blockH[b]! - 1;
    if (bx1 < 0 || bx0 > lastBit || by1 < 0 || by0 >= rows) continue;
    const covered = ~(((1 << ((bx1 < lastBit ? bx1 : lastBit) + 1)) - 1) & ~((1 << (bx0 > 0 ? bx0 : 0)) - 1));
    const r1 = by1 < rows - 1 ? by1 : rows - 1;
    for (let r = by0 > 0 ? by0 : 0; r <= r1; r++) free[r]! &= covered;
  }
  for (let p = 0; p < s.players; p++) {
    const c = s.markerCell[p]!;
    if (p === me || c < 0) continue;
    const i = s.cellX[c]! - x0;
    const r = s.cellY[c]! - y0;
    if (i < 0 || i > lastBit || r < 0 || r >= rows) continue;
    free[r]! &= ~(1 << i);
    marks[r]! |= 1 << i;
    w.pushTargets[p] = UNKNOWN_TARGETS;
  }
  const R = w.reach;
  for (let r = 0; r < rows; r++) R[r] = 0;
  const home = py - y0;
  R[home] = 1 << (px - x0);
  for (let v = 1; v <= M; v++) dilateLevel(R, v, free, null, 0, 0, 0, home - v, home + v, rows);
}

/**
 * Level v of L from level v - 1 (every row of which is written): the squares next to or on it
 * that are free, and with R, level v - 1 of R masked by the ring on rows ry0..ry1 too. Only rows
 * lo..hi can be reached (a level grows by one row each way); the rest are written empty, which
 * is cheaper than dilating them (the whole window was dilated before 2026-11-27). The rows above,
 * at and below r are held in registers (one load a row instead of three; the rows beyond the
 * window count as empty). Returns the level's rows or-ed together (0: the level is empty).
 */
function dilateLevel(L: Int32Array, v: number, free: Int32Array, R: Int32Array | null, ringMask: number, ry0: number, ry1: number, lo: number, hi: number, rows: number): number {
  const prev = (v - 1) * 13;
  const cur = v * 13;
  const first = lo > 0 ? lo : 0;
  const last = hi < rows - 1 ? hi : rows - 1;
  for (let r = 0; r < first; r++) L[cur + r] = 0;
  for (let r = last + 1; r < rows; r++) L[cur + r] = 0;
  let any = 0;
  let above = first > 0 ? L[prev + first - 1]! : 0;
  let here = L[prev + first]!;
  for (let r = first; r <= last; r++) {
    const below = r + 1 < rows ? L[prev + r + 1]! : 0;
    const u = above | here | below;
    let x = (u | (u << 1) | (u >>> 1)) & free[r]!;
    if (R !== null && r >= ry0 && r <= ry1) x |= R[prev + r]! & ringMask;
    L[cur + r] = x;
    any |= x;
    above = here;
    here = below;
  }
  return any;
}

/**
 * Advanced game, after `reachLevels`: the levels C of the end states that collect block k's
 * shard, into work.reachK (overwriting the previous block's). False if there are none (the shard
 * is held, or the block's ring cannot be reached with MP to spare).
 */
export function shardLevels(s: SquishState, k: number): boolean {
  if ((s.held[s.toMove]! & (1 << k)) !== 0) return false;
  const w = s.work;
  const M = s.mp;
  const x0 = w.windowX0;
  const y0 = w.windowY0;
  const rows = w.windowRows;
  const lastBit = w.windowLastBit;
  const full = (1 << (lastBit + 1)) - 1;
  const free = w.freeRow;
  const R = w.reach;
  const C = w.reachK;
  // Squares next to block k, as a window mask per row.
  const rx0 = s.blockX[k]! - 1 - x0;
  const rx1 = s.blockX[k]! + s.blockW[k]! - x0;
  if (rx1 < 0 || rx0 > lastBit) return false;
  const ringMask = (rx1 >= 31 ? -1 : (1 << (rx1 + 1)) - 1) & ~(rx0 <= 0 ? 0 : (1 << rx0) - 1) & full;
  const ry0 = s.blockY[k]! - 1 - y0;
  const ry1 = s.blockY[k]! + s.blockH[k]! - y0;
  if (ry1 < 0 || ry0 >= rows) return false;
  // The first level from which the shard can be collected (most of the time: none).
  const r0 = ry0 > 0 ? ry0 : 0;
  const r1 = ry1 < rows - 1 ? ry1 : rows - 1;
  // The levels grow (each holds the one before), so the last one with MP to spare answers "none"
  // with one look.
  let reached = 0;
  for (let r = r0; r <= r1; r++) reached |= R[(M - 1) * 13 + r]! & ringMask;
  if (reached === 0) return false;
  let first = -1;
  for (let v = 0; v < M && first < 0; v++) for (let r = r0; r <= r1; r++) if ((R[v * 13 + r]! & ringMask) !== 0) first = v;
  let any = 0;
  for (let r = 0; r < rows; r++) C[first * 13 + r] = 0;
  // The first collecting level holds the ring rows only, and each level after one row more each way.
  for (let v = first + 1; v <= M; v++) any |= dilateLevel(C, v, free, R, ringMask, ry0, ry1, ry0 - (v - first - 1), ry1 + (v - first - 1), rows);
  return any !== 0;
}

/** Write the end states of one shard option (levels L) in row-major order of end square. */
function emitOption(s: SquishState, out: Int32Array, n: number, option: number, L: Int32Array, x0: number, y0: number, rows: number): number {
  const w = s.work;
  const M = s.mp;
  const end = M * 13;
  const before = (M - 1) * 13;
  const marks = w.markerRow;
  const W = s.width;
  const base = option * s.squares;
  for (let r = 0; r < rows; r++) {
    let plain = L[end + r]!;
    const y = y0 + r;
    // Action code of the row's first window square; each square further east adds 9.
    const rowCode = (base + y * W + x0) * 9;
    if (marks[r] === 0) {
      // No other marker in this row (most rows): only plain moves, in ascending square order.
      while (plain !== 0) {
        const low = plain & -plain;
        plain ^= low;
        out[n++] = rowCode + 9 * (31 - Math.clz32(low));
      }
      continue;
    }
    let all = plain | marks[r]!;
    while (all !== 0) {
      const low = all & -all;
      all ^= low;
      const i = 31 - Math.clz32(low);
      const code = rowCode + 9 * i;
      if ((plain & low) !== 0) {
        out[n++] = code;
        continue;
      }
      // Another marker stands here: pushes from a square reached with MP to spare.
      let dirs = pushDirections(s, L, before, r, i);
      while (dirs !== 0) {
        const d = 31 - Math.clz32(dirs & -dirs);
        dirs &= dirs - 1;
        out[n++] = code + d;
      }
    }
  }
  return n;
}

/**
 * The directions (bit d for d = 1..8) in which the mover may push the marker on window square
 * (i, row r): from a square of the level before the last (`before` rows of L, with MP to spare)
 * onto a square free for it (work.pushTargets, found on first use in a decision).
 */
export function pushDirections(s: SquishState, L: Int32Array, before: number, r: number, i: number): number {
  const w = s.work;
  const above = r > 0 ? L[before + r - 1]! : 0;
  const below = r + 1 < w.windowRows ? L[before + r + 1]! : 0;
  // The 3 x 3 squares around (i, r) of the level, west to east in each row, north row first
  // (shifted left one so that column i - 1 exists at i = 0).
  const around = (((above << 1) >>> i) & 7) | ((((L[before + r]! << 1) >>> i) & 7) << 3) | ((((below << 1) >>> i) & 7) << 6);
  const from = PUSHES_FROM[around]!;
  if (from === 0) return 0;
  const c = (w.windowY0 + r + 1) * s.stride + w.windowX0 + i + 1;
  const marker = s.cellMarker[c]!;
  let targets = w.pushTargets[marker]!;
  if (targets === UNKNOWN_TARGETS) {
    // Where this marker may be pushed to: a square free of blocks (and walls) and of markers
    // other than the mover's own. Once per decision, and only for a marker the mover can reach.
    const P = s.markerCell[s.toMove]!;
    targets = 0;
    for (let d = 1; d <= 8; d++) {
      const to = c + s.step[d]!;
      if (s.cellBlock[to] === EMPTY && (s.cellMarker[to] === EMPTY || to === P)) targets |= 1 << d;
    }
    w.pushTargets[marker] = targets;
  }
  return from & targets;
}

/** work.pushTargets of a marker not yet looked at this decision. */
const UNKNOWN_TARGETS = -1;

/**
 * For each set of the 3 x 3 squares around a marker (bit (1 - dy) * 3 + (1 - dx) for the square
 * at (-dx, -dy) from it), the directions d = (dx, dy) a marker there can be pushed in: bit d
 * when the mover stands on the square it is pushed from.
 */
const PUSHES_FROM = (() => {
  const table = new Uint16Array(512);
  for (let around = 0; around < 512; around++)
    for (let d = 1; d <= 8; d++) if ((around & (1 << ((1 - DY[d]!) * 3 + (1 - DX[d]!)))) !== 0) table[around]! |= 1 << d;
  return table;
})();

/** The movement part of a move action: push, end square, shard. */
export function performMove(s: SquishState, action: number): void {
  const me = s.toMove;
  const push = action % 9;
  const rest = (action - push) / 9;
  const q = rest % s.squares;
  const shard = (rest - q) / s.squares;
  const Q = s.cellOfSquare(q);
  const cm = s.cellMarker;
  cm[s.markerCell[me]!] = EMPTY; // lifted first: a marker may be pushed onto the square the mover left
  if (push !== 0) {
    const T = Q + s.step[push]!;
    const m = cm[Q]!;
    cm[Q] = EMPTY;
    cm[T] = m;
    s.markerCell[m] = T;
    s.pushes++;
    s.seatPushes[me]!++;
  }
  cm[Q] = me;
  s.markerCell[me] = Q;
  if (shard !== 0) {
    s.held[me]! |= 1 << (shard - 1);
    s.shardsCollected++;
    s.seatShards[me]!++;
  }
}

/** Advanced game: squished markers drop their shards and restart, in seat order (last marker standing: they are out). */
export function restartSquished(s: SquishState): void {
  for (let p = 0; p < s.players; p++) {
    if ((s.rollSquished & (1 << p)) === 0 || s.markerCell[p]! >= 0) continue;
    const lost = popcount(s.held[p]!);
    s.held[p] = 0;
    s.shardsLost += lost;
    s.seatShardsLost[p]! += lost;
    if (s.lastStanding) continue;
    const c = restartCell(s, p);
    s.markerCell[p] = c;
    s.cellMarker[c] = p;
    s.onBoard++;
  }
}

/**
 * Where a squished marker restarts: its start square if free, else the free edge square nearest
 * to it by king moves, ties by the most direct route (fewest rook moves), then clockwise along
 * the edge from the start square. (If the whole edge is full: the nearest free square anywhere.)
 */
export function restartCell(s: SquishState, p: number): number {
  const start = s.startCell[p]!;
  if (s.cellBlock[start] === EMPTY && s.cellMarker[start] === EMPTY) return start;
  const sx = s.startX[p]!;
  const sy = s.startY[p]!;
  const L = s.perimeter;
  let best = -1;
  let bestKey = Infinity;
  for (let i = 0; i < L; i++) {
    const c = s.perimeterCell[i]!;
    if (s.cellBlock[c] !== EMPTY || s.cellMarker[c] !== EMPTY) continue;
    const dx = Math.abs(s.cellX[c]! - sx);
    const dy = Math.abs(s.cellY[c]! - sy);
    const key = (Math.max(dx, dy) * 256 + dx + dy) * 256 + ((i - s.startPerimeter[p]! + L) % L);
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  if (best >= 0) return best;
  for (let y = 0; y < s.height; y++)
    for (let x = 0; x < s.width; x++) {
      const c = s.cellAt(x, y);
      if (s.cellBlock[c] !== EMPTY || s.cellMarker[c] !== EMPTY) continue;
      const dx = Math.abs(x - sx);
      const dy = Math.abs(y - sy);
      const key = Math.max(dx, dy) * 256 + dx + dy;
      if (key < bestKey) {
        bestKey = key;
        best = c;
      }
    }
  return best;
}

export function popcount(v: number): number {
  let n = 0;
  for (; v !== 0; v &= v - 1) n++;
  return n;
}

/** For tests and traces: the move action that ends the mover's marker on (x, y). */
export function moveTo(s: SquishState, x: number, y: number, push = 0, shard = 0): number {
  return moveAction(shard, y * s.width + x, push, s.squares);
}
