/** Squall geometry: hand-computed cases, tangencies and corners included. */
import { describe, it, expect } from 'vitest';
import {
  circleCircleGap,
  circlesOverlap,
  isBtb,
  pointRectDist,
  circleRectOverlap,
  segmentHitsRect,
  segmentRectDist,
  pointConvexDist,
  pointInConvex,
  circleConvexOverlap,
  segmentHitsConvex,
  segmentConvexDist,
  segmentHitsCircle,
  segmentCircleDist,
  segmentsIntersect,
  segmentSegmentDist,
  baseOnBoard,
  baseEdgeGap,
  inFieldOfView,
  attackFromBehind,
  rayEntryDisc,
  rayEntryConvex,
  rayBoardLimit,
  isStrictlyConvex,
  rimDistance,
  pointSegmentDist2,
  pointNearSeg,
  SEG,
} from '../../../src/games/squall/geometry.js';
import { ObstacleSet, type ObstacleShape } from '../../../src/games/squall/obstacles.js';
import { isCovered, segmentCovered, baseCovered, inSight } from '../../../src/games/squall/sight.js';
import { Rng } from '../../../src/sim/rng.js';

const poly = (pts: [number, number][]) => ({ xs: Float64Array.from(pts, (p) => p[0]), ys: Float64Array.from(pts, (p) => p[1]), k: pts.length });
// The right triangle (0,0), (4,0), (0,3), counter-clockwise; hypotenuse 3x + 4y = 12.
const tri = poly([[0, 0], [4, 0], [0, 3]]);
const set = (...shapes: ObstacleShape[]) => new ObstacleSet(shapes);
const deg = (d: number): [number, number] => [Math.sin((d * Math.PI) / 180), Math.cos((d * Math.PI) / 180)];

describe('circles and bases', () => {
  it('gap between discs, overlap only when they cut into each other', () => {
    expect(circleCircleGap(0, 0, 1, 3, 0, 0.5)).toBeCloseTo(1.5, 12);
    expect(circlesOverlap(0, 0, 1, 2, 0, 1)).toBe(false); // tangent
    expect(circlesOverlap(0, 0, 1, 1.99, 0, 1)).toBe(true);
    expect(circleCircleGap(0, 0, 1, 3, 4, 1)).toBeCloseTo(3, 12);
  });

  it('BTB: centres at most the sum of the radii plus 0.01" apart', () => {
    expect(isBtb(0, 0, 0.5, 1, 0, 0.5)).toBe(true);
    expect(isBtb(0, 0, 0.5, 1.01, 0, 0.5)).toBe(true);
    expect(isBtb(0, 0, 0.5, 1.0101, 0, 0.5)).toBe(false);
    expect(isBtb(0, 0, 0.5, 0.6, 0.8, 0.5)).toBe(true); // distance 1
  });

  it('segment–base intersection: tangent counts, a hair away does not', () => {
    expect(segmentHitsCircle(0, 0, 4, 0, 2, 1, 1)).toBe(true);
    expect(segmentHitsCircle(0, 0, 4, 0, 2, 1, 0.99)).toBe(false);
    expect(segmentHitsCircle(0, 0, 4, 0, 5, 0, 0.99)).toBe(false); // beyond the end
    expect(segmentCircleDist(0, 0, 4, 0, 5, 0, 0.5)).toBeCloseTo(0.5, 12);
    expect(segmentCircleDist(0, 0, 4, 0, 2, 3, 1)).toBeCloseTo(2, 12);
  });

  it('segments: crossing, touching at an end, parallel', () => {
    expect(segmentsIntersect(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 1, 0, 1, 5)).toBe(true);
    expect(segmentsIntersect(0, 0, 1, 0, 0, 1, 1, 1)).toBe(false);
    expect(segmentSegmentDist(0, 0, 1, 0, 0, 1, 1, 1)).toBeCloseTo(1, 12);
    expect(segmentSegmentDist(0, 0, 1, 0, 2, -1, 2, 1)).toBeCloseTo(1, 12);
  });
});

