/**
 * Where each move candidate (actions.ts) takes a character, shared by the rules and the
 * policies. Ring candidates go along the planner's shortest path towards their BTB point and stop
 * when the allowance runs out; away and compass candidates are straight moves that stop at the
 * first obstacle, base or board edge; hold stays. Nothing here allocates.
 */
import { BTB_TOLERANCE, PT, TOUCH_EPS, isBtb, rimDistance, norm } from './geometry.js';
import { PAIR, inSightReg, isCoveredReg } from './sight.js';
import { OUT_X, OUT_Y, OUT_DX, OUT_DY, OUT_USED, OUT_REACHED, OUT_ROUTE } from './route.js';
import { straightMove } from './straight-move.js';
import { COMPASS, COMPASS_DISTANCES, HOLD_CANDIDATE, RING_POINTS, PER_ENEMY, candidateEnemy } from './actions.js';
import { COMPASS_X, COMPASS_Y, RING_SLIDES } from './world.js';
import type { SquallState } from './state.js';

/** BTB points sit this far outside contact: well inside the 0.01" tolerance, never overlapping. */
export const RING_GAP = BTB_TOLERANCE / 2;

/**
 * The BTB point k around enemy e for mover m: into out[0], out[1]. Where the point itself is
 * blocked (off the board, in terrain, under a base) it slides round the ring, up to 20 degrees
 * either way, to the nearest free point: against a wall or in a corner all eight fixed points
 * could be blocked while contact was still possible, and a mover that wanted contact stood
 * still. If no slide is free the point stays where it was (and is not offered): returns whether
 * the point is free.
 */
export function ringPoint(s: SquallState, m: number, e: number, k: number, out: Float64Array): boolean {
  const w = s.world;
  ringPointAt(s, m, e, w.ringCos, w.ringSin, k, out);
  if (positionFreeAt(s, m, out)) return true;
  for (let t = 0; t < RING_SLIDES; t++) {
    ringPointAt(s, m, e, w.ringSlideCos, w.ringSlideSin, k * RING_SLIDES + t, out);
    if (positionFreeAt(s, m, out)) return true;
  }
  ringPointAt(s, m, e, w.ringCos, w.ringSin, k, out);
  return false;
}

/**
 * ringPoint through the World's cache (ring-cache.ts): the point into out[0], out[1], and
 * whether it is free (offered). Computed once per mover and position of the other bases, not
 * once per caller (legalActions, the brawler's ordering and resolveMove each ask for it).
 */
export function ringPointFree(s: SquallState, m: number, e: number, k: number, out: Float64Array): boolean {
  s.world.rings.validate(s.discs, s.fx, s.fy, m);
  return storedRingPoint(s, m, e, k, out);
}

/**
 * ringPointFree without checking the cache's key: only right after `s.world.rings.validate`
 * for mover m, with nothing moved or turned since (a loop over one enemy's points validates
 * once instead of once per point).
 */
export function storedRingPoint(s: SquallState, m: number, e: number, k: number, out: Float64Array): boolean {
  const cache = s.world.rings;
  const i = e * RING_POINTS + k;
  if (cache.stamp[i] !== cache.gen) {
    const free = ringPoint(s, m, e, k, out);
    cache.x[i] = out[0]!;
    cache.y[i] = out[1]!;
    cache.free[i] = free ? 1 : 0;
    cache.stamp[i] = cache.gen;
    return free;
  }
  out[0] = cache.x[i]!;
  out[1] = cache.y[i]!;
  return cache.free[i] === 1;
}

/**
 * The BTB point at angle (cos[i], sin[i]) from e's facing, for mover m. The angle goes by table
 * and index, not as two numbers: doubles passed to a call V8 does not inline are boxed, and
 * search runs this for every candidate of every move.
 */
function ringPointAt(s: SquallState, m: number, e: number, cos: Float64Array, sin: Float64Array, i: number, out: Float64Array): void {
  const c = cos[i]!;
  const sn = sin[i]!;
  const d = s.r[m]! + s.r[e]! + RING_GAP;
  const fx = s.fx[e]!;
  const fy = s.fy[e]!;
  out[0] = s.x[e]! + d * (fx * c - fy * sn);
  out[1] = s.y[e]! + d * (fx * sn + fy * c);
}

/** True if character m's base fits at (x, y): on the board, clear of terrain and other bases. */
export function positionFree(s: SquallState, m: number, x: number, y: number): boolean {
  FREE_AT[0] = x;
  FREE_AT[1] = y;
  return positionFreeAt(s, m, FREE_AT);
}

const FREE_AT = new Float64Array(2);

