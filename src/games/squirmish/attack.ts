/**
 * The attack (docs/rules/squirmish.md, "Attacking"): the roll and its re-roll decision, the
 * attack's abilities and their modifier order, damage or healing, and the effects it queues.
 * Hot path: nothing here allocates.
 */
import type { Rng } from '../../sim/rng.js';
import { abilityApplies, amountOf, staticEffect } from './conditions.js';
import { ATTACK_CONFUSED_CREDIT, damageCard, enqueue, fired, popJob, queueEffects } from './resolve.js';
import { abilityDie, attackDie, d6 } from './dice.js';
import { SquirmishState } from './state.js';
import {
  CC_ATTACKED, CC_ATTACKS, CC_SPECIALS, G_ATTACKS, G_AVOIDED, G_CONFUSED, G_EXTRA_ATTACKS, G_NO_EFFECT, G_REROLLS,
  G_SPECIALS, SEAT_COUNTERS, S_ATTACKS,
} from './counters.js';
import {
  DEC_REROLL, EV_AVOIDED, EV_CONFUSED, EV_DAMAGE, EV_HEAL, EV_NO_EFFECT, JK_EFFECT, LOC_GRID, REROLL_SLOT, SLOTS,
} from './state-codes.js';
import {
  AMOUNT_ROLL, E_ADD, E_AVOID, E_CONFUSE, E_DIVIDE, E_IGNORE_BELOW, E_MULTIPLY, E_REDUCE, E_REROLL, E_REROLL_ANY,
  F_HEAL, F_NONE, T_AFTER_ATTACK, T_ATTACK, T_ATTACKED, T_STATIC,
} from './vocabulary.js';
import { FACES } from './card-ir.js';

/** Can attacker a re-roll its die now (a static reroll ability, once per turn)? */
export function mayReroll(s: SquirmishState, a: number, t: number): boolean {
  if ((s.table.cardStatics[s.instCard[a]!]! & (1 << E_REROLL)) === 0) return false;
  if (s.slotUsed[a * SLOTS + REROLL_SLOT] === s.turns) return false;
  return staticEffect(s, a, E_REROLL, t, true) !== 0;
}

/**
 * The card whose re-roll is offered for the attack die of a on t, or -1: the attacker's own
 * `reroll` first, else the first card in play (grid order) with `reroll-any` not yet used this turn,
 * whoever controls it.
 */
function rerollerFor(s: SquirmishState, a: number, t: number): number {
  if (mayReroll(s, a, t)) return a;
  const tab = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    if ((tab.cardStatics[s.instCard[i]!]! & (1 << E_REROLL_ANY)) === 0 || s.slotUsed[i * SLOTS + REROLL_SLOT] === s.turns) continue;
    if (staticEffect(s, i, E_REROLL_ANY, -1, false) !== 0) return i;
  }
  return -1;
}

/**
 * Start the attack job at the queue head: roll, and either pause for a re-roll decision or
 * resolve. Returns false if a decision is pending.
 */
export function runAttackJob(s: SquirmishState, q: number, rng: Rng): boolean {
  const a = s.jobSource[q]!;
  const t = s.jobTarget[q]!;
  if (s.loc[a] !== LOC_GRID || s.loc[t] !== LOC_GRID || s.isOut(a)) {
    popJob(s);
    return true;
  }
  if (s.jobData[q] === -1) {
    s.pendingFace = d6(rng);
    s.lastRerolled = 0;
    const by = rerollerFor(s, a, t);
    if (by >= 0) {
      s.rerollCard = by;
      s.jobData[q] = 1;
      s.dec = DEC_REROLL;
      s.toMove = s.owner[by]!;
      return false;
    }
  }
  const depth = s.jobDepth[q]!;
  const kind = s.jobAmount[q]!;
  const credit = kind === ATTACK_CONFUSED_CREDIT ? s.jobSeat[q]! : -1;
  popJob(s);
  resolveAttack(s, a, t, s.pendingFace, depth, kind !== 0, credit, rng);
  return true;
}

/** The re-roll decision: reroll (true) or keep. */
export function settleReroll(s: SquirmishState, reroll: boolean, rng: Rng): void {
  const q = s.qHead;
  if (reroll) {
    s.slotUsed[s.rerollCard * SLOTS + REROLL_SLOT] = s.turns;
    s.pendingFace = d6(rng);
    s.lastRerolled = 1;
    s.gameCounters[G_REROLLS]!++;
  }
  s.jobData[q] = 2;
}

// Abilities that fired during one attack (module scratch: an attack resolves synchronously).
const firedAb = new Int32Array(64);
const firedSelf = new Int32Array(64);
const firedRoll = new Int32Array(64);
let firedCount = 0;

function collect(ab: number, self: number, roll: number): void {
  if (firedCount < firedAb.length) {
    firedAb[firedCount] = ab;
    firedSelf[firedCount] = self;
    firedRoll[firedCount] = roll;
    firedCount++;
  }
}

let mAdd = 0;
let mMul = 1;
let mDiv = 1;
let mReduce = 0;
let mBelow = 0;
let mAvoid = false;
let mConfuse = false;

