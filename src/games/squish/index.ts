/**
 * Squish! (docs/rules/squish.md; seed shared/seeds/002_a8aaa271655d6064.txt): a block-pushing
 * board game for 2-8 players. Each turn the mover rolls a block in a direction (d10: 1-8, 9 =
 * roller chooses, 0 = no move) with a force (d6) — in the advanced game a die picks one of the
 * numbered blocks — then moves its marker up to a d6 squares. Blocks bounce off walls and
 * blocks, push markers and squish them against walls and blocks. Simple game: the last marker
 * on the board wins. Advanced game: collect the shards of blocks 1-4 and return to the start.
 * Scenario data: board size, blocks, start squares, mode. Variants: forces (first-hit |
 * cumulative), resolution (sequential | simultaneous), firstSeat, maxTurns.
 */
import type { GameModule } from '../../sim/types.js';
import { squishRulesSchema, type SquishRules, checkLayout, actionCapacityOf, squishRuleScope, setupOf, prepareBoard, layoutOf, BOARD_FIELDS, MAX_PLAYERS } from './params.js';
import { SquishState } from './state.js';
import { reset, apply, copy } from './rules.js';
import { legalActions } from './markers.js';
import { countActions, actionAt } from './move-count.js';
import { checkInvariants } from './invariants.js';
import { render, describeAction } from './render.js';
import { scene } from './scene.js';
import { squishMetrics } from './metrics.js';
import { squishPolicies } from './policies.js';
import { squishLevels } from './levels.js';
import { squishStanding } from './standing.js';

export const squish: GameModule<SquishState, SquishRules> = {
  id: 'squish',
  title: 'Squish!',
  rulesDoc: 'docs/rules/squish.md',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  hiddenInformation: false,
  visibility: 'everything is on the board: blocks, markers and shards; only future dice are unknown',
  rulesSchema: squishRulesSchema,
  prepareRules: prepareBoard,
  dataFiles: [
    {
      kind: 'board',
      keys: BOARD_FIELDS.join(', '),
      recognise: (data) => BOARD_FIELDS.some((field) => field in data),
      rulesUsing: (ref) => ({ board: ref }),
      players: 2,
      summary: (rules) => {
        const layout = layoutOf(rules, 2);
        return `${layout.width} x ${layout.height}, ${layout.blocks.length} block${layout.blocks.length === 1 ? '' : 's'}, ${rules.starts ? `${rules.starts.length} start squares` : 'default start squares'}`;
      },
    },
  ],
  ruleScope: squishRuleScope,
  checkSetup: (rules, players) => checkLayout(rules, players),
  setup: (rules, players) => setupOf(rules, players),
  describeSetup: (rules) =>
    rules.setup === 'random'
      ? 'start squares dealt to the seats and first player drawn at random for every game'
      : `seat i starts on start square i; ${rules.firstSeat === 'random' ? 'first player drawn at random for every game' : 'seat 0 moves first in every game'}`,
  shardSize: 5_000,
  maxTurns: (rules) => rules.maxTurns,
  actionCapacity: (rules, players) => actionCapacityOf(rules, players),
  createState: (rules, players) => new SquishState(rules, players),
  reset,
  legalActions,
  countActions,
  actionAt,
  apply,
  copy,
  describeAction,
  render,
  scene,
  checkInvariants,
  metrics: squishMetrics,
  standing: squishStanding,
  policies: squishPolicies,
  levels: squishLevels,
};
