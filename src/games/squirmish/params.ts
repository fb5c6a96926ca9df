/**
 * Squirmish rules and their named variants (docs/rules/squirmish.md). Defaults are the rules
 * doc's defaults; the doc comment of each field is what `squabble list` and the JSON Schema show.
 *
 * Card data is scenario data: `cards` names a deck file (a card pool, docs/cards.md), which
 * `prepareRules` inlines so the plan is self-contained; decklists and mini-decks name cards of
 * that pool. Without `cards`, the built-in Classic 70 pool (scenarios/squirmish/decks/classic-70.yaml)
 * is inlined.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { setupField } from '../../sim/setup.js';
import { parse as parseYaml } from 'yaml';
import type { RulesContext } from '../../sim/types.js';
import { didYouMean } from '../../sim/scenario/errors.js';
import { deckShape, deckFileSchema, refineDeck, type DeckData } from './cards.js';
import { compileCards, type CardTable } from './card-table.js';
import { statOverridesField } from '../../sim/stat-paths.js';
import { applyCardOverrides } from './overrides.js';

export const MAX_PLAYERS = 4;
export const MINI_DECK_SIZE = 12;
export const CUSTOM_MIN = 36;
export const CUSTOM_MAX = 70;
export const MAX_DECK = 70;

const listShape = z.union([z.string().min(1), z.array(z.string().min(1))]);

export const squirmishRulesSchema = z
  .strictObject({
    edition: z
      .enum(['auto', 'videogame', 'tabletop'])
      .default('auto')
      .describe('videogame: 2 players, deal 6, weigh-in, turn = attack, abilities & clean-up, place or move, draw; tabletop: 2-4 players, deal 5, random first player, turn = draw, place, move or attack, abilities & clean-up; auto: videogame (the rules doc\'s default) for 2 players, tabletop for 3-4 (the videogame edition is 2-player only).'),
    inPlayLimit: z.number().int().min(1).max(10).default(5).describe("Most of a player's cards in play at once."),
    handLimit: z.number().int().min(1).max(10).default(5).describe('Most cards in hand at the end of any step (extras are discarded, the player choosing).'),
    setup: setupField(
      'nothing more: the rules already draw who starts in every game (the weigh-in with random ties, a random tabletop first player, a random first drafter) and seats have no start squares. Accepted so one scenario shape works for every game.',
    ),
    weighIn: z.enum(['lowest', 'highest']).default('lowest').describe('Videogame weigh-in: the lowest (or highest) HP pick wins and starts; ties at random.'),
    reattach: z
      .enum(['cards', 'fragments'])
      .default('cards')
      .describe('After a fragmentation: cards = each cut-off card is re-attached one at a time by its controller (mover first, then seat order); fragments = each cut-off island keeps its shape and the mover re-attaches it.'),
    deckOut: z.enum(['reshuffle', 'no-draw']).default('reshuffle').describe('Drawing from an empty deck: reshuffle the discard pile into a new deck, or draw nothing.'),
    victoryTarget: z.number().int().min(1).max(20).default(3).describe('Cards in a victory pile that win the game.'),
    maxTurns: z.number().int().min(1).max(100_000).default(400).describe('Turn cap over all players; a game still running is counted as capped.'),
    cards: z
      .union([z.string().min(1), deckShape])
      .optional()
      .superRefine((cards, ctx) => {
        if (cards !== undefined && typeof cards !== 'string') refineDeck(cards, ctx);
      })
      .describe('The card pool: a deck file relative to the scenario (docs/cards.md), or the deck inline. Default: the built-in Classic 70 (scenarios/squirmish/decks/classic-70.yaml).'),
    deckStyle: z
      .enum(['classic', 'custom', 'mini', 'group-monte', 'constructed-mini'])
      .default('classic')
      .describe('classic: every card of the pool once (Classic 70); custom: the decklist (36-70 cards); mini: the seats\' 12-card mini-decks shuffled together; group-monte: every card of the groups the seats name, filled at random from the pool to generatedSize; constructed-mini: the seats\' mini-decks, filled at random from the rest of the pool to generatedSize.'),
    decklist: listShape
      .optional()
      .describe('Custom decklist (deckStyle custom): a list file ({name, cards: [card names]}) or the names inline; 36-70 cards of the pool, repeats allowed.'),
    miniDecks: z
      .array(listShape)
      .min(1)
      .max(MAX_PLAYERS)
      .optional()
      .describe('Mini-decks (deckStyle mini and constructed-mini): one 12-card list per seat in seat order, or a single one for every seat; each a list file or names inline.'),
    monteGroups: z
      .union([z.literal('random'), z.array(z.string().min(1)).min(1).max(MAX_PLAYERS)])
      .default('random')
      .describe('2 Group Monte: the group each seat names, in seat order; random = each seat names a different group at random every game.'),
    generatedSize: z.number().int().min(12).max(MAX_DECK).default(36).describe('Size of the generated deck for group-monte and constructed-mini.'),
    drafting: z.boolean().default(false).describe('Card Drafting: instead of a deal, the seats take turns (from a random seat) picking their starting hands from the draft pool.'),
    draftPool: z
      .union([z.literal('auto'), z.number().int().min(2).max(MAX_DECK)])
      .default('auto')
      .describe('Cards turned up from the top of the shuffled deck for drafting; auto = twice the cards dealt. Unpicked cards are shuffled back.'),
    statOverrides: statOverridesField(
      'Card stats by name, applied to the card pool once it is loaded: `cards.<card>.hp` (1-99) or `cards.<card>.faces.<1-6>` (a die face of the basic attack) mapped to the new value, e.g. { "cards.Mudgrub.hp": 6, "cards.Mudgrub.faces.6": 3 }. Sweeps, `tune --param` and `compare --variant PATH=VALUE` take the same paths. Default: none.',
    ),
  })
  .describe('Squirmish rules (docs/rules/squirmish.md)');

export type SquirmishRules = z.output<typeof squirmishRulesSchema>;

/** The edition these rules play with this many players (auto: videogame for 2, tabletop for more). */
export function editionOf(rules: SquirmishRules, players: number): 'videogame' | 'tabletop' {
  return rules.edition === 'auto' ? (players === 2 ? 'videogame' : 'tabletop') : rules.edition;
}

