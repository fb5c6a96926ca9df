/**
 * The Squall path planner: shortest paths for a round base among obstacles and other bases.
 *
 * Method: a visibility graph in the mover's configuration space. Every obstacle is inflated by
 * the mover's radius (a rectangle or polygon becomes a rounded polygon, a circle a bigger circle,
 * another base a circle of the two radii). Collision tests are exact against these inflated
 * shapes (segment–shape distance >= radius). Waypoints are placed just outside each inflated
 * shape, at the vertices of a circumscribing polygon: round every polygon corner at most 30
 * degrees apart, 12 around a circular obstacle, 12 around another base (30 degrees apart: a base
 * in contact is within 15 degrees of one, which it can always see). Straight segments between
 * mutually visible waypoints are the graph's edges; a goal is reached through the visible
 * waypoint that minimises distance + the last leg. Paths are therefore valid (they never overlap
 * anything) and at most tan(a)/a - 1 longer than the true geodesic on the parts that hug an arc
 * (2.3% for a half-step a of 15 degrees). A gap narrower than the waypoint offset can be missed;
 * it is never crossed illegally.
 *
 * Search: A* towards the disc on which the goals lie (the BTB points round one enemy; distance to
 * that disc is an admissible, consistent heuristic; without a focus it is Dijkstra), on an
 * indexed binary heap, with lazy edge evaluation: relaxing assumes an edge clear and it is
 * collision-tested only when its end comes up for settling (terrain-to-terrain edges come from a
 * precomputed table and are checked at once). Settled distances are exact. The search is also
 * lazy in extent: routeTo settles waypoints only until no unsettled one can improve the route.
 *
 * Cost: terrain waypoints and their mutual visibility depend only on the terrain and the base
 * radius, so they are computed once per radius (StaticGraph). Per query only the other bases'
 * waypoints and the edges touching them are tested. The search is kept until a base moves, so
 * a policy that evaluates eight BTB points runs it once. Nothing allocates per query; scratch
 * arrays grow only when a bigger terrain graph is first built.
 */
import { PT, SEG, TOUCH_EPS, baseOnBoard, pointNearSeg, type Discs, norm } from './geometry.js';
import type { ObstacleSet } from './obstacles.js';
import { MAX_CHARS } from './params.js';
import type { PlannerWorld } from './world-types.js';
import { NODE_EPS, type StaticGraph } from './static-graph.js';
import { OUT_ROUTE, OUT_WORDS, Route } from './route.js';
import { WaypointQueue } from './waypoint-queue.js';

export const BASE_NODES = 12;
const BASE_COS = Float64Array.from({ length: BASE_NODES }, (_, k) => Math.cos(((k + 0.5) * 2 * Math.PI) / BASE_NODES));
const BASE_SIN = Float64Array.from({ length: BASE_NODES }, (_, k) => Math.sin(((k + 0.5) * 2 * Math.PI) / BASE_NODES));

