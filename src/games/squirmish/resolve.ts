/**
 * Resolving attacks and abilities (docs/rules/squirmish.md, "Attacking" and "Abilities"):
 * conditions and amounts of the card language, the attack with its modifier order, damage and
 * healing, and the effect queue. Effects that need a choice leave their job at the head of the
 * queue and set a DEC_JOB decision; the chosen action resumes it (rules.ts). Hot path: nothing
 * here allocates.
 */
import type { Rng } from '../../sim/rng.js';
import {
  SquirmishState, LOC_GRID, SLOTS, REROLL_SLOT, QCAP, JK_EFFECT, DEC_REROLL,
  CC_ATTACKS, CC_ATTACKED, CC_DEALT, CC_TAKEN, CC_SPECIALS, CC_ABILITIES,
  G_ATTACKS, G_SPECIALS, G_AVOIDED, G_NO_EFFECT, G_DAMAGE, G_DRAWS, G_CONFUSED, G_EXTRA_ATTACKS, G_REROLLS,
  S_ATTACKS, S_DAMAGE, S_DRAWS, SEAT_COUNTERS, EV_AVOIDED, EV_NO_EFFECT, EV_CONFUSED, EV_HEAL, EV_DAMAGE,
} from './state.js';
import {
  T_ATTACK, T_ATTACKED, T_AFTER_ATTACK, T_STATIC, T_WEIRD, T_OPP_DRAW, T_PLACED,
  COND_COUNT, COND_TARGET_IS, COND_ATTACKER_IS, COND_TARGET_GROUP, COND_ATTACKER_GROUP, COND_TARGET_MOVED,
  COND_FIRST_ATTACK, COND_TARGET_DAMAGED, COND_SELF_DAMAGED, GSPEC_MASK, GSPEC_SAME, GSPEC_OTHER, GSPEC_NONE,
  C_FACE, C_ROLL, E_ADD, E_MULTIPLY, E_DIVIDE, E_AVOID, E_REDUCE, E_IGNORE_BELOW, E_CONFUSE, E_REACH_ANY,
  E_CANNOT_ATTACK, E_IMMUNE_TO, E_REROLL, E_KO_OVERRIDE, E_ROLL_AGAIN, E_REROLL_ANY, E_DRAW_AND_PLACE,
  F_NONE, F_HEAL, AMOUNT_ROLL,
} from './vocabulary.js';
import { FACES } from './cards.js';

/** Roll again / confusion chains stop after this many extra attacks in one turn. */
export const MAX_ATTACK_DEPTH = 3;
/** `jobAmount` of an attack job made by a confused card (0: an attack its controller chose). */
export const ATTACK_CONFUSED = 1;
/** ... by a card confused with `confuse: credit`: its knock-out scores for the job's seat (the confuser's controller). */
export const ATTACK_CONFUSED_CREDIT = 2;

const d6 = (rng: Rng): number => 1 + rng.int(6);

// ----- counts and conditions ---------------------------------------------------------------------

function adjacentCount(s: SquirmishState, self: number, seat: number, enemiesOnly: boolean): number {
  if (s.loc[self] !== LOC_GRID) return 0;
  const c = s.cell[self]!;
  const W = s.W;
  let n = 0;
  for (let dir = 0; dir < 4; dir++) {
    const j = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
    if (j >= 0 && (!enemiesOnly || s.owner[j] !== seat)) n++;
  }
  return n;
}

/** The value of count `id` (vocabulary.ts COUNTS) for an ability of card `self` controlled by `seat`. */
export function countValue(s: SquirmishState, id: number, self: number, seat: number, target: number, attacker: number, face: number, roll: number): number {
  switch (id) {
    case C_FACE:
      return face;
    case C_ROLL:
      return roll;
    case 2: {
      const g = s.groupOf(self);
      return g >= 0 ? s.groupInPlay[g]! : 0;
    }
    case 3:
      return s.inPlay[seat]!;
    case 4:
      return target >= 0 && s.loc[target] === LOC_GRID ? s.inPlay[s.owner[target]!]! : 0;
    case 5: {
      let n = 0;
      for (let p = 0; p < s.players; p++) if (p !== seat) n += s.inPlay[p]!;
      return n;
    }
    case 6:
      return s.victoryLen[seat]!;
    case 7:
      return target >= 0 && s.owner[target]! >= 0 ? s.victoryLen[s.owner[target]!]! : 0;
    case 8: {
      let m = 0;
      for (let p = 0; p < s.players; p++) if (p !== seat && s.victoryLen[p]! > m) m = s.victoryLen[p]!;
      return m;
    }
    case 9:
      return adjacentCount(s, self, seat, true);
    case 10:
      return adjacentCount(s, self, seat, false);
    case 11:
      return s.damage[self]!;
    case 12:
      return target >= 0 ? s.damage[target]! : 0;
    case 13:
      return target >= 0 ? s.hpOf(target) : 0;
    case 14:
      return s.handLen[seat]!;
    case 15:
      return attacker >= 0 ? s.hpOf(attacker) : 0;
    case 16:
      return s.gridCount;
    case 17:
      return s.discardLen;
    default:
      return 0;
  }
}

