/** Games and the policies each may use: the one place that knows them all. */
import type { AnyGameModule, PolicySpec } from './sim/types.js';
import type { Registry } from './sim/scenario/types.js';
import { games } from './games/index.js';
import { genericPolicies } from './policies/index.js';
import { epsilonPolicy } from './policies/epsilon.js';
import { EPSILON_POLICY } from './sim/strength.js';

const cachedPolicies = new WeakMap<AnyGameModule, Readonly<Record<string, PolicySpec>>>();

export const registry: Registry = {
  games,
  policiesFor(game: AnyGameModule): Readonly<Record<string, PolicySpec>> {
    let all = cachedPolicies.get(game);
    if (!all) {
      const own = { ...genericPolicies, ...(game.policies as Record<string, PolicySpec>) };
      // The strength dial wraps any of the others, so it is built over them.
      all = { ...own, [EPSILON_POLICY]: epsilonPolicy(own) };
      cachedPolicies.set(game, all);
    }
    return all;
  },
};

export function gameOf(id: string): AnyGameModule {
  const game = games[id];
  if (!game) throw new Error(`unknown game ${JSON.stringify(id)}`);
  return game;
}
