/**
 * Squish! rules (docs/rules/squish.md), a block's roll: the rolled block moves with its force,
 * bounces off walls and blocks, passes hits on to the blocks it strikes (in sequence or
 * simultaneously, with or without cumulative force: the `resolution` and `forces` variants),
 * pushes markers in its way and squishes the one that has nowhere to go. Records the roll's
 * events for traces and, for policies' scratch rolls, which squares were entered when.
 *
 * Hot path: nothing here allocates per move; loops over entering cells and blocks are written
 * out by hand.
 */
import {
  type SquishState,
  EMPTY,
  WALL,
  WALL_BIT,
  EV_START,
  EV_BOUNCE,
  EV_HIT,
  EV_TRANSMIT,
  EV_SQUISH,
  EV_WEDGED,
  EV_STOP,
  EV_ROLL,
  TRACE_CAP,
  HIT_NONE,
  HIT_NEW,
  HIT_ADDED,
  HIT_IGNORED,
  F_MOVED,
  F_PENDING,
  F_ACTIVE,
} from './state.js';
import { DX, DY, dirOf, reverseDir } from './actions.js';
import { popcount } from './markers.js';

const BLOCK_BITS = 255;

/** Note an event of the roll for the trace (the state's log is off in play and in policies' scratch rolls). */
function event(s: SquishState, type: number, block: number, a: number, b: number, c: number, d: number): void {
  s.eventLog.add(type, block, a, b, c, d);
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

export function recordNoMove(s: SquishState, block: number, force: number): void {
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

export function fillBlock(s: SquishState, b: number, value: number): void {
  const x = s.blockX[b]!;
  const y = s.blockY[b]!;
  for (let j = 0; j < s.blockH[b]!; j++) {
    const c = s.cellAt(x, y + j);
    s.cellBlock.fill(value, c, c + s.blockW[b]!);
  }
}
