/**
 * Parsing and validation of a deck file (docs/cards.md): its groups, cards, faces and special
 * attacks, each problem reported with a message naming the card and the field; the abilities
 * are parsed by `AbilityParser` (ability-parser.ts).
 */
import { AbilityParser, SPECIAL, hint, isObj, show } from './ability-parser.js';
import {
  type AbilityIR, type CardIR, type DeckIR, FACES, type FaceIR, MAX_ABILITIES_PER_CARD, MAX_GROUPS, MAX_HP, MAX_NAME,
  MAX_SPECIALS, MAX_TEXT, type Path, type Report,
} from './card-ir.js';
import { AMOUNT_ROLL, F_DAMAGE, F_HEAL, F_NONE } from './vocabulary.js';

class DeckParser extends AbilityParser {
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

}

/** Validate a deck (a parsed deck file); every problem goes to `report`. Returns the intermediate form. */
export function parseDeck(deck: Record<string, unknown>, report: Report): DeckIR {
  return new DeckParser(report).parse(deck);
}