export const dealOf = (rules: SquirmishRules, players: number): number => (editionOf(rules, players) === 'videogame' ? 6 : 5);

function unknownCard(name: unknown, pool: readonly string[]): string | null {
  if (typeof name === 'string' && pool.includes(name)) return null;
  const h = typeof name === 'string' ? didYouMean(name, pool) : null;
  return `no card of that name in the card pool${h ? ` (did you mean ${JSON.stringify(h)}?)` : ''}`;
}

function poolNamesOf(cards: unknown): string[] | null {
  const deck = cards === undefined ? builtinDeck() : typeof cards === 'object' && cards !== null ? (cards as DeckData) : null;
  if (!deck || !Array.isArray(deck.cards)) return null;
  return deck.cards.map((c) => (c !== null && typeof c === 'object' ? String((c as { name?: unknown }).name) : ''));
}

/** A list file: { name?, description?, cards: [card names] } with `min`-`max` cards, every name in the pool. */
export function listFileSchema(pool: readonly string[] | null, min: number, max: number) {
  return z
    .strictObject({
      name: z.string().optional(),
      description: z.string().optional(),
      cards: z.array(z.string().min(1)).min(min).max(max),
    })
    .superRefine((list, ctx) => {
      if (!pool) return;
      list.cards.forEach((name, i) => {
        const problem = unknownCard(name, pool);
        if (problem) ctx.addIssue({ code: 'custom', path: ['cards', i], message: problem, input: name });
      });
    });
}

let builtin: DeckData | null = null;
export const BUILTIN_DECK_URL = new URL('../../../scenarios/squirmish/decks/classic-70.yaml', import.meta.url);

/** The built-in Classic 70 pool (read once per process). */
export function builtinDeck(): DeckData {
  if (builtin === null) {
    const path = fileURLToPath(BUILTIN_DECK_URL);
    const data = parseYaml(readFileSync(path, 'utf8'));
    const r = deckFileSchema.safeParse(data);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw new Error(`${path}: ${i.path.join('.')}: ${i.message}`);
    }
    builtin = r.data;
  }
  return builtin;
}

