/**
 * The Squirmish card language: card files (YAML data, docs/cards.md) are validated here with
 * messages that name the card, the field and what is wrong, and compiled once per plan into
 * typed-array tables (`CardTable`) so the hot path never touches a string.
 *
 * A deck file is `{ name?, description?, groups?: [group], cards: [card] }`:
 *   group: { id, name?, abilities?: [ability] }   (its abilities are group abilities of every member)
 *   card:  { name, hp, group?, attack: [6 faces], special? | specials?, cry?, text?, abilities?: [ability] }
 *   face:  N (damage) | "heal N" | none | roll | "heal roll" | special | "special:Name"
 *   special: { name, damage? | heal?, if?, do?: [effect] }
 *   ability: { name?, text?, when, group?, if?: {condition: value}, do: [effect] }
 * The vocabulary (triggers, targets, counts, effects) is in vocabulary.ts.
 */
import { z } from 'zod';
import { didYouMean } from '../../sim/scenario/errors.js';
import {
  TRIGGERS, TARGETS, COUNTS, T_ATTACK, T_ATTACKED, T_AFTER_ATTACK, T_STATIC, T_WEIRD, T_OPP_DRAW, T_PLACED,
  TRIGGER_COUNT, TO_TARGET, ATTACK_ONLY_TARGETS, C_FACE, C_ROLL,
  COND_COUNT, COND_TARGET_IS, COND_ATTACKER_IS, COND_TARGET_GROUP, COND_ATTACKER_GROUP, COND_TARGET_MOVED,
  COND_FIRST_ATTACK, COND_TARGET_DAMAGED, COND_SELF_DAMAGED, GSPEC_MASK, GSPEC_SAME, GSPEC_OTHER, GSPEC_NONE, GSPEC_ANY,
  E_DAMAGE, E_HEAL, E_ADD, E_MULTIPLY, E_DIVIDE, E_KO, E_AVOID, E_REDUCE, E_IGNORE_BELOW, E_DRAW, E_LOOK_DISCARD,
  E_DISCARD_DRAWN, E_REACH_ANY, E_CANNOT_ATTACK, E_IMMUNE_TO, E_STATUS, E_MOVE_SELF, E_MOVE_OPPONENT, E_REARRANGE,
  E_EXTRA_MOVE, E_REROLL, E_CONFUSE, E_MOVE_DAMAGE, E_ROLL_AGAIN, E_KO_OVERRIDE, E_CUSTOM, STATIC_EFFECTS, isModifier,
  E_REROLL_ANY, E_RELAY, E_DRAW_AND_PLACE, TO_TADJ_ALL, ROLL_AGAIN_OTHER, CONFUSE_CREDIT,
  STATUS_NAMES, DURATION_NAMES, F_NONE, F_DAMAGE, F_HEAL, AMOUNT_ROLL, EFFECT_NAMES,
} from './vocabulary.js';
import { NAMED_EFFECT_NAMES } from './effects.js';

export const MAX_HP = 99;
export const MAX_GROUPS = 30;
export const MAX_ABILITIES_PER_CARD = 8;
export const FACES = 6;
/** Most cards in a card pool (a deck holds at most 70; custom decklists and group-monte pick from the pool). */
export const MAX_POOL = 500;
/** Most special attacks one card may have (its six faces can name at most six). */
export const MAX_SPECIALS = FACES;
/** Most effects in one ability's or special attack's `do` list. */
export const MAX_EFFECTS = 16;
/** Longest name (card, group, ability, special attack) and longest text (cry, text, ability text). */
export const MAX_NAME = 60;
export const MAX_TEXT = 1000;

// ---------------------------------------------------------------------------------------------
// Intermediate form (validated, not yet packed)

export interface AmountIR {
  /** Constant part, or AMOUNT_ROLL for "a fresh d6" (the ability's own roll). */
  base: number;
  /** Count id scaled by `times`, or -1. */
  count: number;
  times: number;
  /** Cap on the total, or -1 for none. */
  max: number;
}
export interface CondIR {
  kind: number;
  arg: number;
  lo: number;
  hi: number;
}
export interface EffectIR {
  verb: number;
  to: number;
  amount: AmountIR;
  /** Verb-specific: group mask (cannot-attack / immune-to), status kind, draw-and-place flag, custom effect id, move-damage all (1). */
  arg: number;
  /** Verb-specific: status duration. */
  arg2: number;
}
export interface AbilityIR {
  name: string;
  text: string;
  trigger: number;
  group: boolean;
  once: boolean;
  usesRoll: boolean;
  conds: CondIR[];
  effects: EffectIR[];
}
export interface FaceIR {
  kind: number;
  amount: number;
  special: number;
}
export interface CardIR {
  name: string;
  hp: number;
  group: number;
  faces: FaceIR[];
  specials: { name: string; kind: number; amount: number; ability: AbilityIR }[];
  cry: string;
  text: string;
  abilities: AbilityIR[];
}
export interface DeckIR {
  name: string;
  groups: { id: string; name: string }[];
  cards: CardIR[];
}