describe('rectangles', () => {
  it('point distance: side, corner, inside', () => {
    expect(pointRectDist(3, 0.5, 0, 0, 2, 1)).toBeCloseTo(1, 12);
    expect(pointRectDist(3, 2, 0, 0, 2, 1)).toBeCloseTo(Math.SQRT2, 12);
    expect(pointRectDist(1, 0.5, 0, 0, 2, 1)).toBe(0);
  });

  it('circle–rectangle overlap: touching a side or a corner is not overlapping', () => {
    expect(circleRectOverlap(3, 0.5, 1, 0, 0, 2, 1)).toBe(false);
    expect(circleRectOverlap(3, 0.5, 1.01, 0, 0, 2, 1)).toBe(true);
    expect(circleRectOverlap(3, 2, 1.41, 0, 0, 2, 1)).toBe(false); // corner at sqrt(2) = 1.4142
    expect(circleRectOverlap(3, 2, 1.42, 0, 0, 2, 1)).toBe(true);
  });

  it('segment–rectangle: through, along an edge (closed), just outside', () => {
    expect(segmentHitsRect(-1, 0.5, 3, 0.5, 0, 0, 2, 1)).toBe(true);
    expect(segmentHitsRect(-1, 1, 3, 1, 0, 0, 2, 1)).toBe(true);
    expect(segmentHitsRect(-1, 1.0001, 3, 1.0001, 0, 0, 2, 1)).toBe(false);
    expect(segmentHitsRect(3, 3, 2, 1, 0, 0, 2, 1)).toBe(true); // ends on the corner
    expect(segmentRectDist(-1, 2, 3, 2, 0, 0, 2, 1)).toBeCloseTo(1, 12);
    expect(segmentRectDist(3, -1, 5, 3, 0, 0, 2, 1)).toBeCloseTo(1.3416407865, 9); // corner (2,1) to the segment
  });
});

describe('convex polygons', () => {
  it('point distance: inside, to an edge, to a vertex', () => {
    expect(pointInConvex(1, 1, tri.xs, tri.ys, 0, 3)).toBe(true);
    expect(pointConvexDist(1, 1, tri.xs, tri.ys, 0, 3)).toBe(0);
    expect(pointConvexDist(3, 3, tri.xs, tri.ys, 0, 3)).toBeCloseTo(1.8, 12); // |9 + 12 - 12| / 5
    expect(pointConvexDist(5, -1, tri.xs, tri.ys, 0, 3)).toBeCloseTo(Math.SQRT2, 12);
    expect(pointConvexDist(-1, -1, tri.xs, tri.ys, 0, 3)).toBeCloseTo(Math.SQRT2, 12);
  });

  it('circle–polygon overlap: tangent to the hypotenuse is not overlapping', () => {
    expect(circleConvexOverlap(3, 3, 1.8, tri.xs, tri.ys, 0, 3)).toBe(false);
    expect(circleConvexOverlap(3, 3, 1.81, tri.xs, tri.ys, 0, 3)).toBe(true);
  });

  it('segment–polygon: crossing, grazing a vertex, clear', () => {
    expect(segmentHitsConvex(-1, 1, 5, 1, tri.xs, tri.ys, 0, 3)).toBe(true);
    expect(segmentHitsConvex(-1, 3, 1, 3, tri.xs, tri.ys, 0, 3)).toBe(true); // touches vertex (0,3)
    expect(segmentHitsConvex(-1, 3, 1, 3, tri.xs, tri.ys, 0, 3, 1e-9)).toBe(false); // does not penetrate
    expect(segmentHitsConvex(0, 4, 5, 4, tri.xs, tri.ys, 0, 3)).toBe(false);
    expect(segmentConvexDist(0, 4, 5, 4, tri.xs, tri.ys, 0, 3)).toBeCloseTo(1, 12);
  });

  it('convexity check rejects reflex and self-crossing outlines, accepts either direction', () => {
    expect(isStrictlyConvex([0, 4, 0], [0, 0, 3])).toBe(true);
    expect(isStrictlyConvex([0, 0, 4], [0, 3, 0])).toBe(true);
    expect(isStrictlyConvex([0, 2, 4, 2], [0, 1, 0, 3])).toBe(false); // arrowhead
    expect(isStrictlyConvex([0, 2, 0, 2], [0, 2, 2, 0])).toBe(false); // bow tie
    expect(isStrictlyConvex([0, 1, 2], [0, 0, 0])).toBe(false);
  });

  it('ObstacleSet stores rectangles and clockwise polygons counter-clockwise', () => {
    const o = set({ kind: 'polygon', points: [[0, 0], [0, 3], [4, 0]] }, { kind: 'rect', x: 10, y: 10, width: 2, height: 1 });
    expect(o.pointDist(0, 3, 3)).toBeCloseTo(1.8, 12);
    expect(o.pointDist(1, 13, 11)).toBeCloseTo(1, 12);
    expect(o.segmentHits(1, 9, 10.5, 13, 10.5)).toBe(true);
    expect(o.segmentDist(1, 9, 12, 13, 12)).toBeCloseTo(1, 12);
  });
});