export class Planner {
  private readonly obs: ObstacleSet;
  private readonly width: number;
  private readonly height: number;
  private cap = 0;
  // Nodes of the current query: 0 = the start.
  private n = 0;
  private nx = new Float64Array(0);
  private ny = new Float64Array(0);
  /** Index in the static graph, or -1 for the start and the bases' waypoints. */
  private sIdx = new Int32Array(0);
  /** For a base's waypoint: which base (index into dcx..) and which of its BASE_NODES; else -1. */
  private owner = new Int32Array(0);
  private slot = new Int32Array(0);
  /** Node index of each terrain waypoint in the current query (-1: inside a base). */
  private nodeOfStatic = new Int32Array(0);
  /** Nodes [1, firstBaseNode) are terrain waypoints, [firstBaseNode, n) the bases' waypoints. */
  private firstBaseNode = 1;
  private dist = new Float64Array(0);
  private parent = new Int32Array(0);
  private settled = new Uint8Array(0);
  /** 1 once the edge parent -> node has been collision-tested (edges are tested lazily). */
  private verified = new Uint8Array(0);
  /** failed[w * cap + v] === gen: the edge w -> v was tested blocked in the current search. */
  private failed = new Int32Array(0);
  private gen = 0;
  /** For terrain waypoints: the best route through settled terrain waypoints (always tested). */
  private vDist = new Float64Array(0);
  private vPar = new Int32Array(0);
  /** Settled waypoints that are not terrain waypoints (the start, bases' waypoints). */
  private dynSettled = new Int32Array(0);
  private nDyn = 0;
  /** The unsettled waypoints by dist + h. */
  private readonly queue = new WaypointQueue();
  private order = new Int32Array(0);
  private nOrder = 0;
  /** settleNext's bound (a field, not an argument: V8 would box the double at every call). */
  private limit = Infinity;
  private graph: StaticGraph | null = null;
  // The other bases, inflated by the mover's radius.
  private readonly dcx = new Float64Array(MAX_CHARS);
  private readonly dcy = new Float64Array(MAX_CHARS);
  private readonly dcr = new Float64Array(MAX_CHARS);
  private dcN = 0;
  private radius = 0;
  // What the current field was computed for (positions of every base, the mover, its graph).
  private keyMover = -1;
  private keyGraph: StaticGraph | null = null;
  private keyFx = 0;
  private keyFy = 0;
  private keyFr = 0;
  /** The focus asked for (x, y, radius), read by prepareAsked. */
  private readonly ask = new Float64Array(3);
  /** A* focus: routes are only asked for goals within focusR of (focusX, focusY). */
  private focusX = 0;
  private focusY = 0;
  private focusR = Infinity;
  /** Heuristic per node: its distance to the focus disc (a lower bound to any allowed goal). */
  private h = new Float64Array(0);
  private readonly keyPos = new Float64Array(MAX_CHARS * 3);
  private readonly keyAlive = new Uint8Array(MAX_CHARS);
  private keyCount = 0;
  /** The current route (from the start), for walking it. */
  readonly path = new Route();
  /** routeTo's goal and result, for routeToGoal. */
  private readonly goal = new Float64Array(2);
  private readonly routeOut = new Float64Array(OUT_WORDS);
  /** Number of Dijkstra runs (for tests and benchmarks). */
  fields = 0;

  constructor(world: PlannerWorld) {
    this.obs = world.obstacles;
    this.width = world.width;
    this.height = world.height;
    this.ensureCapacity(0);
  }

  ensureCapacity(staticCount: number): void {
    const need = staticCount + BASE_NODES * MAX_CHARS + 2;
    if (need <= this.cap) return;
    this.cap = need;
    this.nx = new Float64Array(need);
    this.ny = new Float64Array(need);
    this.sIdx = new Int32Array(need);
    this.owner = new Int32Array(need);
    this.slot = new Int32Array(need);
    this.nodeOfStatic = new Int32Array(need);
    this.h = new Float64Array(need);
    this.dist = new Float64Array(need);
    this.parent = new Int32Array(need);
    this.settled = new Uint8Array(need);
    this.verified = new Uint8Array(need);
    this.failed = new Int32Array(need * need);
    this.vDist = new Float64Array(need);
    this.vPar = new Int32Array(need);
    this.dynSettled = new Int32Array(need);
    this.queue.resize(need, this.dist, this.h);
    this.gen = 0;
    this.order = new Int32Array(need);
    this.path.ensureCapacity(need + 1);
    this.keyMover = -1;
  }

  /** Forget the cached field (after a position changed behind the planner's back). */
  invalidate(): void {
    this.keyMover = -1;
  }

  /** Was the current field computed for this mover, graph, focus (this.ask) and these bases? */
  private sameKey(b: Discs, mover: number, graph: StaticGraph): boolean {
    if (this.keyMover !== mover || this.keyGraph !== graph || this.keyCount !== b.count) return false;
    if (this.keyFx !== this.ask[0] || this.keyFy !== this.ask[1] || this.keyFr !== this.ask[2]) return false;
    const k = this.keyPos;
    for (let c = 0; c < b.count; c++) {
      const alive = b.alive[c] !== 0 ? 1 : 0;
      if (this.keyAlive[c] !== alive) return false;
      if (alive === 1 && (k[3 * c] !== b.x[c] || k[3 * c + 1] !== b.y[c] || k[3 * c + 2] !== b.r[c])) return false;
    }
    return true;
  }