/** Inline the files the rules name (card pool, decklist, mini-decks), validated where they are. */
export function prepareRules(rules: Record<string, unknown>, ctx: RulesContext): Record<string, unknown> {
  const out = { ...rules };
  const where = typeof out.cards === 'string' ? `the card pool (${out.cards})` : out.cards === undefined ? 'the built-in Classic 70 card pool' : 'the card pool (inline in rules.cards)';
  if (typeof out.cards === 'string') out.cards = ctx.load(out.cards, deckFileSchema, 'rules.cards');
  else if (out.cards === undefined) out.cards = builtinDeck();
  // Card stats by name (statOverrides), on a copy of the pool; a malformed pool is left to its validation.
  if (out.cards !== null && typeof out.cards === 'object' && Array.isArray((out.cards as DeckData).cards))
    out.cards = applyCardOverrides(out, out.cards as DeckData, where, ctx);
  const pool = poolNamesOf(out.cards);
  if (typeof out.decklist === 'string') out.decklist = ctx.load(out.decklist, listFileSchema(pool, CUSTOM_MIN, CUSTOM_MAX), 'rules.decklist').cards;
  if (Array.isArray(out.miniDecks))
    out.miniDecks = out.miniDecks.map((m, i) =>
      typeof m === 'string' ? ctx.load(m, listFileSchema(pool, MINI_DECK_SIZE, MINI_DECK_SIZE), `rules.miniDecks[${i}]`).cards : m,
    );
  return out;
}

/** The validated card pool of these rules (the built-in one if none is given). */
export function poolOf(rules: SquirmishRules): DeckData {
  if (typeof rules.cards === 'string')
    throw new Error(`rules.cards is still a file name (${rules.cards}); scenario files are loaded through prepareRules, which inlines it`);
  return rules.cards ?? builtinDeck();
}

export function tableOf(rules: SquirmishRules): CardTable {
  return compileCards(poolOf(rules));
}

const names = (list: string | string[] | undefined): string[] => (Array.isArray(list) ? list : []);

/** The mini-deck of each seat (a single list serves every seat). */
export function miniDecksOf(rules: SquirmishRules, players: number): string[][] {
  const decks = rules.miniDecks ?? [];
  return Array.from({ length: players }, (_, p) => names(decks.length === 1 ? decks[0] : decks[p]));
}

/** Most card instances a game under these rules can hold (sizes the state). */
export function deckCapacity(rules: SquirmishRules, players: number): number {
  const pool = tableOf(rules);
  switch (rules.deckStyle) {
    case 'classic':
      return pool.count;
    case 'custom':
      return names(rules.decklist).length;
    case 'mini':
      return players * MINI_DECK_SIZE;
    case 'group-monte':
      return Math.max(rules.generatedSize, pool.count);
    case 'constructed-mini':
      return Math.max(rules.generatedSize, players * MINI_DECK_SIZE);
  }
}

/** Smallest deck a game under these rules can have (for the deal check). */
function smallestDeck(rules: SquirmishRules, players: number): number {
  switch (rules.deckStyle) {
    case 'group-monte':
      return rules.generatedSize;
    default:
      return deckCapacity(rules, players);
  }
}

export function draftPoolOf(rules: SquirmishRules, players: number): number {
  return rules.draftPool === 'auto' ? 2 * players * dealOf(rules, players) : rules.draftPool;
}

