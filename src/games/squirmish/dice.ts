/**
 * The dice rolled while an attack or an ability resolves, and `reroll-any: any-roll`
 * (docs/cards.md, "Words added in issue 39"): once per turn, the controller of such a card may
 * re-roll any one die — an attack die (a decision, attack.ts), an ability's own die or an
 * attack's second die (here). Those two are rolled in the middle of a resolution that does not
 * stop for a decision, so the controller follows the rule a player would: re-roll a die that came
 * up worse for them than an average roll would have (the greedy policy's rule for the attack die,
 * policies.ts). Hot path: nothing here allocates; the one rng is the caller's, and without an
 * any-roll card in the pool a die is one rng call as before.
 */
import type { Rng } from '../../sim/rng.js';
import { abilityApplies, staticEffect } from './conditions.js';
import { SquirmishState } from './state.js';
import { EV_REROLLED, REROLL_SLOT, SLOTS } from './state-codes.js';
import { AMOUNT_ROLL, C_ROLL, E_REROLL_ANY, F_HEAL, REROLL_ANY_ROLL } from './vocabulary.js';
import { FACES } from './card-ir.js';

export const d6 = (rng: Rng): number => 1 + rng.int(6);

/**
 * The card whose `reroll-any: any-roll` may re-roll a die now, or -1: the first card in play (grid
 * order, as for the attack die) with one on and not used this turn.
 */
export function anyRollReroller(s: SquirmishState): number {
  const tab = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    if (tab.cardAnyRoll[s.instCard[i]!] === 0 || s.slotUsed[i * SLOTS + REROLL_SLOT] === s.turns) continue;
    if ((staticEffect(s, i, E_REROLL_ANY, -1, false) & REROLL_ANY_ROLL) !== 0) return i;
  }
  return -1;
}

/** Does an effect of ability ab take its amount from the ability's roll? */
function rollIsAmount(s: SquirmishState, ab: number): boolean {
  const t = s.table;
  for (let e = t.abEffStart[ab]!, end = t.abEffEnd[ab]!; e < end; e++) if (t.effBase[e] === AMOUNT_ROLL || t.effCount[e] === C_ROLL) return true;
  return false;
}

/**
 * What roll r of ability ab is worth to the ability's own controller: 0 if the ability does not
 * apply on r; else r if an amount is the roll, 1 if the roll only decides whether it applies.
 * Printed abilities help their card, so an ability that applies is taken to be good for its side.
 */
function abilityWorth(s: SquirmishState, ab: number, self: number, seat: number, target: number, attacker: number, face: number, r: number): number {
  if (!abilityApplies(s, ab, self, seat, target, attacker, face, r)) return 0;
  return rollIsAmount(s, ab) ? r : 1;
}

/** Re-roll the die showing `old` with card by's any-roll (used for the turn); the trace shows both. */
function reroll(s: SquirmishState, by: number, of: number, ab: number, old: number, rng: Rng): number {
  s.slotUsed[by * SLOTS + REROLL_SLOT] = s.turns;
  const r = d6(rng);
  s.eventLog.add(EV_REROLLED, by, of, old, r, ab);
  return r;
}

/**
 * The own die of ability ab of card self (controlled by seat), in the context its conditions are
 * read in. With an any-roll card in play, its controller re-rolls a result worth less to them
 * than an average roll: for the ability's own side, one on which the ability misses (or lands
 * below the mean, if an amount is the roll); for another seat's ability, one on which it applies
 * (or lands above the mean).
 */
export function abilityDie(s: SquirmishState, ab: number, self: number, seat: number, target: number, attacker: number, face: number, rng: Rng): number {
  const r = d6(rng);
  if (!s.table.hasAnyRoll) return r;
  const by = anyRollReroller(s);
  if (by < 0) return r;
  let sum = 0;
  for (let v = 1; v <= 6; v++) sum += abilityWorth(s, ab, self, seat, target, attacker, face, v);
  const w = 6 * abilityWorth(s, ab, self, seat, target, attacker, face, r);
  const mine = s.owner[by] === seat;
  return (mine ? w < sum : w > sum) ? reroll(s, by, self, ab, r, rng) : r;
}

/**
 * The second die of card a's attack on t with the attack die showing `face`: the damage or
 * healing when the face's amount is a roll, and the special's own roll. Re-rolled by an any-roll
 * card's controller when it is worth less to them than an average roll: the amount counts for
 * them if it damages another seat's card or heals one of theirs, against them otherwise; the
 * special counts as an ability of the attacker's side (abilityWorth).
 */
export function attackDie(s: SquirmishState, a: number, t: number, face: number, rng: Rng): number {
  const r = d6(rng);
  if (!s.table.hasAnyRoll) return r;
  const by = anyRollReroller(s);
  if (by < 0) return r;
  const me = s.owner[by]!;
  let sum = 0;
  for (let v = 1; v <= 6; v++) sum += attackDieWorth(s, a, t, face, me, v);
  return 6 * attackDieWorth(s, a, t, face, me, r) < sum ? reroll(s, by, a, -1, r, rng) : r;
}

/** What second die r of a's attack on t is worth to seat me (attackDie). */
function attackDieWorth(s: SquirmishState, a: number, t: number, face: number, me: number, r: number): number {
  const tab = s.table;
  const fi = s.instCard[a]! * FACES + face - 1;
  let w = 0;
  if (tab.faceAmount[fi] === AMOUNT_ROLL) w += (tab.faceKind[fi] === F_HEAL) === (s.owner[t] === me) ? r : -r;
  const special = tab.faceSpecial[fi]!;
  if (special >= 0 && tab.abUsesRoll[special] === 1) {
    const seat = s.owner[a]!;
    const v = abilityWorth(s, special, a, seat, t, a, face, r);
    w += seat === me ? v : -v;
  }
  return w;
}