/** positionFree of the point in p[0], p[1]: a register, so no double crosses the call (V8 would box it). */
export function positionFreeAt(s: SquallState, m: number, p: Float64Array): boolean {
  const x = p[0]!;
  const y = p[1]!;
  const r = s.r[m]!;
  const w = s.world;
  // baseOnBoard written out: at this depth V8 did not inline it and boxed its four doubles.
  if (x < r - TOUCH_EPS || x > w.width - r + TOUCH_EPS || y < r - TOUCH_EPS || y > w.height - r + TOUCH_EPS) return false;
  PT[0] = x; // geometry's point register: as arguments V8 would box them
  PT[1] = y;
  PT[2] = r;
  if (w.obstacles.baseOverlapsAnyReg()) return false;
  for (let c = 0; c < s.count; c++) {
    if (c === m || s.alive[c] === 0) continue;
    const dx = s.x[c]! - x;
    const dy = s.y[c]! - y;
    const rr = s.r[c]! + r - 1e-7;
    if (dx * dx + dy * dy < rr * rr) return false;
  }
  return true;
}

const point = new Float64Array(2);

/** Is move candidate `cand` offered to mover m (given a positive allowance)? */
export function candidateOffered(s: SquallState, m: number, cand: number): boolean {
  if (cand >= COMPASS) return true;
  const e = Math.floor(cand / PER_ENEMY);
  if (e >= s.count || s.alive[e] === 0 || !s.enemies(m, e)) return false;
  s.world.rings.validate(s.discs, s.fx, s.fy, m);
  return slotOffered(s, m, e, cand % PER_ENEMY);
}

/**
 * Is slot k (ring point or away) of living enemy e offered to mover m? Only right after
 * `s.world.rings.validate` for m (legalActions validates once for all the enemies' slots).
 */
export function slotOffered(s: SquallState, m: number, e: number, k: number): boolean {
  return k === RING_POINTS || storedRingPoint(s, m, e, k, point);
}

/**
 * Where candidate `cand` takes mover m with `allowance` inches: fills out (planner.ts OUT_*):
 * end point, direction of the last leg, inches used, whether the goal was reached, route length.
 */
export function resolveMove(s: SquallState, m: number, cand: number, allowance: number, out: Float64Array): void {
  const w = s.world;
  const planner = w.planner;
  if (cand === HOLD_CANDIDATE || allowance <= 0) {
    out[OUT_X] = s.x[m]!;
    out[OUT_Y] = s.y[m]!;
    out[OUT_DX] = 0;
    out[OUT_DY] = 0;
    out[OUT_USED] = 0;
    out[OUT_REACHED] = cand === HOLD_CANDIDATE ? 1 : 0;
    out[OUT_ROUTE] = 0;
    return;
  }
  if (cand >= COMPASS) {
    const d = Math.floor((cand - COMPASS) / COMPASS_DISTANCES);
    const j = (cand - COMPASS) % COMPASS_DISTANCES;
    const length = (allowance * (COMPASS_DISTANCES - j)) / COMPASS_DISTANCES;
    // The ray's direction and length go in `out` (see straightMove).
    out[OUT_DX] = COMPASS_X[d]!;
    out[OUT_DY] = COMPASS_Y[d]!;
    out[OUT_ROUTE] = length;
    straightMove(s.world, s.discs, m, out);
    out[OUT_REACHED] = out[OUT_USED]! >= length - 1e-6 ? 1 : 0;
    return;
  }
  const e = Math.floor(cand / PER_ENEMY);
  const k = cand % PER_ENEMY;
  if (k === RING_POINTS) {
    const dx = s.x[m]! - s.x[e]!;
    const dy = s.y[m]! - s.y[e]!;
    const d = norm(dx, dy);
    out[OUT_DX] = d > 0 ? dx / d : 1;
    out[OUT_DY] = d > 0 ? dy / d : 0;
    out[OUT_ROUTE] = allowance;
    straightMove(s.world, s.discs, m, out);
    out[OUT_REACHED] = out[OUT_USED]! >= allowance - 1e-6 ? 1 : 0;
    return;
  }
  ringPointFree(s, m, e, k, point);
  // The route is planned once per position (ring-cache.ts) and walked for each allowance.
  const rings = w.rings;
  const i = e * RING_POINTS + k;
  const route = rings.routes[i]!;
  if (rings.routeStamp[i] === rings.routeGen) out[OUT_ROUTE] = rings.routeLength[i]!;
  else {
    // The goal stays in `point` and the route's length goes straight to out[OUT_ROUTE] (walk
    // leaves it alone): doubles passed to or returned from the planner would be boxed.
    if (planner.direct(s.discs, m, point)) out[OUT_ROUTE] = norm(point[0]! - s.x[m]!, point[1]! - s.y[m]!);
    else {
      planner.prepareAround(s.discs, m, w.graphFor(s.kind[m]!), e, RING_GAP);
      planner.routeToGoal(point, out, true); // direct found the straight leg blocked
    }
    route.copyFrom(planner.path);
    rings.routeLength[i] = out[OUT_ROUTE]!;
    rings.routeStamp[i] = rings.routeGen;
  }
  route.walk(allowance, out);
  out[OUT_REACHED] = out[OUT_ROUTE]! <= allowance + 1e-9 ? 1 : 0;
}

