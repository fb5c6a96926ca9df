/**
 * Worms rules and their named variants (docs/rules/worms.md). Defaults are the rules doc's
 * defaults; the doc comment of each field is what `squabble list` and the JSON Schema show.
 */
import { z } from 'zod';
import { setupField } from '../../sim/setup.js';

export const wormsRulesSchema = z
  .strictObject({
    decks: z
      .union([z.literal('auto'), z.number().int().min(1).max(8)])
      .default('auto')
      .describe('Number of 52-card decks: auto = 1 for 2-3 players, 2 for 4 or more.'),
    firstSeat: z
      .union([z.literal(0), z.literal('random')])
      .default(0)
      .describe('Who moves first: seat 0, or a seat drawn at random for each game.'),
    setup: setupField('who moves first (as firstSeat: random). Worms has no other set-up choice.'),
    runIncludesEqual: z
      .boolean()
      .default(false)
      .describe('Descending run also removes a card equal to the one above it.'),
    suddenDeath: z
      .boolean()
      .default(false)
      .describe('With two players left on one worm each, both lose their bottom card every round.'),
    maxTurns: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(2000)
      .describe('Turn cap over all players; a game still running is counted as capped.'),
  })
  .describe('Worms rules (docs/rules/worms.md)');

export type WormsRules = z.output<typeof wormsRulesSchema>;

export const WORMS_PER_PLAYER = 3;
export const CARDS_PER_WORM_AT_DEAL = 4;
export const CARDS_PER_DECK = 52;

export function deckCount(rules: WormsRules, players: number): number {
  return rules.decks === 'auto' ? (players >= 4 ? 2 : 1) : rules.decks;
}
