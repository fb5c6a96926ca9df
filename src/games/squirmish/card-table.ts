/**
 * The compiled card table: everything the engine reads about cards, packed into typed arrays
 * indexed by card type, compiled once per deck object (once per plan and worker).
 */
import { type AbilityIR, type CondIR, type DeckIR, type EffectIR, FACES, MAX_ABILITIES_PER_CARD } from './card-ir.js';
import { type DeckData, deckIR } from './cards.js';
import {
  AMOUNT_ROLL, E_REROLL_ANY, F_DAMAGE, F_HEAL, REROLL_ANY_ROLL, TRIGGER_COUNT, T_AFTER_ATTACK, T_ATTACK, T_ATTACKED, T_STATIC,
} from './vocabulary.js';

/** Everything the engine reads about cards, packed into typed arrays (indexed by card type). */
export class CardTable {
  readonly names: string[];
  readonly groupIds: string[];
  readonly groupNames: string[];
  readonly count: number;
  readonly hp: Int16Array;
  readonly group: Int8Array;
  /** Per card and face (card * 6 + face - 1): outcome kind, amount (AMOUNT_ROLL = a second d6), special index or -1. */
  readonly faceKind: Int8Array;
  readonly faceAmount: Int16Array;
  readonly faceSpecial: Int16Array;
  /** Mean basic-attack damage (heals count negative, specials at their base), for policies. */
  readonly meanDamage: Float64Array;
  readonly cries: string[];
  readonly texts: string[];
  /** Abilities: specials are abilities too (trigger -1), referenced from faceSpecial. */
  readonly abilityNames: string[];
  readonly abilityTexts: string[];
  readonly abCard: Int16Array;
  readonly abTrigger: Int8Array;
  readonly abGroup: Uint8Array;
  readonly abOnce: Uint8Array;
  readonly abUsesRoll: Uint8Array;
  /** Index of the ability within its card (for once-per-turn bookkeeping). */
  readonly abSlot: Int8Array;
  readonly abCondStart: Int32Array;
  readonly abCondEnd: Int32Array;
  readonly abEffStart: Int32Array;
  readonly abEffEnd: Int32Array;
  /** Per card: its abilities are abilities[cardAbStart .. cardAbEnd) (specials excluded). */
  readonly cardAbStart: Int32Array;
  readonly cardAbEnd: Int32Array;
  /** Per card: bit t set if some ability has trigger t. */
  readonly cardTriggers: Int32Array;
  /** Per card: bit v set if some always-on ability uses static effect v (fast path checks). */
  readonly cardStatics: Int32Array;
  /** Per card: 1 if an always-on ability has `reroll-any: any-roll` (dice.ts). */
  readonly cardAnyRoll: Uint8Array;
  /** Some card of the pool has `reroll-any: any-roll`: without one, rolling a die checks nothing more. */
  readonly hasAnyRoll: boolean;
  /** Per card: the special attacks' ability indices, cardSpecialStart + k. */
  readonly cardSpecialStart: Int32Array;
  readonly condKind: Int8Array;
  readonly condArg: Int16Array;
  readonly condLo: Int32Array;
  readonly condHi: Int32Array;
  readonly effVerb: Int8Array;
  readonly effTo: Int8Array;
  readonly effBase: Int16Array;
  readonly effCount: Int8Array;
  readonly effTimes: Int16Array;
  readonly effMax: Int16Array;
  readonly effArg: Int32Array;
  readonly effArg2: Int8Array;
  /** Effect index -> owning ability index. */
  readonly effAbility: Int32Array;
  readonly groupCount: number;

