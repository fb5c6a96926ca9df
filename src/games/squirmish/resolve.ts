/**
 * Resolving abilities and damage (docs/rules/squirmish.md, "Abilities"): damage and knock-outs,
 * the effect queue, abilities that fire on their own or are used, and drawing. Effects that need
 * a choice leave their job at the head of the queue and set a DEC_JOB decision; the chosen
 * action resumes it (rules.ts). Conditions and amounts are in conditions.ts, the attack in
 * attack.ts. Hot path: nothing here allocates.
 */
import type { Rng } from '../../sim/rng.js';
import { abilityApplies, amountOf, staticEffect } from './conditions.js';
import { SquirmishState } from './state.js';
import { abilityDie } from './dice.js';
import { CC_ABILITIES, CC_DEALT, CC_TAKEN, G_DAMAGE, G_DRAWS, SEAT_COUNTERS, S_DAMAGE, S_DRAWS } from './counters.js';
import { JK_EFFECT, LOC_GRID, QCAP, SLOTS } from './state-codes.js';
import {
  E_ADD, E_AVOID, E_CONFUSE, E_DIVIDE, E_DRAW_AND_PLACE, E_IGNORE_BELOW, E_KO_OVERRIDE, E_MULTIPLY, E_REDUCE,
  E_ROLL_AGAIN, T_OPP_DRAW, T_PLACED, T_STATIC,
} from './vocabulary.js';

/** Roll again / confusion chains stop after this many extra attacks in one turn. */
export const MAX_ATTACK_DEPTH = 3;
/** `jobAmount` of an attack job made by a confused card (0: an attack its controller chose). */
export const ATTACK_CONFUSED = 1;
/** ... by a card confused with `confuse: credit`: its knock-out scores for the job's seat (the confuser's controller). */
export const ATTACK_CONFUSED_CREDIT = 2;


/** Mark a once-per-turn ability as used and note it for the trace. */
export function fired(s: SquirmishState, ab: number, self: number): void {
  s.slotUsed[self * SLOTS + s.table.abSlot[ab]!] = s.turns;
  if (s.recentCount < s.recentAbilities.length) s.recentAbilities[s.recentCount++] = ab * 256 + self;
  if (s.table.abSlot[ab]! < 8) s.stat(self, CC_ABILITIES, 1);
}

// ----- damage ------------------------------------------------------------------------------------

/** Reduce and ignore-below of card t's always-on abilities, applied to a hit of n. */
export function afterStatics(s: SquirmishState, t: number, n: number, attacker: number): number {
  const tab = s.table;
  const c = s.instCard[t]!;
  const bits = tab.cardStatics[c]!;
  if ((bits & ((1 << E_REDUCE) | (1 << E_IGNORE_BELOW))) === 0) return n;
  const seat = s.owner[t]!;
  let reduce = 0;
  let below = 0;
  for (let ab = tab.cardAbStart[c]!, end = tab.cardAbEnd[c]!; ab < end; ab++) {
    if (tab.abTrigger[ab] !== T_STATIC) continue;
    if (!abilityApplies(s, ab, t, seat, t, attacker, 0, 0)) continue;
    for (let e = tab.abEffStart[ab]!, ee = tab.abEffEnd[ab]!; e < ee; e++) {
      const v = tab.effVerb[e];
      if (v === E_REDUCE) reduce += amountOf(s, e, t, seat, t, attacker, 0, 0);
      else if (v === E_IGNORE_BELOW) below = Math.max(below, amountOf(s, e, t, seat, t, attacker, 0, 0));
    }
  }
  n -= reduce;
  if (n < below) n = 0;
  return n < 0 ? 0 : n;
}

/**
 * Put n damage on card t, from card `source` (its controller is credited with a knock-out, or
 * seat `credit` if given: a confused card's attack under `confuse: credit`). Returns the damage done.
 */
