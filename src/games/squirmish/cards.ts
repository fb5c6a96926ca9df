/**
 * The Squirmish card language: card files (YAML data, docs/cards.md) are validated with
 * messages that name the card, the field and what is wrong (deck-parser.ts, ability-parser.ts)
 * and compiled once per plan into typed-array tables (card-table.ts), so the hot path never
 * touches a string. This file holds the deck file's zod schema, what the loader and the JSON
 * Schema see.
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
import { type DeckIR, MAX_GROUPS, MAX_POOL, type Path } from './card-ir.js';
import { parseDeck } from './deck-parser.js';

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
