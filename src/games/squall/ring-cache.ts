/**
 * The BTB ring points of one mover and its routes to them, kept between the calls of one
 * decision: `legalActions` (which ring candidates are offered), the brawler's ordering by
 * straight-line bound and `resolveMove` each needed every point of the target, and each computed
 * it afresh (a point that is blocked slides round the ring, testing the terrain at every step);
 * and one decision resolves the same ring candidate up to four times (the best move with and
 * without a longer move bonus, then the hold-back search), each time asking the planner for the
 * same route. moves.ts `ringPointFree` and `resolveMove` fill and read this cache; one lives in
 * the World, like the planner.
 *
 * What a ring point (mover m, enemy e, slot k) depends on, hence the key: m and its radius; e's
 * position, radius and facing; the board and terrain (fixed for a World); and, through the
 * free-position test, every other living base's position and radius and who is alive. The key
 * holds m, the number of characters, every character's alive flag, position, radius and facing,
 * except the mover's own position and facing (its base is not an obstacle to itself, and the
 * points turn with the enemy's facing only), so a character's points survive its own MOVE into
 * its HALF-MOVE. Any difference starts a new generation (`gen`), which drops every stored point.
 *
 * A route to a ring point depends on all that and on where the mover starts: a new generation
 * or a move of the mover starts a new route generation (`routeGen`). The allowance is not part
 * of it: a route is stored whole and walked for each allowance asked.
 */
import type { Discs } from './geometry.js';
import { MAX_CHARS } from './params.js';
import { RING_POINTS } from './actions.js';
import { Route } from './route.js';

/** Generations restart before they could overflow the Int32Array stamps. */
const GEN_LIMIT = 1 << 30;

export class RingPointCache {
  /** Point e * RING_POINTS + k: where it is, whether it is free (1) or blocked with no free slide (0). */
  readonly x = new Float64Array(MAX_CHARS * RING_POINTS);
  readonly y = new Float64Array(MAX_CHARS * RING_POINTS);
  readonly free = new Uint8Array(MAX_CHARS * RING_POINTS);
  /** A point is stored for the current key when its stamp equals gen. */
  readonly stamp = new Int32Array(MAX_CHARS * RING_POINTS);
  gen = 1;
  /** Route to point i (moves.ts resolveMove), its length (Infinity: none), and its stamp against routeGen. */
  readonly routes: Route[] = Array.from({ length: MAX_CHARS * RING_POINTS }, () => new Route());
  readonly routeLength = new Float64Array(MAX_CHARS * RING_POINTS);
  readonly routeStamp = new Int32Array(MAX_CHARS * RING_POINTS);
  routeGen = 1;
  private keyMover = -1;
  private keyCount = -1;
  private readonly keyAlive = new Uint8Array(MAX_CHARS);
  /** x, y, r, fx, fy of each character, 5 words per character. */
  private readonly keyBase = new Float64Array(MAX_CHARS * 5);

  /** Drop the stored points unless they were computed for mover m and these bases and facings. */
  validate(d: Discs, fx: Float64Array, fy: Float64Array, m: number): void {
    const k = this.keyBase;
    if (this.sameKey(d, fx, fy, m)) {
      if (k[5 * m] === d.x[m] && k[5 * m + 1] === d.y[m]) return;
      k[5 * m] = d.x[m]!;
      k[5 * m + 1] = d.y[m]!;
      this.nextRouteGen();
      return;
    }
    this.keyMover = m;
    this.keyCount = d.count;
    for (let c = 0; c < d.count; c++) {
      this.keyAlive[c] = d.alive[c]!;
      k[5 * c] = d.x[c]!;
      k[5 * c + 1] = d.y[c]!;
      k[5 * c + 2] = d.r[c]!;
      k[5 * c + 3] = fx[c]!;
      k[5 * c + 4] = fy[c]!;
    }
    if (++this.gen >= GEN_LIMIT) {
      this.stamp.fill(0);
      this.gen = 1;
    }
    this.nextRouteGen();
  }

  private nextRouteGen(): void {
    if (++this.routeGen >= GEN_LIMIT) {
      this.routeStamp.fill(0);
      this.routeGen = 1;
    }
  }

  private sameKey(d: Discs, fx: Float64Array, fy: Float64Array, m: number): boolean {
    if (this.keyMover !== m || this.keyCount !== d.count) return false;
    const k = this.keyBase;
    for (let c = 0; c < d.count; c++) {
      if (this.keyAlive[c] !== d.alive[c] || k[5 * c + 2] !== d.r[c]) return false;
      if (c !== m && (k[5 * c] !== d.x[c] || k[5 * c + 1] !== d.y[c] || k[5 * c + 3] !== fx[c] || k[5 * c + 4] !== fy[c])) return false;
    }
    return true;
  }
}