export function damageCard(s: SquirmishState, t: number, n: number, source: number, credit = -1): number {
  // A knocked-out card takes no more hits: the knock-out's credit stays with whoever dealt it.
  if (n <= 0 || s.loc[t] !== LOC_GRID || s.isOut(t)) return 0;
  const room = s.hpOf(t) - s.damage[t]!;
  const done = n < room ? n : room;
  s.damage[t]! += done;
  if (done === room) s.koMarked[t] = 1; // knocked out at once, whatever happens before clean-up
  const seat = source >= 0 ? s.owner[source]! : -1;
  s.lastHitBy[t] = credit >= 0 ? credit : seat;
  s.lastHitOverride[t] = source >= 0 && staticEffect(s, source, E_KO_OVERRIDE, t, true) !== 0 ? 1 : 0;
  s.lastHitSource[t] = source;
  if (done > 0) {
    s.gameCounters[G_DAMAGE]! += done;
    if (source >= 0) s.stat(source, CC_DEALT, done);
    s.stat(t, CC_TAKEN, done);
    if (seat >= 0) s.seatCounters[seat * SEAT_COUNTERS + S_DAMAGE]! += done;
  }
  return done;
}

export function koCard(s: SquirmishState, t: number, source: number): void {
  if (s.loc[t] !== LOC_GRID || s.isOut(t)) return;
  s.koMarked[t] = 1;
  s.lastHitBy[t] = source >= 0 ? s.owner[source]! : -1;
  s.lastHitOverride[t] = source >= 0 && staticEffect(s, source, E_KO_OVERRIDE, t, true) !== 0 ? 1 : 0;
  s.lastHitSource[t] = source;
}

// ----- the queue ---------------------------------------------------------------------------------

/** Append a job; returns its slot. A full queue drops the job (it cannot fill in a legal game; the cap is a safety net). */
export function enqueue(s: SquirmishState, kind: number, eff: number, source: number, seat: number, target: number, attacker: number, amount: number, face: number, roll: number, depth: number): number {
  if (s.qLen >= QCAP) return -1;
  const q = (s.qHead + s.qLen) % QCAP;
  s.qLen++;
  s.jobKind[q] = kind;
  s.jobEff[q] = eff;
  s.jobSource[q] = source;
  s.jobSeat[q] = seat;
  s.jobTarget[q] = target;
  s.jobAttacker[q] = attacker;
  s.jobAmount[q] = amount;
  s.jobFace[q] = face;
  s.jobRoll[q] = roll;
  s.jobCount[q] = 0;
  s.jobData[q] = -1;
  s.jobDepth[q] = depth;
  return q;
}

export function popJob(s: SquirmishState): void {
  s.qHead = (s.qHead + 1) % QCAP;
  s.qLen--;
}

/** Queue the effects of ability ab (conditions already checked) that are not attack modifiers. */
export function queueEffects(s: SquirmishState, ab: number, self: number, seat: number, target: number, attacker: number, face: number, roll: number, depth: number): void {
  const t = s.table;
  for (let e = t.abEffStart[ab]!, end = t.abEffEnd[ab]!; e < end; e++) {
    const v = t.effVerb[e]!;
    if (v === E_ADD || v === E_MULTIPLY || v === E_DIVIDE || v === E_AVOID || v === E_REDUCE || v === E_IGNORE_BELOW || v === E_CONFUSE) continue;
    if (v === E_ROLL_AGAIN && depth >= MAX_ATTACK_DEPTH) continue;
    enqueue(s, JK_EFFECT, e, self, seat, target, attacker, amountOf(s, e, self, seat, target, attacker, face, roll), face, roll, depth);
  }
}