describe('obstacles as seen by a moving base', () => {
  const o = set({ kind: 'rect', x: 0, y: 0, width: 2, height: 1 }, { kind: 'circle', x: 6, y: 0, radius: 1 }, { kind: 'polygon', points: [[0, 10], [4, 10], [0, 13]] });

  it('a base fits exactly against each kind of obstacle, not a hair closer', () => {
    expect(o.baseOverlapsAny(2.5, 0.5, 0.5)).toBe(false);
    expect(o.baseOverlapsAny(2.49, 0.5, 0.5)).toBe(true);
    expect(o.baseOverlapsAny(6, 1.5, 0.5)).toBe(false);
    expect(o.baseOverlapsAny(6, 1.49, 0.5)).toBe(true);
    expect(o.baseOverlapsAny(3, 13, 1.8)).toBe(false);
    expect(o.baseOverlapsAny(3, 13, 1.81)).toBe(true);
  });

  it('a base can slide along a wall it touches but not into it', () => {
    expect(o.segmentClear(-1, 1.5, 3, 1.5, 0.5)).toBe(true);
    expect(o.segmentClear(-1, 1.49, 3, 1.49, 0.5)).toBe(false);
    expect(o.segmentClear(4.5, 1.5, 7.5, 1.5, 0.5)).toBe(true); // over the top of the circle, touching
  });

  it('rays stop where the base first touches', () => {
    // A base of radius 0.5 moving west along y = 0.5 from x = 5 touches the rectangle at x = 2.5.
    expect(o.rayEntry(0, 5, 0.5, -4, 0, 0.5)).toBeCloseTo(2.5 / 4, 6);
    // Moving south onto the circle from (6, 4): touches at y = 1.5.
    expect(o.rayEntry(1, 6, 4, 0, -4, 0.5)).toBeCloseTo(2.5 / 4, 6);
    // Diagonally at the rectangle's corner (2, 1): the rounded corner is met, not the square one.
    const t = rayEntryConvex(4, 3, -1, -1, o.vx, o.vy, o.vStart[0]!, o.vCount[0]!, 0.5);
    const cx = 4 - t;
    const cy = 3 - t;
    expect(Math.hypot(cx - 2, cy - 1)).toBeCloseTo(0.5, 9);
    // Moving away from a touching position is free; moving into it is blocked at once.
    expect(rayEntryDisc(6, 1.5, 0, 1, 6, 0, 1.5)).toBe(Infinity);
    expect(rayEntryDisc(6, 1.5, 0, -1, 6, 0, 1.5)).toBe(0);
    expect(rayEntryDisc(0, 0, 1, 0, 5, 3, 1)).toBe(Infinity);
  });

  it('board edge: containment and the limit of a straight move', () => {
    expect(baseOnBoard(0.5, 6, 0.5, 12, 12)).toBe(true);
    expect(baseOnBoard(0.49, 6, 0.5, 12, 12)).toBe(false);
    expect(baseOnBoard(11.5, 11.5, 0.5, 12, 12)).toBe(true);
    expect(baseEdgeGap(3, 1.5, 0.5, 12, 12)).toBeCloseTo(1, 12);
    expect(rayBoardLimit(6, 6, 1, 0, 0.5, 12, 12, 10)).toBeCloseTo(5.5, 12);
    expect(rayBoardLimit(6, 6, 0, -1, 0.5, 12, 12, 3)).toBeCloseTo(3, 12);
  });
});