/** Cross-field checks (players vs edition, deck sizes vs the deal, lists vs styles). */
export function checkSetup(rules: SquirmishRules, players: number): [string, string] | null {
  if (editionOf(rules, players) === 'videogame' && players !== 2) return ['seats', `the videogame edition is for 2 players, found ${players}; use edition: tabletop for 2-4`];
  if (typeof rules.cards === 'string') return ['rules.cards', 'the card pool file was not loaded'];
  const pool = tableOf(rules);
  const deal = dealOf(rules, players);
  const lists: [string, unknown][] = [['rules.decklist', rules.decklist]];
  rules.miniDecks?.forEach((m, i) => lists.push([`rules.miniDecks.${i}`, m]));
  for (const [field, list] of lists) {
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const problem = unknownCard(list[i], pool.names);
      if (problem) return [`${field}.${i}`, `${JSON.stringify(list[i])}: ${problem}`];
    }
  }
  switch (rules.deckStyle) {
    case 'custom': {
      const n = names(rules.decklist).length;
      if (rules.decklist === undefined) return ['rules.decklist', 'deckStyle custom needs a decklist (36-70 card names)'];
      if (n < CUSTOM_MIN || n > CUSTOM_MAX) return ['rules.decklist', `a custom decklist holds ${CUSTOM_MIN}-${CUSTOM_MAX} cards, found ${n}`];
      break;
    }
    case 'mini':
    case 'constructed-mini': {
      const decks = rules.miniDecks;
      if (!decks) return ['rules.miniDecks', `deckStyle ${rules.deckStyle} needs miniDecks: one 12-card list per seat, or one for all`];
      if (decks.length !== 1 && decks.length !== players) return ['rules.miniDecks', `expected 1 or ${players} mini-decks (one per seat), found ${decks.length}`];
      for (let i = 0; i < decks.length; i++) {
        const n = names(decks[i]).length;
        if (n !== MINI_DECK_SIZE) return [`rules.miniDecks.${i}`, `a mini-deck holds ${MINI_DECK_SIZE} cards, found ${n}`];
      }
      if (rules.deckStyle === 'constructed-mini' && players * MINI_DECK_SIZE > rules.generatedSize && players * MINI_DECK_SIZE > MAX_DECK)
        return ['rules.miniDecks', 'the mini-decks hold more cards than a deck may'];
      break;
    }
    case 'group-monte': {
      if (pool.groupCount === 0) return ['rules.deckStyle', 'group-monte needs a card pool with groups'];
      if (rules.generatedSize > pool.count) return ['rules.generatedSize', `the card pool holds only ${pool.count} cards`];
      if (rules.monteGroups === 'random') {
        if (pool.groupCount < 1) return ['rules.monteGroups', 'the pool has no groups'];
      } else {
        if (rules.monteGroups.length !== players) return ['rules.monteGroups', `expected one group per seat (${players}), found ${rules.monteGroups.length}`];
        let members = 0;
        const named = new Set<number>();
        for (let i = 0; i < rules.monteGroups.length; i++) {
          const g = pool.groupIds.indexOf(rules.monteGroups[i]!);
          if (g < 0) {
            const h = didYouMean(rules.monteGroups[i]!, pool.groupIds);
            return [`rules.monteGroups.${i}`, `no group ${JSON.stringify(rules.monteGroups[i])} in the card pool; expected one of ${pool.groupIds.join(', ')}${h ? ` (did you mean ${JSON.stringify(h)}?)` : ''}`];
          }
          named.add(g);
        }
        for (let c = 0; c < pool.count; c++) if (named.has(pool.group[c]!)) members++;
        if (members > MAX_DECK) return ['rules.monteGroups', `the named groups hold ${members} cards, more than a deck may (${MAX_DECK})`];
      }
      break;
    }
    case 'classic':
      if (pool.count > MAX_DECK) return ['rules.cards', `a deck may hold at most ${MAX_DECK} cards; the pool has ${pool.count} (use deckStyle custom to pick some)`];
      break;
  }
  if (rules.deckStyle === 'constructed-mini' && rules.generatedSize > pool.count + players * MINI_DECK_SIZE)
    return ['rules.generatedSize', 'the pool is too small to fill the generated deck'];
  const size = smallestDeck(rules, players);
  const needed = players * deal + 1;
  if (size < needed) return ['rules.deckStyle', `${players} players need ${needed} cards (deal ${deal} each and turn one up), but the deck holds ${size}`];
  if (rules.drafting) {
    const pool2 = draftPoolOf(rules, players);
    if (pool2 < players * deal) return ['rules.draftPool', `the draft pool must hold at least the ${players * deal} cards the seats pick`];
    if (pool2 > size - 1) return ['rules.draftPool', `the draft pool (${pool2}) must leave a card to turn up; the deck holds ${size}`];
  }
  return null;
}
