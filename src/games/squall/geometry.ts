/**
 * Squall geometry: pure functions on numbers (inches), no allocation. Used by the rules, the
 * path planner and the policies; unit-tested with hand-computed cases
 * (test/games/squall/geometry.test.ts).
 *
 * Hot paths pass coordinates through module-level registers (SEG, PAIR, PT, RAY: Float64Arrays
 * read by the `*Reg` forms) rather than as arguments: V8 heap-allocates ("boxes") a double
 * passed to or returned from a call it does not inline, and most of the garbage a game made
 * came from that. The plain forms, with coordinates as arguments, write the register and call
 * the `*Reg` form. A register holds its values only until the next call that writes it.
 *
 * Conventions: x grows east, y grows north, the board's south-west corner is (0, 0).
 * Convex polygons are stored counter-clockwise (see `ObstacleSet`). Bases are discs.
 *
 * Tolerances (why they exist):
 *  - BTB_TOLERANCE (0.01"): the rules doc's base-to-base contact tolerance; the same
 *    tolerance decides whether a target's base touches an obstacle (cover on the base).
 *  - TOUCH_EPS (1e-7"): a moving base may touch an obstacle or another base but not overlap
 *    it; clearance tests accept a gap of -TOUCH_EPS so that a base resting exactly against an
 *    obstacle (after floating-point arithmetic) can still slide along it or move away.
 *  - OVERLAP_EPS (1e-6"): what the invariant check tolerates (strictly larger than the above).
 */

export const BTB_TOLERANCE = 0.01;
export const TOUCH_EPS = 1e-7;
export const OVERLAP_EPS = 1e-6;
/** How far a move stops short of the contact point, so the next move does not start inside. */
export const STOP_BACKOFF = 1e-6;

// ---------------------------------------------------------------------------------------------
// Points, segments, discs

// Math.sqrt bound once: it keeps norm's bytecode under the size V8 always inlines (27 bytes);
// a norm call that is not inlined boxes (allocates) its arguments and its result.
const sqrt = Math.sqrt;

/** Length of (dx, dy) (Math.hypot is several times slower in V8 and we never need its range). */
export function norm(dx: number, dy: number): number {
  return sqrt(dx * dx + dy * dy);
}

export function distance(x0: number, y0: number, x1: number, y1: number): number {
  return norm(x1 - x0, y1 - y0);
}

/** Squared distance from point p to segment ab. */
export function pointSegmentDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return qx * qx + qy * qy;
}

export function pointSegmentDist(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  return Math.sqrt(pointSegmentDist2(px, py, ax, ay, bx, by));
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** True if the closed segments ab and cd share a point (touching counts). */
export function segmentsIntersect(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): boolean {
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  const d3 = orient(ax, ay, bx, by, cx, cy);
  const d4 = orient(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  // Collinear or touching cases: an endpoint on the other segment.
  return (
    pointSegmentDist2(ax, ay, cx, cy, dx, dy) <= 1e-24 ||
    pointSegmentDist2(bx, by, cx, cy, dx, dy) <= 1e-24 ||
    pointSegmentDist2(cx, cy, ax, ay, bx, by) <= 1e-24 ||
    pointSegmentDist2(dx, dy, ax, ay, bx, by) <= 1e-24
  );
}

/** Distance between closed segments ab and cd (0 if they intersect). */
export function segmentSegmentDist(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): number {
  if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  return Math.sqrt(
    Math.min(
      pointSegmentDist2(ax, ay, cx, cy, dx, dy),
      pointSegmentDist2(bx, by, cx, cy, dx, dy),
      pointSegmentDist2(cx, cy, ax, ay, bx, by),
      pointSegmentDist2(dx, dy, ax, ay, bx, by),
    ),
  );
}

/** Gap between two discs (negative when they overlap). */
export function circleCircleGap(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): number {
  return norm(x1 - x0, y1 - y0) - r0 - r1;
}

/** True if two discs overlap (touching, within TOUCH_EPS, does not count). */
export function circlesOverlap(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): boolean {
  return circleCircleGap(x0, y0, r0, x1, y1, r1) < -TOUCH_EPS;
}

/** Base to base: the centres are at most the sum of the radii plus 0.01" apart. */
export function isBtb(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): boolean {
  return norm(x1 - x0, y1 - y0) <= r0 + r1 + BTB_TOLERANCE;
}

/** Distance from segment ab to a disc (0 if the segment meets it). */
export function segmentCircleDist(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, r: number): number {
  const d = pointSegmentDist(cx, cy, ax, ay, bx, by) - r;
  return d > 0 ? d : 0;
}

/** True if the closed segment ab meets the closed disc (a base): segment–base intersection. */
export function segmentHitsCircle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, r: number): boolean {
  return pointSegmentDist2(cx, cy, ax, ay, bx, by) <= r * r;
}

// ---------------------------------------------------------------------------------------------
// Axis-aligned rectangles [x0, x1] x [y0, y1]

/** Distance from a point to a rectangle (0 inside). */
export function pointRectDist(px: number, py: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0;
  const dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
  return norm(dx, dy);
}

/** True if a disc (a base) overlaps a rectangle; touching does not count. */
export function circleRectOverlap(cx: number, cy: number, r: number, x0: number, y0: number, x1: number, y1: number): boolean {
  return pointRectDist(cx, cy, x0, y0, x1, y1) < r - TOUCH_EPS;
}

/** Liang–Barsky: true if the closed segment ab meets the closed rectangle. */
export function segmentHitsRect(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  // p * t <= q for each of the four sides.
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q = k === 0 ? ax - x0 : k === 1 ? x1 - ax : k === 2 ? ay - y0 : y1 - ay;
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) {
        if (t > t1 + 1e-12) return false;
        if (t > t0) t0 = t;
      } else {
        if (t < t0 - 1e-12) return false;
        if (t < t1) t1 = t;
      }
    }
  }
  // A hair of tolerance: touching at a vertex counts despite rounding.
  return t0 <= t1 + 1e-12;
}

