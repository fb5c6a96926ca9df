/**
 * Parsing and validation of the ability language (docs/cards.md): triggers, conditions, amounts
 * and effects, each problem reported with a message naming the card, the ability and the field.
 * `DeckParser` (deck-parser.ts) extends it with the deck's groups, cards, faces and specials.
 */
import { didYouMean } from '../../sim/scenario/errors.js';
import {
  type AbilityIR, type AmountIR, type EffectIR, FACES, MAX_EFFECTS, MAX_HP, MAX_NAME, MAX_TEXT, type Path, type Report,
} from './card-ir.js';
import { NAMED_EFFECT_NAMES } from './effects.js';
import {
  AMOUNT_ROLL, ATTACK_ONLY_TARGETS, COND_ATTACKER_GROUP, COND_ATTACKER_IS, COND_COUNT, COND_FIRST_ATTACK,
  COND_SELF_DAMAGED, COND_TARGET_DAMAGED, COND_TARGET_GROUP, COND_TARGET_IS, COND_TARGET_MOVED, CONFUSE_CREDIT, COUNTS, RELAY_CONTROLLER, REROLL_ANY_ROLL,
  C_FACE, C_ROLL, DURATION_NAMES, EFFECT_NAMES, E_ADD, E_AVOID, E_CANNOT_ATTACK, E_CONFUSE, E_CUSTOM, E_DAMAGE,
  E_DISCARD_DRAWN, E_DIVIDE, E_DRAW, E_DRAW_AND_PLACE, E_EXTRA_MOVE, E_HEAL, E_IGNORE_BELOW, E_IMMUNE_TO, E_KO,
  E_KO_OVERRIDE, E_LOOK_DISCARD, E_MOVE_DAMAGE, E_MOVE_OPPONENT, E_MOVE_SELF, E_MULTIPLY, E_REACH_ANY, E_REARRANGE,
  E_REDUCE, E_RELAY, E_REROLL, E_REROLL_ANY, E_ROLL_AGAIN, E_STATUS, GSPEC_ANY, GSPEC_MASK, GSPEC_NONE, GSPEC_OTHER,
  GSPEC_SAME, ROLL_AGAIN_OTHER, STATIC_EFFECTS, STATUS_NAMES, TARGETS, TO_TADJ_ALL, TO_TARGET, TRIGGERS,
  T_AFTER_ATTACK, T_ATTACK, T_ATTACKED, T_OPP_DRAW, T_PLACED, T_STATIC, T_WEIRD, isModifier,
} from './vocabulary.js';

export const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
export const show = (v: unknown): string => JSON.stringify(v) ?? String(v);
export const hint = (word: string, options: readonly string[]): string => {
  const h = didYouMean(word, options);
  return h ? ` (did you mean ${show(h)}?)` : '';
};

/** Trigger contexts: which verbs and targets each allows. */
const ATTACK_CONTEXTS = new Set([T_ATTACK, T_ATTACKED, T_AFTER_ATTACK]);
export const SPECIAL = -2; // pseudo-trigger for a special attack's effects

export abstract class AbilityParser {
  groupIds: string[] = [];
  constructor(protected readonly report: Report) {}

  protected unknownKeys(o: Record<string, unknown>, known: readonly string[], at: Path, who: string): void {
    for (const k of Object.keys(o))
      if (!known.includes(k)) this.report([...at, k], `${who}: unknown field; expected one of ${known.join(', ')}${hint(k, known)}`, o[k]);
  }

  protected ability(a: unknown, at: Path, who: string, cardGroup: number): AbilityIR | null {
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
  protected abilityBody(a: Record<string, unknown>, at: Path, who: string, trigger: number, _cardGroup: number, name: string, text: string): AbilityIR | null {
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
      case 're-lay':
        eff.verb = E_RELAY;
        if (arg === 'controller') eff.arg = RELAY_CONTROLLER;
        else if (arg !== true) this.report([...at, verb], `${who}: re-lay: expected the plain word re-lay (each seat lays its own cards), or re-lay: controller (this card's controller lays every card)`, arg);
        extra([]);
        break;
      case 'reroll-any':
        eff.verb = E_REROLL_ANY;
        if (arg === 'any-roll') eff.arg = REROLL_ANY_ROLL;
        else if (arg !== true) this.report([...at, verb], `${who}: reroll-any: expected the plain word reroll-any (attack dice only), or reroll-any: any-roll (any die: attack dice, abilities' own dice, second damage dice)`, arg);
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
          reroll: E_REROLL, 'roll-again': E_ROLL_AGAIN, 'ko-override': E_KO_OVERRIDE,
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
