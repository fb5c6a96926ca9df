/**
 * Squish! rules (docs/rules/squish.md): setup, the turn loop, block movement and collisions,
 * marker movement, winning; plus copy and the invariants.
 *
 * Chance lives inside `reset` and `apply`: they roll the dice and resolve everything up to the
 * next real decision (a direction after a 9, or where the mover's marker ends), so every call
 * of `legalActions` is a decision. Turns without one (a squished simple-game player who did
 * not roll a 9) are played out inside the same call.
 *
 * Hot path: nothing here allocates per move; loops over entering cells, markers and blocks are
 * written out by hand.
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import {
  SquishState,
  EMPTY,
  WALL,
  WALL_BIT,
  PHASE_DIRECTION,
  PHASE_MOVE,
  PHASE_OVER,
  EV_START,
  EV_BOUNCE,
  EV_HIT,
  EV_TRANSMIT,
  EV_SQUISH,
  EV_WEDGED,
  EV_STOP,
  EV_ROLL,
  EVENT_CAP,
  EVENT_FIELDS,
  TRACE_CAP,
  HIT_NONE,
  HIT_NEW,
  HIT_ADDED,
  HIT_IGNORED,
  F_MOVED,
  F_PENDING,
  F_ACTIVE,
} from './state.js';
import { DX, DY, dirOf, reverseDir, moveAction, dirBase } from './actions.js';

const BLOCK_BITS = 255;

// ---------------------------------------------------------------------------------------------
// Setup and the turn loop

/** Lay out blocks and markers at their start squares and clear every counter (no dice). */
export function setupBoard(s: SquishState): void {
  const cb = s.cellBlock;
  cb.fill(WALL);
  for (let y = 0; y < s.height; y++) cb.fill(EMPTY, s.cellAt(0, y), s.cellAt(0, y) + s.width);
  for (let b = 0; b < s.blockCount; b++) {
    s.blockX[b] = s.blockStartX[b]!;
    s.blockY[b] = s.blockStartY[b]!;
    fillBlock(s, b, b);
    s.blockMoves[b] = 0;
  }
  s.blockEntries.fill(0);
  s.cellMarker.fill(EMPTY);
  for (let p = 0; p < s.players; p++) {
    s.markerCell[p] = s.startCell[p]!;
    s.cellMarker[s.startCell[p]!] = p;
    s.held[p] = 0;
    s.seatSquished[p] = 0;
    s.seatSquishesCaused[p] = 0;
    s.seatSelfSquishes[p] = 0;
    s.seatShards[p] = 0;
    s.seatShardsLost[p] = 0;
    s.seatPushes[p] = 0;
  }
  s.onBoard = s.players;
  s.squishes = 0;
  s.firstSquishTurn = 0;
  s.rolls = 0;
  s.noMoveRolls = 0;
  s.chooseRolls = 0;
  s.blockSteps = 0;
  s.bounces = 0;
  s.blockHits = 0;
  s.chainBlocks = 0;
  s.transmissions = 0;
  s.wedged = 0;
  s.pushes = 0;
  s.shardsCollected = 0;
  s.shardsLost = 0;
  s.rollSeat = -1;
  s.rollFace = 0;
  s.rollDir = 0;
  s.rollForce = 0;
  s.rollBlock = 0;
  s.rollSteps = 0;
  s.rollBounces = 0;
  s.rollHits = 0;
  s.rollMoved = 0;
  s.rollSquished = 0;
  s.eventCount = 0;
  s.eventsDropped = 0;
  s.events.fill(0);
  s.dieFace = 0;
  s.force = 0;
  s.dieBlock = 0;
  s.mp = 0;
  s.phase = PHASE_MOVE;
  s.toMove = 0;
  s.firstSeat = 0;
  s.turns = 0;
  s.rounds = 1;
  s.terminal = false;
  s.winner = NO_WINNER;
  s.capped = false;
}

export function reset(s: SquishState, rng: Rng): void {
  const random = s.rules.setup === 'random';
  // Which start square each seat gets: the scenario's order, or (setup random) a fresh shuffle.
  for (let p = 0; p < s.players; p++) s.startOrder[p] = p;
  if (random) rng.shuffle(s.startOrder, 0, s.players);
  for (let p = 0; p < s.players; p++) {
    const q = s.startOrder[p]!;
    s.startX[p] = s.layoutStartX[q]!;
    s.startY[p] = s.layoutStartY[q]!;
    s.startCell[p] = s.layoutStartCell[q]!;
    s.startPerimeter[p] = s.layoutStartPerimeter[q]!;
  }
  setupBoard(s);
  clearEvents(s);
  s.firstSeat = s.rules.firstSeat === 'random' || random ? rng.int(s.players) : 0;
  s.toMove = s.firstSeat;
  playUntilDecision(s, rng);
}