/** Distance from segment ab to a rectangle (0 if they meet). */
export function segmentRectDist(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): number {
  if (segmentHitsRect(ax, ay, bx, by, x0, y0, x1, y1)) return 0;
  return Math.sqrt(
    Math.min(
      pointRectDist(ax, ay, x0, y0, x1, y1) ** 2,
      pointRectDist(bx, by, x0, y0, x1, y1) ** 2,
      pointSegmentDist2(x0, y0, ax, ay, bx, by),
      pointSegmentDist2(x1, y0, ax, ay, bx, by),
      pointSegmentDist2(x1, y1, ax, ay, bx, by),
      pointSegmentDist2(x0, y1, ax, ay, bx, by),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Convex polygons: vertices xs[o .. o+k), ys[o .. o+k), counter-clockwise

/** True if p is inside or on the polygon. */
export function pointInConvex(px: number, py: number, xs: Float64Array, ys: Float64Array, o: number, k: number): boolean {
  for (let i = 0; i < k; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    if (orient(xs[o + i]!, ys[o + i]!, xs[o + j]!, ys[o + j]!, px, py) < 0) return false;
  }
  return true;
}

/**
 * The point register (V8 boxes doubles passed to calls it does not inline): PT = [x, y, r], a
 * point, or a base's centre and radius, for pointConvexDistReg and ObstacleSet's pointDistReg
 * and baseOverlapsAnyReg; the plain forms write it.
 */
export const PT = new Float64Array(3);

/** Distance from a point to a convex polygon (0 inside). */
export function pointConvexDist(px: number, py: number, xs: Float64Array, ys: Float64Array, o: number, k: number): number {
  PT[0] = px;
  PT[1] = py;
  return pointConvexDistReg(xs, ys, o, k);
}

/** pointConvexDist for the point in PT. */
function pointConvexDistReg(xs: Float64Array, ys: Float64Array, o: number, k: number): number {
  const px = PT[0]!;
  const py = PT[1]!;
  if (pointInConvex(px, py, xs, ys, o, k)) return 0;
  let best = Infinity;
  for (let i = 0; i < k; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    const d = pointSegmentDist2(px, py, xs[o + i]!, ys[o + i]!, xs[o + j]!, ys[o + j]!);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** True if a disc overlaps a convex polygon; touching does not count. */
export function circleConvexOverlap(cx: number, cy: number, r: number, xs: Float64Array, ys: Float64Array, o: number, k: number): boolean {
  return pointConvexDist(cx, cy, xs, ys, o, k) < r - TOUCH_EPS;
}

/**
 * Cyrus–Beck: does the segment ab meet the polygon shrunk by `shrink` (0 = the closed polygon,
 * > 0 = only its interior deeper than `shrink`)? Half-plane of edge i: n_i·(x - v_i) <= -shrink,
 * with n_i the outward normal (unit).
 */
export function segmentHitsConvex(
  ax: number, ay: number, bx: number, by: number,
  xs: Float64Array, ys: Float64Array, o: number, k: number, shrink = 0,
): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  for (let i = 0; i < k; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    const ex = xs[o + j]! - xs[o + i]!;
    const ey = ys[o + j]! - ys[o + i]!;
    const len = norm(ex, ey);
    const nx = ey / len;
    const ny = -ex / len;
    // n·(a + t d - v) <= -shrink  <=>  t (n·d) <= -shrink - n·(a - v)
    const p = nx * dx + ny * dy;
    const q = -shrink - (nx * (ax - xs[o + i]!) + ny * (ay - ys[o + i]!));
    if (p === 0) {
      if (q < -1e-12) return false;
    } else {
      const t = q / p;
      if (p < 0) {
        if (t > t1 + 1e-12) return false;
        if (t > t0) t0 = t;
      } else {
        if (t < t0 - 1e-12) return false;
        if (t < t1) t1 = t;
      }
    }
  }
  // A hair of tolerance: touching at a vertex counts despite rounding.
  return t0 <= t1 + 1e-12;
}

/** Distance from segment ab to a convex polygon (0 if they meet). */
export function segmentConvexDist(ax: number, ay: number, bx: number, by: number, xs: Float64Array, ys: Float64Array, o: number, k: number): number {
  if (segmentHitsConvex(ax, ay, bx, by, xs, ys, o, k)) return 0;
  let best = Math.min(pointConvexDist(ax, ay, xs, ys, o, k), pointConvexDist(bx, by, xs, ys, o, k));
  best *= best;
  for (let i = 0; i < k; i++) {
    const d = pointSegmentDist2(xs[o + i]!, ys[o + i]!, ax, ay, bx, by);
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Twice the signed area (positive when counter-clockwise). */
export function signedArea2(xs: ArrayLike<number>, ys: ArrayLike<number>, o: number, k: number): number {
  let a = 0;
  for (let i = 0; i < k; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    a += xs[o + i]! * ys[o + j]! - xs[o + j]! * ys[o + i]!;
  }
  return a;
}

/** True if the polygon is strictly convex in one turning direction (no collinear or reflex vertex). */
export function isStrictlyConvex(xs: ArrayLike<number>, ys: ArrayLike<number>): boolean {
  const k = xs.length;
  if (k < 3) return false;
  let sign = 0;
  for (let i = 0; i < k; i++) {
    const a = i;
    const b = (i + 1) % k;
    const c = (i + 2) % k;
    const o = orient(xs[a]!, ys[a]!, xs[b]!, ys[b]!, xs[c]!, ys[c]!);
    if (Math.abs(o) < 1e-12) return false;
    const s = o > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  // Also reject self-intersecting "star" polygons: total turning must be one full turn.
  let turn = 0;
  for (let i = 0; i < k; i++) {
    const a = i;
    const b = (i + 1) % k;
    const c = (i + 2) % k;
    const a1 = Math.atan2(ys[b]! - ys[a]!, xs[b]! - xs[a]!);
    const a2 = Math.atan2(ys[c]! - ys[b]!, xs[c]! - xs[b]!);
    let d = a2 - a1;
    while (d <= -Math.PI) d += 2 * Math.PI;
    while (d > Math.PI) d -= 2 * Math.PI;
    turn += d;
  }
  return Math.abs(Math.abs(turn) - 2 * Math.PI) < 1e-6;
}

// ---------------------------------------------------------------------------------------------
// Rays into inflated shapes: the first t >= 0 at which p + t·d comes within `r` of a shape.
// A start already within r counts as blocked only when moving inward (see TOUCH_EPS above).

/** First t >= 0 at which p + t d enters the disc (c, rho); Infinity if never. */
export function rayEntryDisc(px: number, py: number, dx: number, dy: number, cx: number, cy: number, rho: number): number {
  const fx = px - cx;
  const fy = py - cy;
  const a = dx * dx + dy * dy;
  const b = 2 * (fx * dx + fy * dy);
  const c = fx * fx + fy * fy - rho * rho;
  if (c <= 0) return b < 0 ? 0 : Infinity;
  if (a === 0) return Infinity;
  const disc = b * b - 4 * a * c;
  if (disc <= 0) return Infinity;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  return t >= 0 ? t : Infinity;
}

/**
 * The ray register (doubles passed as arguments would be boxed by V8): RAY = [px, py, dx, dy,
 * r, rho, t], the start, the displacement, the moving base's radius (for ObstacleSet.rayEntryReg
 * and rayEntryAll), the inflation radius (for rayEntryConvexReg and rayEntrySlab) and
 * rayEntryAll's result (a double returned from a call that is not inlined is boxed too).
 */
export const RAY = new Float64Array(7);

/**
 * rayEntryDisc for the ray in RAY and the disc of radius RAY[5] round (xs[j], ys[j]): the same
 * arithmetic written out (called with doubles where the inliner's budget is spent, V8 would box
 * all seven).
 */
export function rayEntryDiscAt(xs: Float64Array, ys: Float64Array, j: number): number {
  const dx = RAY[2]!;
  const dy = RAY[3]!;
  const rho = RAY[5]!;
  const fx = RAY[0]! - xs[j]!;
  const fy = RAY[1]! - ys[j]!;
  const a = dx * dx + dy * dy;
  const b = 2 * (fx * dx + fy * dy);
  const c = fx * fx + fy * fy - rho * rho;
  if (c <= 0) return b < 0 ? 0 : Infinity;
  if (a === 0) return Infinity;
  const disc = b * b - 4 * a * c;
  if (disc <= 0) return Infinity;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  return t >= 0 ? t : Infinity;
}

/**
 * First t >= 0 at which p + t d (RAY) enters the slab swept outward (depth RAY[5]) from the edge
 * from vertex a to vertex b of a counter-clockwise polygon.
 */
function rayEntrySlab(xs: Float64Array, ys: Float64Array, a: number, b: number): number {
  // The ray comes from the register RAY, the edge from the vertex arrays: no double arguments.
  const px = RAY[0]!;
  const py = RAY[1]!;
  const dx = RAY[2]!;
  const dy = RAY[3]!;
  const r = RAY[5]!;
  const ax = xs[a]!;
  const ay = ys[a]!;
  const bx = xs[b]!;
  const by = ys[b]!;
  const ex = bx - ax;
  const ey = by - ay;
  const len = norm(ex, ey);
  const ux = ex / len;
  const uy = ey / len;
  const nx = uy;
  const ny = -ux;
  // Coordinates along the edge (s in [0, len]) and outward (u in [0, r]).
  const s0 = (px - ax) * ux + (py - ay) * uy;
  const u0 = (px - ax) * nx + (py - ay) * ny;
  const ds = dx * ux + dy * uy;
  const du = dx * nx + dy * ny;
  let t0 = -Infinity;
  let t1 = Infinity;
  // s in [0, len]
  if (ds === 0) {
    if (s0 < 0 || s0 > len) return Infinity;
  } else {
    let ta = (0 - s0) / ds;
    let tb = (len - s0) / ds;
    if (ta > tb) [ta, tb] = [tb, ta];
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
  }
  // u in [0, r] (the part below u = 0 is the polygon itself, reached only through a slab or a disc)
  if (du === 0) {
    if (u0 < 0 || u0 > r) return Infinity;
  } else {
    let ta = (0 - u0) / du;
    let tb = (r - u0) / du;
    if (ta > tb) [ta, tb] = [tb, ta];
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
  }
  if (t0 > t1 || t1 < 0) return Infinity;
  if (t0 >= 0) return t0;
  // Starting inside the slab (a base resting against the edge): blocked only when moving inward.
  return du < 0 ? 0 : Infinity;
}

/** First t >= 0 at which p + t d comes within r of the convex polygon. */
export function rayEntryConvex(
  px: number, py: number, dx: number, dy: number,
  xs: Float64Array, ys: Float64Array, o: number, k: number, r: number,
): number {
  RAY[0] = px;
  RAY[1] = py;
  RAY[2] = dx;
  RAY[3] = dy;
  RAY[5] = r;
  return rayEntryConvexReg(xs, ys, o, k);
}

/** rayEntryConvex for the ray in RAY (inflation radius RAY[5]). */
function rayEntryConvexReg(xs: Float64Array, ys: Float64Array, o: number, k: number): number {
  let best = Infinity;
  for (let i = 0; i < k; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    const t1 = rayEntryDiscAt(xs, ys, o + i);
    if (t1 < best) best = t1;
    const t2 = rayEntrySlab(xs, ys, o + i, o + j);
    if (t2 < best) best = t2;
  }
  return best;
}

/** Largest t in [0, tMax] keeping the centre of a base of radius r inside the W x H board. */
export function rayBoardLimit(px: number, py: number, dx: number, dy: number, r: number, w: number, h: number, tMax: number): number {
  let t = tMax;
  if (dx > 0) t = Math.min(t, (w - r - px) / dx);
  else if (dx < 0) t = Math.min(t, (r - px) / dx);
  if (dy > 0) t = Math.min(t, (h - r - py) / dy);
  else if (dy < 0) t = Math.min(t, (r - py) / dy);
  return t > 0 ? t : 0;
}

/** Board-edge containment: a base of radius r centred at (x, y) lies within the W x H board. */
export function baseOnBoard(x: number, y: number, r: number, w: number, h: number, tolerance = TOUCH_EPS): boolean {
  return x >= r - tolerance && x <= w - r + tolerance && y >= r - tolerance && y <= h - r + tolerance;
}

/** Distance from a base's nearest point to the nearest board edge (0 when touching it). */
export function baseEdgeGap(x: number, y: number, r: number, w: number, h: number): number {
  return Math.min(x, y, w - x, h - y) - r;
}

// ---------------------------------------------------------------------------------------------
// Facing and field of view. A facing is a unit vector (fx, fy); `cosHalfFov` = cos(fov / 2).

/**
 * True if point p lies inside the arc of a character at c facing f (the arc boundary counts as
 * inside; a point at the centre is inside).
 */
export function inFieldOfView(cx: number, cy: number, fx: number, fy: number, cosHalfFov: number, px: number, py: number): boolean {
  const dx = px - cx;
  const dy = py - cy;
  const d = norm(dx, dy);
  if (d === 0) return true;
  return fx * dx + fy * dy >= cosHalfFov * d - 1e-9 * d;
}

/** Attack from behind: the attacker's centre lies outside the defender's arc. */
export function attackFromBehind(
  defX: number, defY: number, defFx: number, defFy: number, cosHalfFov: number,
  attX: number, attY: number,
): boolean {
  return !inFieldOfView(defX, defY, defFx, defFy, cosHalfFov, attX, attY);
}

// ---------------------------------------------------------------------------------------------
// The segment register. V8 boxes (heap-allocates) every double passed to or returned from a
// call it does not inline (which it often does not, deep in its inlining budget or on a rarely
// taken branch), so the hot segment tests (clearance, cover, sight) take their segment from
// here: SEG = [ax, ay, bx, by, r, lim], the segment, the base radius for the clearance test and
// the distance limit for pointNearSeg. A `*Reg` method reads it; its plain form (coordinates as
// arguments) writes it and calls the `*Reg` one.

export const SEG = new Float64Array(6);

/**
 * Is the point (xs[j], ys[j]) closer to the segment SEG than SEG[5] (pointSegmentDist2 < SEG[5]²;
 * <= when `inclusive`)? The point comes by index, the answer is a boolean, and the arithmetic is
 * pointSegmentDist2's written out: nothing here can be boxed, inlined or not.
 */
export function pointNearSeg(xs: Float64Array, ys: Float64Array, j: number, inclusive: boolean): boolean {
  const px = xs[j]!;
  const py = ys[j]!;
  const ax = SEG[0]!;
  const ay = SEG[1]!;
  const dx = SEG[2]! - ax;
  const dy = SEG[3]! - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  const d2 = qx * qx + qy * qy;
  const lim = SEG[5]!;
  return inclusive ? d2 <= lim * lim : d2 < lim * lim;
}

// ---------------------------------------------------------------------------------------------
// Obstacles as one packed set

export const OBS_POLYGON = 0;
export const OBS_CIRCLE = 1;

/**
 * Terrain obstacles in typed arrays. Rectangles are stored as 4-vertex polygons (flag `isRect`
 * keeps the origin for rendering). Polygons are counter-clockwise.
 */
export class ObstacleSet {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly isRect: Uint8Array;
  /** Circles: centre and radius. */
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  readonly radius: Float64Array;
  /** Polygons: vertices vx/vy[vStart .. vStart + vCount). */
  readonly vStart: Int32Array;
  readonly vCount: Int32Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Outward unit normal of the edge from vertex v to the next, and its offset n·v. */
  readonly enx: Float64Array;
  readonly eny: Float64Array;
  readonly eoff: Float64Array;
  /** Bounding boxes. */
  readonly minX: Float64Array;
  readonly minY: Float64Array;
  readonly maxX: Float64Array;
  readonly maxY: Float64Array;

  constructor(shapes: readonly ObstacleShape[]) {
    const n = shapes.length;
    this.count = n;
    this.kind = new Uint8Array(n);
    this.isRect = new Uint8Array(n);
    this.cx = new Float64Array(n);
    this.cy = new Float64Array(n);
    this.radius = new Float64Array(n);
    this.vStart = new Int32Array(n);
    this.vCount = new Int32Array(n);
    this.minX = new Float64Array(n);
    this.minY = new Float64Array(n);
    this.maxX = new Float64Array(n);
    this.maxY = new Float64Array(n);
    let vertices = 0;
    for (const s of shapes) if (s.kind !== 'circle') vertices += s.kind === 'rect' ? 4 : s.points.length;
    this.vx = new Float64Array(vertices);
    this.vy = new Float64Array(vertices);
    this.enx = new Float64Array(vertices);
    this.eny = new Float64Array(vertices);
    this.eoff = new Float64Array(vertices);
    let v = 0;
    shapes.forEach((s, i) => {
      if (s.kind === 'circle') {
        this.kind[i] = OBS_CIRCLE;
        this.cx[i] = s.x;
        this.cy[i] = s.y;
        this.radius[i] = s.radius;
        this.minX[i] = s.x - s.radius;
        this.maxX[i] = s.x + s.radius;
        this.minY[i] = s.y - s.radius;
        this.maxY[i] = s.y + s.radius;
        return;
      }
      this.kind[i] = OBS_POLYGON;
      const pts: [number, number][] =
        s.kind === 'rect'
          ? [[s.x, s.y], [s.x + s.width, s.y], [s.x + s.width, s.y + s.height], [s.x, s.y + s.height]]
          : s.points.map((p) => [p[0], p[1]] as [number, number]);
      if (s.kind === 'rect') this.isRect[i] = 1;
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      if (signedArea2(xs, ys, 0, pts.length) < 0) {
        xs.reverse();
        ys.reverse();
      }
      this.vStart[i] = v;
      this.vCount[i] = pts.length;
      let x0 = Infinity;
      let y0 = Infinity;
      let x1 = -Infinity;
      let y1 = -Infinity;
      for (let k = 0; k < pts.length; k++) {
        this.vx[v] = xs[k]!;
        this.vy[v] = ys[k]!;
        v++;
        x0 = Math.min(x0, xs[k]!);
        y0 = Math.min(y0, ys[k]!);
        x1 = Math.max(x1, xs[k]!);
        y1 = Math.max(y1, ys[k]!);
      }
      this.minX[i] = x0;
      this.minY[i] = y0;
      this.maxX[i] = x1;
      this.maxY[i] = y1;
      const o = this.vStart[i]!;
      for (let k = 0; k < pts.length; k++) {
        const j = k + 1 === pts.length ? 0 : k + 1;
        const ex = xs[j]! - xs[k]!;
        const ey = ys[j]! - ys[k]!;
        const len = norm(ex, ey);
        this.enx[o + k] = ey / len;
        this.eny[o + k] = -ex / len;
        this.eoff[o + k] = (ey / len) * xs[k]! - (ex / len) * ys[k]!;
      }
      let cxSum = 0;
      let cySum = 0;
      for (let k = 0; k < pts.length; k++) {
        cxSum += xs[k]!;
        cySum += ys[k]!;
      }
      this.cx[i] = cxSum / pts.length;
      this.cy[i] = cySum / pts.length;
    });
  }

  /** Distance from a point to obstacle i (0 inside). */
  pointDist(i: number, px: number, py: number): number {
    PT[0] = px;
    PT[1] = py;
    return this.pointDistReg(i);
  }

  /** pointDist for the point in PT. */
  pointDistReg(i: number): number {
    const px = PT[0]!;
    const py = PT[1]!;
    if (this.kind[i] === OBS_CIRCLE) {
      // norm(px - cx, py - cy) written out: V8 does not inline a call on a rarely taken branch.
      const dx = px - this.cx[i]!;
      const dy = py - this.cy[i]!;
      const d = Math.sqrt(dx * dx + dy * dy) - this.radius[i]!;
      return d > 0 ? d : 0;
    }
    // Unary + (a no-op on numbers): typed as a number, the merged result stays unboxed.
    return +pointConvexDistReg(this.vx, this.vy, this.vStart[i]!, this.vCount[i]!);
  }

  /** Distance from segment ab to obstacle i (0 if they meet). */
  segmentDist(i: number, ax: number, ay: number, bx: number, by: number): number {
    if (this.kind[i] === OBS_CIRCLE) return segmentCircleDist(ax, ay, bx, by, this.cx[i]!, this.cy[i]!, this.radius[i]!);
    return segmentConvexDist(ax, ay, bx, by, this.vx, this.vy, this.vStart[i]!, this.vCount[i]!);
  }

  /**
   * Cyrus–Beck: segment SEG against polygon i shrunk by `shrink` (0: the closed polygon), with
   * the precomputed edge normals: same result as segmentHitsConvex, without recomputing them.
   */
  private polyHits(i: number, shrink: number): boolean {
    const ax = SEG[0]!;
    const ay = SEG[1]!;
    const bx = SEG[2]!;
    const by = SEG[3]!;
    const o = this.vStart[i]!;
    const k = this.vCount[i]!;
    let t0 = 0;
    let t1 = 1;
    const dx = bx - ax;
    const dy = by - ay;
    for (let e = o; e < o + k; e++) {
      const nx = this.enx[e]!;
      const ny = this.eny[e]!;
      const p = nx * dx + ny * dy;
      const q = this.eoff[e]! - shrink - (nx * ax + ny * ay);
      if (p === 0) {
        if (q < -1e-12) return false;
      } else {
        const t = q / p;
        if (p < 0) {
          if (t > t1 + 1e-12) return false;
          if (t > t0) t0 = t;
        } else {
          if (t < t0 - 1e-12) return false;
          if (t < t1) t1 = t;
        }
      }
    }
    return t0 <= t1 + 1e-12;
  }

  /** True if the closed segment ab meets obstacle i, however little (cover). */
  segmentHits(i: number, ax: number, ay: number, bx: number, by: number): boolean {
    SEG[0] = ax;
    SEG[1] = ay;
    SEG[2] = bx;
    SEG[3] = by;
    return this.meetsReg(i, false);
  }

  /** segmentHits for the segment SEG. */
  hitsReg(i: number): boolean {
    return this.meetsReg(i, false);
  }

  /** True if segment ab passes through the interior of obstacle i (grazing does not count: sight). */
  segmentPenetrates(i: number, ax: number, ay: number, bx: number, by: number): boolean {
    SEG[0] = ax;
    SEG[1] = ay;
    SEG[2] = bx;
    SEG[3] = by;
    return this.meetsReg(i, true);
  }

  /** segmentPenetrates for the segment SEG. */
  penetratesReg(i: number): boolean {
    return this.meetsReg(i, true);
  }

  /**
   * Whether the segment SEG meets obstacle i: anywhere on its closed boundary or inside
   * (`interior` false: cover), or through its interior, shrunk by 1e-9 (`interior` true: sight).
   */
  private meetsReg(i: number, interior: boolean): boolean {
    const ax = SEG[0]!;
    const ay = SEG[1]!;
    const bx = SEG[2]!;
    const by = SEG[3]!;
    if (!this.boxNear(i, ax, ay, bx, by, 0)) return false;
    if (this.kind[i] === OBS_CIRCLE) {
      if (!interior) {
        SEG[5] = this.radius[i]!;
        return pointNearSeg(this.cx, this.cy, i, true); // segmentHitsCircle
      }
      const r = this.radius[i]! - 1e-9;
      SEG[5] = r;
      return r > 0 && pointNearSeg(this.cx, this.cy, i, false);
    }
    return this.polyHits(i, interior ? 1e-9 : 0);
  }

  /** Cheap rejection: can segment ab come within `margin` of obstacle i's bounding box? */
  boxNear(i: number, ax: number, ay: number, bx: number, by: number, margin: number): boolean {
    return !(
      Math.max(ax, bx) < this.minX[i]! - margin ||
      Math.min(ax, bx) > this.maxX[i]! + margin ||
      Math.max(ay, by) < this.minY[i]! - margin ||
      Math.min(ay, by) > this.maxY[i]! + margin
    );
  }

  /** True if a base of radius r at (x, y) overlaps obstacle i (touching does not count). */
  baseOverlaps(i: number, x: number, y: number, r: number): boolean {
    PT[0] = x;
    PT[1] = y;
    PT[2] = r;
    return this.baseOverlapsReg(i);
  }

  /** baseOverlaps for the base in PT. */
  private baseOverlapsReg(i: number): boolean {
    const x = PT[0]!;
    const y = PT[1]!;
    const r = PT[2]!;
    if (x + r < this.minX[i]! || x - r > this.maxX[i]! || y + r < this.minY[i]! || y - r > this.maxY[i]!) return false;
    return this.pointDistReg(i) < r - TOUCH_EPS;
  }

  /** True if a base of radius r at (x, y) overlaps any obstacle. */
  baseOverlapsAny(x: number, y: number, r: number): boolean {
    PT[0] = x;
    PT[1] = y;
    PT[2] = r;
    return this.baseOverlapsAnyReg();
  }

  /** baseOverlapsAny for the base in PT. */
  baseOverlapsAnyReg(): boolean {
    for (let i = 0; i < this.count; i++) if (this.baseOverlapsReg(i)) return true;
    return false;
  }

  /** True if a base of radius r can slide along segment ab without overlapping obstacle i. */
  segmentClearOf(i: number, ax: number, ay: number, bx: number, by: number, r: number): boolean {
    SEG[0] = ax;
    SEG[1] = ay;
    SEG[2] = bx;
    SEG[3] = by;
    SEG[4] = r;
    return this.clearOfReg(i);
  }

  /** segmentClearOf for the segment SEG and the radius SEG[4]. */
  private clearOfReg(i: number): boolean {
    if (!this.boxNear(i, SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, SEG[4]!)) return true;
    if (this.kind[i] === OBS_CIRCLE) {
      SEG[5] = this.radius[i]! + (SEG[4]! - TOUCH_EPS);
      return !pointNearSeg(this.cx, this.cy, i, false);
    }
    return !this.polyHits(i, 0) && !this.polyBoundaryNear(i);
  }

  /**
   * Does segment SEG come closer than SEG[4] - TOUCH_EPS to the boundary of polygon i (a vertex
   * near the segment or an end near an edge)? Kept apart from clearOfReg so that the inliner's
   * budget covers its pointSegmentDist2 calls (an un-inlined one boxes its six doubles).
   */
  private polyBoundaryNear(i: number): boolean {
    const ax = SEG[0]!;
    const ay = SEG[1]!;
    const bx = SEG[2]!;
    const by = SEG[3]!;
    const r = SEG[4]! - TOUCH_EPS;
    const r2 = r * r;
    SEG[5] = r;
    const o = this.vStart[i]!;
    const k = this.vCount[i]!;
    const xs = this.vx;
    const ys = this.vy;
    for (let e = o; e < o + k; e++) {
      const n = e + 1 === o + k ? o : e + 1;
      const px = xs[e]!;
      const py = ys[e]!;
      if (pointNearSeg(xs, ys, e, false)) return true; // pointSegmentDist2(p, a, b) < r2
      if (pointSegmentDist2(ax, ay, px, py, xs[n]!, ys[n]!) < r2) return true;
      if (pointSegmentDist2(bx, by, px, py, xs[n]!, ys[n]!) < r2) return true;
    }
    return false;
  }

  /** True if a base of radius r can slide along segment ab without overlapping any obstacle. */
  segmentClear(ax: number, ay: number, bx: number, by: number, r: number): boolean {
    SEG[0] = ax;
    SEG[1] = ay;
    SEG[2] = bx;
    SEG[3] = by;
    SEG[4] = r;
    return this.segmentClearReg();
  }

  /** segmentClear for the segment SEG and the radius SEG[4]. */
  segmentClearReg(): boolean {
    for (let i = 0; i < this.count; i++) if (!this.clearOfReg(i)) return false;
    return true;
  }

  /** First t >= 0 at which a base of radius r moving from p along d touches obstacle i. */
  rayEntry(i: number, px: number, py: number, dx: number, dy: number, r: number): number {
    RAY[0] = px;
    RAY[1] = py;
    RAY[2] = dx;
    RAY[3] = dy;
    RAY[4] = r;
    return this.rayEntryReg(i);
  }

  /** rayEntry for the ray in RAY. */
  private rayEntryReg(i: number): number {
    const px = RAY[0]!;
    const py = RAY[1]!;
    const dx = RAY[2]!;
    const dy = RAY[3]!;
    const r = RAY[4]!;
    if (!this.boxNear(i, px, py, px + dx, py + dy, r)) return Infinity;
    const rr = r - TOUCH_EPS;
    // The unary + (a no-op on numbers) types a call's result as a number: where this is inlined
    // into rayEntryAll's loop, TurboFan then keeps the merged result unboxed.
    if (this.kind[i] === OBS_CIRCLE) {
      RAY[5] = this.radius[i]! + rr;
      return +rayEntryDiscAt(this.cx, this.cy, i);
    }
    RAY[5] = rr;
    return +rayEntryConvexReg(this.vx, this.vy, this.vStart[i]!, this.vCount[i]!);
  }

  /** The least rayEntry over all obstacles (Infinity if none), for the ray in RAY: into RAY[6]. */
  rayEntryAll(): void {
    let hit = Infinity;
    for (let i = 0; i < this.count; i++) {
      const h = this.rayEntryReg(i);
      if (h < hit) hit = h;
    }
    RAY[6] = hit;
  }
}

export type ObstacleShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'circle'; x: number; y: number; radius: number }
  | { kind: 'polygon'; points: readonly (readonly [number, number])[] };

// ---------------------------------------------------------------------------------------------
// Extra discs (other characters' bases) that may count as obstacles for cover and sight:
// centres bx/by, radii br, alive flags; `skipA`/`skipB` exclude the shooter and the target.

export interface Discs {
  readonly count: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly r: Float64Array;
  readonly alive: Uint8Array;
}

// ---------------------------------------------------------------------------------------------
// Cover and sight. Like the segment tests, the rules take their two bases from a register (the
// `*Reg` forms): PAIR = [ax, ay, ar, bx, by, br], the shooter's centre and radius, then the
// target's. The plain forms write it.

export const PAIR = new Float64Array(6);

/** Cover on the segment: some obstacle meets the closed segment between the centres. */
export function segmentCovered(obs: ObstacleSet, ax: number, ay: number, bx: number, by: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  SEG[0] = ax;
  SEG[1] = ay;
  SEG[2] = bx;
  SEG[3] = by;
  return segmentCoveredSeg(obs, discs, skipA, skipB);
}

/** segmentCovered for the segment SEG. */
function segmentCoveredSeg(obs: ObstacleSet, discs: Discs | null, skipA: number, skipB: number): boolean {
  for (let i = 0; i < obs.count; i++) if (obs.hitsReg(i)) return true;
  return discs !== null && discsMeetSeg(discs, skipA, skipB, false);
}

/**
 * Whether the segment SEG meets a living disc other than skipA and skipB: its closed disc
 * (`interior` false: cover) or its interior shrunk by 1e-9 (`interior` true: sight), as
 * ObstacleSet's meetsReg does for obstacles.
 */
function discsMeetSeg(discs: Discs, skipA: number, skipB: number, interior: boolean): boolean {
  for (let c = 0; c < discs.count; c++) {
    if (c === skipA || c === skipB || discs.alive[c] === 0) continue;
    SEG[5] = interior ? discs.r[c]! - 1e-9 : discs.r[c]!;
    if (pointNearSeg(discs.x, discs.y, c, !interior)) return true;
  }
  return false;
}

/** Cover on the base: some obstacle touches the target's base (within BTB_TOLERANCE). */
export function baseCovered(obs: ObstacleSet, tx: number, ty: number, tr: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  PAIR[3] = tx;
  PAIR[4] = ty;
  PAIR[5] = tr;
  return baseCoveredReg(obs, discs, skipA, skipB);
}

/** baseCovered for the target base in PAIR. */
function baseCoveredReg(obs: ObstacleSet, discs: Discs | null, skipA: number, skipB: number): boolean {
  const tx = PAIR[3]!;
  const ty = PAIR[4]!;
  const reach = PAIR[5]! + BTB_TOLERANCE;
  PT[0] = tx;
  PT[1] = ty;
  for (let i = 0; i < obs.count; i++) {
    if (tx + reach < obs.minX[i]! || tx - reach > obs.maxX[i]! || ty + reach < obs.minY[i]! || ty - reach > obs.maxY[i]!) continue;
    if (obs.pointDistReg(i) <= reach) return true;
  }
  if (discs !== null) {
    for (let c = 0; c < discs.count; c++) {
      if (c === skipA || c === skipB || discs.alive[c] === 0) continue;
      if (norm(discs.x[c]! - tx, discs.y[c]! - ty) <= discs.r[c]! + reach) return true;
    }
  }
  return false;
}

/**
 * The cover rule: covered if an obstacle meets the segment between the centres or (mode
 * `segment-or-base`) touches the target's base.
 */
export function isCovered(
  obs: ObstacleSet, mode: 'segment-or-base' | 'segment',
  ax: number, ay: number, bx: number, by: number, br: number,
  discs: Discs | null, skipA: number, skipB: number,
): boolean {
  PAIR[0] = ax;
  PAIR[1] = ay;
  PAIR[3] = bx;
  PAIR[4] = by;
  PAIR[5] = br;
  return isCoveredReg(obs, mode, discs, skipA, skipB);
}

/** isCovered for the two bases in PAIR (the shooter's radius is not used). */
export function isCoveredReg(obs: ObstacleSet, mode: 'segment-or-base' | 'segment', discs: Discs | null, skipA: number, skipB: number): boolean {
  SEG[0] = PAIR[0]!;
  SEG[1] = PAIR[1]!;
  SEG[2] = PAIR[3]!;
  SEG[3] = PAIR[4]!;
  if (segmentCoveredSeg(obs, discs, skipA, skipB)) return true;
  return mode === 'segment-or-base' && baseCoveredReg(obs, discs, skipA, skipB);
}

/** True if segment ab passes through no obstacle's interior (grazing an obstacle does not block). */
export function segmentUnobstructed(obs: ObstacleSet, ax: number, ay: number, bx: number, by: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  SEG[0] = ax;
  SEG[1] = ay;
  SEG[2] = bx;
  SEG[3] = by;
  for (let i = 0; i < obs.count; i++) if (obs.penetratesReg(i)) return false;
  return discs === null || !discsMeetSeg(discs, skipA, skipB, true);
}

/** Points per base on the sight lattice (see `inSight`). */
export const SIGHT_POINTS = 5;

/**
 * Sight ("some segment", made precise). Every segment from a point of the attacker's base A to
 * a point of the target's base B lies in the convex hull of the two discs. That hull is the
 * trapezoid between the two outer common tangents plus, behind each tangent chord (the chord
 * joining a base's two tangent points), a cap that lies inside that base, where no obstacle can
 * be. So the part of any such segment that can be blocked runs from a point of A's tangent chord
 * to a point of B's tangent chord, and "some segment from A reaches B unobstructed" is exactly
 * "some segment from A's chord to B's chord passes through no obstacle's interior" (grazing an
 * obstacle's boundary does not block). For equal bases the chords are the diameters across the
 * line of fire.
 *
 * The finite, testable form used here: SIGHT_POINTS evenly spaced points on each chord (both
 * tangent points included); the target is in sight if one of the 5 x 5 segments joining them is
 * unobstructed. The centre-to-centre segment is tried first.
 */
export function inSight(
  obs: ObstacleSet,
  ax: number, ay: number, ar: number, bx: number, by: number, br: number,
  discs: Discs | null, skipA: number, skipB: number,
): boolean {
  PAIR[0] = ax;
  PAIR[1] = ay;
  PAIR[2] = ar;
  PAIR[3] = bx;
  PAIR[4] = by;
  PAIR[5] = br;
  return inSightReg(obs, discs, skipA, skipB);
}

/** inSight for the two bases in PAIR. */
export function inSightReg(obs: ObstacleSet, discs: Discs | null, skipA: number, skipB: number): boolean {
  const ax = PAIR[0]!;
  const ay = PAIR[1]!;
  const ar = PAIR[2]!;
  const bx = PAIR[3]!;
  const by = PAIR[4]!;
  const br = PAIR[5]!;
  // Only obstacles meeting the bounding box of the two bases can block a sight line.
  if (sightScratch.length < obs.count) sightScratch = new Int32Array(obs.count);
  const list = sightScratch;
  let n = 0;
  const x0 = Math.min(ax - ar, bx - br);
  const x1 = Math.max(ax + ar, bx + br);
  const y0 = Math.min(ay - ar, by - br);
  const y1 = Math.max(ay + ar, by + br);
  for (let i = 0; i < obs.count; i++) {
    if (obs.maxX[i]! < x0 || obs.minX[i]! > x1 || obs.maxY[i]! < y0 || obs.minY[i]! > y1) continue;
    list[n++] = i;
  }
  if (n === 0 && discs === null) return true;
  SEG[0] = ax;
  SEG[1] = ay;
  SEG[2] = bx;
  SEG[3] = by;
  if (unobstructedAmong(obs, list, n, discs, skipA, skipB)) return true;
  // norm(bx - ax, by - ay), written out: V8 does not inline a call it has seen rarely, and
  // this one (reached when the centre line is blocked) would then box its doubles.
  const ex = bx - ax;
  const ey = by - ay;
  const d = Math.sqrt(ex * ex + ey * ey);
  if (d <= Math.abs(ar - br)) return true; // one base within the other: cannot happen on the board
  const ux = (bx - ax) / d;
  const uy = (by - ay) / d;
  const nx = -uy;
  const ny = ux;
  // Outer tangents touch both circles at angle theta from the axis: cos(theta) = (ar - br) / d.
  const c = (ar - br) / d;
  const sn = Math.sqrt(1 - c * c);
  const pax = ax + ar * c * ux;
  const pay = ay + ar * c * uy;
  const pbx = bx + br * c * ux;
  const pby = by + br * c * uy;
  // Shortcut: an obstacle whose interior crosses both outer tangents separates the two chords,
  // so it blocks every sight line (exactly what the lattice below would find, only sooner).
  const t1ax = pax + ar * sn * nx;
  const t1ay = pay + ar * sn * ny;
  const t1bx = pbx + br * sn * nx;
  const t1by = pby + br * sn * ny;
  const t2ax = pax - ar * sn * nx;
  const t2ay = pay - ar * sn * ny;
  const t2bx = pbx - br * sn * nx;
  const t2by = pby - br * sn * ny;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    SEG[0] = t1ax;
    SEG[1] = t1ay;
    SEG[2] = t1bx;
    SEG[3] = t1by;
    if (!obs.penetratesReg(i)) continue;
    SEG[0] = t2ax;
    SEG[1] = t2ay;
    SEG[2] = t2bx;
    SEG[3] = t2by;
    if (obs.penetratesReg(i)) return false;
  }
  const half = (SIGHT_POINTS - 1) / 2;
  for (let i = 0; i < SIGHT_POINTS; i++) {
    const u = ((i - half) / half) * ar * sn;
    const px = pax + u * nx;
    const py = pay + u * ny;
    for (let j = 0; j < SIGHT_POINTS; j++) {
      const v = ((j - half) / half) * br * sn;
      SEG[0] = px;
      SEG[1] = py;
      SEG[2] = pbx + v * nx;
      SEG[3] = pby + v * ny;
      if (unobstructedAmong(obs, list, n, discs, skipA, skipB)) return true;
    }
  }
  return false;
}

let sightScratch = new Int32Array(16);

/** segmentUnobstructed for the segment SEG, testing only the obstacles list[0 .. n). */
function unobstructedAmong(obs: ObstacleSet, list: Int32Array, n: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  for (let k = 0; k < n; k++) if (obs.penetratesReg(list[k]!)) return false;
  return discs === null || !discsMeetSeg(discs, skipA, skipB, true);
}

/** Gap between two bases' rims (the measure used for `maxRange`). */
export function rimDistance(ax: number, ay: number, ar: number, bx: number, by: number, br: number): number {
  const d = norm(bx - ax, by - ay) - ar - br;
  return d > 0 ? d : 0;
}