function groupMatches(s: SquirmishState, kind: number, mask: number, card: number, self: number): boolean {
  if (card < 0) return false;
  const g = s.groupOf(card);
  switch (kind) {
    case GSPEC_MASK:
      return g >= 0 && (mask & (1 << g)) !== 0;
    case GSPEC_SAME:
      return g >= 0 && g === s.groupOf(self);
    case GSPEC_OTHER:
      return g !== s.groupOf(self) || g < 0;
    case GSPEC_NONE:
      return g < 0;
    default:
      return g >= 0;
  }
}

/**
 * Does ability `ab` of card `self` (controlled by `seat`) apply now? Group abilities need two or
 * more cards of the group in play; once-per-turn abilities must not have fired this turn.
 */
export function abilityApplies(s: SquirmishState, ab: number, self: number, seat: number, target: number, attacker: number, face: number, roll: number): boolean {
  const t = s.table;
  // A knocked-out card fires nothing on its own any more; only a weird ability its controller
  // uses in the abilities step still resolves before clean-up ("go down fighting").
  if (t.abTrigger[ab] !== T_WEIRD && s.isOut(self)) return false;
  if (t.abGroup[ab] === 1) {
    const g = s.groupOf(self);
    if (g < 0 || s.groupInPlay[g]! < 2) return false;
  }
  if (t.abOnce[ab] === 1 && s.slotUsed[self * SLOTS + t.abSlot[ab]!] === s.turns) return false;
  for (let k = t.abCondStart[ab]!, end = t.abCondEnd[ab]!; k < end; k++) {
    const lo = t.condLo[k]!;
    switch (t.condKind[k]) {
      case COND_COUNT: {
        const v = countValue(s, t.condArg[k]!, self, seat, target, attacker, face, roll);
        if (v < lo || v > t.condHi[k]!) return false;
        break;
      }
      case COND_TARGET_IS:
        if (target < 0 || (s.owner[target] === seat) !== (lo === 1)) return false;
        break;
      case COND_ATTACKER_IS:
        if (attacker < 0 || (s.owner[attacker] === seat) !== (lo === 1)) return false;
        break;
      case COND_TARGET_GROUP:
        if (!groupMatches(s, t.condArg[k]!, lo, target, self)) return false;
        break;
      case COND_ATTACKER_GROUP:
        if (!groupMatches(s, t.condArg[k]!, lo, attacker, self)) return false;
        break;
      case COND_TARGET_MOVED: {
        const moved = target >= 0 && s.movedTurn[target]! >= 0 && s.owner[target]! >= 0 && s.movedTurn[target] === s.lastTurnOf[s.owner[target]!];
        if (moved !== (lo === 1)) return false;
        break;
      }
      case COND_FIRST_ATTACK:
        if ((s.attacksMade[self] === 0) !== (lo === 1)) return false;
        break;
      case COND_TARGET_DAMAGED:
        if (target < 0 || (s.damage[target]! > 0) !== (lo === 1)) return false;
        break;
      case COND_SELF_DAMAGED:
        if ((s.damage[self]! > 0) !== (lo === 1)) return false;
        break;
    }
  }
  return true;
}

/** Mark a once-per-turn ability as used and note it for the trace. */
function fired(s: SquirmishState, ab: number, self: number): void {
  s.slotUsed[self * SLOTS + s.table.abSlot[ab]!] = s.turns;
  if (s.recentCount < s.recentAbilities.length) s.recentAbilities[s.recentCount++] = ab * 256 + self;
  if (s.table.abSlot[ab]! < 8) s.stat(self, CC_ABILITIES, 1);
}

/** Effect e's amount in this context. */
export function amountOf(s: SquirmishState, e: number, self: number, seat: number, target: number, attacker: number, face: number, roll: number): number {
  const t = s.table;
  const base = t.effBase[e]!;
  let v = base === AMOUNT_ROLL ? roll : base;
  const c = t.effCount[e]!;
  if (c >= 0) v += t.effTimes[e]! * countValue(s, c, self, seat, target, attacker, face, roll);
  const max = t.effMax[e]!;
  if (max >= 0 && v > max) v = max;
  // A computed amount may come out below 0 ("minus one" with nobody else in play): nothing, except
  // for add, whose negative amounts are subtractions.
  if (v < 0 && t.effVerb[e] !== E_ADD) v = 0;
  return v;
}

/**
 * Is a static effect (reach-any, cannot-attack, immune-to, reroll, ko-override) of card i on?
 * Returns the OR of the effect args (group masks; -1 = any) + 1 for a match, 0 for none.
 * `other` is the card on the other side of the attack, if any.
 */