describe('facing and field of view', () => {
  const [nx, ny] = deg(0); // facing north
  const half180 = Math.cos(Math.PI / 2);
  const half120 = Math.cos(Math.PI / 3);

  it('180 degrees: the arc is the half-plane in front; its edge counts as inside', () => {
    expect(inFieldOfView(0, 0, nx, ny, half180, 0, 5)).toBe(true);
    expect(inFieldOfView(0, 0, nx, ny, half180, 1, 0)).toBe(true);
    expect(attackFromBehind(0, 0, nx, ny, half180, 1, -0.01)).toBe(true);
    expect(attackFromBehind(0, 0, nx, ny, half180, 0, -1)).toBe(true);
    expect(attackFromBehind(0, 0, nx, ny, half180, -1, 0.01)).toBe(false);
  });

  it('120 degrees: 59 degrees off the facing is inside, 61 is behind', () => {
    const [a, b] = deg(59);
    const [c, d] = deg(61);
    expect(attackFromBehind(0, 0, nx, ny, half120, a, b)).toBe(false);
    expect(attackFromBehind(0, 0, nx, ny, half120, c, d)).toBe(true);
  });

  it('360 degrees: nothing is behind', () => {
    expect(attackFromBehind(0, 0, nx, ny, -2, 0, -1)).toBe(false);
  });
});

describe('cover', () => {
  // Shooter at (0, 0), target at (10, 0), bases of radius 0.5.
  it('an obstacle on the segment between the centres covers, however little', () => {
    const o = set({ kind: 'rect', x: 4, y: 0, width: 1, height: 3 }); // touches the line y = 0
    expect(segmentCovered(o, 0, 0, 10, 0, null, -1, -1)).toBe(true);
    const clear = set({ kind: 'rect', x: 4, y: 0.001, width: 1, height: 3 });
    expect(segmentCovered(clear, 0, 0, 10, 0, null, -1, -1)).toBe(false);
  });

  it("an obstacle touching the target's base covers under segment-or-base only", () => {
    const o = set({ kind: 'circle', x: 10, y: 1.5, radius: 1 }); // touches the base at (10, 0.5)
    expect(baseCovered(o, 10, 0, 0.5, null, -1, -1)).toBe(true);
    expect(isCovered(o, 'segment-or-base', 0, 0, 10, 0, 0.5, null, -1, -1)).toBe(true);
    expect(isCovered(o, 'segment', 0, 0, 10, 0, 0.5, null, -1, -1)).toBe(false);
    // Within the 0.01" contact tolerance still counts; beyond it does not.
    const near = set({ kind: 'circle', x: 10, y: 1.509, radius: 1 });
    const far = set({ kind: 'circle', x: 10, y: 1.52, radius: 1 });
    expect(baseCovered(near, 10, 0, 0.5, null, -1, -1)).toBe(true);
    expect(baseCovered(far, 10, 0, 0.5, null, -1, -1)).toBe(false);
  });

  it('other bases count only when passed as discs, never the shooter or the target', () => {
    const o = set();
    const discs = { count: 3, x: Float64Array.of(0, 10, 5), y: Float64Array.of(0, 0, 0.3), r: Float64Array.of(0.5, 0.5, 0.5), alive: Uint8Array.of(1, 1, 1) };
    expect(isCovered(o, 'segment', 0, 0, 10, 0, 0.5, null, 0, 1)).toBe(false);
    expect(isCovered(o, 'segment', 0, 0, 10, 0, 0.5, discs, 0, 1)).toBe(true);
    discs.alive[2] = 0;
    expect(isCovered(o, 'segment', 0, 0, 10, 0, 0.5, discs, 0, 1)).toBe(false);
  });
});

