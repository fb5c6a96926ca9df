/**
 * Squirmish (shared/rules/squirmish.md; seeds shared/seeds/000_9e986050f2d0a543.txt, videogame
 * edition, and 001_1589a2333f043d08.txt, tabletop edition): a card battle on a growing grid.
 * Cards are data in the card language of docs/cards.md. Variants: edition, inPlayLimit,
 * handLimit, weighIn, reattach, deckOut, victoryTarget, maxTurns; deck styles classic, custom,
 * mini, group-monte, constructed-mini, and drafting.
 */
import type { GameModule } from '../../sim/types.js';
import { squirmishRulesSchema, type SquirmishRules, prepareRules, checkSetup, MAX_PLAYERS } from './params.js';
import { SquirmishState } from './state.js';
import { reset, legalActions, apply, copy, checkInvariants, determinize, actionCapacityOf } from './rules.js';
import { render, describeAction } from './render.js';
import { squirmishMetrics } from './metrics.js';
import { squirmishPolicies } from './policies.js';
import { squirmishLevels } from './levels.js';
import { squirmishStats } from './stats.js';

export const squirmish: GameModule<SquirmishState, SquirmishRules> = {
  id: 'squirmish',
  title: 'Squirmish',
  rulesDoc: 'rules/squirmish.md',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  hiddenInformation: true,
  visibility:
    "a seat sees its own hand, the grid (every card's controller, damage and statuses), the discard and victory piles, every pile's size and the draft row; " +
    "not the deck's order or contents, nor other seats' hands (except cards it has been shown: drafted cards, a hand it looked at), nor another seat's weigh-in pick before the reveal",
  rulesSchema: squirmishRulesSchema,
  prepareRules,
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
  determinize,
  checkInvariants,
  metrics: squirmishMetrics,
  policies: squirmishPolicies,
  levels: squirmishLevels,
  stats: squirmishStats,
};
