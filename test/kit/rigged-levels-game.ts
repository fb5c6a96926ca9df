/**
 * The rigged die game (rigged-game.ts) with one decision that two skill levels take differently,
 * so a card's verdict must depend on the bot: holding the first card (Ace), seat 0's first move
 * may play straight (action 0) or throw the game (action 1, seat 1 wins). Level `honest` always
 * plays straight, level `thrower` always throws: under honest Ace wins its rules winRate, under
 * thrower it wins nothing. Registered only by the tests that call registerRiggedLevelsGame().
 */
import { z } from 'zod';
import type { AnyGameModule, GameModule, PolicySpec } from '../../src/sim/types.js';
import { games } from '../../src/games/index.js';
import { rigged, type RiggedRules, type RiggedState } from './rigged-game.js';

const THROW = 1;

const choosing = (pick: (n: number) => number, description: string): PolicySpec => ({
  description,
  paramsSchema: z.strictObject({}),
  create: () => ({ choose: (_s, _a, n) => pick(n) }),
});

export const riggedLevels: GameModule<RiggedState, RiggedRules> = {
  ...rigged,
  id: 'rigged-levels',
  title: 'Rigged die game with a throw (tests only)',
  actionCapacity: () => 2,
  legalActions(s, out) {
    out[0] = 0;
    if (s.turns > 0 || s.toMove !== 0 || s.card !== 0) return 1;
    out[1] = THROW;
    return 2;
  },
  apply(s, action, rng) {
    // A thrown game still runs its turns (the same random numbers), only its winner changes.
    if (action === THROW) s.outcome = 1;
    rigged.apply(s, 0, rng);
  },
  policies: {
    honest: choosing(() => 0, 'plays straight'),
    thrower: choosing((n) => n - 1, 'throws the game whenever it can'),
  },
  levels: [
    { name: 'honest', description: 'plays straight', policy: 'honest' },
    { name: 'thrower', description: 'throws the game holding Ace', policy: 'thrower' },
  ],
};

export function registerRiggedLevelsGame(): void {
  (games as Record<string, AnyGameModule>)['rigged-levels'] ??= riggedLevels as unknown as AnyGameModule;
}