/**
 * The current player starts a turn: roll direction (d10), force (d6) and, with several blocks,
 * the block (one face per block), all at once. Keep playing turns until one needs a decision.
 */
function playUntilDecision(s: SquishState, rng: Rng): void {
  for (;;) {
    const face = rng.int(10);
    const force = 1 + rng.int(6);
    const block = s.blockCount > 1 ? rng.int(s.blockCount) : 0;
    s.dieFace = face;
    s.force = force;
    s.dieBlock = block;
    s.rolls++;
    if (face === 9) {
      s.chooseRolls++;
      s.phase = PHASE_DIRECTION;
      return;
    }
    if (face === 0) {
      s.noMoveRolls++;
      recordNoMove(s, block, force);
    } else rollBlock(s, block, face, force);
    if (afterRoll(s, rng)) return;
  }
}

/** After the block roll: restarts, then movement if the mover is on the board. True if a decision is pending or the game is over. */
function afterRoll(s: SquishState, rng: Rng): boolean {
  if (s.advanced && s.rollSquished !== 0) restartSquished(s);
  if (s.markerCell[s.toMove]! >= 0) {
    s.mp = 1 + rng.int(6);
    s.phase = PHASE_MOVE;
    return true;
  }
  endTurn(s);
  return s.terminal;
}

/** The event log covers every roll since the last decision (several, when turns pass without one). */
function clearEvents(s: SquishState): void {
  s.eventCount = 0;
  s.eventsDropped = 0;
}

export function apply(s: SquishState, action: number, rng: Rng): void {
  clearEvents(s);
  if (s.phase === PHASE_DIRECTION) {
    rollBlock(s, s.dieBlock, action - dirBase(s.blockCount, s.squares) + 1, s.force, 9);
    if (afterRoll(s, rng)) return;
  } else {
    performMove(s, action);
    endTurn(s);
    if (s.terminal) return;
  }
  playUntilDecision(s, rng);
}

function endTurn(s: SquishState): void {
  const me = s.toMove;
  s.turns++;
  if (s.advanced) {
    // Every advanced turn ends with a move (a squished marker restarts before moving).
    if (s.held[me] === s.allShards && s.markerCell[me] === s.startCell[me]) return finish(s, me);
    // Last marker standing ends as the simple game does: all squished is a draw; the survivor wins at the end of its own turn.
    if (s.lastStanding && s.onBoard === 0) return finish(s, NO_WINNER);
    if (s.lastStanding && s.onBoard === 1 && s.markerCell[me]! >= 0) return finish(s, me);
  } else {
    if (s.onBoard === 0) return finish(s, NO_WINNER);
    if (s.onBoard === 1 && s.markerCell[me]! >= 0) return finish(s, me);
  }
  if (s.turns >= s.rules.maxTurns) {
    if (s.lastStanding) {
      const best = mostShards(s);
      if (best >= 0) return finish(s, best);
    }
    s.capped = true;
    return finish(s, NO_WINNER);
  }
  const next = me + 1 === s.players ? 0 : me + 1;
  if (next === s.firstSeat) s.rounds++;
  s.toMove = next;
}

/** Last marker standing at the cap: the marker on the board holding the most shards, or -1 on a tie. */
function mostShards(s: SquishState): number {
  let best = -1;
  let most = -1;
  let tied = false;
  for (let p = 0; p < s.players; p++) {
    if (s.markerCell[p]! < 0) continue;
    const n = popcount(s.held[p]!);
    if (n > most) {
      most = n;
      best = p;
      tied = false;
    } else if (n === most) tied = true;
  }
  return tied ? -1 : best;
}

function finish(s: SquishState, winner: number): void {
  s.terminal = true;
  s.winner = winner;
  s.phase = PHASE_OVER;
}

