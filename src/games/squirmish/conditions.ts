/**
 * The Squirmish card language's conditions, counts and amounts (docs/cards.md), the always-on
 * (static) effects, and which card may attack which (docs/rules/squirmish.md, "Attacking").
 * Pure reads of the state: nothing here changes it or allocates.
 */
import { SquirmishState } from './state.js';
import { LOC_GRID, SLOTS } from './state-codes.js';
import {
  AMOUNT_ROLL, COND_ATTACKER_GROUP, COND_ATTACKER_IS, COND_COUNT, COND_FIRST_ATTACK, COND_SELF_DAMAGED,
  COND_TARGET_DAMAGED, COND_TARGET_GROUP, COND_TARGET_IS, COND_TARGET_MOVED, C_FACE, C_ROLL, E_ADD, E_CANNOT_ATTACK,
  E_IMMUNE_TO, E_REACH_ANY, GSPEC_MASK, GSPEC_NONE, GSPEC_OTHER, GSPEC_SAME, T_STATIC, T_WEIRD,
} from './vocabulary.js';

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

