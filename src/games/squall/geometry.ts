/**
 * Squall geometry primitives: pure functions on numbers (inches), no allocation: points,
 * segments, discs, rectangles, convex polygons, rays into inflated shapes, the board edge, the
 * field of view, and the coordinate registers. The queries built on them: obstacles.ts (the
 * terrain as one packed set) and sight.ts (cover and line of sight). Used by the rules, the path
 * planner and the policies; unit-tested with hand-computed cases
 * (test/games/squall/geometry.test.ts).
 *
 * Hot paths pass coordinates through module-level registers (SEG, PT, RAY here; PAIR in
 * sight.ts: Float64Arrays read by the `*Reg` forms) rather than as arguments: V8 heap-allocates
 * ("boxes") a double passed to or returned from a call it does not inline, and most of the
 * garbage a game made came from that. The plain forms, with coordinates as arguments, write
 * the register and call the `*Reg` form. A register holds its values only until the next call
 * that writes it.
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

/** The rectangle as a counter-clockwise polygon, for the polygon routines (no allocation). */
const RECT_X = new Float64Array(4);
const RECT_Y = new Float64Array(4);
function rectPolygon(x0: number, y0: number, x1: number, y1: number): void {
  load4(RECT_X, x0, x1, x1, x0);
  load4(RECT_Y, y0, y0, y1, y1);
}

/** True if the closed segment ab meets the closed rectangle (segmentHitsConvex on its polygon). */
export function segmentHitsRect(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  rectPolygon(x0, y0, x1, y1);
  return segmentHitsConvex(ax, ay, bx, by, RECT_X, RECT_Y, 0, 4);
}

