/** The path planner: shortest routes round bases and terrain, gaps, unreachable goals, clipping. */
import { describe, it, expect } from 'vitest';
import { rules, position } from './position.js';
import { OUT_WORDS, OUT_X, OUT_Y, OUT_USED, OUT_REACHED, OUT_ROUTE } from '../../../src/games/squall/route.js';
import { resolveMove, ringPoint, positionFree } from '../../../src/games/squall/moves.js';
import { ringCandidate, compassCandidate } from '../../../src/games/squall/actions.js';
import { Rng } from '../../../src/sim/rng.js';
import type { SquallState } from '../../../src/games/squall/state.js';

const out = new Float64Array(OUT_WORDS);

/** Every leg of the planner's current route keeps base m clear of terrain and other bases. */
function routeIsClear(s: SquallState, m: number): boolean {
  const pts = s.world.planner.path.points();
  const r = s.r[m]!;
  for (let i = 1; i < pts.length; i++) {
    const [ax, ay] = pts[i - 1]!;
    const [bx, by] = pts[i]!;
    for (let o = 0; o < s.world.obstacles.count; o++) if (s.world.obstacles.segmentDist(o, ax, ay, bx, by) < r - 1e-6) return false;
    for (let c = 0; c < s.count; c++) {
      if (c === m || s.alive[c] === 0) continue;
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((s.x[c]! - ax) * dx + (s.y[c]! - ay) * dy) / (dx * dx + dy * dy || 1)));
      if (Math.hypot(ax + t * dx - s.x[c]!, ay + t * dy - s.y[c]!) < r + s.r[c]! - 1e-6) return false;
    }
  }
  return true;
}

function routeLength(s: SquallState, m: number, gx: number, gy: number): number {
  const w = s.world;
  w.planner.prepare(s.discs, m, w.graphFor(s.kind[m]!));
  return w.planner.routeTo(gx, gy);
}

describe('routes round another base', () => {
  it('goes round it within a few percent of the true geodesic (tangent, arc, tangent)', () => {
    const s = position(rules(), [{ x: 2, y: 6 }, { x: 6, y: 6 }]);
    const len = routeLength(s, 0, 10, 6);
    // Centres 4" from the inflated circle (radius 1), opposite sides: 2 sqrt(15) + (pi - 2 acos(1/4)).
    const exact = 2 * Math.sqrt(15) + (Math.PI - 2 * Math.acos(0.25));
    expect(len).toBeGreaterThanOrEqual(exact - 1e-9);
    expect(len).toBeLessThan(exact * 1.01);
    expect(routeIsClear(s, 0)).toBe(true);
  });

  it('from contact, reaches the far side of the enemy it touches', () => {
    const s = position(rules(), [{ x: 5, y: 6 }, { x: 6.005, y: 6 }]);
    const len = routeLength(s, 0, 7.005, 6);
    // Half way round a circle of radius 1.005: pi * 1.005, plus the circumscribed-polygon detour.
    expect(len).toBeGreaterThan(Math.PI * 1.005 - 1e-9);
    expect(len).toBeLessThan(Math.PI * 1.005 * 1.05);
    expect(routeIsClear(s, 0)).toBe(true);
  });
});

describe('routes round terrain', () => {
  const wall = { terrain: { obstacles: [{ shape: 'rect', x: 5, y: 2, width: 1, height: 8 }] } };

  it('finds the way round a wall, close to the geodesic round its rounded corners', () => {
    const s = position(rules(wall), [{ x: 3, y: 6 }, { x: 11, y: 11 }]);
    const len = routeLength(s, 0, 8, 6); // 2" either side of the wall: symmetric
    // Tangent to the corner circle (radius 0.5 at (5, 10)), 69.85 degrees of arc, 1" across the
    // top, and the same down the other side.
    const d2 = 20;
    // The tangent point seen from S is at angle atan2(-4, -2) - acos(0.5 / sqrt(20)) + 2 pi
    // (159.85 degrees) round the corner; the arc runs from there to the top (90 degrees).
    const arc = Math.atan2(-4, -2) - Math.acos(0.5 / Math.sqrt(d2)) + 2 * Math.PI - Math.PI / 2;
    const exact = 2 * (Math.sqrt(d2 - 0.25) + 0.5 * arc) + 1;
    expect(exact).toBeCloseTo(11.107, 2);
    expect(len).toBeGreaterThanOrEqual(exact - 1e-9);
    expect(len).toBeLessThan(exact * 1.005);
    expect(routeIsClear(s, 0)).toBe(true);
  });

  it('passes a gap wider than the base and not one narrower', () => {
    const gap = (half: number) => ({
      terrain: {
        obstacles: [
          { shape: 'rect', x: 5, y: 0, width: 1, height: 6 - half },
          { shape: 'rect', x: 5, y: 6 + half, width: 1, height: 6 - half },
        ],
      },
    });
    const wide = position(rules(gap(0.6)), [{ x: 3, y: 6 }, { x: 11, y: 11 }]);
    expect(routeLength(wide, 0, 9, 6)).toBeCloseTo(6, 9);
    const narrow = position(rules(gap(0.45)), [{ x: 3, y: 6 }, { x: 11, y: 11 }]);
    expect(routeLength(narrow, 0, 9, 6)).toBe(Infinity);
    // No route: the planner leads to the reachable point nearest the goal instead.
    const pts = narrow.world.planner.path.points();
    const [ex, ey] = pts[pts.length - 1]!;
    expect(ex).toBeLessThan(5);
    expect(Math.hypot(ex - 9, ey - 6)).toBeLessThan(5);
  });

  it('goes round a circle and a polygon, every leg clear', () => {
    const terrain = {
      terrain: {
        obstacles: [
          { shape: 'circle', x: 6, y: 6, radius: 1.5 },
          { shape: 'polygon', points: [[8, 2], [10, 3], [9, 5]] },
        ],
      },
    };
    const s = position(rules(terrain), [{ x: 2, y: 6 }, { x: 11, y: 11 }]);
    const len = routeLength(s, 0, 10.5, 4);
    expect(len).toBeGreaterThan(Math.hypot(8.5, 2));
    expect(len).toBeLessThan(15);
    expect(routeIsClear(s, 0)).toBe(true);
  });
});