type Path = (string | number)[];
export type Report = (path: Path, message: string, input?: unknown) => void;

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown): string => JSON.stringify(v) ?? String(v);
const hint = (word: string, options: readonly string[]): string => {
  const h = didYouMean(word, options);
  return h ? ` (did you mean ${show(h)}?)` : '';
};

/** Trigger contexts: which verbs and targets each allows. */
const ATTACK_CONTEXTS = new Set([T_ATTACK, T_ATTACKED, T_AFTER_ATTACK]);
const SPECIAL = -2; // pseudo-trigger for a special attack's effects

class DeckParser {
  groupIds: string[] = [];
  constructor(private readonly report: Report) {}

  parse(deck: Record<string, unknown>): DeckIR {
    const out: DeckIR = { name: typeof deck.name === 'string' ? deck.name : 'deck', groups: [], cards: [] };
    const groupAbilities: AbilityIR[][] = [];
    const rawGroups = Array.isArray(deck.groups) ? deck.groups : [];
    if (rawGroups.length > MAX_GROUPS) this.report(['groups'], `at most ${MAX_GROUPS} groups`, rawGroups.length);
    rawGroups.forEach((g, i) => {
      const at: Path = ['groups', i];
      if (!isObj(g)) return this.report(at, 'a group is a mapping with id, name and abilities', g);
      this.unknownKeys(g, ['id', 'name', 'abilities'], at, `group ${i + 1}`);
      if (typeof g.id !== 'string' || !/^[A-Za-z0-9_-]+$/.test(g.id) || g.id.length > MAX_NAME)
        return this.report([...at, 'id'], `group ${i + 1}: expected a short id (letters, digits, - or _; at most ${MAX_NAME})`, g.id);
      if (g.name !== undefined && (typeof g.name !== 'string' || g.name.length > MAX_NAME))
        this.report([...at, 'name'], `group ${show(g.id)}: expected a name, text of at most ${MAX_NAME} characters`, g.name);
      if (this.groupIds.includes(g.id)) this.report([...at, 'id'], `group ${show(g.id)} is defined twice`, g.id);
      this.groupIds.push(g.id);
      out.groups.push({ id: g.id, name: typeof g.name === 'string' ? g.name : g.id });
    });
    rawGroups.forEach((g, i) => {
      const list: AbilityIR[] = [];
      groupAbilities.push(list);
      if (!isObj(g) || g.abilities === undefined) return;
      if (!Array.isArray(g.abilities)) return this.report(['groups', i, 'abilities'], `group ${show(g.id)}: expected a list of abilities`, g.abilities);
      g.abilities.forEach((a, k) => {
        const ab = this.ability(a, ['groups', i, 'abilities', k], `group ${show(g.id)}`, -1);
        if (ab) {
          ab.group = true;
          list.push(ab);
        }
      });
    });
    const names = new Set<string>();
    const rawCards = Array.isArray(deck.cards) ? deck.cards : [];
    rawCards.forEach((c, i) => {
      const card = this.card(c, ['cards', i], i);
      if (!card) return;
      if (names.has(card.name)) this.report(['cards', i, 'name'], `card ${show(card.name)} is defined twice; names must be unique`, card.name);
      names.add(card.name);
      if (card.group >= 0) for (const ab of groupAbilities[card.group] ?? []) card.abilities.push(ab);
      if (card.abilities.length > MAX_ABILITIES_PER_CARD)
        this.report(['cards', i, 'abilities'], `card ${show(card.name)}: at most ${MAX_ABILITIES_PER_CARD} abilities (group abilities included)`, card.abilities.length);
      out.cards.push(card);
    });
    return out;
  }

  private unknownKeys(o: Record<string, unknown>, known: readonly string[], at: Path, who: string): void {
    for (const k of Object.keys(o))
      if (!known.includes(k)) this.report([...at, k], `${who}: unknown field; expected one of ${known.join(', ')}${hint(k, known)}`, o[k]);
  }