/** Nearest living enemy of c by centre distance (lowest index on ties), -1 if none. */
export function nearestEnemy(s: SquallState, c: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(c, e)) continue;
    const d = norm(s.x[e]! - s.x[c]!, s.y[e]! - s.y[c]!);
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/**
 * Set m's facing after a move: facing 0 = towards the candidate's enemy (or the nearest enemy),
 * 1 = along the last leg travelled (unchanged if it did not move).
 */
export function faceAfterMove(s: SquallState, m: number, cand: number, facing: number, dx: number, dy: number): void {
  if (facing === 1) {
    if (dx !== 0 || dy !== 0) {
      s.fx[m] = dx;
      s.fy[m] = dy;
    }
    return;
  }
  let e = candidateEnemy(cand);
  if (e < 0 || s.alive[e] === 0) e = nearestEnemy(s, m);
  if (e >= 0) faceTowards(s, m, s.x[e]!, s.y[e]!);
}

export function faceTowards(s: SquallState, m: number, tx: number, ty: number): void {
  const dx = tx - s.x[m]!;
  const dy = ty - s.y[m]!;
  const d = norm(dx, dy);
  if (d === 0) return;
  s.fx[m] = dx / d;
  s.fy[m] = dy / d;
}

/** Is c in BTB with any living enemy? */
export function inBtbWithEnemy(s: SquallState, c: number): boolean {
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(c, e)) continue;
    if (isBtb(s.x[c]!, s.y[c]!, s.r[c]!, s.x[e]!, s.y[e]!, s.r[e]!)) return true;
  }
  return false;
}

export function btb(s: SquallState, a: number, b: number): boolean {
  return isBtb(s.x[a]!, s.y[a]!, s.r[a]!, s.x[b]!, s.y[b]!, s.r[b]!);
}

/** Could shooter c at (cx, cy) see target t if t stood at (tx, ty) (the sight rule, sight.ts inSight)? */
export function sightAt(s: SquallState, c: number, cx: number, cy: number, t: number, tx: number, ty: number): boolean {
  // The bases go through geometry's PAIR register: passed as arguments, V8 would box them.
  PAIR[0] = cx;
  PAIR[1] = cy;
  PAIR[2] = s.r[c]!;
  PAIR[3] = tx;
  PAIR[4] = ty;
  PAIR[5] = s.r[t]!;
  return inSightReg(s.world.obstacles, s.rules.basesGiveCover ? s.discs : null, c, t);
}

/** Would target t at (tx, ty) be covered from shooter c at (cx, cy) (the cover rule, without sight)? */
export function coverAt(s: SquallState, c: number, cx: number, cy: number, t: number, tx: number, ty: number): boolean {
  PAIR[0] = cx;
  PAIR[1] = cy;
  PAIR[3] = tx;
  PAIR[4] = ty;
  PAIR[5] = s.r[t]!;
  return isCoveredReg(s.world.obstacles, s.rules.cover, s.rules.basesGiveCover ? s.discs : null, c, t);
}

/** Can a shooter c standing at (x, y) see target t where it stands? */
export function canSeeFrom(s: SquallState, c: number, x: number, y: number, t: number): boolean {
  return sightAt(s, c, x, y, t, s.x[t]!, s.y[t]!);
}

/** Is target t, where it stands, covered from a shooter c at (x, y)? */
export function coveredFrom(s: SquallState, c: number, x: number, y: number, t: number): boolean {
  return coverAt(s, c, x, y, t, s.x[t]!, s.y[t]!);
}

/** Could c, standing at (x, y), shoot t: within maxRange and (unless blocked shots are allowed) in sight? */
export function shotPossibleFrom(s: SquallState, c: number, x: number, y: number, t: number): boolean {
  if (rimDistance(x, y, s.r[c]!, s.x[t]!, s.y[t]!, s.r[t]!) > s.world.maxRange) return false;
  return s.rules.blockedShots === 'covered' || canSeeFrom(s, c, x, y, t);
}

/** Is t a valid ranged target for c where it stands? */
export function validShot(s: SquallState, c: number, t: number): boolean {
  if (s.alive[t] === 0 || !s.enemies(c, t)) return false;
  return shotPossibleFrom(s, c, s.x[c]!, s.y[c]!, t);
}

export const HOLD = HOLD_CANDIDATE;