/** Fold the attack-modifying effects of ability ab into the modifier registers. */
function modifiers(s: SquirmishState, ab: number, self: number, seat: number, target: number, attacker: number, face: number, roll: number): void {
  const t = s.table;
  for (let e = t.abEffStart[ab]!, end = t.abEffEnd[ab]!; e < end; e++) {
    switch (t.effVerb[e]) {
      case E_ADD:
        mAdd += amountOf(s, e, self, seat, target, attacker, face, roll);
        break;
      case E_MULTIPLY:
        mMul *= amountOf(s, e, self, seat, target, attacker, face, roll);
        break;
      case E_DIVIDE:
        mDiv *= Math.max(1, amountOf(s, e, self, seat, target, attacker, face, roll));
        break;
      case E_AVOID:
        mAvoid = true;
        break;
      case E_REDUCE:
        mReduce += amountOf(s, e, self, seat, target, attacker, face, roll);
        break;
      case E_IGNORE_BELOW:
        mBelow = Math.max(mBelow, amountOf(s, e, self, seat, target, attacker, face, roll));
        break;
      case E_CONFUSE:
        mConfuse = true;
        break;
    }
  }
}

/**
 * One attack of card a on card t with the die showing `face` (after any re-roll), following the
 * rules doc: read the table; gather modifiers from the battle cry, the special attack, the
 * attacker's attacking and always-on abilities and the target's defensive and always-on
 * abilities; additions and subtractions first, then multiplications and divisions, rounded
 * down, never below 0; NO EFFECT cancels every modifier. Side effects are queued: the special
 * attack's, the attacker's, the target's, then the attacker's after-attack abilities.
 */