  private card(c: unknown, at: Path, index: number): CardIR | null {
    if (!isObj(c)) {
      this.report(at, `card ${index + 1}: expected a mapping with name, hp, attack...`, c);
      return null;
    }
    const name = typeof c.name === 'string' && c.name.trim() !== '' ? c.name : null;
    if (name === null) {
      this.report([...at, 'name'], `card ${index + 1}: expected a name (text)`, c.name);
      return null;
    }
    if (name.length > MAX_NAME) {
      this.report([...at, 'name'], `card ${index + 1}: expected a name of at most ${MAX_NAME} characters`, c.name);
      return null;
    }
    const who = `card ${show(name)}`;
    this.unknownKeys(c, ['name', 'hp', 'group', 'attack', 'special', 'specials', 'cry', 'text', 'abilities'], at, who);
    const card: CardIR = { name, hp: 1, group: -1, faces: [], specials: [], cry: '', text: '', abilities: [] };
    if (typeof c.hp !== 'number' || !Number.isInteger(c.hp) || c.hp < 1 || c.hp > MAX_HP)
      this.report([...at, 'hp'], `${who}: expected hit points, a whole number from 1 to ${MAX_HP}`, c.hp);
    else card.hp = c.hp;
    if (c.group !== undefined) {
      const g = typeof c.group === 'string' ? this.groupIds.indexOf(c.group) : -1;
      if (g < 0)
        this.report([...at, 'group'], `${who}: expected a group defined under groups${this.groupIds.length ? ` (${this.groupIds.join(', ')})` : ' (none is defined)'}${typeof c.group === 'string' ? hint(c.group, this.groupIds) : ''}`, c.group);
      else card.group = g;
    }
    if (c.cry !== undefined && (typeof c.cry !== 'string' || c.cry.length > MAX_TEXT)) this.report([...at, 'cry'], `${who}: expected the battle cry as text of at most ${MAX_TEXT} characters`, c.cry);
    else card.cry = c.cry ?? '';
    if (c.text !== undefined && (typeof c.text !== 'string' || c.text.length > MAX_TEXT)) this.report([...at, 'text'], `${who}: expected text of at most ${MAX_TEXT} characters`, c.text);
    else card.text = c.text ?? '';
    // Specials first, so faces can name them.
    let specials: unknown[] = [];
    if (c.special !== undefined && c.specials !== undefined) this.report([...at, 'specials'], `${who}: give either special or specials, not both`, c.specials);
    else if (c.special !== undefined) specials = [c.special];
    else if (c.specials !== undefined) {
      if (!Array.isArray(c.specials)) this.report([...at, 'specials'], `${who}: expected a list of special attacks`, c.specials);
      else if (c.specials.length > MAX_SPECIALS) this.report([...at, 'specials'], `${who}: at most ${MAX_SPECIALS} special attacks`, c.specials.length);
      else specials = c.specials;
    }
    specials.forEach((sp, k) => {
      const spAt: Path = c.special !== undefined ? [...at, 'special'] : [...at, 'specials', k];
      const parsed = this.special(sp, spAt, who);
      if (parsed) card.specials.push(parsed);
    });
    const faces = c.attack;
    if (!Array.isArray(faces) || faces.length !== FACES)
      this.report([...at, 'attack'], `${who}: expected the basic attack as a list of ${FACES} die faces (face 1 first)`, faces);
    else
      faces.forEach((f, k) => {
        const face = this.face(f, [...at, 'attack', k], who, card);
        card.faces.push(face ?? { kind: F_NONE, amount: 0, special: -1 });
      });
    if (c.abilities !== undefined) {
      if (!Array.isArray(c.abilities)) this.report([...at, 'abilities'], `${who}: expected a list of abilities`, c.abilities);
      else
        c.abilities.forEach((a, k) => {
          const ab = this.ability(a, [...at, 'abilities', k], who, card.group);
          if (ab) card.abilities.push(ab);
        });
    }
    return card;
  }

  private face(f: unknown, at: Path, who: string, card: CardIR): FaceIR | null {
    const expected = `expected a die face: a damage number, "heal N", none, roll, "heal roll", special or "special:Name"`;
    if (typeof f === 'number') {
      if (!Number.isInteger(f) || f < 0 || f > MAX_HP) {
        this.report(at, `${who}: face ${Number(at[at.length - 1]) + 1}: ${expected}`, f);
        return null;
      }
      return { kind: F_DAMAGE, amount: f, special: -1 };
    }
    if (typeof f !== 'string') {
      this.report(at, `${who}: face ${Number(at[at.length - 1]) + 1}: ${expected}`, f);
      return null;
    }
    const t = f.trim();
    if (t === 'none' || t === 'NO EFFECT') return { kind: F_NONE, amount: 0, special: -1 };
    if (t === 'roll') return { kind: F_DAMAGE, amount: AMOUNT_ROLL, special: -1 };
    let m = /^(damage|heal) (\d+|roll)$/.exec(t);
    if (m) return { kind: m[1] === 'heal' ? F_HEAL : F_DAMAGE, amount: m[2] === 'roll' ? AMOUNT_ROLL : Number(m[2]), special: -1 };
    m = /^special(?::\s*(.+))?$/.exec(t);
    if (m) {
      if (card.specials.length === 0) {
        this.report(at, `${who}: face ${Number(at[at.length - 1]) + 1} is a special attack, but the card defines no special`, f);
        return null;
      }
      const k = m[1] === undefined ? 0 : card.specials.findIndex((s) => s.name === m![1]);
      if (k < 0) {
        const names = card.specials.map((s) => s.name);
        this.report(at, `${who}: no special attack named ${show(m[1])}; expected one of ${names.join(', ')}${hint(m[1]!, names)}`, f);
        return null;
      }
      const sp = card.specials[k]!;
      return { kind: sp.kind, amount: sp.amount, special: k };
    }
    this.report(at, `${who}: face ${Number(at[at.length - 1]) + 1}: ${expected}`, f);
    return null;
  }

