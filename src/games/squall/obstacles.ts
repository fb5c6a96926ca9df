/**
 * Squall terrain as one packed set of obstacles (ObstacleSet): polygons (rectangles included)
 * and circles in typed arrays, with the queries the rules, the planner and sight ask of all of
 * them at once. No allocation; hot queries read the coordinate registers of geometry.ts (PT,
 * SEG, RAY).
 */
import { TOUCH_EPS, pointSegmentDist2, segmentCircleDist, PT, segmentConvexDist, signedArea2, RAY, rayEntryDiscAt, SEG, pointNearSeg, pointConvexDistReg, rayEntryConvexReg, edgeNormals, segmentHitsEdges, load4 } from './geometry.js';

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
      edgeNormals(xs, ys, 0, pts.length, this.enx, this.eny, this.eoff, this.vStart[i]!);
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

  /** Does segment SEG meet polygon i shrunk by `shrink` (0: the closed polygon)? With its kept edge normals. */
  private polyHits(i: number, shrink: number): boolean {
    return segmentHitsEdges(this.enx, this.eny, this.eoff, this.vStart[i]!, this.vCount[i]!, shrink);
  }

  /** True if the closed segment ab meets obstacle i, however little (cover). */
  segmentHits(i: number, ax: number, ay: number, bx: number, by: number): boolean {
    load4(SEG, ax, ay, bx, by);
    return this.meetsReg(i, false);
  }

  /** segmentHits for the segment SEG. */
  hitsReg(i: number): boolean {
    return this.meetsReg(i, false);
  }

  /** True if segment ab passes through the interior of obstacle i (grazing does not count: sight). */
  segmentPenetrates(i: number, ax: number, ay: number, bx: number, by: number): boolean {
    load4(SEG, ax, ay, bx, by);
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
    load4(SEG, ax, ay, bx, by);
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
    load4(SEG, ax, ay, bx, by);
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
    load4(RAY, px, py, dx, dy);
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