export function resolveAttack(s: SquirmishState, a: number, t: number, face: number, depth: number, confused: boolean, credit: number, rng: Rng): void {
  const tab = s.table;
  const seat = s.owner[a]!;
  const tseat = s.owner[t]!;
  const ca = s.instCard[a]!;
  const ct = s.instCard[t]!;
  const fi = ca * FACES + face - 1;
  const kind = tab.faceKind[fi]!;
  const special = tab.faceSpecial[fi]!;
  let roll = 0;
  if (tab.faceAmount[fi] === AMOUNT_ROLL || (special >= 0 && tab.abUsesRoll[special] === 1)) roll = attackDie(s, a, t, face, rng);
  const amount = tab.faceAmount[fi] === AMOUNT_ROLL ? roll : tab.faceAmount[fi]!;

  s.gameCounters[G_ATTACKS]!++;
  if (depth > 0) s.gameCounters[G_EXTRA_ATTACKS]!++;
  s.seatCounters[seat * SEAT_COUNTERS + S_ATTACKS]!++;
  s.stat(a, CC_ATTACKS, 1);
  s.stat(t, CC_ATTACKED, 1);

  mAdd = 0;
  mMul = 1;
  mDiv = 1;
  mReduce = 0;
  mBelow = 0;
  mAvoid = false;
  mConfuse = false;
  firedCount = 0;

  // Battle cry (+1 on the directly attacked card). A confused card's attack neither gets it nor
  // spends it: the cry belongs to an attack its controller chose.
  if (!confused && s.videogame) {
    if (s.cryUsed[a] === 0 && seat === s.mover) {
      mAdd += 1;
      s.cryUsed[a] = 1;
    }
  } else if (!confused && s.cryTurn[a] === s.turns) {
    mAdd += 1;
    s.cryTurn[a] = -1;
  }

  // The target's defensive and always-on abilities.
  for (let ab = tab.cardAbStart[ct]!, end = tab.cardAbEnd[ct]!; ab < end; ab++) {
    const trig = tab.abTrigger[ab]!;
    if (trig !== T_ATTACKED && trig !== T_STATIC) continue;
    const r = tab.abUsesRoll[ab] === 1 ? abilityDie(s, ab, t, tseat, t, a, face, rng) : 0;
    if (!abilityApplies(s, ab, t, tseat, t, a, face, r)) continue;
    if (trig === T_ATTACKED) {
      fired(s, ab, t);
      collect(ab, t, r);
      modifiers(s, ab, t, tseat, t, a, face, r);
    } else {
      // Always-on abilities of the target only protect it: reduce and ignore-below.
      for (let e = tab.abEffStart[ab]!, ee = tab.abEffEnd[ab]!; e < ee; e++) {
        const v = tab.effVerb[e];
        if (v === E_REDUCE) mReduce += amountOf(s, e, t, tseat, t, a, face, r);
        else if (v === E_IGNORE_BELOW) mBelow = Math.max(mBelow, amountOf(s, e, t, tseat, t, a, face, r));
      }
    }
  }
  const defenderFired = firedCount;
  const avoided = mAvoid;

  // The attacker: special attack, attacking and always-on abilities (skipped if the attack is avoided).
  if (!avoided) {
    if (special >= 0 && abilityApplies(s, special, a, seat, t, a, face, roll)) {
      fired(s, special, a);
      collect(special, a, roll);
      modifiers(s, special, a, seat, t, a, face, roll);
      s.gameCounters[G_SPECIALS]!++;
      s.stat(a, CC_SPECIALS, 1);
    }
    for (let ab = tab.cardAbStart[ca]!, end = tab.cardAbEnd[ca]!; ab < end; ab++) {
      const trig = tab.abTrigger[ab]!;
      if (trig !== T_ATTACK && trig !== T_STATIC) continue;
      const r = tab.abUsesRoll[ab] === 1 ? abilityDie(s, ab, a, seat, t, a, face, rng) : 0;
      if (!abilityApplies(s, ab, a, seat, t, a, face, r)) continue;
      if (trig === T_ATTACK) {
        fired(s, ab, a);
        collect(ab, a, r);
        modifiers(s, ab, a, seat, t, a, face, r);
      } else {
        for (let e = tab.abEffStart[ab]!, ee = tab.abEffEnd[ab]!; e < ee; e++) {
          const v = tab.effVerb[e];
          if (v === E_ADD) mAdd += amountOf(s, e, a, seat, t, a, face, r);
          else if (v === E_MULTIPLY) mMul *= amountOf(s, e, a, seat, t, a, face, r);
          else if (v === E_DIVIDE) mDiv *= Math.max(1, amountOf(s, e, a, seat, t, a, face, r));
        }
      }
    }
  }

  // The result on the directly attacked card.
  if (avoided) {
    s.gameCounters[G_AVOIDED]!++;
    s.eventLog.add(EV_AVOIDED, a, t, face, 0, special, s.lastRerolled);
  } else if (kind === F_NONE) {
    s.gameCounters[G_NO_EFFECT]!++;
    s.eventLog.add(EV_NO_EFFECT, a, t, face, 0, special, s.lastRerolled);
  } else {
    let v = amount + mAdd;
    if (kind !== F_HEAL) v -= mReduce;
    if (v < 0) v = 0;
    v = Math.floor((v * mMul) / mDiv);
    if (kind !== F_HEAL && v < mBelow) v = 0;
    if (mConfuse) {
      s.gameCounters[G_CONFUSED]!++;
      s.eventLog.add(EV_CONFUSED, a, t, face, 0, special, s.lastRerolled);
    } else if (kind === F_HEAL) s.eventLog.add(EV_HEAL, a, t, face, s.healCard(t, v, a), special, s.lastRerolled);
    else s.eventLog.add(EV_DAMAGE, a, t, face, damageCard(s, t, v, a, credit), special, s.lastRerolled);
  }
  s.lastRerolled = 0;

  // Side effects: the attacker's (special first), then the target's, then after-attack.
  for (let k = defenderFired; k < firedCount; k++) queueAttackEffects(s, k, seat, t, a, face, depth);
  for (let k = 0; k < defenderFired; k++) queueAttackEffects(s, k, tseat, t, a, face, depth);
  if (mConfuse && !avoided) enqueue(s, JK_EFFECT, confuseEffectOf(s, special, ca), a, seat, t, a, 0, face, 0, depth);
  // An avoided attack is still this card's attack (first-attack is used up, the battle cry spent,
  // as with NO EFFECT), but it "does nothing": its after-attack abilities do not fire either.
  s.attacksMade[a]!++;
  if (!avoided && (tab.cardTriggers[ca]! & (1 << T_AFTER_ATTACK)) !== 0) {
    for (let ab = tab.cardAbStart[ca]!, end = tab.cardAbEnd[ca]!; ab < end; ab++) {
      if (tab.abTrigger[ab] !== T_AFTER_ATTACK) continue;
      // Conditions see this attack (first-attack still means the attack just made), the own die's too.
      s.attacksMade[a]!--;
      const r = tab.abUsesRoll[ab] === 1 ? abilityDie(s, ab, a, seat, t, a, face, rng) : 0;
      const ok = abilityApplies(s, ab, a, seat, t, a, face, r);
      s.attacksMade[a]!++;
      if (!ok) continue;
      fired(s, ab, a);
      queueEffects(s, ab, a, seat, t, a, face, r, depth);
    }
  }
}

function queueAttackEffects(s: SquirmishState, k: number, seat: number, t: number, a: number, face: number, depth: number): void {
  queueEffects(s, firedAb[k]!, firedSelf[k]!, seat, t, a, face, firedRoll[k]!, depth);
}

/** The effect index of the confuse effect that fired (the special's, else an attacking ability's). */
function confuseEffectOf(s: SquirmishState, special: number, card: number): number {
  const t = s.table;
  const scan = (ab: number): number => {
    for (let e = t.abEffStart[ab]!, end = t.abEffEnd[ab]!; e < end; e++) if (t.effVerb[e] === E_CONFUSE) return e;
    return -1;
  };
  if (special >= 0) {
    const e = scan(special);
    if (e >= 0) return e;
  }
  for (let ab = t.cardAbStart[card]!, end = t.cardAbEnd[card]!; ab < end; ab++) {
    const e = scan(ab);
    if (e >= 0) return e;
  }
  return -1;
}
