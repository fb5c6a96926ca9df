/**
 * The flanker's moves (policies.ts): attack from behind, else from the side or front; hover
 * just outside a melee enemy's reach near its back; close in on shooters; step back after an
 * attack.
 */
import { attackFromBehindAt, rimDistance, norm } from './geometry.js';
import { OUT_X, OUT_Y, OUT_USED, OUT_REACHED, OUT_ROUTE } from './route.js';
import { HOLD_CANDIDATE, RING_POINTS, candidateEnemy, candidateSlot } from './actions.js';
import { SquallState, PH_MOVE } from './state.js';
import { resolveMove, btb } from './moves.js';
import { type MoveScratch, BIG, ringBehind, safetyScore } from './policy-scorers.js';

/**
 * Flanker: attack from behind when a point there can be reached; failing that (frontalAttack)
 * from the side or front; otherwise hover just outside the enemy's reach, as near its back as
 * possible, so that the enemy has to come to it. After attacking, step out of reach.
 */
export function flankScore(b: MoveScratch, s: SquallState, m: number, cand: number, allowance: number, target: number): void {
  const w = s.world;
  const engaged = btb(s, m, target);
  if (s.phase !== PH_MOVE) {
    if (engaged && b.k.hitAndRun) {
      safetyScore(b, s, m, cand, allowance);
      return;
    }
    if (engaged) {
      b.val[0] = cand === HOLD_CANDIDATE ? 10 : -Infinity;
      return;
    }
  }
  const slot = candidateSlot(cand);
  const ring = slot >= 0 && slot < RING_POINTS;
  if (ring && candidateEnemy(cand) !== target) {
    b.val[0] = -Infinity;
    return;
  }
  if (s.phase === PH_MOVE) {
    if (cand === HOLD_CANDIDATE && engaged) {
      const behind = attackFromBehindAt(s, w, target, m);
      if (behind) {
        b.val[0] = 1100;
        return;
      }
      if (b.k.frontalAttack) {
        b.val[0] = 1000;
        return;
      }
    }
    if (ring) {
      resolveMove(s, m, cand, allowance, b.out);
      if (b.out[OUT_REACHED] === 1) {
        if (ringBehind(s, target, slot)) {
          b.val[0] = 1100 - b.out[OUT_ROUTE]! * 0.01;
          return;
        }
        // Sides before the front: the larger the angle from the enemy's facing, the better.
        if (b.k.frontalAttack) {
          b.val[0] = 1000 + 20 * (1 - w.ringCos[slot]!) - b.out[OUT_ROUTE]! * 0.01;
          return;
        }
      }
      if (s.rangeStat(target) > 0) {
        approach(b, target, slot, s);
        return;
      }
      b.val[0] = -Infinity; // approaching a melee-only enemy is judged on the hovering moves below
      return;
    }
  } else if (ring) {
    if (s.rangeStat(target) === 0) {
      b.val[0] = -Infinity;
      return;
    }
    resolveMove(s, m, cand, allowance, b.out);
    approach(b, target, slot, s);
    return;
  }
  // A shooter will not come to us: close in (ring moves above) rather than hover.
  if (s.rangeStat(target) > 0) {
    b.val[0] = cand === HOLD_CANDIDATE ? -BIG : -Infinity;
    return;
  }
  // Hover: out of the enemy's reach, as close to its back as possible.
  resolveMove(s, m, cand, allowance, b.out);
  const x = b.out[OUT_X]!;
  const y = b.out[OUT_Y]!;
  const gap = rimDistance(x, y, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
  const reach = s.move(target) + 0.25;
  // The point behind the enemy at the edge of its reach.
  const d = s.r[m]! + s.r[target]! + reach;
  const bx = s.x[target]! - s.fx[target]! * d;
  const by = s.y[target]! - s.fy[target]! * d;
  const inReach = gap <= reach;
  b.val[0] = (inReach ? -20 - (reach - gap) : 0) - norm(x - bx, y - by) * 0.5 - gap * 0.5;
}

/** Flanker closing on a shooter: least route left after this move (b.out), rear points first. */
export function approach(b: MoveScratch, target: number, slot: number, s: SquallState): void {
  const route = b.out[OUT_ROUTE]!;
  if (!Number.isFinite(route)) {
    b.val[0] = -BIG;
    return;
  }
  b.val[0] = -(route - b.out[OUT_USED]!) - (ringBehind(s, target, slot) ? 0 : 1);
}
