/**
 * Terrain waypoints for the Squall path planner (planner.ts explains the method): for one base
 * radius, the points just outside each inflated obstacle, and which pairs see each other. They
 * depend only on the terrain and the radius, so World builds them once per radius.
 */
import { baseOnBoard } from './geometry.js';
import type { PlannerWorld } from './world-types.js';

/** Waypoints are pushed this far beyond the circumscribing polygon, so edges along it are clear. */
export const NODE_EPS = 1e-6;
const CORNER_STEP = Math.PI / 6;
const OBSTACLE_CIRCLE_NODES = 12;
/** Terrain waypoints for one base radius, and which pairs see each other. */
export class StaticGraph {
  readonly count: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** vis[i * count + j] = 1 if a base can slide from waypoint i to j without touching terrain. */
  readonly vis: Uint8Array;
  /** The same as adjacency lists: the waypoints i sees are adj[adjStart[i] .. adjStart[i + 1]). */
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;

  constructor(world: PlannerWorld, readonly radius: number) {
    const obs = world.obstacles;
    const xs: number[] = [];
    const ys: number[] = [];
    const keep = (x: number, y: number) => {
      if (!baseOnBoard(x, y, radius, world.width, world.height, 0)) return;
      if (obs.baseOverlapsAny(x, y, radius)) return;
      xs.push(x);
      ys.push(y);
    };
    for (let i = 0; i < obs.count; i++) {
      if (obs.kind[i] === 1) {
        const rho = (obs.radius[i]! + radius) / Math.cos(Math.PI / OBSTACLE_CIRCLE_NODES) + NODE_EPS;
        for (let k = 0; k < OBSTACLE_CIRCLE_NODES; k++) {
          const a = ((k + 0.5) * 2 * Math.PI) / OBSTACLE_CIRCLE_NODES;
          keep(obs.cx[i]! + rho * Math.cos(a), obs.cy[i]! + rho * Math.sin(a));
        }
        continue;
      }
      const o = obs.vStart[i]!;
      const k = obs.vCount[i]!;
      for (let v = 0; v < k; v++) {
        const prev = v === 0 ? k - 1 : v - 1;
        const next = v + 1 === k ? 0 : v + 1;
        const vx = obs.vx[o + v]!;
        const vy = obs.vy[o + v]!;
        // Outward normals of the incoming and outgoing edges (counter-clockwise polygon).
        const a0 = Math.atan2(-(obs.vx[o + v]! - obs.vx[o + prev]!), obs.vy[o + v]! - obs.vy[o + prev]!);
        let a1 = Math.atan2(-(obs.vx[o + next]! - vx), obs.vy[o + next]! - vy);
        while (a1 < a0) a1 += 2 * Math.PI;
        const turn = a1 - a0; // exterior angle, in (0, pi)
        const m = Math.max(1, Math.ceil(turn / CORNER_STEP - 1e-9));
        const half = turn / (2 * m);
        const rho = radius / Math.cos(half) + NODE_EPS;
        for (let j = 0; j < m; j++) {
          const a = a0 + (2 * j + 1) * half;
          keep(vx + rho * Math.cos(a), vy + rho * Math.sin(a));
        }
      }
    }
    const n = xs.length;
    this.count = n;
    this.x = Float64Array.from(xs);
    this.y = Float64Array.from(ys);
    this.vis = new Uint8Array(n * n);
    for (let i = 0; i < n; i++) {
      this.vis[i * n + i] = 1;
      for (let j = i + 1; j < n; j++) {
        const ok = obs.segmentClear(xs[i]!, ys[i]!, xs[j]!, ys[j]!, radius) ? 1 : 0;
        this.vis[i * n + j] = ok;
        this.vis[j * n + i] = ok;
      }
    }
    this.adjStart = new Int32Array(n + 1);
    let edges = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && this.vis[i * n + j] === 1) edges++;
    this.adj = new Int32Array(edges);
    let e = 0;
    for (let i = 0; i < n; i++) {
      this.adjStart[i] = e;
      for (let j = 0; j < n; j++) if (i !== j && this.vis[i * n + j] === 1) this.adj[e++] = j;
    }
    this.adjStart[n] = e;
  }
}