  private special(sp: unknown, at: Path, who: string): CardIR['specials'][number] | null {
    if (!isObj(sp)) {
      this.report(at, `${who}: a special attack is a mapping with name, damage or heal, and do`, sp);
      return null;
    }
    this.unknownKeys(sp, ['name', 'damage', 'heal', 'text', 'if', 'do'], at, who);
    const name = typeof sp.name === 'string' && sp.name !== '' && sp.name.length <= MAX_NAME ? sp.name : null;
    if (name === null) {
      this.report([...at, 'name'], `${who}: a special attack needs a name (text of at most ${MAX_NAME} characters)`, sp.name);
      return null;
    }
    const swho = `${who}, special ${show(name)}`;
    let kind = F_DAMAGE;
    let amount = 0;
    if (sp.damage !== undefined && sp.heal !== undefined) this.report([...at, 'heal'], `${swho}: give damage or heal, not both`, sp.heal);
    const base = sp.heal !== undefined ? sp.heal : sp.damage;
    if (sp.heal !== undefined) kind = F_HEAL;
    if (base !== undefined) {
      if (base === 'roll') amount = AMOUNT_ROLL;
      else if (typeof base === 'number' && Number.isInteger(base) && base >= 0 && base <= MAX_HP) amount = base;
      else this.report([...at, sp.heal !== undefined ? 'heal' : 'damage'], `${swho}: expected a whole number from 0 to ${MAX_HP}, or roll`, base);
    }
    const ability = this.abilityBody(sp, at, swho, SPECIAL, -1, name, typeof sp.text === 'string' ? sp.text : '');
    if (!ability) return null;
    return { name, kind, amount, ability };
  }

  private ability(a: unknown, at: Path, who: string, cardGroup: number): AbilityIR | null {
    if (!isObj(a)) {
      this.report(at, `${who}: an ability is a mapping with when, if and do`, a);
      return null;
    }
    this.unknownKeys(a, ['name', 'text', 'when', 'group', 'if', 'do'], at, who);
    const name = typeof a.name === 'string' ? a.name : `ability ${Number(at[at.length - 1]) + 1}`;
    const awho = `${who}, ability ${show(name)}`;
    const triggers = Object.keys(TRIGGERS);
    if (typeof a.when !== 'string' || !(a.when in TRIGGERS)) {
      this.report([...at, 'when'], `${awho}: expected when to be one of ${triggers.join(', ')}${typeof a.when === 'string' ? hint(a.when, triggers) : ''}`, a.when);
      return null;
    }
    const trigger = TRIGGERS[a.when as keyof typeof TRIGGERS];
    if (a.group !== undefined && typeof a.group !== 'boolean') this.report([...at, 'group'], `${awho}: expected true or false`, a.group);
    const ab = this.abilityBody(a, at, awho, trigger, cardGroup, name, typeof a.text === 'string' ? a.text : '');
    if (!ab) return null;
    if (a.when === 'first-attack') ab.conds.push({ kind: COND_FIRST_ATTACK, arg: 0, lo: 1, hi: 1 });
    if (a.when === 'group-active' || a.group === true) ab.group = true;
    if (ab.group && cardGroup === -1 && at[0] === 'cards') this.report([...at, 'group'], `${awho}: a group ability needs the card to have a group`, a.group ?? a.when);
    return ab;
  }

  /** if + do of an ability or a special attack. */
  private abilityBody(a: Record<string, unknown>, at: Path, who: string, trigger: number, _cardGroup: number, name: string, text: string): AbilityIR | null {
    const ab: AbilityIR = { name, text, trigger, group: false, once: false, usesRoll: false, conds: [], effects: [] };
    if (a.name !== undefined && (typeof a.name !== 'string' || a.name.length > MAX_NAME))
      this.report([...at, 'name'], `${who}: expected a name, text of at most ${MAX_NAME} characters`, a.name);
    if (a.text !== undefined && (typeof a.text !== 'string' || a.text.length > MAX_TEXT))
      this.report([...at, 'text'], `${who}: expected text of at most ${MAX_TEXT} characters`, a.text);
    if (a.if !== undefined) {
      if (!isObj(a.if)) this.report([...at, 'if'], `${who}: expected conditions as a mapping (condition: value)`, a.if);
      else for (const [k, v] of Object.entries(a.if)) this.condition(k, v, [...at, 'if', k], who, trigger, ab);
    }
    const list = a.do;
    if (list === undefined) {
      if (trigger !== SPECIAL) {
        this.report([...at, 'do'], `${who}: expected do, a list of effects`, undefined);
        return null;
      }
    } else if (!Array.isArray(list) || (trigger !== SPECIAL && list.length === 0)) {
      this.report([...at, 'do'], `${who}: expected do, a non-empty list of effects`, list);
      return null;
    } else if (list.length > MAX_EFFECTS) {
      this.report([...at, 'do'], `${who}: at most ${MAX_EFFECTS} effects in one list`, list.length);
      return null;
    } else
      list.forEach((e, k) => {
        const eff = this.effect(e, [...at, 'do', k], who, trigger, ab);
        if (eff) ab.effects.push(eff);
      });
    return ab;
  }