/** Distance from segment ab to a rectangle, 0 if they meet (segmentConvexDist on its polygon). */
export function segmentRectDist(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): number {
  rectPolygon(x0, y0, x1, y1);
  return segmentConvexDist(ax, ay, bx, by, RECT_X, RECT_Y, 0, 4);
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
export function pointConvexDistReg(xs: Float64Array, ys: Float64Array, o: number, k: number): number {
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
 * Outward unit normals of the polygon's edges and their offsets n·v (edge i runs from vertex
 * from + i to the next): nx/ny/off[at + i]. ObstacleSet keeps them per obstacle; the
 * half-plane test segmentHitsEdges reads them.
 */
export function edgeNormals(
  xs: ArrayLike<number>, ys: ArrayLike<number>, from: number, k: number,
  nx: Float64Array, ny: Float64Array, off: Float64Array, at: number,
): void {
  for (let i = 0; i < k; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    const ex = xs[from + j]! - xs[from + i]!;
    const ey = ys[from + j]! - ys[from + i]!;
    const len = norm(ex, ey);
    nx[at + i] = ey / len;
    ny[at + i] = -ex / len;
    off[at + i] = (ey / len) * xs[from + i]! - (ex / len) * ys[from + i]!;
  }
}

/** Edge normals of a polygon given by its vertices (segmentHitsConvex's scratch, grown as needed). */
let edgeNx = new Float64Array(8);
let edgeNy = new Float64Array(8);
let edgeOff = new Float64Array(8);

/**
 * Cyrus–Beck: does the segment ab meet the polygon shrunk by `shrink` (0 = the closed polygon,
 * > 0 = only its interior deeper than `shrink`)? The edge normals are computed here; the test
 * is segmentHitsEdges (which leaves the segment in SEG).
 */
export function segmentHitsConvex(
  ax: number, ay: number, bx: number, by: number,
  xs: Float64Array, ys: Float64Array, o: number, k: number, shrink = 0,
): boolean {
  if (edgeNx.length < k) {
    edgeNx = new Float64Array(k);
    edgeNy = new Float64Array(k);
    edgeOff = new Float64Array(k);
  }
  edgeNormals(xs, ys, o, k, edgeNx, edgeNy, edgeOff, 0);
  load4(SEG, ax, ay, bx, by);
  return segmentHitsEdges(edgeNx, edgeNy, edgeOff, 0, k, shrink);
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

/**
 * The ray register (doubles passed as arguments would be boxed by V8): RAY = [px, py, dx, dy,
 * r, rho, t], the start, the displacement, the moving base's radius (for ObstacleSet.rayEntryReg
 * and rayEntryAll), the inflation radius (for rayEntryConvexReg and rayEntrySlab) and
 * rayEntryAll's result (a double returned from a call that is not inlined is boxed too).
 */
export const RAY = new Float64Array(7);


const DISC_X = new Float64Array(1);
const DISC_Y = new Float64Array(1);

/** First t >= 0 at which p + t d enters the disc (c, rho); Infinity if never (rayEntryDiscAt). */
export function rayEntryDisc(px: number, py: number, dx: number, dy: number, cx: number, cy: number, rho: number): number {
  load4(RAY, px, py, dx, dy);
  RAY[5] = rho;
  DISC_X[0] = cx;
  DISC_Y[0] = cy;
  return rayEntryDiscAt(DISC_X, DISC_Y, 0);
}

/**
 * First t >= 0 at which the ray in RAY enters the disc of radius RAY[5] round (xs[j], ys[j]);
 * Infinity if never. The disc comes by index (called with doubles where the inliner's budget is
 * spent, V8 would box all seven).
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
  // Clip to s in [0, len], then to u in [0, r] (the part below u = 0 is the polygon itself,
  // reached only through a slab or a disc): one interval test, written once, in a two-pass loop.
  for (let pass = 0; pass < 2; pass++) {
    const v0 = pass === 0 ? s0 : u0;
    const dv = pass === 0 ? ds : du;
    const hi = pass === 0 ? len : r;
    if (dv === 0) {
      if (v0 < 0 || v0 > hi) return Infinity;
    } else {
      let ta = (0 - v0) / dv;
      let tb = (hi - v0) / dv;
      if (ta > tb) [ta, tb] = [tb, ta];
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
    }
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
  load4(RAY, px, py, dx, dy);
  RAY[5] = r;
  return rayEntryConvexReg(xs, ys, o, k);
}

/** rayEntryConvex for the ray in RAY (inflation radius RAY[5]). */
export function rayEntryConvexReg(xs: Float64Array, ys: Float64Array, o: number, k: number): number {
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

/** Bases with their facings, by index (SquallState is one). */
export interface Facings {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly fx: Float64Array;
  readonly fy: Float64Array;
}

/**
 * Attack from behind: attacker att's centre lies outside defender def's arc (the arc boundary
 * counts as inside; a centre on the defender's is inside). The one form of the field-of-view
 * test: the bases come by index and cos(fov / 2) in an object, so no double is passed to a call
 * (V8 boxes those it does not inline; this call in the brawler's scorer was 0.9 KB a game).
 */
export function attackFromBehindAt(b: Facings, fov: { readonly cosHalfFov: number }, def: number, att: number): boolean {
  const dx = b.x[att]! - b.x[def]!;
  const dy = b.y[att]! - b.y[def]!;
  const d = norm(dx, dy);
  if (d === 0) return false;
  return !(b.fx[def]! * dx + b.fy[def]! * dy >= fov.cosHalfFov * d - 1e-9 * d);
}

/** Two bases (0: the one facing, 1: the point seen) and the view, for the plain forms below. */
const VIEW = { x: new Float64Array(2), y: new Float64Array(2), fx: new Float64Array(2), fy: new Float64Array(2) };
const VIEW_FOV = { cosHalfFov: 0 };

/**
 * True if point p lies inside the arc of a character at c facing f (the arc boundary counts as
 * inside; a point at the centre is inside): attackFromBehindAt, negated, on arguments.
 */
export function inFieldOfView(cx: number, cy: number, fx: number, fy: number, cosHalfFov: number, px: number, py: number): boolean {
  VIEW.x[0] = cx;
  VIEW.y[0] = cy;
  VIEW.fx[0] = fx;
  VIEW.fy[0] = fy;
  VIEW.x[1] = px;
  VIEW.y[1] = py;
  VIEW_FOV.cosHalfFov = cosHalfFov;
  return !attackFromBehindAt(VIEW, VIEW_FOV, 0, 1);
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
 * Put a, b, c, d in reg[0 .. 4): how a plain form loads its segment (SEG), ray (RAY) or bases
 * (sight.ts PAIR) before calling the register form. Hot paths write the registers inline.
 */
export function load4(reg: Float64Array, a: number, b: number, c: number, d: number): void {
  reg[0] = a;
  reg[1] = b;
  reg[2] = c;
  reg[3] = d;
}

/**
 * Cyrus–Beck: does the segment SEG meet the convex polygon whose edges' outward unit normals and
 * offsets are nx/ny/off[o .. o + k) (half-planes n·x <= off), shrunk by `shrink` (0: the closed
 * polygon; > 0: only its interior deeper than that)? The one form of the test: ObstacleSet
 * passes the normals it keeps per obstacle, segmentHitsConvex ones it computes.
 */
export function segmentHitsEdges(nx: Float64Array, ny: Float64Array, off: Float64Array, o: number, k: number, shrink: number): boolean {
  const ax = SEG[0]!;
  const ay = SEG[1]!;
  const dx = SEG[2]! - ax;
  const dy = SEG[3]! - ay;
  let t0 = 0;
  let t1 = 1;
  for (let e = o; e < o + k; e++) {
    const ex = nx[e]!;
    const ey = ny[e]!;
    const p = ex * dx + ey * dy;
    const q = off[e]! - shrink - (ex * ax + ey * ay);
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

/**
 * Is the point (xs[j], ys[j]) closer to the segment SEG than SEG[5] (pointSegmentDist2 < SEG[5]²;
 * <= when `inclusive`)? The point comes by index and the segment from SEG, so callers in loops
 * pass no coordinates.
 */
export function pointNearSeg(xs: Float64Array, ys: Float64Array, j: number, inclusive: boolean): boolean {
  const d2 = pointSegmentDist2(xs[j]!, ys[j]!, SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!);
  const lim = SEG[5]!;
  return inclusive ? d2 <= lim * lim : d2 < lim * lim;
}

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

/** Gap between two bases' rims (the measure used for `maxRange`). */
export function rimDistance(ax: number, ay: number, ar: number, bx: number, by: number, br: number): number {
  const d = norm(bx - ax, by - ay) - ar - br;
  return d > 0 ? d : 0;
}