  private storeKey(b: Discs, mover: number, graph: StaticGraph): void {
    this.keyMover = mover;
    this.keyGraph = graph;
    this.keyFx = this.ask[0]!;
    this.keyFy = this.ask[1]!;
    this.keyFr = this.ask[2]!;
    this.keyCount = b.count;
    const k = this.keyPos;
    for (let c = 0; c < b.count; c++) {
      this.keyAlive[c] = b.alive[c] !== 0 ? 1 : 0;
      k[3 * c] = b.x[c]!;
      k[3 * c + 1] = b.y[c]!;
      k[3 * c + 2] = b.r[c]!;
    }
  }

  /**
   * Start a search from base `mover` (kept if nothing moved since the last one). Goals asked of
   * `routeTo` must lie within `fr` of (fx, fy) (fr = Infinity: anywhere); the search is then an
   * A* towards that disc, which settles far fewer waypoints than Dijkstra when the goals are
   * the BTB points round one enemy, yet finds the same shortest routes.
   */
  prepare(b: Discs, mover: number, graph: StaticGraph, fx = 0, fy = 0, fr = Infinity): void {
    this.ask[0] = fx;
    this.ask[1] = fy;
    this.ask[2] = fr;
    this.prepareAsked(b, mover, graph);
  }

  /**
   * prepare with the focus on the BTB points round base e: within (the mover's radius + e's
   * radius + gap) of e's centre. The hot path's form: the focus is not passed as doubles,
   * which V8 would box.
   */
  prepareAround(b: Discs, mover: number, graph: StaticGraph, e: number, gap: number): void {
    this.ask[0] = b.x[e]!;
    this.ask[1] = b.y[e]!;
    this.ask[2] = b.r[mover]! + b.r[e]! + gap;
    this.prepareAsked(b, mover, graph);
  }

  /** prepare for the focus in this.ask. */
  private prepareAsked(b: Discs, mover: number, graph: StaticGraph): void {
    const fx = this.ask[0]!;
    const fy = this.ask[1]!;
    const fr = this.ask[2]!;
    if (this.sameKey(b, mover, graph)) return;
    this.storeKey(b, mover, graph);
    this.focusX = fx;
    this.focusY = fy;
    this.focusR = fr;
    this.fields++;
    this.gen++;
    this.graph = graph;
    const r = b.r[mover]!;
    this.radius = r;
    // Other living bases, inflated.
    let m = 0;
    for (let c = 0; c < b.count; c++) {
      if (c === mover || b.alive[c] === 0) continue;
      this.dcx[m] = b.x[c]!;
      this.dcy[m] = b.y[c]!;
      this.dcr[m] = b.r[c]! + r;
      m++;
    }
    this.dcN = m;
    let n = 0;
    this.nx[0] = b.x[mover]!;
    this.ny[0] = b.y[mover]!;
    this.sIdx[0] = -1;
    this.owner[0] = -1;
    n = 1;
    for (let i = 0; i < graph.count; i++) {
      const x = graph.x[i]!;
      const y = graph.y[i]!;
      this.nodeOfStatic[i] = -1;
      if (this.insideBase(x, y, -1)) continue;
      this.nodeOfStatic[i] = n;
      this.nx[n] = x;
      this.ny[n] = y;
      this.sIdx[n] = i;
      this.owner[n] = -1;
      n++;
    }
    this.firstBaseNode = n;
    const step = (2 * Math.PI) / BASE_NODES;
    const stretch = 1 / Math.cos(step / 2);
    for (let j = 0; j < m; j++) {
      const rho = this.dcr[j]! * stretch + NODE_EPS;
      for (let k = 0; k < BASE_NODES; k++) {
        const x = this.dcx[j]! + rho * BASE_COS[k]!;
        const y = this.dcy[j]! + rho * BASE_SIN[k]!;
        if (!baseOnBoard(x, y, r, this.width, this.height, 0)) continue;
        if (this.insideBase(x, y, j)) continue;
        PT[0] = x;
        PT[1] = y;
        PT[2] = r;
        if (this.obs.baseOverlapsAnyReg()) continue;
        this.nx[n] = x;
        this.ny[n] = y;
        this.sIdx[n] = -1;
        this.owner[n] = j;
        this.slot[n] = k;
        n++;
      }
    }
    this.n = n;
    // A* (Dijkstra when unfocused), O(V^2) scan, run lazily: routeTo settles waypoints only as
    // far as it needs.
    const dist = this.dist;
    for (let i = 0; i < n; i++) {
      dist[i] = Infinity;
      this.settled[i] = 0;
      this.verified[i] = 0;
      this.parent[i] = -1;
      this.vDist[i] = Infinity;
      this.vPar[i] = -1;
      const hi = fr === Infinity ? 0 : norm(this.nx[i]! - fx, this.ny[i]! - fy) - fr;
      this.h[i] = hi > 0 ? hi : 0;
    }
    dist[0] = 0;
    this.verified[0] = 1;
    this.nOrder = 0;
    this.nDyn = 0;
    this.queue.clear(n);
    this.queue.update(0);
  }