  private range(v: unknown, at: Path, who: string, what: string): [number, number] | null {
    if (typeof v === 'number' && Number.isInteger(v)) return [v, v];
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isInteger(x)) && v[0] <= v[1]) return [v[0], v[1]];
    if (isObj(v) && Object.keys(v).every((k) => k === 'min' || k === 'max') && (v.min !== undefined || v.max !== undefined)) {
      const lo = v.min ?? -1000;
      const hi = v.max ?? 1000;
      if (typeof lo === 'number' && typeof hi === 'number' && Number.isInteger(lo) && Number.isInteger(hi) && lo <= hi) return [lo, hi];
    }
    this.report(at, `${who}: ${what}: expected a whole number, [low, high] or {min, max}`, v);
    return null;
  }

  /** A face or roll condition names d6 faces: every bound given must be 1-6 (an open {min}/{max} bound is fine). */
  private onDie(r: [number, number], v: unknown, at: Path, who: string, what: string): boolean {
    const open = (x: number) => x === -1000 || x === 1000;
    const bad = [r[0], r[1]].find((x) => !open(x) && (x < 1 || x > FACES));
    if (bad === undefined) return true;
    this.report(at, `${who}: condition ${what}: expected d6 faces from 1 to ${FACES} (a face, [low, high] or {min, max}), but ${bad} is not a face of a d6`, v);
    return false;
  }

  private groupSpec(v: unknown, at: Path, who: string): [number, number] | null {
    if (v === 'same') return [GSPEC_SAME, 0];
    if (v === 'other') return [GSPEC_OTHER, 0];
    if (v === 'none') return [GSPEC_NONE, 0];
    if (v === 'any') return [GSPEC_ANY, 0];
    const list = Array.isArray(v) ? v : [v];
    let mask = 0;
    for (const g of list) {
      const k = typeof g === 'string' ? this.groupIds.indexOf(g) : -1;
      if (k < 0) {
        this.report(at, `${who}: expected a group id (${this.groupIds.join(', ')}), a list of them, same, other, none or any${typeof g === 'string' ? hint(g, this.groupIds) : ''}`, g);
        return null;
      }
      mask |= 1 << k;
    }
    return [GSPEC_MASK, mask];
  }

  private condition(k: string, v: unknown, at: Path, who: string, trigger: number, ab: AbilityIR): void {
    const inAttack = ATTACK_CONTEXTS.has(trigger) || trigger === SPECIAL || trigger === T_STATIC;
    if (k in COUNTS) {
      const r = this.range(v, at, who, `condition ${k}`);
      if (!r) return;
      const count = COUNTS[k as keyof typeof COUNTS];
      if ((count === C_FACE || count === C_ROLL) && !this.onDie(r, v, at, who, k)) return;
      if (count === C_ROLL) ab.usesRoll = true;
      if (count === C_FACE && !inAttack) this.report(at, `${who}: the face condition needs an attack (when: attack, attacked or after-attack, or a special)`, v);
      ab.conds.push({ kind: COND_COUNT, arg: count, lo: r[0], hi: r[1] });
      return;
    }
    const needAttack = () => {
      if (!inAttack) this.report(at, `${who}: condition ${k} needs an attack (when: attack, attacked or after-attack, or a special)`, v);
    };
    const bool = (): boolean | null => {
      if (typeof v === 'boolean') return v;
      this.report(at, `${who}: condition ${k}: expected true or false`, v);
      return null;
    };
    switch (k) {
      case 'target':
      case 'attacker': {
        needAttack();
        if (v !== 'enemy' && v !== 'own') return this.report(at, `${who}: condition ${k}: expected enemy or own`, v);
        ab.conds.push({ kind: k === 'target' ? COND_TARGET_IS : COND_ATTACKER_IS, arg: 0, lo: v === 'own' ? 1 : 0, hi: 0 });
        return;
      }
      case 'target-group':
      case 'attacker-group': {
        needAttack();
        const g = this.groupSpec(v, at, `${who}: condition ${k}`);
        if (g) ab.conds.push({ kind: k === 'target-group' ? COND_TARGET_GROUP : COND_ATTACKER_GROUP, arg: g[0], lo: g[1], hi: 0 });
        return;
      }
      case 'target-moved':
      case 'target-damaged':
      case 'first-attack':
      case 'self-damaged': {
        if (k === 'target-moved' || k === 'target-damaged') needAttack();
        const b = bool();
        if (b === null) return;
        const kind = k === 'target-moved' ? COND_TARGET_MOVED : k === 'target-damaged' ? COND_TARGET_DAMAGED : k === 'first-attack' ? COND_FIRST_ATTACK : COND_SELF_DAMAGED;
        ab.conds.push({ kind, arg: 0, lo: b ? 1 : 0, hi: 0 });
        return;
      }
      case 'once-per-turn': {
        const b = bool();
        if (b !== null) ab.once = b;
        return;
      }
      default: {
        const known = [...Object.keys(COUNTS), 'target', 'attacker', 'target-group', 'attacker-group', 'target-moved', 'target-damaged', 'first-attack', 'self-damaged', 'once-per-turn'];
        this.report(at, `${who}: unknown condition; expected one of ${known.join(', ')}${hint(k, known)}`, k);
      }
    }
  }

  private amount(v: unknown, at: Path, who: string, ab: AbilityIR, allowNegative = false): AmountIR | null {
    const lo = allowNegative ? -MAX_HP : 0;
    if (typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= MAX_HP) return { base: v, count: -1, times: 0, max: -1 };
    if (v === 'roll') {
      ab.usesRoll = true;
      return { base: AMOUNT_ROLL, count: -1, times: 0, max: -1 };
    }
    if (isObj(v)) {
      const known = ['base', 'per', 'times', 'max'];
      for (const key of Object.keys(v)) if (!known.includes(key)) this.report([...at, key], `${who}: unknown amount field; expected base, per, times, max${hint(key, known)}`, v[key]);
      const counts = Object.keys(COUNTS);
      if (typeof v.per !== 'string' || !(v.per in COUNTS)) {
        this.report([...at, 'per'], `${who}: expected per to be one of ${counts.join(', ')}${typeof v.per === 'string' ? hint(v.per, counts) : ''}`, v.per);
        return null;
      }
      const int = (x: unknown, d: number, key: string, min: number): number => {
        if (x === undefined) return d;
        if (typeof x === 'number' && Number.isInteger(x) && x >= min && x <= MAX_HP) return x;
        this.report([...at, key], `${who}: expected a whole number from ${min} to ${MAX_HP}`, x);
        return d;
      };
      const count = COUNTS[v.per as keyof typeof COUNTS];
      if (count === C_ROLL) ab.usesRoll = true;
      // A computed amount may start below 0 ("its group's cards in play, minus one"); the engine never lets it go below 0.
      return { base: int(v.base, 0, 'base', -MAX_HP), count, times: int(v.times, 1, 'times', -MAX_HP), max: int(v.max, -1, 'max', 0) };
    }
    this.report(at, `${who}: expected an amount: a whole number${allowNegative ? ' (may be negative)' : ''}, roll, or {base, per, times, max}`, v);
    return null;
  }

  private effect(e: unknown, at: Path, who: string, trigger: number, ab: AbilityIR): EffectIR | null {
    let verb: string;
    let args: Record<string, unknown>;
    if (typeof e === 'string') {
      verb = e;
      args = { [e]: true };
    } else if (isObj(e)) {
      const keys = Object.keys(e).filter((k) => EFFECT_NAMES.includes(k) || k === 'modify');
      if (keys.length !== 1) {
        const k0 = Object.keys(e)[0] ?? '';
        this.report(at, `${who}: expected an effect: one of ${EFFECT_NAMES.join(', ')}, modify${keys.length === 0 ? hint(k0, EFFECT_NAMES) : ` (found ${keys.join(' and ')} together)`}`, e);
        return null;
      }
      verb = keys[0]!;
      args = e;
    } else {
      this.report(at, `${who}: expected an effect (a word such as avoid, or a mapping such as {damage: 2, to: target})`, e);
      return null;
    }
    const arg = args[verb];
    const eff: EffectIR = { verb: -1, to: TO_TARGET, amount: { base: 0, count: -1, times: 0, max: -1 }, arg: 0, arg2: 0 };
    const extra = (allowed: string[]) => {
      for (const k of Object.keys(args))
        if (k !== verb && !allowed.includes(k)) this.report([...at, k], `${who}: ${verb}: unknown field; expected ${allowed.length ? allowed.join(', ') : 'nothing else'}${hint(k, allowed)}`, args[k]);
    };
    const flag = () => {
      if (arg !== true) this.report([...at, verb], `${who}: ${verb} takes no value; write it as a plain word`, arg);
      extra([]);
    };
    const target = (def: string) => {
      const t = args.to ?? def;
      const names = Object.keys(TARGETS);
      if (typeof t !== 'string' || !(t in TARGETS)) {
        this.report([...at, 'to'], `${who}: expected to be one of ${names.join(', ')}${typeof t === 'string' ? hint(t, names) : ''}`, t);
        return;
      }
      eff.to = TARGETS[t as keyof typeof TARGETS];
      const inAttack = ATTACK_CONTEXTS.has(trigger) || trigger === SPECIAL;
      if (!inAttack && ATTACK_ONLY_TARGETS.includes(t)) this.report([...at, 'to'], `${who}: ${t} needs an attack (when: attack, attacked or after-attack, or a special)`, t);
    };
    switch (verb) {
      case 'damage':
      case 'heal': {
        eff.verb = verb === 'damage' ? E_DAMAGE : E_HEAL;
        const a = this.amount(arg, [...at, verb], who, ab);
        if (a) eff.amount = a;
        target('target');
        extra(['to']);
        break;
      }
      case 'splash': {
        // Every card next to the attacked card but the attacked card itself (the attacker too, if it is next to it).
        eff.verb = E_DAMAGE;
        const a = this.amount(arg, [...at, verb], who, ab);
        if (a) eff.amount = a;
        eff.to = TO_TADJ_ALL;
        if (!ATTACK_CONTEXTS.has(trigger) && trigger !== SPECIAL) this.report([...at, verb], `${who}: splash needs an attack (when: attack, attacked or after-attack, or a special)`, arg);
        extra([]);
        break;
      }
      case 'attack-another':
        eff.verb = E_ROLL_AGAIN;
        eff.arg = ROLL_AGAIN_OTHER;
        flag();
        break;
      case 'confuse':
        eff.verb = E_CONFUSE;
        if (arg === 'credit') eff.arg = CONFUSE_CREDIT;
        else if (arg !== true) this.report([...at, verb], `${who}: confuse: expected the plain word confuse, or confuse: credit`, arg);
        extra([]);
        break;
      case 'modify': {
        const m = typeof arg === 'string' ? /^([+\-x*/])\s*(\d+)$/.exec(arg.trim()) : typeof arg === 'number' ? ['', arg < 0 ? '-' : '+', String(Math.abs(arg))] : null;
        if (!m) {
          this.report([...at, 'modify'], `${who}: expected a modifier such as "+1", "-2", "x2" or "/2"`, arg);
          return null;
        }
        const n = Number(m[2]);
        eff.verb = m[1] === '+' || m[1] === '-' ? E_ADD : m[1] === '/' ? E_DIVIDE : E_MULTIPLY;
        if (eff.verb === E_DIVIDE && n === 0) this.report([...at, 'modify'], `${who}: cannot divide by 0`, arg);
        eff.amount = { base: m[1] === '-' ? -n : n, count: -1, times: 0, max: -1 };
        extra([]);
        break;
      }
      case 'add':
      case 'multiply':
      case 'divide': {
        eff.verb = verb === 'add' ? E_ADD : verb === 'multiply' ? E_MULTIPLY : E_DIVIDE;
        const a = this.amount(arg, [...at, verb], who, ab, verb === 'add');
        if (a) eff.amount = a;
        if (verb === 'divide' && a && a.count < 0 && a.base === 0) this.report([...at, verb], `${who}: cannot divide by 0`, arg);
        extra([]);
        break;
      }
      case 'ko': {
        eff.verb = E_KO;
        if (arg !== true && typeof arg !== 'string') this.report([...at, 'ko'], `${who}: expected ko: <who> (e.g. ko: target)`, arg);
        args = { ...args, to: typeof arg === 'string' ? arg : (args.to ?? 'target') };
        target('target');
        extra(['to']);
        break;
      }
      case 'reduce':
      case 'ignore-below': {
        eff.verb = verb === 'reduce' ? E_REDUCE : E_IGNORE_BELOW;
        const a = this.amount(arg, [...at, verb], who, ab);
        if (a) eff.amount = a;
        extra([]);
        break;
      }
      case 'draw': {
        eff.verb = E_DRAW;
        const a = this.amount(arg === true ? 1 : arg, [...at, verb], who, ab);
        if (a) eff.amount = a;
        if (args.place !== undefined && typeof args.place !== 'boolean') this.report([...at, 'place'], `${who}: draw: place: expected true or false`, args.place);
        eff.arg = args.place === true ? 1 : 0;
        extra(['place']);
        break;
      }
      case 'cannot-attack':
      case 'immune-to': {
        eff.verb = verb === 'cannot-attack' ? E_CANNOT_ATTACK : E_IMMUNE_TO;
        if (arg === 'any' || arg === true) eff.arg = -1;
        else {
          const g = this.groupSpec(arg, [...at, verb], `${who}: ${verb}`);
          if (g && g[0] !== GSPEC_MASK) this.report([...at, verb], `${who}: ${verb}: expected a group id, a list of them, or any`, arg);
          eff.arg = g ? g[1] : 0;
        }
        extra([]);
        break;
      }
      case 'status': {
        eff.verb = E_STATUS;
        const k = typeof arg === 'string' ? STATUS_NAMES.indexOf(arg) : -1;
        if (k < 0) this.report([...at, 'status'], `${who}: expected status to be one of ${STATUS_NAMES.join(', ')}${typeof arg === 'string' ? hint(arg, STATUS_NAMES) : ''}`, arg);
        eff.arg = Math.max(0, k);
        const d = args.for ?? 'next-turn';
        const dk = typeof d === 'string' ? DURATION_NAMES.indexOf(d) : -1;
        if (dk < 0) this.report([...at, 'for'], `${who}: expected for to be one of ${DURATION_NAMES.join(', ')}`, d);
        eff.arg2 = Math.max(0, dk);
        target('target');
        extra(['to', 'for']);
        break;
      }
      case 'move-damage': {
        eff.verb = E_MOVE_DAMAGE;
        if (arg === 'all') eff.arg = 1;
        else {
          const a = this.amount(arg, [...at, verb], who, ab);
          if (a) eff.amount = a;
        }
        extra([]);
        break;
      }
      case 'custom': {
        eff.verb = E_CUSTOM;
        const k = typeof arg === 'string' ? NAMED_EFFECT_NAMES.indexOf(arg) : -1;
        if (k < 0) this.report([...at, 'custom'], `${who}: expected a named effect registered in src/games/squirmish/effects.ts (${NAMED_EFFECT_NAMES.join(', ')})${typeof arg === 'string' ? hint(arg, NAMED_EFFECT_NAMES) : ''}`, arg);
        eff.arg = Math.max(0, k);
        extra([]);
        break;
      }
      default: {
        const flags: Record<string, number> = {
          avoid: E_AVOID, 'look-and-discard': E_LOOK_DISCARD, 'discard-drawn': E_DISCARD_DRAWN, 'reach-any': E_REACH_ANY,
          'move-self-anywhere': E_MOVE_SELF, 'move-opponent': E_MOVE_OPPONENT, rearrange: E_REARRANGE, 'extra-move': E_EXTRA_MOVE,
          reroll: E_REROLL, 'roll-again': E_ROLL_AGAIN, 'ko-override': E_KO_OVERRIDE, 'reroll-any': E_REROLL_ANY, 're-lay': E_RELAY,
          'draw-and-place': E_DRAW_AND_PLACE,
        };
        const v = flags[verb];
        if (v === undefined) {
          const all = [...EFFECT_NAMES, 'modify'];
          this.report(at, `${who}: unknown effect; expected one of ${all.join(', ')}${hint(verb, all)}`, e);
          return null;
        }
        eff.verb = v;
        flag();
      }
    }
    this.checkContext(eff.verb, verb, at, who, trigger);
    return eff;
  }

  /** Which effects make sense for which trigger (docs/cards.md, "Where effects may appear"). */
  private checkContext(v: number, verb: string, at: Path, who: string, trigger: number): void {
    const where = (ok: boolean, need: string) => {
      if (!ok) this.report(at, `${who}: ${verb} only works ${need}`, verb);
    };
    if (STATIC_EFFECTS.includes(v)) return where(trigger === T_STATIC, 'in an always-on ability (when: always or group-active)');
    if (trigger === T_STATIC && v !== E_ADD && v !== E_MULTIPLY && v !== E_DIVIDE && v !== E_REDUCE && v !== E_IGNORE_BELOW)
      return where(false, 'in an ability that fires (an always-on ability can only modify attacks, reduce or ignore hits, or use reach-any, cannot-attack, immune-to, reroll, reroll-any, ko-override, draw-and-place)');
    if (isModifier(v)) return where(trigger === T_ATTACK || trigger === T_ATTACKED || trigger === T_STATIC || trigger === SPECIAL, 'on an attack (when: attack, first-attack, attacked or always, or a special)');
    if (v === E_AVOID) return where(trigger === T_ATTACKED, 'when this card is attacked (when: attacked)');
    if (v === E_REDUCE || v === E_IGNORE_BELOW) return where(trigger === T_ATTACKED || trigger === T_STATIC, 'when this card is attacked or always (when: attacked or always)');
    if (v === E_CONFUSE) return where(trigger === T_ATTACK || trigger === SPECIAL, 'on this card\'s attack (when: attack, or a special)');
    if (v === E_ROLL_AGAIN) return where(trigger === T_ATTACK || trigger === T_AFTER_ATTACK || trigger === SPECIAL, 'on this card\'s attack (when: attack or after-attack, or a special)');
    if (v === E_DISCARD_DRAWN) return where(trigger === T_OPP_DRAW, 'when an opponent draws (when: opponent-draws)');
    void T_WEIRD;
    void T_PLACED;
  }
}

