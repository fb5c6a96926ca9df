/**
 * Worms (docs/rules/worms.md; seed shared/seeds/004_adf46d4ff8d607d1.txt): a card game with
 * standard decks, 2-8 players, three worms each; attack or darkside. Variants: decks,
 * firstSeat, runIncludesEqual, suddenDeath, maxTurns. This module is the template the other
 * games copy: params / state / rules / actions / render / metrics / policies, wired here.
 */
import type { GameModule } from '../../sim/types.js';
import { wormsRulesSchema, type WormsRules, deckCount, CARDS_PER_DECK, WORMS_PER_PLAYER, CARDS_PER_WORM_AT_DEAL } from './params.js';
import { WormsState } from './state.js';
import { reset, legalActions, apply, copy, checkInvariants } from './rules.js';
import { render, describeAction } from './render.js';
import { scene } from './scene.js';
import { wormsMetrics } from './metrics.js';
import { wormsPolicies } from './policies.js';
import { wormsLevels } from './levels.js';
import { wormsStanding } from './standing.js';
import { sortRange } from '../kit/canonical-order.js';

export const worms: GameModule<WormsState, WormsRules> = {
  id: 'worms',
  title: 'Worms',
  rulesDoc: 'docs/rules/worms.md',
  minPlayers: 2,
  maxPlayers: 8,
  hiddenInformation: true,
  visibility: 'every worm and the discard pile are face up; only the order of the deck is hidden',
  rulesSchema: wormsRulesSchema,
  describeSetup: (rules) =>
    rules.setup === 'random' || rules.firstSeat === 'random' ? 'first player drawn at random for every game' : 'seat 0 moves first in every game',
  checkSetup(rules, players) {
    const cards = deckCount(rules, players) * CARDS_PER_DECK;
    const dealt = players * WORMS_PER_PLAYER * CARDS_PER_WORM_AT_DEAL;
    if (dealt > cards)
      return ['rules.decks', `${players} players need ${dealt} cards to deal, but ${rules.decks} deck(s) hold ${cards}`];
    return null;
  },
  shardSize: 20_000,
  maxTurns: (rules) => rules.maxTurns,
  // Attacks: 3 own worms x (players-1) opponents x 3 worms x (draw | no draw), plus 3 darksides.
  actionCapacity: (_rules, players) => 18 * (players - 1) + WORMS_PER_PLAYER,
  createState: (rules, players) => new WormsState(rules, players),
  reset,
  legalActions,
  apply,
  copy,
  // The only hidden information is the deck's order: any seat may re-deal it at random (sorted
  // first, so the deal drawn depends on the rng only, not on the real order).
  determinize: (state, _seat, rng) => {
    sortRange(state.deck, 0, state.deckLen);
    rng.shuffle(state.deck, 0, state.deckLen);
  },
  describeAction,
  render,
  scene,
  checkInvariants,
  metrics: wormsMetrics,
  standing: wormsStanding,
  policies: wormsPolicies,
  levels: wormsLevels,
};
