/**
 * A Squall move's route and its result: the route the planner found (or the straight one), the
 * walk along it for a move's allowance, and the OUT_* layout of the Float64Array a move's result
 * goes into (numbers handed back in an array: returned, V8 would box them).
 */
import { norm } from './geometry.js';

/** Result of a move: where it ends, the direction of its last leg, the inches used. */
export const OUT_X = 0;
export const OUT_Y = 1;
export const OUT_DX = 2;
export const OUT_DY = 3;
export const OUT_USED = 4;
/** 1 if the goal itself was reached within the allowance. */
export const OUT_REACHED = 5;
/** Full length of the route to the goal (Infinity if no route). */
export const OUT_ROUTE = 6;
export const OUT_WORDS = 7;

/** A route as points x/y[0 .. n), from the mover's start. */
export class Route {
  x = new Float64Array(0);
  y = new Float64Array(0);
  n = 0;

  /** Room for `need` points (the planner's waypoints plus the goal). */
  ensureCapacity(need: number): void {
    if (need <= this.x.length) return;
    this.x = new Float64Array(need);
    this.y = new Float64Array(need);
  }

  /** Make this route a copy of `from` (grows only when `from` is longer than any before). */
  copyFrom(from: Route): void {
    this.ensureCapacity(from.n);
    for (let i = 0; i < from.n; i++) {
      this.x[i] = from.x[i]!;
      this.y[i] = from.y[i]!;
    }
    this.n = from.n;
  }

  /** Walk the route for at most `allowance` inches; fills OUT_X .. OUT_USED. */
  walk(allowance: number, out: Float64Array): void {
    let x = this.x[0]!;
    let y = this.y[0]!;
    // +allowance (the same number) tells TurboFan `left` is a number: started from the bare
    // argument, its loop variable stays tagged and every `left -= seg` allocates.
    let left = +allowance;
    let used = 0;
    // The last leg walked (its vector and length): only its direction is reported, so it is
    // divided out once, after the loop, not for every leg.
    let legDx = 0;
    let legDy = 0;
    let legLength = 0;
    let walked = false;
    for (let i = 1; i < this.n; i++) {
      const qx = this.x[i]!;
      const qy = this.y[i]!;
      const seg = norm(qx - x, qy - y);
      if (seg <= 0) continue;
      legDx = qx - x;
      legDy = qy - y;
      legLength = seg;
      walked = true;
      if (seg <= left) {
        x = qx;
        y = qy;
        left -= seg;
        used += seg;
      } else {
        const f = left / seg;
        x += f * (qx - x);
        y += f * (qy - y);
        used += left;
        left = 0;
        break;
      }
    }
    out[OUT_DX] = walked ? legDx / legLength : 0;
    out[OUT_DY] = walked ? legDy / legLength : 0;
    out[OUT_X] = x;
    out[OUT_Y] = y;
    out[OUT_USED] = used;
  }

  /** Points of the route (for traces and tests; allocates). */
  points(): [number, number][] {
    const pts: [number, number][] = [];
    for (let i = 0; i < this.n; i++) pts.push([this.x[i]!, this.y[i]!]);
    return pts;
  }
}
