/**
 * Squall rules (docs/rules/squall.md), the legal actions of each decision point in the reference
 * order (README.md, "Decisions"), and the checks they share with `apply`: whether a bonus is
 * usable now, whether a character has a melee or shot target. Hot path: no allocation.
 */
import {
  MOVE,
  PLACE,
  FIRST,
  MELEE,
  NO_MELEE,
  SHOOT,
  NO_SHOT,
  BONUS,
  CONTINUE,
  SURRENDER,
  PER_ENEMY,
  COMPASS,
  SPOTS,
  HOLD_CANDIDATE,
} from './actions.js';
import { MAX_BONUSES } from './params.js';
import {
  SquallState,
  PH_PLACE,
  PH_FIRST,
  PH_MOVE,
  PH_MELEE,
  PH_MELEE_ROLL,
  PH_DEFEND,
  PH_AFTER_MELEE,
  PH_RANGE,
  PH_RANGE_ROLL,
  PH_AFTER_RANGE,
  PH_HALF_MOVE,
  PH_EXTRA_MOVE,
} from './state.js';
import {
  T_MOVE,
  T_MELEE,
  T_MELEE_ROLL,
  T_AFTER_MELEE,
  T_DEFEND,
  T_RANGE,
  T_RANGE_ROLL,
  T_AFTER_RANGE,
  T_HALF_MOVE,
  E_HEAL,
  E_EXTRA_MOVE,
  E_EXTRA_ATTACK,
} from './world.js';
import { slotOffered, inBtbWithEnemy, btb, validShot } from './moves.js';
import { spotOffered } from './setup.js';

/**
 * Legal actions, in the reference order (README.md, "Decisions"):
 *  - SET-UP: free spots of the seat's edges, in spot order.
 *  - INITIATIVE: FIRST + seat, for every seat.
 *  - MOVE / HALF-MOVE / EXTRA MOVE: with a positive allowance, for each living enemy e in
 *    character order its free BTB ring points then away(e); the 24 compass moves; hold — each
 *    as (face enemy, face travel); then usable bonuses; then surrender (MOVE, if allowed).
 *  - MELEE: for each enemy in BTB, attack with one die, then with the extra defence die (if
 *    both defence dice are available); no attack (optionalMelee); usable bonuses.
 *  - RANGE: each valid target; hold fire; usable bonuses.
 *  - after a roll, before defence, after an attack: CONTINUE, then usable bonuses.
 * A move phase's list is therefore in ascending action order (moves by candidate, bonuses, then
 * surrender): the brawler (policy-brawler.ts) finds its moves in it by binary search.
 */
