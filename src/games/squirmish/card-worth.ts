/**
 * What a Squirmish card is worth to a player, in points of damage: the damage it can expect to
 * deal before it is knocked out, given the attackers the deck holds. Built once per deck (the
 * policies' hot path only reads the tables), so a designer can follow the number by hand:
 *
 *   worth = (damage per attack + its abilities' effect per attack) × attacks it survives
 *           + retaliation per hit taken × hits it survives + one-off effects (on placement)
 *
 * "Attacks it survives" is the expected number of hits, drawn from the deck's pooled attack
 * faces (every card's die faces equally likely), that it takes to reach its HP, after its own
 * damage reduction, ignored hits and avoidance; healing abilities add to its HP. Abilities and
 * special attacks count as their expected effect: a condition on the die face by its chance, a
 * group ability at half (it needs a second card of the group in play), other conditions at half.
 * HP + mean damage, the old measure, missed all of this: a 6-HP card whose hits do +2 is worth
 * far more than an 8-HP card with the same die.
 */
import { FACES } from './card-ir.js';
import {
  F_DAMAGE, AMOUNT_ROLL, T_ATTACK, T_ATTACKED, T_AFTER_ATTACK, T_STATIC, T_WEIRD, T_OPP_DRAW, T_PLACED, T_TURN_START,
  COND_COUNT, COND_TARGET_IS, COND_ATTACKER_IS, COND_FIRST_ATTACK, C_FACE, C_ROLL,
  E_DAMAGE, E_HEAL, E_ADD, E_MULTIPLY, E_DIVIDE, E_KO, E_AVOID, E_REDUCE, E_IGNORE_BELOW, E_DRAW, E_REACH_ANY,
  E_CANNOT_ATTACK, E_IMMUNE_TO, E_STATUS, E_ROLL_AGAIN, E_CONFUSE, E_DRAW_AND_PLACE,
  TO_SELF, TO_ADJ_OWN, TO_CHOSEN_OWN, TO_ALL_OWN, TO_ADJ_ENEMIES, TO_TADJ_ENEMIES, TO_ADJ_ALL, TO_TADJ_ALL, TO_ALL_ENEMIES, TO_ALL,
  TO_ADJ_ALL_BUT_TARGET, TO_ADJ_ENEMIES_BUT_TARGET, TO_ADJ_OWN_BUT_TARGET,
} from './vocabulary.js';
import type { CardTable } from './card-table.js';

/** Largest damage of one hit the survival table tracks (a hit above it counts as this much). */
const MAX_HIT = 40;
/** A drawn card, in damage points: about what an average card deals in one attack, twice. */
const CARD_DRAWN = 3;

/** Per card type of a deck: its worth and the parts it is made of (for tests and reports). */
export interface CardWorth {
  /** Expected damage dealt before being knocked out, plus its other effects (damage points). */
  readonly worth: Float64Array;
  /** Expected damage of one of its attacks, abilities and specials included. */
  readonly perAttack: Float64Array;
  /** Expected number of hits from the deck's attackers that knock it out. */
  readonly hitsToKo: Float64Array;
}

/** The chance a condition holds, for the abilities' expected effect. */
function conditionChance(t: CardTable, k: number): number {
  const kind = t.condKind[k]!;
  if (kind === COND_COUNT && (t.condArg[k] === C_FACE || t.condArg[k] === C_ROLL)) {
    const lo = Math.max(1, t.condLo[k]!);
    const hi = Math.min(6, t.condHi[k]!);
    return hi < lo ? 0 : (hi - lo + 1) / 6;
  }
  // target/attacker enemy: nearly always the case on an attack; own: rarely.
  if (kind === COND_TARGET_IS || kind === COND_ATTACKER_IS) return t.condLo[k] === 0 ? 0.9 : 0.1;
  if (kind === COND_FIRST_ATTACK) return 0.3;
  return 0.5;
}

/** An effect's typical amount (a d6 counts 3.5; a count-scaled amount counts its multiplier once). */
function typicalAmount(t: CardTable, e: number): number {
  const base = t.effBase[e]!;
  let v = base === AMOUNT_ROLL ? 3.5 : base;
  if (t.effCount[e]! >= 0) v += t.effTimes[e]!;
  const max = t.effMax[e]!;
  if (max >= 0 && v > max) v = max;
  return v;
}