  /**
   * Settle the unsettled waypoint with the least dist + h if that is below `this.limit`,
   * relaxing its edges. Returns false when there is none.
   *
   * Edges that need a full collision test are evaluated lazily (lazy A*): relaxing assumes them
   * clear, and only the edge to a waypoint's parent is tested when the waypoint comes up for
   * settling. If it is blocked, the waypoint's distance is recomputed from the settled
   * waypoints (with tests) and it goes back in the queue. Settled distances are still exact:
   * the first unsettled waypoint on a true shortest path always carries a key no larger than
   * its true one, so a waypoint is only settled with its true distance.
   */
  private settleNext(): boolean {
    const limit = this.limit;
    const n = this.n;
    const dist = this.dist;
    const h = this.h;
    const graph = this.graph!;
    let u = -1;
    for (;;) {
      if (this.queue.size === 0) return false;
      u = this.queue.top();
      if (dist[u]! + h[u]! >= limit) return false;
      if (this.verified[u] === 1) break;
      const p = this.parent[u]!;
      SEG[0] = this.nx[p]!;
      SEG[1] = this.ny[p]!;
      SEG[2] = this.nx[u]!;
      SEG[3] = this.ny[u]!;
      if (this.clearSeg()) {
        this.verified[u] = 1;
        break;
      }
      this.failed[p * this.cap + u] = this.gen;
      this.recompute(u);
      this.queue.update(u);
    }
    const best = dist[u]!;
    this.queue.pop();
    this.settled[u] = 1;
    this.order[this.nOrder++] = u;
    if (this.sIdx[u]! < 0) this.dynSettled[this.nDyn++] = u;
    const ux = this.nx[u]!;
    const uy = this.ny[u]!;
    const su = this.sIdx[u]!;
    if (su >= 0) {
      // A terrain waypoint: its terrain neighbours come from the precomputed lists (only the
      // bases need testing, which is cheap, so those edges are tested at once).
      for (let e = graph.adjStart[su]!; e < graph.adjStart[su + 1]!; e++) {
        const v = this.nodeOfStatic[graph.adj[e]!]!;
        if (v < 0 || this.settled[v] !== 0) continue;
        const d = best + norm(this.nx[v]! - ux, this.ny[v]! - uy);
        if (d >= this.vDist[v]!) continue;
        SEG[0] = ux;
        SEG[1] = uy;
        SEG[2] = this.nx[v]!;
        SEG[3] = this.ny[v]!;
        if (!this.clearOfBasesSeg()) continue;
        this.vDist[v] = d;
        this.vPar[v] = u;
        if (d >= dist[v]!) continue;
        dist[v] = d;
        this.parent[v] = u;
        this.verified[v] = 1;
        this.queue.update(v);
      }
      for (let v = this.firstBaseNode; v < n; v++) this.relax(u, v);
      return true;
    }
    for (let v = 1; v < n; v++) if (!this.sameBaseBlocked(u, v)) this.relax(u, v);
    return true;
  }