describe('sight: some segment from base to base passes no obstacle interior', () => {
  it('a clear centre line sees; a wall right across blocks everything', () => {
    expect(inSight(set(), 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(true);
    const wall = set({ kind: 'rect', x: 4, y: -5, width: 1, height: 10 });
    expect(inSight(wall, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(false);
  });

  it('an obstacle covering the centre line but not the rims: seen along the outer tangent', () => {
    const low = set({ kind: 'rect', x: 4, y: -5, width: 2, height: 5.45 }); // top at y = 0.45
    expect(segmentCovered(low, 0, 0, 10, 0, null, -1, -1)).toBe(true);
    expect(inSight(low, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(true);
    // Top exactly at the rims' height: the tangent segment grazes it, which does not block.
    const flush = set({ kind: 'rect', x: 4, y: -5, width: 2, height: 5.5 });
    expect(inSight(flush, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(true);
    const high = set({ kind: 'rect', x: 4, y: -5, width: 2, height: 5.51 });
    expect(inSight(high, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(false);
  });

  it('two staggered obstacles block the centre and both rims, but a crossing diagonal sees', () => {
    const o = set({ kind: 'rect', x: 3, y: -0.05, width: 1, height: 5 }, { kind: 'rect', x: 6, y: -5, width: 1, height: 5.05 });
    expect(segmentCovered(o, 0, 0, 10, 0, null, -1, -1)).toBe(true);
    // The diagonal from (0, -0.5) to (10, 0.5) passes under the first and over the second.
    expect(inSight(o, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(true);
  });

  it('a tree that blocks the whole band between the tangents hides the target', () => {
    const tree = set({ kind: 'circle', x: 5, y: 0, radius: 0.8 });
    expect(inSight(tree, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(false);
    const small = set({ kind: 'circle', x: 5, y: 0, radius: 0.4 });
    expect(inSight(small, 0, 0, 0.5, 10, 0, 0.5, null, -1, -1)).toBe(true);
  });

  it('unequal bases: the band runs between the outer common tangents', () => {
    // A at (0,0) r 0.5, B at (10,0) r 1.5: the upper outer tangent rises from y ~0.50 to ~1.49.
    // A wall whose top stays below that line leaves the target in sight; one reaching it does not.
    const under = set({ kind: 'polygon', points: [[4, -5], [6, -5], [6, 1.0], [4, 0.8]] });
    expect(inSight(under, 0, 0, 0.5, 10, 0, 1.5, null, -1, -1)).toBe(true);
    const over = set({ kind: 'polygon', points: [[4, -5], [6, -5], [6, 1.2], [4, 1.0]] });
    expect(inSight(over, 0, 0, 0.5, 10, 0, 1.5, null, -1, -1)).toBe(false);
  });

  it('range is measured between the rims', () => {
    expect(rimDistance(0, 0, 0.5, 10, 0, 0.5)).toBeCloseTo(9, 12);
    expect(rimDistance(0, 0, 0.5, 1, 0, 0.5)).toBe(0);
  });
});

describe('register forms (written out so V8 boxes nothing) agree with the plain functions', () => {
  // pointNearSeg takes the point by index and the segment from SEG and compares with
  // pointSegmentDist2; the game's cover, sight and clearance use it, so they must agree exactly.
  const rng = new Rng();
  rng.seedGame(7, 0, 0);
  const coord = () => rng.next() * 12 - 1;
  it('pointNearSeg is pointSegmentDist2 against the squared limit (< and <=), on 20,000 random cases', () => {
    const xs = new Float64Array(1);
    const ys = new Float64Array(1);
    for (let k = 0; k < 20_000; k++) {
      const [ax, ay, bx, by] = [coord(), coord(), k % 10 === 0 ? 0 : coord(), coord()];
      xs[0] = coord();
      ys[0] = coord();
      const lim = rng.next() * 4;
      SEG.set([ax, ay, k % 10 === 0 ? ax : bx, k % 10 === 0 ? ay : by, 0, lim]);
      const d2 = pointSegmentDist2(xs[0]!, ys[0]!, SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!);
      expect(pointNearSeg(xs, ys, 0, false)).toBe(d2 < lim * lim);
      expect(pointNearSeg(xs, ys, 0, true)).toBe(d2 <= lim * lim);
    }
  });
});
