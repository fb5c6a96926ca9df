/**
 * Squish! (shared/rules/squish.md; seed shared/seeds/002_a8aaa271655d6064.txt): a block-pushing
 * board game for 2-8 players. Each turn the mover rolls a block in a direction (d10: 1-8, 9 =
 * roller chooses, 0 = no move) with a force (d6) — in the advanced game a die picks one of the
 * numbered blocks — then moves its marker up to a d6 squares. Blocks bounce off walls and
 * blocks, push markers and squish them against walls and blocks. Simple game: the last marker
 * on the board wins. Advanced game: collect the shards of blocks 1-4 and return to the start.
 * Scenario data: board size, blocks, start squares, mode. Variants: forces (first-hit |
 * cumulative), resolution (sequential | simultaneous), firstSeat, maxTurns.
 */
import type { GameModule } from '../../sim/types.js';
import { squishRulesSchema, type SquishRules, checkLayout, actionCapacityOf, setupOf, MAX_PLAYERS } from './params.js';
import { SquishState } from './state.js';
import { reset, legalActions, apply, copy, checkInvariants } from './rules.js';
import { render, describeAction } from './render.js';
import { squishMetrics } from './metrics.js';
import { squishPolicies } from './policies.js';
import { squishLevels } from './levels.js';

export const squish: GameModule<SquishState, SquishRules> = {
  id: 'squish',
  title: 'Squish!',
  rulesDoc: 'rules/squish.md',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  hiddenInformation: false,
  visibility: 'everything is on the board: blocks, markers and shards; only future dice are unknown',
  rulesSchema: squishRulesSchema,
  checkSetup: (rules, players) => checkLayout(rules, players),
  setup: (rules, players) => setupOf(rules, players),
  shardSize: 5_000,
  maxTurns: (rules) => rules.maxTurns,
  actionCapacity: (rules, players) => actionCapacityOf(rules, players),
  createState: (rules, players) => new SquishState(rules, players),
  reset,
  legalActions,
  apply,
  copy,
  describeAction,
  render,
  checkInvariants,
  metrics: squishMetrics,
  policies: squishPolicies,
  levels: squishLevels,
};