  /** Waypoints of one base see only their two neighbours (a longer chord cuts into the circle). */
  private sameBaseBlocked(u: number, v: number): boolean {
    const ou = this.owner[u]!;
    if (ou < 0 || this.owner[v] !== ou) return false;
    const dk = this.slot[v]! - this.slot[u]!;
    return dk !== 1 && dk !== -1 && dk !== BASE_NODES - 1 && dk !== 1 - BASE_NODES;
  }

  /**
   * Tentative relaxation of u -> v (collision test deferred to settling). u's distance is read
   * here rather than passed: V8 boxes a double argument when it does not inline the call.
   */
  private relax(u: number, v: number): void {
    if (this.settled[v] !== 0) return;
    const d = this.dist[u]! + norm(this.nx[v]! - this.nx[u]!, this.ny[v]! - this.ny[u]!);
    if (d >= this.dist[v]!) return;
    this.dist[v] = d;
    this.parent[v] = u;
    this.verified[v] = 0;
    this.queue.update(v);
  }

  /**
   * v's parent edge was blocked: make its parent the settled waypoint giving the next cheapest
   * route not known to be blocked (tested when v comes up again; terrain-to-terrain edges are
   * checked at once, being cheap). Keys only grow, so the search stays exact.
   */
  private recompute(v: number): void {
    const vx = this.nx[v]!;
    const vy = this.ny[v]!;
    const cap = this.cap;
    let best = Infinity;
    let from = -1;
    let exact = 0;
    let k = 0;
    let count = this.nOrder;
    let list = this.order;
    if (this.sIdx[v]! >= 0) {
      // A terrain waypoint: its tested best through terrain waypoints is kept; only the settled
      // start and bases' waypoints are candidates besides.
      best = this.vDist[v]!;
      from = this.vPar[v]!;
      exact = from >= 0 ? 1 : 0;
      list = this.dynSettled;
      count = this.nDyn;
    }
    for (; k < count; k++) {
      const w = list[k]!;
      if (this.failed[w * cap + v] === this.gen || this.sameBaseBlocked(w, v)) continue;
      const c = this.dist[w]! + norm(vx - this.nx[w]!, vy - this.ny[w]!);
      if (c >= best) continue;
      best = c;
      from = w;
      exact = 0;
    }
    this.dist[v] = best;
    this.parent[v] = from;
    this.verified[v] = exact;
  }

  /** Inside (overlapping) inflated base j' (any but `except`)? */
  private insideBase(x: number, y: number, except: number): boolean {
    for (let j = 0; j < this.dcN; j++) {
      if (j === except) continue;
      const dx = x - this.dcx[j]!;
      const dy = y - this.dcy[j]!;
      const rr = this.dcr[j]! - TOUCH_EPS;
      if (dx * dx + dy * dy < rr * rr) return true;
    }
    return false;
  }

  /** Is the segment SEG (geometry.ts) clear of the other bases? */
  private clearOfBasesSeg(): boolean {
    for (let j = 0; j < this.dcN; j++) {
      SEG[5] = this.dcr[j]! - TOUCH_EPS;
      if (pointNearSeg(this.dcx, this.dcy, j, false)) return false;
    }
    return true;
  }

  /** Can the mover slide along the segment SEG, clear of the other bases and the terrain? */
  private clearSeg(): boolean {
    if (!this.clearOfBasesSeg()) return false;
    SEG[4] = this.radius;
    return this.obs.segmentClearReg();
  }