/** Fire every applicable ability with `trigger` of card self (no attack context), queueing its effects. */
export function triggerAbilities(s: SquirmishState, self: number, trigger: number, data: number, rng: Rng): void {
  const t = s.table;
  const c = s.instCard[self]!;
  if ((t.cardTriggers[c]! & (1 << trigger)) === 0) return;
  const seat = s.owner[self]!;
  for (let ab = t.cardAbStart[c]!, end = t.cardAbEnd[c]!; ab < end; ab++) {
    if (t.abTrigger[ab] !== trigger) continue;
    const roll = t.abUsesRoll[ab] === 1 ? abilityDie(s, ab, self, seat, -1, -1, 0, rng) : 0;
    if (!abilityApplies(s, ab, self, seat, -1, -1, 0, roll)) continue;
    fired(s, ab, self);
    const first = s.qLen;
    queueEffects(s, ab, self, seat, -1, -1, 0, roll, 0);
    for (let k = first; k < s.qLen; k++) s.jobData[(s.qHead + k) % QCAP] = data;
  }
}

/** A weird ability used by its controller: conditions are checked now (its own roll included). */
export function useAbility(s: SquirmishState, self: number, ab: number, rng: Rng): void {
  const seat = s.owner[self]!;
  const roll = s.table.abUsesRoll[ab] === 1 ? abilityDie(s, ab, self, seat, -1, -1, 0, rng) : 0;
  s.slotUsed[self * SLOTS + s.table.abSlot[ab]!] = s.turns; // used, whether or not it works
  if (!abilityApplies(s, ab, self, seat, -1, -1, 0, roll)) return;
  fired(s, ab, self);
  queueEffects(s, ab, self, seat, -1, -1, 0, roll, 0);
}

/** Draw the top card for seat p (the discard pile is reshuffled under deckOut: reshuffle). Returns the card or -1. */
export function drawCard(s: SquirmishState, p: number, rng: Rng): number {
  if (s.deckLen === 0) {
    if (s.rules.deckOut === 'no-draw' || s.discardLen === 0) return -1;
    s.recycleDiscard(rng);
  }
  const i = s.deck[--s.deckLen]!;
  s.addToHand(p, i);
  s.gameCounters[G_DRAWS]!++;
  s.seatCounters[p * SEAT_COUNTERS + S_DRAWS]!++;
  // "When an opponent draws" abilities of every other seat's cards in play.
  const t = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const j = s.gridList[k]!;
    if (s.owner[j] !== p && (t.cardTriggers[s.instCard[j]!]! & (1 << T_OPP_DRAW)) !== 0) triggerAbilities(s, j, T_OPP_DRAW, i, rng);
  }
  return i;
}

/**
 * The draw step's draw by seat p. With a `draw-and-place` card of p's in play the drawn card may be
 * placed at once (a job like draw with place: true, the card already drawn).
 */
export function drawStepDraw(s: SquirmishState, p: number, rng: Rng): void {
  const i = drawCard(s, p, rng);
  if (i < 0) return;
  const t = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const c = s.gridList[k]!;
    const ct = s.instCard[c]!;
    if (s.owner[c] !== p || (t.cardStatics[ct]! & (1 << E_DRAW_AND_PLACE)) === 0 || staticEffect(s, c, E_DRAW_AND_PLACE, -1, false) === 0) continue;
    for (let ab = t.cardAbStart[ct]!, end = t.cardAbEnd[ct]!; ab < end; ab++)
      for (let e = t.abEffStart[ab]!, ee = t.abEffEnd[ab]!; e < ee; e++)
        if (t.effVerb[e] === E_DRAW_AND_PLACE && t.abTrigger[ab] === T_STATIC) {
          const q = enqueue(s, JK_EFFECT, e, c, p, -1, -1, 1, 0, 0, 0);
          if (q >= 0) {
            s.jobCount[q] = 1; // already drawn
            s.jobData[q] = i;
          }
          return;
        }
  }
}

export function canDraw(s: SquirmishState): boolean {
  return s.deckLen > 0 || (s.rules.deckOut === 'reshuffle' && s.discardLen > 0);
}

/** Card i (from a hand) was placed: its "placed" abilities fire. */
export function placedTriggers(s: SquirmishState, i: number, rng: Rng): void {
  if ((s.table.cardTriggers[s.instCard[i]!]! & (1 << T_PLACED)) !== 0) triggerAbilities(s, i, T_PLACED, -1, rng);
}