export function staticEffect(s: SquirmishState, i: number, verb: number, other: number, asAttacker: boolean): number {
  const t = s.table;
  const c = s.instCard[i]!;
  if ((t.cardStatics[c]! & (1 << verb)) === 0) return 0;
  const seat = s.owner[i]!;
  let result = 0;
  for (let ab = t.cardAbStart[c]!, end = t.cardAbEnd[c]!; ab < end; ab++) {
    if (t.abTrigger[ab] !== T_STATIC) continue;
    let has = false;
    for (let e = t.abEffStart[ab]!, ee = t.abEffEnd[ab]!; e < ee; e++) if (t.effVerb[e] === verb) has = true;
    if (!has) continue;
    const target = asAttacker ? other : i;
    const attacker = asAttacker ? i : other;
    if (!abilityApplies(s, ab, i, seat, target, attacker, 0, 0)) continue;
    for (let e = t.abEffStart[ab]!, ee = t.abEffEnd[ab]!; e < ee; e++) if (t.effVerb[e] === verb) result |= t.effArg[e]! === -1 ? -1 : t.effArg[e]!;
    if (result === 0) result = 1 << 30; // on, with no group mask (reach-any, reroll, ko-override)
  }
  return result;
}

/** May card a attack card t (statuses, immunities, reach)? Adjacency is checked by the caller unless a has reach-any. */
export function mayAttack(s: SquirmishState, a: number, t: number): boolean {
  if (a === t) return false;
  if (s.notAttackableUntil[t]! > s.turns) return false;
  if (s.noAttackOn[a] === t && s.noAttackOnUntil[a]! > s.turns) return false;
  const ga = s.groupOf(a);
  const gt = s.groupOf(t);
  const tab = s.table;
  if ((tab.cardStatics[s.instCard[t]!]! & (1 << E_IMMUNE_TO)) !== 0) {
    const m = staticEffect(s, t, E_IMMUNE_TO, a, false);
    if (m === -1 || (ga >= 0 && (m & (1 << ga)) !== 0)) return false;
  }
  if ((tab.cardStatics[s.instCard[a]!]! & (1 << E_CANNOT_ATTACK)) !== 0) {
    const m = staticEffect(s, a, E_CANNOT_ATTACK, t, true);
    if (m === -1 || (gt >= 0 && (m & (1 << gt)) !== 0)) return false;
  }
  return true;
}

export function canAttackAtAll(s: SquirmishState, a: number): boolean {
  return s.noAttackUntil[a]! <= s.turns && !s.isOut(a);
}

export function hasReach(s: SquirmishState, a: number): boolean {
  return (s.table.cardStatics[s.instCard[a]!]! & (1 << E_REACH_ANY)) !== 0 && staticEffect(s, a, E_REACH_ANY, -1, true) !== 0;
}

/** Write the cards that card a may attack into out (from offset n); returns the new count. */
export function attackTargets(s: SquirmishState, a: number, out: Int32Array, n: number, encode: (a: number, t: number) => number): number {
  if (!canAttackAtAll(s, a)) return n;
  if (hasReach(s, a)) {
    for (let k = 0; k < s.gridCount; k++) {
      const t = s.gridList[k]!;
      if (mayAttack(s, a, t)) out[n++] = encode(a, t);
    }
    return n;
  }
  const c = s.cell[a]!;
  const W = s.W;
  for (let dir = 0; dir < 4; dir++) {
    const t = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
    if (t >= 0 && mayAttack(s, a, t)) out[n++] = encode(a, t);
  }
  return n;
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
function queueEffects(s: SquirmishState, ab: number, self: number, seat: number, target: number, attacker: number, face: number, roll: number, depth: number): void {
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
    const roll = t.abUsesRoll[ab] === 1 ? d6(rng) : 0;
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
  const roll = s.table.abUsesRoll[ab] === 1 ? d6(rng) : 0;
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

// ----- the attack --------------------------------------------------------------------------------

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
  if (tab.faceAmount[fi] === AMOUNT_ROLL || (special >= 0 && tab.abUsesRoll[special] === 1)) roll = d6(rng);
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
    const r = tab.abUsesRoll[ab] === 1 ? d6(rng) : 0;
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
      const r = tab.abUsesRoll[ab] === 1 ? d6(rng) : 0;
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
  s.attacksMade[a]!++;
  if ((tab.cardTriggers[ca]! & (1 << T_AFTER_ATTACK)) !== 0) {
    for (let ab = tab.cardAbStart[ca]!, end = tab.cardAbEnd[ca]!; ab < end; ab++) {
      if (tab.abTrigger[ab] !== T_AFTER_ATTACK) continue;
      const r = tab.abUsesRoll[ab] === 1 ? d6(rng) : 0;
      // Conditions see this attack (first-attack still means the attack just made).
      s.attacksMade[a]!--;
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