/** How many cards an effect's target set usually holds, negative for the controller's own cards. */
function targetWeight(to: number): number {
  if (to === TO_SELF || to === TO_ADJ_OWN || to === TO_CHOSEN_OWN || to === TO_ADJ_OWN_BUT_TARGET) return -1;
  if (to === TO_ALL_OWN) return -2;
  if (to === TO_ADJ_ENEMIES || to === TO_TADJ_ENEMIES || to === TO_ADJ_ENEMIES_BUT_TARGET) return 1.5;
  if (to === TO_ALL_ENEMIES) return 2.5;
  if (to === TO_ADJ_ALL || to === TO_TADJ_ALL || to === TO_ALL || to === TO_ADJ_ALL_BUT_TARGET) return 0.5;
  return 1;
}

/** Build the worth tables of a deck (once per deck: allocation here is fine). */
export function cardWorth(t: CardTable): CardWorth {
  const n = t.count;
  // The deck's pooled hit: each card's faces equally likely; a second d6 spread over 1..6, heals and NO EFFECT as 0.
  const pooled = new Float64Array(MAX_HIT + 1);
  let meanHit = 0;
  let meanHp = 0;
  for (let c = 0; c < n; c++) {
    meanHp += t.hp[c]! / n;
    for (let f = c * FACES; f < (c + 1) * FACES; f++) {
      const share = 1 / (n * FACES);
      const amt = t.faceAmount[f]!;
      if (t.faceKind[f] !== F_DAMAGE) pooled[0]! += share;
      else if (amt === AMOUNT_ROLL) for (let d = 1; d <= 6; d++) pooled[d]! += share / 6;
      else pooled[Math.min(MAX_HIT, Math.max(0, amt))]! += share;
    }
  }
  for (let d = 0; d <= MAX_HIT; d++) meanHit += d * pooled[d]!;

  const worth = new Float64Array(n);
  const perAttack = new Float64Array(n);
  const hitsToKo = new Float64Array(n);
  const hit = new Float64Array(MAX_HIT + 1);
  let f = new Float64Array(64);
  for (let c = 0; c < n; c++) {
    // Its own die: damage faces, specials at their base damage plus their effects on that face.
    let attack = 0;
    for (let k = c * FACES; k < (c + 1) * FACES; k++) {
      const amt = t.faceAmount[k]!;
      if (t.faceKind[k] === F_DAMAGE) attack += (amt === AMOUNT_ROLL ? 3.5 : amt) / FACES;
    }
    let perHitTaken = 0; // retaliation and other effects each time it is attacked
    let perTurn = 0; // your-turn, turn-start, opponent-draws abilities
    let once = 0; // on placement
    let addOut = 0;
    let multiply = 1;
    let reduce = 0;
    let ignoreBelow = 0;
    let ignoreChance = 0;
    let avoid = 0;
    let divide = 1;
    let heal = 0;
    let survivalBonus = 1;
    let cannotAttack = false;
    // Abilities (trigger >= 0) and the special attacks reachable from its faces (trigger -1, 1/6 per face).
    for (let ab = 0; ab < t.abCard.length; ab++) {
      if (t.abCard[ab] !== c) continue;
      let chance = t.abGroup[ab] === 1 ? 0.5 : 1;
      const trig = t.abTrigger[ab]!;
      if (trig < 0) {
        let faces = 0;
        for (let k = c * FACES; k < (c + 1) * FACES; k++) if (t.faceSpecial[k] === ab) faces++;
        chance *= faces / FACES;
      }
      for (let k = t.abCondStart[ab]!; k < t.abCondEnd[ab]!; k++) chance *= conditionChance(t, k);
      if (chance === 0) continue;
      const onAttack = trig < 0 || trig === T_ATTACK || trig === T_AFTER_ATTACK;
      const whenHit = trig === T_ATTACKED;
      const always = trig === T_STATIC;
      for (let e = t.abEffStart[ab]!; e < t.abEffEnd[ab]!; e++) {
        const v = t.effVerb[e]!;
        const amt = typicalAmount(t, e);
        let effect = 0; // damage points per firing, for the one-off and per-event effects
        switch (v) {
          case E_DAMAGE:
            effect = amt * targetWeight(t.effTo[e]!);
            break;
          case E_HEAL:
            // Healing its own side buys hits; healing enemies gives them back.
            if (targetWeight(t.effTo[e]!) < 0) heal += chance * amt * (whenHit || onAttack ? 0.5 : 1);
            else effect = -amt;
            break;
          case E_ADD:
            if (whenHit) reduce -= chance * amt;
            else addOut += chance * amt;
            continue;
          case E_MULTIPLY:
            if (whenHit) divide /= 1 + chance * (amt - 1);
            else multiply *= 1 + chance * (amt - 1);
            continue;
          case E_DIVIDE:
            if (amt > 0) {
              if (whenHit || always) divide *= 1 - chance * (1 - 1 / amt);
              else multiply *= 1 - chance * (1 - 1 / amt);
            }
            continue;
          case E_REDUCE:
            reduce += chance * amt;
            continue;
          case E_IGNORE_BELOW:
            if (amt > ignoreBelow) {
              ignoreBelow = amt;
              ignoreChance = chance;
            }
            continue;
          case E_AVOID:
            avoid = 1 - (1 - avoid) * (1 - chance);
            continue;
          case E_IMMUNE_TO:
            survivalBonus *= 1 + 0.15 * chance;
            continue;
          case E_CANNOT_ATTACK:
            if (t.effArg[e] === -1 && chance >= 1) cannotAttack = true;
            else addOut -= 0.5 * chance;
            continue;
          case E_KO:
            effect = meanHp * 0.5 * targetWeight(t.effTo[e]!);
            break;
          case E_DRAW:
          case E_DRAW_AND_PLACE:
            effect = CARD_DRAWN * (amt > 0 ? amt : 1);
            break;
          case E_ROLL_AGAIN:
          case E_CONFUSE:
            effect = meanHit;
            break;
          case E_STATUS:
          case E_REACH_ANY:
            effect = 1;
            break;
          default:
            // Moves, re-rolls, looks at the discard pile: a small edge each.
            effect = 0.5;
        }
        if (onAttack) addOut += chance * effect;
        else if (whenHit) perHitTaken += chance * effect;
        else if (always) addOut += chance * effect;
        else if (trig === T_PLACED) once += chance * effect;
        else if (trig === T_WEIRD || trig === T_TURN_START || trig === T_OPP_DRAW) perTurn += chance * effect;
      }
    }
    const out = cannotAttack ? 0 : Math.max(0, attack * multiply + addOut);
    perAttack[c] = out;

    // Expected hits to knock it out: h(x) = (1 + Σ_{d>=1} P(d) h(x - d)) / (1 - P(0)), h(x <= 0) = 0.
    // A modifier that holds with some chance is an expected amount: a fractional hit is spread
    // over the two whole hits beside it (flooring it would make "reduce 1, half the time" a full 1).
    hit.fill(0);
    for (let d = 0; d <= MAX_HIT; d++) {
      let p = pooled[d]!;
      if (p === 0) continue;
      hit[0]! += p * avoid;
      p *= 1 - avoid;
      if (d < ignoreBelow) {
        hit[0]! += p * ignoreChance;
        p *= 1 - ignoreChance;
      }
      const taken = Math.min(MAX_HIT, Math.max(0, d - reduce) * divide);
      const lo = Math.floor(taken);
      const frac = taken - lo;
      hit[lo]! += p * (1 - frac);
      if (frac > 0) hit[lo + 1]! += p * frac;
    }
    const hp = t.hp[c]!;
    if (f.length < hp + 1) f = new Float64Array(hp + 1);
    f[0] = 0;
    const p0 = Math.min(hit[0]!, 0.95); // a card nothing can hurt still falls to abilities, eventually
    for (let x = 1; x <= hp; x++) {
      let sum = 1;
      for (let d = 1; d <= MAX_HIT; d++) if (hit[d]! > 0 && d < x) sum += hit[d]! * f[x - d]!;
      f[x] = sum / (1 - p0);
    }
    // Healing per turn stretches its life by about the hits that healing undoes.
    const hits = f[hp]! * survivalBonus + (meanHit > 0 ? heal / meanHit : 0) * f[hp]!;
    hitsToKo[c] = hits;
    worth[c] = (out + perTurn) * hits + perHitTaken * hits + once;
  }
  return { worth, perAttack, hitsToKo };
}
