/**
 * Squall action encoding: one small integer per action. Characters are numbered 0..C-1 in seat
 * order (a seat's team in the order the scenario lists it); enemies are named by that number.
 *
 * Move candidates (MOVE, HALF-MOVE and extra moves), cand = 0 .. MOVE_CANDIDATES-1:
 *   ring(e, k) = e * 9 + k         k = 0..7: the BTB point around enemy e at angle RING_ANGLE[k]
 *                                   from e's facing (front, front-left, left, rear-left, rear,
 *                                   rear-right, right, front-right); the rear-left/right points
 *                                   sit halfway between the edge of e's field of view and its
 *                                   rear (135 degrees with the default 180-degree fov)
 *   away(e)    = e * 9 + 8         straight away from enemy e, the full allowance
 *   compass(d, j) = COMPASS + d * 3 + j   straight towards compass point d (0 = north, then
 *                                   clockwise every 45 degrees), j = 0, 1, 2: the full
 *                                   allowance, two thirds, one third
 *   hold       = HOLD_CANDIDATE     stay (turning only)
 * A move action is MOVE + cand * 2 + facing, facing 0 = end facing the enemy (the one the
 * candidate names, else the nearest), 1 = end facing the direction of travel (hold: keep facing).
 */
import { MAX_CHARS, MAX_BONUSES, MAX_PLAYERS } from './params.js';

export const RING_POINTS = 8;
export const PER_ENEMY = RING_POINTS + 1;
export const COMPASS = PER_ENEMY * MAX_CHARS; // 72
export const COMPASS_DISTANCES = 3;
export const HOLD_CANDIDATE = COMPASS + 8 * COMPASS_DISTANCES; // 96
export const MOVE_CANDIDATES = HOLD_CANDIDATE + 1; // 97

export const MOVE = 0;
export const PLACE = MOVE + MOVE_CANDIDATES * 2; // 194
/** Set-up spots: edge (0 north, 1 east, 2 south, 3 west) x SPOTS_ALONG positions x 2 depths. */
export const SPOTS_ALONG = 6;
export const SPOT_DEPTHS = 2;
export const SPOTS = 4 * SPOTS_ALONG * SPOT_DEPTHS; // 48
export const FIRST = PLACE + SPOTS; // 242: the initiative winner names the seat that starts
export const MELEE = FIRST + MAX_PLAYERS; // 248: MELEE + target * 2 + extraDie
export const NO_MELEE = MELEE + MAX_CHARS * 2; // 264 (only with optionalMelee)
export const SHOOT = NO_MELEE + 1; // 265: SHOOT + target
export const NO_SHOT = SHOOT + MAX_CHARS; // 273
export const BONUS = NO_SHOT + 1; // 274: BONUS + bonus index in the character's list
export const CONTINUE = BONUS + MAX_BONUSES; // 282: decline the bonuses offered after a roll
export const SURRENDER = CONTINUE + 1; // 283
export const ACTION_COUNT = SURRENDER + 1; // 284

export const moveAction = (cand: number, facing: number): number => MOVE + cand * 2 + facing;
export const isMove = (a: number): boolean => a < PLACE;
export const moveCandidate = (a: number): number => (a - MOVE) >> 1;
export const moveFacing = (a: number): number => (a - MOVE) & 1;

export const ringCandidate = (enemy: number, k: number): number => enemy * PER_ENEMY + k;
export const awayCandidate = (enemy: number): number => enemy * PER_ENEMY + RING_POINTS;
export const compassCandidate = (d: number, j: number): number => COMPASS + d * COMPASS_DISTANCES + j;
/** Enemy named by a candidate, or -1 for compass and hold. */
export const candidateEnemy = (cand: number): number => (cand < COMPASS ? Math.floor(cand / PER_ENEMY) : -1);
/** Ring index 0..7, 8 for away, -1 for compass and hold. */
export const candidateSlot = (cand: number): number => (cand < COMPASS ? cand % PER_ENEMY : -1);

/**
 * First index in actions[0 .. n) whose action is >= a (n if none), by binary search: for a list
 * in ascending order, as legalActions gives a move phase's (legal.ts).
 */
export function firstAtLeast(actions: Int32Array, n: number, a: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (actions[mid]! < a) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const isPlace = (a: number): boolean => a >= PLACE && a < FIRST;
export const isFirst = (a: number): boolean => a >= FIRST && a < MELEE;
export const isMelee = (a: number): boolean => a >= MELEE && a < NO_MELEE;
export const meleeAction = (target: number, extraDie: number): number => MELEE + target * 2 + extraDie;
export const meleeTarget = (a: number): number => (a - MELEE) >> 1;
export const meleeExtraDie = (a: number): number => (a - MELEE) & 1;
export const isShoot = (a: number): boolean => a >= SHOOT && a < NO_SHOT;
export const isBonus = (a: number): boolean => a >= BONUS && a < CONTINUE;

export const EDGE_NAMES = ['north', 'east', 'south', 'west'] as const;
export const spotEdge = (spot: number): number => Math.floor(spot / (SPOTS_ALONG * SPOT_DEPTHS));
export const spotAlong = (spot: number): number => Math.floor(spot / SPOT_DEPTHS) % SPOTS_ALONG;
export const spotDepth = (spot: number): number => spot % SPOT_DEPTHS;