/** Validate a deck (a parsed deck file); every problem goes to `report`. Returns the intermediate form. */
export function parseDeck(deck: Record<string, unknown>, report: Report): DeckIR {
  return new DeckParser(report).parse(deck);
}

// ---------------------------------------------------------------------------------------------
// zod schemas (what the loader and the JSON Schema see)

/** The structure of a deck; the cards themselves are checked by `parseDeck` (messages name the card). */
export const deckShape = z.strictObject({
  name: z.string().max(200).optional().describe('Name of the card pool.'),
  description: z.string().max(5000).optional().describe('Free text.'),
  groups: z.array(z.unknown()).max(MAX_GROUPS).optional().describe('Groups: {id, name, abilities} (docs/cards.md).'),
  cards: z.array(z.unknown()).min(1).max(MAX_POOL).describe(`The cards (docs/cards.md), at most ${MAX_POOL}.`),
});

export function refineDeck(deck: z.output<typeof deckShape>, ctx: z.RefinementCtx, at: Path = []): void {
  parseDeck(deck, (path, message, input) => ctx.addIssue({ code: 'custom', path: [...at, ...path], message, input }));
}

/** A deck file, as `RulesContext.load` validates it. */
export const deckFileSchema = deckShape.superRefine((deck, ctx) => refineDeck(deck, ctx));
export type DeckData = z.output<typeof deckShape>;

/** Parse a validated deck (throws on a problem: callers validate first). */
export function deckIR(deck: DeckData): DeckIR {
  return parseDeck(deck, (path, message) => {
    throw new Error(`${path.join('.')}: ${message}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Compiled tables

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
    cards.forEach((c, ci) => {
      this.cardAbStart[ci] = abilities.length;
      c.abilities.forEach((ab, slot) => {
        abilities.push({ ab, card: ci, slot });
        this.cardTriggers[ci]! |= 1 << ab.trigger;
        if (ab.trigger === T_STATIC) for (const e of ab.effects) this.cardStatics[ci]! |= 1 << e.verb;
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
