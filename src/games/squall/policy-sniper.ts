/**
 * The sniper's moves (policies.ts): a spot to shoot from in the MOVE, out of reach in the
 * HALF-MOVE.
 */
import { isBtb, rimDistance, baseEdgeGap } from './geometry.js';
import { OUT_X, OUT_Y, OUT_USED } from './route.js';
import { RING_POINTS, candidateSlot } from './actions.js';
import { SquallState, PH_MOVE } from './state.js';
import { resolveMove, coveredFrom, canSeeFrom } from './moves.js';
import { type MoveScratch, safetyScore } from './policy-scorers.js';

/** Sniper: a place to shoot from in the MOVE; out of reach in the HALF-MOVE. */
export function sniperScore(b: MoveScratch, s: SquallState, m: number, cand: number, allowance: number): void {
  // BTB points are for closing in: a sniper never wants them (and they need the planner).
  const slot = candidateSlot(cand);
  if (slot >= 0 && slot < RING_POINTS) {
    b.val[0] = -Infinity;
    return;
  }
  if (s.phase !== PH_MOVE) {
    safetyScore(b, s, m, cand, allowance);
    return;
  }
  resolveMove(s, m, cand, allowance, b.out);
  const x = b.out[OUT_X]!;
  const y = b.out[OUT_Y]!;
  // Shooting value from the spot (1 die = 1/2 to hit, 2 dice = 1/4), if not in contact.
  let shot = 0;
  let contact = false;
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
    if (isBtb(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!)) contact = true;
  }
  if (!contact && s.rangeStat(m) > 0) {
    for (let e = 0; e < s.count; e++) {
      if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
      if (rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) > s.world.maxRange) continue;
      const seen = canSeeFrom(s, m, x, y, e);
      if (!seen && s.rules.blockedShots === 'forbidden') continue;
      const covered = !seen || coveredFrom(s, m, x, y, e);
      const v = (covered ? 0.25 : 0.5) * s.rangeStat(m) * (s.hp[e]! <= s.rangeStat(m) ? 2 : 1);
      if (v > shot) shot = v;
    }
  }
  // Threat after the coming HALF-MOVE: reach of each enemy minus the half-move we keep.
  const half = Math.floor(s.move(m) / 2);
  let danger = 0;
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
    const gap = rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) + half - s.move(e);
    if (gap < 0.5) danger += Math.min(3, 0.5 - gap);
  }
  const room = Math.min(2, baseEdgeGap(x, y, s.r[m]!, s.world.width, s.world.height));
  b.val[0] = (contact ? -20 : 0) + 10 * shot - b.k.safetyWeight * danger + 0.3 * room - b.out[OUT_USED]! * 0.001;
}
