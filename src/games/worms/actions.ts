/**
 * Worms action encoding: one small integer per action.
 *   Attack(a, p, t, noDraw) = ((a * 8 + p) * 3 + t) * 2 + noDraw   (0 .. 191)
 *   Darkside(a)             = DARKSIDE + a
 *   Pass                    = PASS (only when nothing else is legal)
 * a and t are worm indices within their owner's three worms (0-2); p is a seat (0-7).
 */
export const DARKSIDE = 192;
export const PASS = 195;
export const ACTION_COUNT = 196;

export function attackAction(a: number, p: number, t: number, noDraw: number): number {
  return ((a * 8 + p) * 3 + t) * 2 + noDraw;
}
export const isAttack = (action: number): boolean => action < DARKSIDE;
export const attackNoDraw = (action: number): number => action & 1;
// Integer arithmetic only (actions are small non-negative integers): a floored float division
// costs the attack, which decodes every attack played, a measurable share of a Worms turn.
export const attackTargetWorm = (action: number): number => (action >> 1) % 3;
export const attackTargetSeat = (action: number): number => (((action >> 1) / 3) | 0) & 7;
export const attackOwnWorm = (action: number): number => ((action >> 1) / 24) | 0;
