/**
 * A straight Squall move (a compass move, or straight away from an enemy): along a direction
 * until the first obstacle, base or board edge in the way. No planner search; the result goes
 * into the route.ts OUT_* layout.
 */
import { RAY, STOP_BACKOFF, TOUCH_EPS, rayBoardLimit, rayEntryDiscAt, type Discs } from './geometry.js';
import { OUT_DX, OUT_DY, OUT_ROUTE, OUT_USED, OUT_X, OUT_Y } from './route.js';
import type { PlannerWorld } from './world-types.js';

/**
 * A straight move of base `mover` along the unit direction (out[OUT_DX], out[OUT_DY]) for up
 * to out[OUT_ROUTE] inches, stopping just short of the first obstacle, base or board edge in
 * the way. Fills OUT_X .. OUT_USED. (The inputs come in `out`: as arguments V8 would box them.)
 */
export function straightMove(world: PlannerWorld, b: Discs, mover: number, out: Float64Array): void {
  const dx = out[OUT_DX]!;
  const dy = out[OUT_DY]!;
  const length = out[OUT_ROUTE]!;
  const px = b.x[mover]!;
  const py = b.y[mover]!;
  const r = b.r[mover]!;
  let t = rayBoardLimit(px, py, dx, dy, r, world.width, world.height, length);
  const ex = dx * t;
  const ey = dy * t;
  RAY[0] = px;
  RAY[1] = py;
  RAY[2] = ex;
  RAY[3] = ey;
  RAY[4] = r;
  world.obstacles.rayEntryAll();
  let hit = RAY[6]!;
  for (let c = 0; c < b.count; c++) {
    if (c === mover || b.alive[c] === 0) continue;
    RAY[5] = b.r[c]! + r - TOUCH_EPS;
    const h = rayEntryDiscAt(b.x, b.y, c);
    if (h < hit) hit = h;
  }
  if (hit <= 1) {
    t = t * hit - STOP_BACKOFF;
    if (t < 0) t = 0;
  }
  out[OUT_X] = px + dx * t;
  out[OUT_Y] = py + dy * t;
  out[OUT_DX] = dx;
  out[OUT_DY] = dy;
  out[OUT_USED] = t;
}