// ---------------------------------------------------------------------------------------------
// Markers: movement, pushes, shards, restarts

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
  const full = (1 << (x1 - x0 + 1)) - 1;
  const free = w.freeRow;
  const marks = w.markerRow;
  const cb = s.cellBlock;
  const cm = s.cellMarker;
  const stride = s.stride;
  for (let r = 0; r < rows; r++) {
    let f = 0;
    let m = 0;
    let c = (y0 + r + 1) * stride + x0 + 1;
    for (let bit = 1; bit <= full; bit <<= 1, c++) {
      if (cb[c] !== EMPTY) continue;
      const v = cm[c]!;
      if (v === EMPTY || v === me) f |= bit;
      else m |= bit;
    }
    free[r] = f;
    marks[r] = m;
  }
  const R = w.reach;
  for (let r = 0; r < rows; r++) R[r] = 0;
  R[py - y0] = 1 << (px - x0);
  for (let v = 1; v <= M; v++) {
    const prev = (v - 1) * 13;
    const cur = v * 13;
    for (let r = 0; r < rows; r++) {
      const u = R[prev + r]! | (r > 0 ? R[prev + r - 1]! : 0) | (r + 1 < rows ? R[prev + r + 1]! : 0);
      R[cur + r] = (u | (u << 1) | (u >>> 1)) & free[r]!;
    }
  }
  let n = emitOption(s, out, 0, 0, R, x0, y0, rows);
  if (!s.advanced) return n;
  const C = w.reachK;
  for (let k = 0; k < s.blockCount; k++) {
    if ((s.held[me]! & (1 << k)) !== 0) continue;
    // Squares next to block k, as a window mask per row.
    const rx0 = s.blockX[k]! - 1 - x0;
    const rx1 = s.blockX[k]! + s.blockW[k]! - x0;
    if (rx1 < 0 || rx0 > x1 - x0) continue;
    const ringMask = (rx1 >= 31 ? -1 : (1 << (rx1 + 1)) - 1) & ~(rx0 <= 0 ? 0 : (1 << rx0) - 1) & full;
    const ry0 = s.blockY[k]! - 1 - y0;
    const ry1 = s.blockY[k]! + s.blockH[k]! - y0;
    if (ry1 < 0 || ry0 >= rows) continue;
    // The first level from which the shard can be collected (most of the time: none).
    const r0 = ry0 > 0 ? ry0 : 0;
    const r1 = ry1 < rows - 1 ? ry1 : rows - 1;
    let first = -1;
    for (let v = 0; v < M && first < 0; v++) for (let r = r0; r <= r1; r++) if ((R[v * 13 + r]! & ringMask) !== 0) first = v;
    if (first < 0) continue;
    let any = 0;
    for (let r = 0; r < rows; r++) C[first * 13 + r] = 0;
    for (let v = first + 1; v <= M; v++) {
      const prev = (v - 1) * 13;
      const cur = v * 13;
      for (let r = 0; r < rows; r++) {
        const u = C[prev + r]! | (r > 0 ? C[prev + r - 1]! : 0) | (r + 1 < rows ? C[prev + r + 1]! : 0);
        const ring = r >= ry0 && r <= ry1 ? ringMask : 0;
        const x = ((u | (u << 1) | (u >>> 1)) & free[r]!) | (R[prev + r]! & ring);
        C[cur + r] = x;
        any |= x;
      }
    }
    if (any !== 0) n = emitOption(s, out, n, k + 1, C, x0, y0, rows);
  }
  return n;
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
  const P = s.markerCell[s.toMove]!;
  const cb = s.cellBlock;
  const cm = s.cellMarker;
  const stride = s.stride;
  for (let r = 0; r < rows; r++) {
    const plain = L[end + r]!;
    let all = plain | marks[r]!;
    const y = y0 + r;
    while (all !== 0) {
      const low = all & -all;
      all ^= low;
      const i = 31 - Math.clz32(low);
      const x = x0 + i;
      const code = (base + y * W + x) * 9;
      if ((plain & low) !== 0) {
        out[n++] = code;
        continue;
      }
      // Another marker stands here: pushes from a square reached with MP to spare.
      for (let d = 1; d <= 8; d++) {
        const dx = DX[d]!;
        const dy = DY[d]!;
        const fr = r - dy;
        const fi = i - dx;
        if (fr < 0 || fr >= rows || fi < 0 || fi > 30 || (L[before + fr]! & (1 << fi)) === 0) continue;
        const to = (y + dy + 1) * stride + x + dx + 1;
        if (cb[to] === EMPTY && (cm[to] === EMPTY || to === P)) out[n++] = code + d;
      }
    }
  }
  return n;
}

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
function restartSquished(s: SquishState): void {
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

// ---------------------------------------------------------------------------------------------
// Blocks

function event(s: SquishState, type: number, block: number, a: number, b: number, c: number, d: number): void {
  const n = s.eventCount;
  if (s.work.track) return; // policies' scratch rolls need no trace text
  if (n >= EVENT_CAP) {
    s.eventsDropped++;
    return;
  }
  const e = s.events;
  const o = n * EVENT_FIELDS;
  e[o] = type;
  e[o + 1] = block;
  e[o + 2] = a;
  e[o + 3] = b;
  e[o + 4] = c;
  e[o + 5] = d;
  s.eventCount = n + 1;
}

function startRoll(s: SquishState, block: number, face: number, dir: number, force: number): void {
  event(s, EV_ROLL, block, s.toMove, face, dir, force);
  s.rollSeat = s.toMove;
  s.rollFace = face;
  s.rollDir = dir;
  s.rollForce = force;
  s.rollBlock = block;
  s.rollSteps = 0;
  s.rollBounces = 0;
  s.rollHits = 0;
  s.rollMoved = 0;
  s.rollSquished = 0;
}

function recordNoMove(s: SquishState, block: number, force: number): void {
  startRoll(s, block, 0, 0, force);
}

/**
 * Roll block `block` (index) in direction `dir` (1..8) with `force`, resolving every collision
 * and hit it causes under the rules' `forces` and `resolution` variants. Squished markers leave
 * the board (s.rollSquished); advanced-game restarts come afterwards (afterRoll).
 */
export function rollBlock(s: SquishState, block: number, dir: number, force: number, face = dir): void {
  startRoll(s, block, face, dir, force);
  const w = s.work;
  for (let b = 0; b < s.blockCount; b++) w.flags[b] = 0;
  w.flags[block] = F_MOVED;
  w.qLen = 0;
  w.newlyHit = 0;
  w.originAttempt = 0;
  w.firstHitAt = 0;
  w.traceLen = 0;
  s.rollMoved = 1;
  if (s.simultaneous) resolveSimultaneous(s, block, dir, force);
  else resolveSequential(s, block, dir, force);
}

function resolveSequential(s: SquishState, b0: number, dir: number, force: number): void {
  const w = s.work;
  w.originPhase = true;
  runBlock(s, b0, dir, force);
  w.originPhase = false;
  while (w.qLen > 0) {
    const b = w.queue[0]!;
    w.qLen--;
    for (let i = 0; i < w.qLen; i++) w.queue[i] = w.queue[i + 1]!;
    w.flags[b] = F_MOVED;
    const f = w.pendForce[b]!;
    const d = w.pendDir[b]!;
    const blockers = scanStep(s, b, DX[d]!, DY[d]!) & BLOCK_BITS;
    if (blockers !== 0) {
      transmit(s, b, blockers, f, d);
      enqueueNew(s, true);
      continue;
    }
    s.chainBlocks++;
    s.rollMoved++;
    runBlock(s, b, d, f);
  }
}

/** A block that cannot move because blocks touch it on that side passes its hit on to them. */
function transmit(s: SquishState, b: number, blockers: number, f: number, d: number): void {
  s.transmissions++;
  event(s, EV_TRANSMIT, b, blockers, f, d, 0);
  for (let t = 0; t < s.blockCount; t++) if ((blockers & (1 << t)) !== 0) hit(s, b, t, f, d);
}

/** Move block b with force f in direction d until the force is spent or it is wedged. */
function runBlock(s: SquishState, b: number, d: number, f: number): void {
  const w = s.work;
  w.bDir[b] = d;
  event(s, EV_START, b, d, f, s.blockX[b]!, s.blockY[b]!);
  let steps = 0;
  while (f > 0) {
    if (w.originPhase) w.originAttempt++;
    const moved = attempt(s, b, f);
    if (w.newlyHit !== 0) enqueueNew(s, false);
    if (!moved) break;
    f--;
    steps++;
  }
  event(s, EV_STOP, b, s.blockX[b]!, s.blockY[b]!, steps, 0);
}

/** Queue the blocks that got their first hit, lowest number first: at the end, or at the front (a passed-on hit). */
function enqueueNew(s: SquishState, front: boolean): void {
  const w = s.work;
  const mask = w.newlyHit;
  w.newlyHit = 0;
  const K = s.blockCount;
  if (!front) {
    for (let t = 0; t < K; t++) if ((mask & (1 << t)) !== 0) w.queue[w.qLen++] = t;
    return;
  }
  const add = popcount(mask);
  for (let i = w.qLen - 1; i >= 0; i--) w.queue[i + add] = w.queue[i]!;
  let j = 0;
  for (let t = 0; t < K; t++) if ((mask & (1 << t)) !== 0) w.queue[j++] = t;
  w.qLen += add;
}

function resolveSimultaneous(s: SquishState, b0: number, dir: number, force: number): void {
  const w = s.work;
  const K = s.blockCount;
  // The rolled block moves alone until its first collision with a block.
  w.originPhase = true;
  w.bDir[b0] = dir;
  event(s, EV_START, b0, dir, force, s.blockX[b0]!, s.blockY[b0]!);
  let f = force;
  let steps = 0;
  while (f > 0) {
    w.originAttempt++;
    const moved = attempt(s, b0, f);
    if (moved) {
      f--;
      steps++;
    } else f = 0;
    if (w.newlyHit !== 0) break;
  }
  w.originPhase = false;
  w.bForce[b0] = f;
  w.flags[b0] = F_MOVED | F_ACTIVE;
  if (w.newlyHit === 0 || f === 0) event(s, EV_STOP, b0, s.blockX[b0]!, s.blockY[b0]!, steps, 0);
  // Then every block with force left steps once per tick, in number order; a block hit during
  // a tick starts on the next one.
  while (w.newlyHit !== 0 || anyForceLeft(s)) {
    const starting = w.newlyHit;
    w.newlyHit = 0;
    for (let t = 0; t < K; t++) {
      if ((starting & (1 << t)) === 0) continue;
      w.flags[t] = F_MOVED | F_ACTIVE;
      const tf = w.pendForce[t]!;
      const td = w.pendDir[t]!;
      const blockers = scanStep(s, t, DX[td]!, DY[td]!) & BLOCK_BITS;
      if (blockers !== 0) {
        w.bForce[t] = 0;
        transmit(s, t, blockers, tf, td);
        continue;
      }
      w.bForce[t] = tf;
      w.bDir[t] = td;
      s.chainBlocks++;
      s.rollMoved++;
      event(s, EV_START, t, td, tf, s.blockX[t]!, s.blockY[t]!);
    }
    for (let b = 0; b < K; b++) {
      if ((w.flags[b]! & F_ACTIVE) === 0 || w.bForce[b]! === 0) continue;
      const moved = attempt(s, b, w.bForce[b]!);
      w.bForce[b] = moved ? w.bForce[b]! - 1 : 0;
      if (w.bForce[b] === 0) event(s, EV_STOP, b, s.blockX[b]!, s.blockY[b]!, 0, 0);
    }
  }
}

function anyForceLeft(s: SquishState): boolean {
  const w = s.work;
  for (let b = 0; b < s.blockCount; b++) if ((w.flags[b]! & F_ACTIVE) !== 0 && w.bForce[b]! > 0) return true;
  return false;
}

/**
 * One unit step of block b with f force left, in its current direction w.bDir[b]. If the step
 * is blocked (wall or block), the blocks in the way are hit (force f, this direction) and b
 * bounces (the bounce costs nothing) and tries once in the new direction; if that is blocked
 * too (and those blocks are hit as well), b is wedged. True if b stepped.
 */
function attempt(s: SquishState, b: number, f: number): boolean {
  const w = s.work;
  const d = w.bDir[b]!;
  let m = scanStep(s, b, DX[d]!, DY[d]!);
  if (m === 0) {
    moveBlock(s, b, DX[d]!, DY[d]!);
    return true;
  }
  if ((m & BLOCK_BITS) !== 0) deliverHits(s, b, m, f, d);
  const nd = bounceDir(s, b, d);
  s.bounces++;
  s.rollBounces++;
  event(s, EV_BOUNCE, b, d, nd, f, m);
  w.bDir[b] = nd;
  m = scanStep(s, b, DX[nd]!, DY[nd]!);
  if (m === 0) {
    moveBlock(s, b, DX[nd]!, DY[nd]!);
    return true;
  }
  if ((m & BLOCK_BITS) !== 0) deliverHits(s, b, m, f, nd);
  s.wedged++;
  event(s, EV_WEDGED, b, f, s.blockX[b]!, s.blockY[b]!, 0);
  return false;
}

/**
 * New direction after a blocked step. Straight on: reverse. At an angle: test the step along x
 * alone and along y alone and flip the component(s) whose single-axis step is blocked; if
 * neither or both are, reverse (a corner).
 */
function bounceDir(s: SquishState, b: number, d: number): number {
  const dx = DX[d]!;
  const dy = DY[d]!;
  if (dx === 0 || dy === 0) return reverseDir(d);
  const bx = scanStep(s, b, dx, 0) !== 0;
  const by = scanStep(s, b, 0, dy) !== 0;
  if (bx && !by) return dirOf(-dx, dy);
  if (by && !bx) return dirOf(dx, -dy);
  return reverseDir(d);
}

function deliverHits(s: SquishState, hitter: number, mask: number, f: number, d: number): void {
  const w = s.work;
  if (w.originPhase && w.firstHitAt === 0) w.firstHitAt = w.originAttempt;
  for (let t = 0; t < s.blockCount; t++) if ((mask & (1 << t)) !== 0) hit(s, hitter, t, f, d);
}

function hit(s: SquishState, hitter: number, t: number, f: number, d: number): void {
  const w = s.work;
  s.blockHits++;
  s.rollHits++;
  const fl = w.flags[t]!;
  let effect: number;
  if ((fl & F_MOVED) !== 0) effect = HIT_NONE;
  else if ((fl & F_PENDING) !== 0) {
    if (s.cumulative) {
      w.pendForce[t]! += f;
      effect = HIT_ADDED;
    } else effect = HIT_IGNORED;
  } else {
    w.flags[t] = F_PENDING;
    w.pendForce[t] = f;
    w.pendDir[t] = d;
    w.newlyHit |= 1 << t;
    effect = HIT_NEW;
  }
  event(s, EV_HIT, hitter, t, f, d, effect);
}

/**
 * The cells block b would newly cover if shifted by (dx, dy) go to w.enter; returns the mask of
 * what is there: WALL_BIT for the wall, bit t for block t (0 = free; markers do not count).
 */
function scanStep(s: SquishState, b: number, dx: number, dy: number): number {
  const w = s.work;
  const cb = s.cellBlock;
  const enter = w.enter;
  const stride = s.stride;
  const x = s.blockX[b]!;
  const y = s.blockY[b]!;
  const bw = s.blockW[b]!;
  const bh = s.blockH[b]!;
  let n = 0;
  let mask = 0;
  if (dx !== 0) {
    let c = (y + dy + 1) * stride + (dx > 0 ? x + bw : x - 1) + 1;
    for (let i = 0; i < bh; i++, c += stride) {
      enter[n++] = c;
      const v = cb[c]!;
      if (v !== EMPTY) mask |= v === WALL ? WALL_BIT : 1 << v;
    }
  }
  if (dy !== 0) {
    let c = ((dy > 0 ? y + bh : y - 1) + 1) * stride + x + dx + 1;
    let len = bw;
    if (dx !== 0) {
      len--; // the corner square is in the column above
      if (dx < 0) c++;
    }
    for (let i = 0; i < len; i++, c++) {
      enter[n++] = c;
      const v = cb[c]!;
      if (v !== EMPTY) mask |= v === WALL ? WALL_BIT : 1 << v;
    }
  }
  w.enterCount = n;
  return mask;
}

/**
 * Step block b by (dx, dy) onto the cells scanStep found free. Markers on them are pushed one
 * square on, in a chain; the far marker of a chain that cannot move is squished and the block
 * takes the square.
 */
function moveBlock(s: SquishState, b: number, dx: number, dy: number): void {
  const w = s.work;
  const enter = w.enter;
  const n = w.enterCount;
  const cm = s.cellMarker;
  const cb = s.cellBlock;
  const stride = s.stride;
  const D = dy * stride + dx;
  if (s.onBoard > 0) for (let i = 0; i < n; i++) if (cm[enter[i]!]! >= 0) pushChain(s, enter[i]!, D, b);
  const x = s.blockX[b]!;
  const y = s.blockY[b]!;
  const bw = s.blockW[b]!;
  const bh = s.blockH[b]!;
  // Leave the trailing column and row, take the entering cells.
  if (dx !== 0) {
    let c = (y + 1) * stride + (dx > 0 ? x : x + bw - 1) + 1;
    for (let i = 0; i < bh; i++, c += stride) cb[c] = EMPTY;
  }
  if (dy !== 0) {
    const c = ((dy > 0 ? y : y + bh - 1) + 1) * stride + x + 1;
    for (let i = 0; i < bw; i++) cb[c + i] = EMPTY;
  }
  const entries = s.blockEntries;
  for (let i = 0; i < n; i++) {
    const c = enter[i]!;
    cb[c] = b;
    entries[c]!++;
  }
  if (w.track) {
    // Policies' scratch rolls: record the step and mark the squares entered.
    const at = w.originPhase ? w.originAttempt : 99;
    for (let i = 0; i < n; i++) touch(s, enter[i]!, at);
    const k = w.traceLen++;
    if (k < TRACE_CAP) {
      w.traceBlock[k] = b;
      w.traceDx[k] = dx;
      w.traceDy[k] = dy;
      w.traceAt[k] = at;
    }
  }
  s.blockX[b] = x + dx;
  s.blockY[b] = y + dy;
  s.blockMoves[b]!++;
  s.blockSteps++;
  s.rollSteps++;
}

function touch(s: SquishState, c: number, at: number): void {
  const w = s.work;
  if (w.touchStamp[c] !== w.touchGen) {
    w.touchStamp[c] = w.touchGen;
    w.touchAt[c] = at;
    w.touchStep[c] = w.traceLen; // the index the current step gets in the trace
    w.touchList[w.touchCount++] = c;
  }
}

function pushChain(s: SquishState, c: number, D: number, b: number): void {
  const cm = s.cellMarker;
  let len = 1;
  let t = c + D;
  while (cm[t]! >= 0) {
    t += D;
    len++;
  }
  if (s.cellBlock[t] !== EMPTY) {
    // The far marker has nowhere to go (wall or another block beyond): squished.
    const far = t - D;
    squish(s, cm[far]!, b, far);
    len--;
  }
  for (let k = len - 1; k >= 0; k--) {
    const u = c + k * D;
    const m = cm[u]!;
    cm[u + D] = m;
    cm[u] = EMPTY;
    s.markerCell[m] = u + D;
  }
}

function squish(s: SquishState, m: number, b: number, cell: number): void {
  const w = s.work;
  s.cellMarker[cell] = EMPTY;
  s.markerCell[m] = -1;
  s.onBoard--;
  s.rollSquished |= 1 << m;
  s.squishes++;
  s.seatSquished[m]!++;
  if (s.rollSeat === m) s.seatSelfSquishes[m]!++;
  else if (s.rollSeat >= 0) s.seatSquishesCaused[s.rollSeat]!++;
  if (s.firstSquishTurn === 0) s.firstSquishTurn = s.turns + 1;
  if (w.watchSeat === m) w.watchAt = w.originPhase ? w.originAttempt : 99;
  event(s, EV_SQUISH, b, m, s.cellX[cell]!, s.cellY[cell]!, 0);
}

function fillBlock(s: SquishState, b: number, value: number): void {
  const x = s.blockX[b]!;
  const y = s.blockY[b]!;
  for (let j = 0; j < s.blockH[b]!; j++) {
    const c = s.cellAt(x, y + j);
    s.cellBlock.fill(value, c, c + s.blockW[b]!);
  }
}

// ---------------------------------------------------------------------------------------------
// Crafted positions (tests, examples, policies' scratch states)

/** Move block b to (x, y) (no pushing; the caller keeps the position legal). */
export function placeBlock(s: SquishState, b: number, x: number, y: number): void {
  fillBlock(s, b, EMPTY);
  s.blockX[b] = x;
  s.blockY[b] = y;
  fillBlock(s, b, b);
}

/** Put seat p's marker on (x, y), or take it off the board with x = -1. */
export function placeMarker(s: SquishState, p: number, x: number, y = 0): void {
  const old = s.markerCell[p]!;
  if (old >= 0) {
    s.cellMarker[old] = EMPTY;
    s.onBoard--;
  }
  if (x < 0) {
    s.markerCell[p] = -1;
    return;
  }
  const c = s.cellAt(x, y);
  s.cellMarker[c] = p;
  s.markerCell[p] = c;
  s.onBoard++;
}

/** Make dst's board (blocks, markers, shards, mover) equal src's: the cheap part of copy, for policies' scratch states. */
export function copyBoard(d: SquishState, s: SquishState): void {
  d.blockX.set(s.blockX);
  d.blockY.set(s.blockY);
  d.cellBlock.set(s.cellBlock);
  d.cellMarker.set(s.cellMarker);
  d.markerCell.set(s.markerCell);
  d.held.set(s.held);
  d.onBoard = s.onBoard;
  d.toMove = s.toMove;
  d.turns = s.turns;
  d.eventCount = 0;
  d.eventsDropped = 0;
}

export function copy(d: SquishState, s: SquishState): void {
  copyState(d, s);
}

// ---------------------------------------------------------------------------------------------
// Invariants

/**
 * Blocks lie on the board and never overlap, and the block grid agrees with their positions;
 * markers stand on distinct free squares and agree with the marker grid; shards are conserved
 * (each is held by its player or lies on its block, and the counts agree with collections and
 * losses); the counters agree with each other and with the phase.
 */
export function checkInvariants(s: SquishState): string | null {
  const W = s.width;
  const H = s.height;
  const expect = s.work.expectGrid;
  expect.fill(WALL);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) expect[s.cellAt(x, y)] = EMPTY;
  for (let b = 0; b < s.blockCount; b++) {
    const x = s.blockX[b]!;
    const y = s.blockY[b]!;
    if (x < 0 || y < 0 || x + s.blockW[b]! > W || y + s.blockH[b]! > H) return `block ${b + 1} at (${x}, ${y}) is off the board`;
    for (let j = 0; j < s.blockH[b]!; j++)
      for (let i = 0; i < s.blockW[b]!; i++) {
        const c = s.cellAt(x + i, y + j);
        if (expect[c] !== EMPTY) return `block ${b + 1} overlaps block ${expect[c]! + 1} at (${x + i}, ${y + j})`;
        expect[c] = b;
      }
  }
  for (let c = 0; c < s.cells; c++) if (expect[c] !== s.cellBlock[c]) return `block grid disagrees with block positions at cell ${c}`;
  let onBoard = 0;
  for (let p = 0; p < s.players; p++) {
    const c = s.markerCell[p]!;
    if (c < 0) continue;
    onBoard++;
    if (c >= s.cells || s.cellX[c]! < 0) return `seat ${p}'s marker is off the board (cell ${c})`;
    if (s.cellMarker[c] !== p) return `marker grid disagrees with seat ${p}'s marker`;
    if (s.cellBlock[c] !== EMPTY) return `seat ${p}'s marker stands on block ${s.cellBlock[c]! + 1}`;
  }
  for (let c = 0; c < s.cells; c++) {
    const m = s.cellMarker[c]!;
    if (m !== EMPTY && s.markerCell[m] !== c) return `cell ${c} holds seat ${m}'s marker, which is elsewhere`;
  }
  if (onBoard !== s.onBoard) return `${onBoard} markers on the board but onBoard = ${s.onBoard}`;
  let squished = 0;
  let caused = 0;
  let shards = 0;
  let lost = 0;
  let pushes = 0;
  for (let p = 0; p < s.players; p++) {
    squished += s.seatSquished[p]!;
    caused += s.seatSquishesCaused[p]! + s.seatSelfSquishes[p]!;
    shards += s.seatShards[p]!;
    lost += s.seatShardsLost[p]!;
    pushes += s.seatPushes[p]!;
    if ((s.held[p]! & ~s.allShards) !== 0) return `seat ${p} holds shards of blocks that do not exist`;
    if (popcount(s.held[p]!) !== s.seatShards[p]! - s.seatShardsLost[p]!)
      return `seat ${p} holds ${popcount(s.held[p]!)} shards but collected ${s.seatShards[p]} and lost ${s.seatShardsLost[p]}`;
    const outWhenSquished = !s.advanced || s.lastStanding;
    if (outWhenSquished && (s.markerCell[p]! < 0) !== (s.seatSquished[p]! > 0)) return `seat ${p}: marker on the board disagrees with its squishes (squished markers are out)`;
    if (outWhenSquished && s.seatSquished[p]! > 1) return `seat ${p} squished ${s.seatSquished[p]} times, but a squished marker is out`;
    if (!outWhenSquished && s.markerCell[p]! < 0) return `seat ${p}'s marker is off the board in the advanced game`;
  }
  if (!s.advanced) for (let p = 0; p < s.players; p++) if (s.held[p] !== 0) return 'shards held in the simple game';
  if (squished !== s.squishes || caused !== s.squishes) return `squish counters disagree (${s.squishes}, ${squished} by seat, ${caused} by roller)`;
  if (shards !== s.shardsCollected || lost !== s.shardsLost) return 'shard counters disagree';
  if (pushes !== s.pushes) return 'push counters disagree';
  if ((s.squishes > 0) !== (s.firstSquishTurn > 0)) return 'first squish turn disagrees with the squish count';
  let steps = 0;
  for (let b = 0; b < s.blockCount; b++) steps += s.blockMoves[b]!;
  if (steps !== s.blockSteps) return `block steps ${s.blockSteps} disagree with the per-block counts (${steps})`;
  // Each step of block b enters its leading column or row (min(w, h) squares or more) and at most
  // w + h - 1 squares (a diagonal step); nothing enters the wall ring.
  let entries = 0;
  let fewest = 0;
  let most = 0;
  for (let c = 0; c < s.cells; c++) {
    if (s.cellX[c]! < 0 && s.blockEntries[c] !== 0) return `block entries counted on the wall (cell ${c})`;
    entries += s.blockEntries[c]!;
  }
  for (let b = 0; b < s.blockCount; b++) {
    fewest += s.blockMoves[b]! * Math.min(s.blockW[b]!, s.blockH[b]!);
    most += s.blockMoves[b]! * (s.blockW[b]! + s.blockH[b]! - 1);
  }
  if (entries < fewest || entries > most) return `${entries} block entries for ${s.blockSteps} block steps (expected ${fewest} to ${most})`;
  if (s.rolls !== s.turns + (s.terminal ? 0 : 1)) return `${s.rolls} rolls in ${s.turns} turns`;
  if (s.noMoveRolls + s.chooseRolls > s.rolls) return 'more 0s and 9s than rolls';
  if (s.turns > s.rules.maxTurns) return `turn ${s.turns} is past the cap`;
  if (s.terminal) {
    if (s.phase !== PHASE_OVER) return 'finished game not in its final phase';
    if (!s.capped && !s.advanced && s.onBoard > 1) return 'simple game ended with more than one marker on the board';
    const shardWin = s.winner >= 0 && s.held[s.winner] === s.allShards && s.markerCell[s.winner] === s.startCell[s.winner];
    // Last marker standing also wins by being the last marker left, or by the most shards at the cap.
    const standingWin = s.lastStanding && s.winner >= 0 && s.markerCell[s.winner]! >= 0 && (s.onBoard === 1 || s.turns >= s.rules.maxTurns);
    if (!s.capped && s.winner >= 0 && s.advanced && !shardWin && !standingWin)
      return 'advanced winner without all shards on the start square (or, last marker standing, without being the last marker or the shard leader at the cap)';
    if (s.capped && s.winner !== NO_WINNER) return 'capped game with a winner';
  } else if (s.phase === PHASE_DIRECTION) {
    if (s.dieFace !== 9) return `choosing a direction after rolling ${s.dieFace}`;
  } else if (s.phase === PHASE_MOVE) {
    if (s.markerCell[s.toMove]! < 0) return `seat ${s.toMove} moves with no marker on the board`;
    if (s.mp < 1 || s.mp > 6) return `movement points ${s.mp}`;
  } else return `unknown phase ${s.phase}`;
  return null;
}

/** For tests and traces: the move action that ends the mover's marker on (x, y). */
export function moveTo(s: SquishState, x: number, y: number, push = 0, shard = 0): number {
  return moveAction(shard, y * s.width + x, push, s.squares);
}
