/**
 * Squirmish card stats by name (src/sim/stat-paths.ts, docs/scenarios.md "Stat paths"): the
 * overrides applied to the card pool. The StatSpec for sweeps and weights is in stats.ts.
 *
 *   cards.<card>.hp        starting hit points (1-99)
 *   cards.<card>.faces.K   face K (1-6) of the basic attack, in the deck language of docs/cards.md
 *
 * `rules.statOverrides` maps such paths to values; `prepareRules` applies them to the card pool
 * once it is inlined (a copy: the pool read from a file, or the cached built-in one, is never
 * changed), so every later step (validation, compile, metrics, the hash) sees the tweaked cards.
 */
import type { RulesContext } from '../../sim/types.js';
import { STAT_OVERRIDES, overridesIn, locateStat, type StatLookup } from '../../sim/stat-paths.js';
import { found } from '../../sim/scenario/errors.js';
import { type DeckData } from './cards.js';
import { parseDeck } from './deck-parser.js';
import { MAX_HP, FACES } from './card-ir.js';

const SHOWN = 'hp, faces.1 ... faces.6';

export const CARD_STATS = [
  { path: 'hp', description: `starting hit points, a whole number from 1 to ${MAX_HP}` },
  { path: 'faces.K', description: 'face K (1-6) of the basic attack: a damage number, "heal N", none, roll, "heal roll", special or "special:Name" (docs/cards.md)' },
] as const;

export type Card = Record<string, unknown> & { name: string; hp: unknown; attack: unknown };

export function lookup(deck: DeckData, where: string): StatLookup {
  const names = deck.cards.map((c) => (c !== null && typeof c === 'object' ? String((c as { name?: unknown }).name) : ''));
  return { namespace: 'cards', noun: 'card', names, where, stats: ['hp'], argStats: ['faces'], shown: SHOWN };
}

/** The face number K of `faces.K`, or null. */
export function faceIndex(arg: string | null): number | null {
  const k = arg !== null && /^\d+$/.test(arg) ? Number(arg) : NaN;
  return k >= 1 && k <= FACES ? k : null;
}

/**
 * Apply `statOverrides` to an inlined card pool; `where` names the pool for messages. Returns
 * the changed copy (or the pool itself when there is nothing to apply).
 */
export function applyCardOverrides(rules: Record<string, unknown>, deck: DeckData, where: string, ctx: RulesContext): DeckData {
  const overrides = overridesIn(rules);
  if (overrides === null || Object.keys(overrides).length === 0) return deck;
  const l = lookup(deck, where);
  const cards = deck.cards.slice();
  const copied = new Set<number>();
  for (const [path, value] of Object.entries(overrides)) {
    const at = [STAT_OVERRIDES, path];
    const loc = locateStat(path, l);
    if ('problem' in loc) return ctx.fail(at, loc.problem);
    if (!copied.has(loc.index)) {
      const original = cards[loc.index] as Card;
      cards[loc.index] = { ...original, ...(Array.isArray(original.attack) ? { attack: original.attack.slice() } : {}) };
      copied.add(loc.index);
    }
    const card = cards[loc.index] as Card;
    if (loc.stat === 'hp') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_HP)
        ctx.fail(at, `card ${found(loc.name)}: expected hit points, a whole number from 1 to ${MAX_HP}, found ${found(value)}`);
      card.hp = value;
    } else {
      const k = faceIndex(loc.arg);
      if (k === null) ctx.fail(at, `card ${found(loc.name)}: expected a face number from 1 to ${FACES} after faces, found ${found(loc.arg)}`);
      if (!Array.isArray(card.attack)) continue; // the card itself is wrong: the pool's validation says so
      (card.attack as unknown[])[k! - 1] = value;
      // The face in the deck language, checked by the deck parser itself (specials, heals, ...).
      let problem: string | null = null;
      parseDeck({ groups: deck.groups ?? [], cards: [card] }, (p, message) => {
        if (problem === null && p[0] === 'cards' && p[2] === 'attack') problem = message;
      });
      if (problem !== null) ctx.fail(at, `${problem}, found ${found(value)}`);
    }
  }
  return { ...deck, cards };
}

/** A face's fixed damage (a number, or "damage N"), or null for every other kind of face. */
export function fixedDamage(face: unknown): number | null {
  if (typeof face === 'number' && Number.isInteger(face)) return face;
  const m = typeof face === 'string' ? /^damage (\d+)$/.exec(face.trim()) : null;
  return m ? Number(m[1]) : null;
}