  /**
   * Route from the prepared start to (gx, gy), which must be a free position. Returns the
   * route's length, or Infinity if there is none — then the route leads to the reachable
   * waypoint nearest the goal (or nowhere). The route is kept in `path`, to walk.
   */
  routeTo(gx: number, gy: number): number {
    this.goal[0] = gx;
    this.goal[1] = gy;
    this.routeToGoal(this.goal, this.routeOut);
    return this.routeOut[OUT_ROUTE]!;
  }

  /**
   * routeTo for the goal (goal[0], goal[1]); the length goes to out[OUT_ROUTE] (doubles passed
   * or returned would be boxed by V8: this is the hot path's form). `directBlocked`: the caller
   * has just found `direct` blocked for this mover and goal, which is the same test as the
   * start's own leg to the goal, so that leg is not tested again.
   */
  routeToGoal(goal: Float64Array, out: Float64Array, directBlocked = false): void {
    const gx = goal[0]!;
    const gy = goal[1]!;
    if (norm(gx - this.focusX, gy - this.focusY) > this.focusR + 1e-9) throw new Error('planner: goal outside the prepared focus');
    let best = Infinity;
    let via = -1;
    // Waypoints are settled in order of dist + h, and dist[u] + |uG| >= dist[u] + h[u] for every
    // allowed goal G: once that key reaches the best route so far, nothing can improve it.
    let k = 0;
    for (;;) {
      this.limit = best;
      if (k === this.nOrder && !this.settleNext()) break;
      const u = this.order[k++]!;
      const du = this.dist[u]!;
      if (du + this.h[u]! >= best) break;
      const d = du + norm(gx - this.nx[u]!, gy - this.ny[u]!);
      if (d < best && !(u === 0 && directBlocked)) {
        SEG[0] = this.nx[u]!;
        SEG[1] = this.ny[u]!;
        SEG[2] = gx;
        SEG[3] = gy;
        if (this.clearSeg()) {
          best = d;
          via = u;
        }
      }
    }
    let reached = true;
    if (via < 0) {
      reached = false;
      this.limit = Infinity;
      while (this.settleNext());
      let nearest = Infinity;
      for (let j = 0; j < this.nOrder; j++) {
        const u = this.order[j]!;
        const d = norm(gx - this.nx[u]!, gy - this.ny[u]!);
        if (d < nearest - 1e-12) {
          nearest = d;
          via = u;
        }
      }
    }
    // Reverse the parent chain into pathX/Y.
    let len = 0;
    for (let u = via; u >= 0; u = this.parent[u]!) len++;
    let i = len;
    for (let u = via; u >= 0; u = this.parent[u]!) {
      i--;
      this.path.x[i] = this.nx[u]!;
      this.path.y[i] = this.ny[u]!;
    }
    this.path.n = len;
    if (reached) {
      this.path.x[len] = gx;
      this.path.y[len] = gy;
      this.path.n = len + 1;
      out[OUT_ROUTE] = best;
      return;
    }
    out[OUT_ROUTE] = Infinity;
  }

  /**
   * If base `mover` can slide straight to (goal[0], goal[1]), make that the current route and
   * return true (no distance field needed: the common case in the open).
   */
  direct(b: Discs, mover: number, goal: Float64Array): boolean {
    const gx = goal[0]!;
    const gy = goal[1]!;
    const ax = b.x[mover]!;
    const ay = b.y[mover]!;
    const r = b.r[mover]!;
    SEG[0] = ax;
    SEG[1] = ay;
    SEG[2] = gx;
    SEG[3] = gy;
    SEG[4] = r;
    for (let c = 0; c < b.count; c++) {
      if (c === mover || b.alive[c] === 0) continue;
      SEG[5] = b.r[c]! + r - TOUCH_EPS;
      if (pointNearSeg(b.x, b.y, c, false)) return false;
    }
    if (!this.obs.segmentClearReg()) return false;
    this.path.x[0] = ax;
    this.path.y[0] = ay;
    this.path.x[1] = gx;
    this.path.y[1] = gy;
    this.path.n = 2;
    return true;
  }
}