export function legalActions(s: SquallState, out: Int32Array): number {
  let n = 0;
  const a = s.active;
  switch (s.phase) {
    case PH_PLACE:
      for (let spot = 0; spot < SPOTS; spot++) if (spotOffered(s, a, spot)) out[n++] = PLACE + spot;
      if (n === 0) throw new Error(`no free set-up spot for ${s.name(a)} (seat ${s.seatOf[a]}): the layout leaves no room along its edges`);
      return n;
    case PH_FIRST:
      for (let p = 0; p < s.players; p++) out[n++] = FIRST + p;
      return n;
    case PH_MOVE:
    case PH_HALF_MOVE:
    case PH_EXTRA_MOVE: {
      if (s.allowance > 0) {
        // Candidates in order (actions.ts): each opponent's ring points and away, then compass.
        // (candidateOffered per candidate, with the enemy and the ring cache's key checked once.)
        s.world.rings.validate(s.discs, s.fx, s.fy, a);
        for (let e = 0; e < s.count; e++) {
          if (s.alive[e] === 0 || !s.enemies(a, e)) continue;
          for (let k = 0; k < PER_ENEMY; k++) {
            if (!slotOffered(s, a, e, k)) continue;
            const cand = e * PER_ENEMY + k;
            out[n++] = MOVE + cand * 2;
            out[n++] = MOVE + cand * 2 + 1;
          }
        }
        for (let cand = COMPASS; cand < HOLD_CANDIDATE; cand++) {
          out[n++] = MOVE + cand * 2;
          out[n++] = MOVE + cand * 2 + 1;
        }
      }
      out[n++] = MOVE + HOLD_CANDIDATE * 2;
      out[n++] = MOVE + HOLD_CANDIDATE * 2 + 1;
      if (s.phase !== PH_EXTRA_MOVE) n = addBonuses(s, a, s.phase === PH_MOVE ? T_MOVE : T_HALF_MOVE, out, n);
      if (s.phase === PH_MOVE && s.rules.surrender) out[n++] = SURRENDER;
      return n;
    }
    case PH_MELEE:
      for (let t = 0; t < s.count; t++) {
        if (s.alive[t] === 0 || !s.enemies(a, t) || !btb(s, a, t)) continue;
        out[n++] = MELEE + t * 2;
        if (s.defenceSpent[a] === 0) out[n++] = MELEE + t * 2 + 1;
      }
      if (s.rules.optionalMelee) out[n++] = NO_MELEE;
      return addBonuses(s, a, T_MELEE, out, n);
    case PH_RANGE:
      for (let t = 0; t < s.count; t++) if (validShot(s, a, t)) out[n++] = SHOOT + t;
      out[n++] = NO_SHOT;
      return addBonuses(s, a, T_RANGE, out, n);
    case PH_MELEE_ROLL:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_MELEE_ROLL, out, n);
    case PH_DEFEND:
      out[n++] = CONTINUE;
      return addBonuses(s, s.target, T_DEFEND, out, n);
    case PH_AFTER_MELEE:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_AFTER_MELEE, out, n);
    case PH_RANGE_ROLL:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_RANGE_ROLL, out, n);
    case PH_AFTER_RANGE:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_AFTER_RANGE, out, n);
    default:
      return 0;
  }
}

function addBonuses(s: SquallState, c: number, timing: number, out: Int32Array, n: number): number {
  const w = s.world;
  const k0 = s.kind[c]! * MAX_BONUSES;
  const count = w.bCount[s.kind[c]!]!;
  for (let k = 0; k < count; k++) if (bonusUsable(s, c, k0 + k, k, timing)) out[n++] = BONUS + k;
  return n;
}

/** Can character c try its bonus k (world index j) now? */
function bonusUsable(s: SquallState, c: number, j: number, k: number, timing: number): boolean {
  const w = s.world;
  if (w.bTiming[j] !== timing || (s.tried & (1 << k)) !== 0 || w.bCost[j]! > s.special[c]!) return false;
  const e = w.bEffect[j]!;
  if (e === E_HEAL) return s.hp[c]! < s.hpMax(c);
  // Extra attacks and moves: once per activation each, so even a free one cannot loop.
  if ((e === E_EXTRA_ATTACK || e === E_EXTRA_MOVE) && (s.activationTried & (1 << k)) !== 0) return false;
  if (e === E_EXTRA_ATTACK) return timing === T_AFTER_MELEE ? anyMeleeTarget(s, c) : anyShotTarget(s, c);
  return true;
}

export function hasUsableBonus(s: SquallState, c: number, timing: number): boolean {
  const w = s.world;
  const k0 = s.kind[c]! * MAX_BONUSES;
  const count = w.bCount[s.kind[c]!]!;
  for (let k = 0; k < count; k++) if (bonusUsable(s, c, k0 + k, k, timing)) return true;
  return false;
}

function anyMeleeTarget(s: SquallState, c: number): boolean {
  return inBtbWithEnemy(s, c);
}

export function anyShotTarget(s: SquallState, c: number): boolean {
  for (let t = 0; t < s.count; t++) if (validShot(s, c, t)) return true;
  return false;
}