  constructor(readonly deck: DeckIR) {
    const cards = deck.cards;
    this.count = cards.length;
    this.names = cards.map((c) => c.name);
    this.groupIds = deck.groups.map((g) => g.id);
    this.groupNames = deck.groups.map((g) => g.name);
    this.groupCount = deck.groups.length;
    this.cries = cards.map((c) => c.cry);
    this.texts = cards.map((c) => c.text);
    this.hp = Int16Array.from(cards.map((c) => c.hp));
    this.group = Int8Array.from(cards.map((c) => c.group));
    this.faceKind = new Int8Array(this.count * FACES);
    this.faceAmount = new Int16Array(this.count * FACES);
    this.faceSpecial = new Int16Array(this.count * FACES);
    this.meanDamage = new Float64Array(this.count);
    const abilities: { ab: AbilityIR; card: number; slot: number }[] = [];
    this.cardAbStart = new Int32Array(this.count);
    this.cardAbEnd = new Int32Array(this.count);
    this.cardSpecialStart = new Int32Array(this.count);
    this.cardTriggers = new Int32Array(this.count);
    this.cardStatics = new Int32Array(this.count);
    this.cardAnyRoll = new Uint8Array(this.count);
    cards.forEach((c, ci) => {
      this.cardAbStart[ci] = abilities.length;
      c.abilities.forEach((ab, slot) => {
        abilities.push({ ab, card: ci, slot });
        this.cardTriggers[ci]! |= 1 << ab.trigger;
        if (ab.trigger === T_STATIC)
          for (const e of ab.effects) {
            this.cardStatics[ci]! |= 1 << e.verb;
            if (e.verb === E_REROLL_ANY && e.arg === REROLL_ANY_ROLL) this.cardAnyRoll[ci] = 1;
          }
      });
      this.cardAbEnd[ci] = abilities.length;
      this.cardSpecialStart[ci] = abilities.length;
      c.specials.forEach((sp, k) => abilities.push({ ab: sp.ability, card: ci, slot: MAX_ABILITIES_PER_CARD + k }));
      let mean = 0;
      c.faces.forEach((f, k) => {
        const i = ci * FACES + k;
        this.faceKind[i] = f.kind;
        this.faceAmount[i] = f.amount;
        this.faceSpecial[i] = f.special < 0 ? -1 : this.cardSpecialStart[ci]! + f.special;
        const amt = f.amount === AMOUNT_ROLL ? 3.5 : f.amount;
        mean += f.kind === F_DAMAGE ? amt : f.kind === F_HEAL ? -amt : 0;
      });
      this.meanDamage[ci] = mean / FACES;
    });
    this.hasAnyRoll = this.cardAnyRoll.includes(1);
    const nAb = abilities.length;
    this.abilityNames = abilities.map((a) => a.ab.name);
    this.abilityTexts = abilities.map((a) => a.ab.text);
    this.abCard = Int16Array.from(abilities.map((a) => a.card));
    this.abTrigger = Int8Array.from(abilities.map((a) => a.ab.trigger));
    this.abGroup = Uint8Array.from(abilities.map((a) => (a.ab.group ? 1 : 0)));
    this.abOnce = Uint8Array.from(abilities.map((a) => (a.ab.once ? 1 : 0)));
    this.abUsesRoll = Uint8Array.from(abilities.map((a) => (a.ab.usesRoll ? 1 : 0)));
    this.abSlot = Int8Array.from(abilities.map((a) => a.slot));
    this.abCondStart = new Int32Array(nAb);
    this.abCondEnd = new Int32Array(nAb);
    this.abEffStart = new Int32Array(nAb);
    this.abEffEnd = new Int32Array(nAb);
    const conds: CondIR[] = [];
    const effs: { e: EffectIR; ab: number }[] = [];
    abilities.forEach((a, i) => {
      this.abCondStart[i] = conds.length;
      conds.push(...a.ab.conds);
      this.abCondEnd[i] = conds.length;
      this.abEffStart[i] = effs.length;
      for (const e of a.ab.effects) effs.push({ e, ab: i });
      this.abEffEnd[i] = effs.length;
    });
    this.condKind = Int8Array.from(conds.map((c) => c.kind));
    this.condArg = Int16Array.from(conds.map((c) => c.arg));
    this.condLo = Int32Array.from(conds.map((c) => c.lo));
    this.condHi = Int32Array.from(conds.map((c) => c.hi));
    this.effVerb = Int8Array.from(effs.map((x) => x.e.verb));
    this.effTo = Int8Array.from(effs.map((x) => x.e.to));
    this.effBase = Int16Array.from(effs.map((x) => x.e.amount.base));
    this.effCount = Int8Array.from(effs.map((x) => x.e.amount.count));
    this.effTimes = Int16Array.from(effs.map((x) => x.e.amount.times));
    this.effMax = Int16Array.from(effs.map((x) => x.e.amount.max));
    this.effArg = Int32Array.from(effs.map((x) => x.e.arg));
    this.effArg2 = Int8Array.from(effs.map((x) => x.e.arg2));
    this.effAbility = Int32Array.from(effs.map((x) => x.ab));
    void TRIGGER_COUNT;
    void T_AFTER_ATTACK;
    void T_ATTACKED;
    void T_ATTACK;
  }

  indexOf(name: string): number {
    return this.names.indexOf(name);
  }

  hasTrigger(card: number, trigger: number): boolean {
    return (this.cardTriggers[card]! & (1 << trigger)) !== 0;
  }
}

const tableCache = new WeakMap<object, CardTable>();

/** The compiled table of a validated deck, compiled once per deck object (i.e. once per plan and worker). */
export function compileCards(deck: DeckData): CardTable {
  let t = tableCache.get(deck);
  if (!t) {
    t = new CardTable(deckIR(deck));
    tableCache.set(deck, t);
  }
  return t;
}