describe('move candidates', () => {
  it('a ring move walks the route and stops when the allowance runs out', () => {
    const s = position(rules({ terrain: { obstacles: [{ shape: 'rect', x: 5, y: 2, width: 1, height: 8 }] } }), [{ x: 3, y: 6 }, { x: 9, y: 6, facing: 270 }]);
    // Ring point 0 is in front of B (which faces west): (9 - 1.005, 6).
    resolveMove(s, 0, ringCandidate(1, 0), 5, out);
    expect(out[OUT_REACHED]).toBe(0);
    expect(out[OUT_USED]).toBeCloseTo(5, 9);
    expect(out[OUT_ROUTE]).toBeGreaterThan(5);
    expect(positionFree(s, 0, out[OUT_X]!, out[OUT_Y]!)).toBe(true);
    resolveMove(s, 0, ringCandidate(1, 0), 20, out);
    expect(out[OUT_REACHED]).toBe(1);
    expect(out[OUT_X]).toBeCloseTo(9 - 1.005, 9);
    expect(out[OUT_Y]).toBeCloseTo(6, 9);
  });

  it('a compass move stops just short of an obstacle and keeps clear of the edge', () => {
    const s = position(rules({ terrain: { obstacles: [{ shape: 'rect', x: 5, y: 0, width: 1, height: 12 }] } }), [{ x: 3, y: 6 }, { x: 9, y: 6 }]);
    resolveMove(s, 0, compassCandidate(2, 0), 6, out); // east, the full 6"
    expect(out[OUT_X]).toBeCloseTo(4.5, 5);
    expect(out[OUT_X]).toBeLessThan(4.5);
    expect(positionFree(s, 0, out[OUT_X]!, out[OUT_Y]!)).toBe(true);
    resolveMove(s, 0, compassCandidate(6, 1), 6, out); // west, 2/3 of 6" = 4" but the edge stops it at 0.5
    expect(out[OUT_X]).toBeCloseTo(0.5, 9);
  });

  it('A* towards the enemy finds the same routes as plain Dijkstra', () => {
    const terrain = {
      terrain: {
        obstacles: [
          { shape: 'circle', x: 3, y: 8, radius: 0.7 },
          { shape: 'circle', x: 8.5, y: 3.5, radius: 0.7 },
          { shape: 'rect', x: 5.25, y: 5.5, width: 1.5, height: 1 },
          { shape: 'rect', x: 2, y: 4, width: 0.4, height: 3 },
          { shape: 'polygon', points: [[6, 9], [7, 9.5], [6.5, 10.3]] },
        ],
      },
    };
    const r = rules(terrain);
    const rng = new Rng();
    rng.seedGame(3, 0, 0);
    const xy = new Float64Array(2);
    let compared = 0;
    for (let trial = 0; trial < 60; trial++) {
      const s = position(r, [{ x: 0.5 + 11 * rng.next(), y: 0.5 + 11 * rng.next() }, { x: 0.5 + 11 * rng.next(), y: 0.5 + 11 * rng.next(), facing: 360 * rng.next() }]);
      if (!positionFree(s, 0, s.x[0]!, s.y[0]!) || !positionFree(s, 1, s.x[1]!, s.y[1]!)) continue;
      const w = s.world;
      const graph = w.graphFor(s.kind[0]!);
      for (let k = 0; k < 8; k++) {
        ringPoint(s, 0, 1, k, xy);
        if (!positionFree(s, 0, xy[0]!, xy[1]!)) continue;
        w.planner.prepare(s.discs, 0, graph);
        const plain = w.planner.routeTo(xy[0]!, xy[1]!);
        w.planner.prepare(s.discs, 0, graph, s.x[1]!, s.y[1]!, s.r[0]! + s.r[1]! + 0.005);
        const focused = w.planner.routeTo(xy[0]!, xy[1]!);
        if (plain === Infinity) expect(focused).toBe(Infinity);
        else expect(focused).toBeCloseTo(plain, 9);
        expect(routeIsClear(s, 0)).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
