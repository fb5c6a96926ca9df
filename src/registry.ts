/** Games and the policies each may use: the one place that knows them all. */
import type { AnyGameModule, PolicySpec } from './sim/types.js';
import type { Registry } from './sim/scenario/types.js';
import { games } from './games/index.js';
import { genericPolicies } from './policies/index.js';

export const registry: Registry = {
  games,
  policiesFor(game: AnyGameModule): Readonly<Record<string, PolicySpec>> {
    return { ...genericPolicies, ...(game.policies as Record<string, PolicySpec>) };
  },
};

export function gameOf(id: string): AnyGameModule {
  const game = games[id];
  if (!game) throw new Error(`unknown game ${JSON.stringify(id)}`);
  return game;
}
