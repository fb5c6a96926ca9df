/**
 * Squirmish (docs/rules/squirmish.md; seeds shared/seeds/000_9e986050f2d0a543.txt, videogame
 * edition, and 001_1589a2333f043d08.txt, tabletop edition): a card battle on a growing grid.
 * Cards are data in the card language of docs/cards.md. Variants: edition, inPlayLimit,
 * handLimit, weighIn, reattach, deckOut, victoryTarget, maxTurns; deck styles classic, custom,
 * mini, group-monte, constructed-mini, and drafting.
 */
import type { GameModule } from '../../sim/types.js';
import { squirmishRulesSchema, type SquirmishRules, prepareRules, checkSetup, poolOf, editionOf, MINI_DECK_SIZE, MAX_PLAYERS } from './params.js';
import { SquirmishState } from './state.js';
import { reset, apply, copy, actionCapacityOf } from './rules.js';
import { determinize } from './determinize.js';
import { checkInvariants } from './invariants.js';
import { legalActions } from './legal.js';
import { render, describeAction } from './render.js';
import { scene } from './scene.js';
import { squirmishMetrics } from './metrics.js';
import { squirmishPolicies } from './policies.js';
import { squirmishLevels } from './levels.js';
import { squirmishStats } from './stats.js';
import { squirmishStanding } from './standing.js';

/**
 * A list of card names (a decklist or mini-deck file) rather than a deck of cards: a non-empty
 * list with no mappings in it. Shorter than two mini-decks it is taken for a mini-deck.
 */
function isNameList(cards: unknown): cards is unknown[] {
  return Array.isArray(cards) && cards.length > 0 && cards.every((c) => c === null || typeof c !== 'object');
}

export const squirmish: GameModule<SquirmishState, SquirmishRules> = {
  id: 'squirmish',
  title: 'Squirmish',
  rulesDoc: 'docs/rules/squirmish.md',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  hiddenInformation: true,
  visibility:
    "a seat sees its own hand, the grid (every card's controller, damage and statuses), the discard and victory piles, every pile's size and the draft row; " +
    "not the deck's order or contents, nor other seats' hands (except cards it has been shown: drafted cards, a hand it looked at), nor another seat's weigh-in pick before the reveal",
  rulesSchema: squirmishRulesSchema,
  describeSetup: (rules, players) => {
    const start = rules.drafting ? 'a random seat drafts first; ' : '';
    return editionOf(rules, players) === 'videogame'
      ? `${start}the weigh-in decides who starts (${rules.weighIn} HP pick, ties at random), every game`
      : `${start}first player drawn at random for every game (the tabletop rules)`;
  },
  prepareRules,
  dataFiles: [
    {
      kind: 'deck',
      keys: 'cards (a list of cards)',
      recognise: (data) => 'cards' in data && !isNameList(data.cards),
      rulesUsing: (ref) => ({ cards: ref }),
      players: 2,
      summary: (rules) => `${poolOf(rules).cards.length} cards`,
    },
    {
      kind: 'mini-deck',
      keys: `cards (a list of ${MINI_DECK_SIZE} card names)`,
      recognise: (data) => isNameList(data.cards) && data.cards.length < 2 * MINI_DECK_SIZE,
      rulesUsing: (ref) => ({ deckStyle: 'mini', miniDecks: [ref] }),
      players: 2,
      summary: () => `${MINI_DECK_SIZE} cards of the built-in Classic 70 pool`,
    },
    {
      kind: 'decklist',
      keys: 'cards (a list of card names)',
      recognise: (data) => isNameList(data.cards) && data.cards.length >= 2 * MINI_DECK_SIZE,
      rulesUsing: (ref) => ({ deckStyle: 'custom', decklist: ref }),
      players: 2,
      summary: (rules) => `${rules.decklist?.length ?? 0} cards of the built-in Classic 70 pool`,
    },
  ],
  checkSetup,
  shardSize: 5_000,
  maxTurns: (rules) => rules.maxTurns,
  actionCapacity: (rules, players) => {
    const s = new SquirmishState(rules, players);
    return actionCapacityOf(s);
  },
  createState: (rules, players) => new SquirmishState(rules, players),
  reset,
  legalActions,
  apply,
  copy,
  describeAction,
  render,
  scene,
  determinize,
  checkInvariants,
  metrics: squirmishMetrics,
  standing: squirmishStanding,
  policies: squirmishPolicies,
  levels: squirmishLevels,
  stats: squirmishStats,
};
