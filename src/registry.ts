/** Games and the policies each may use: the one place that knows them all. */
import type { AnyGameModule, PolicySpec } from './sim/types.js';
import type { Registry } from './sim/scenario/types.js';
import { games } from './games/index.js';
import { genericPolicies } from './policies/index.js';
import { epsilonPolicy } from './policies/epsilon.js';
import { ROLLOUT_POLICY, rolloutPolicy } from './policies/rollout.js';
import { EPSILON_POLICY } from './sim/strength.js';

const cachedPolicies = new WeakMap<AnyGameModule, Readonly<Record<string, PolicySpec>>>();

export const registry: Registry = {
  games,
  policiesFor(game: AnyGameModule): Readonly<Record<string, PolicySpec>> {
    let all = cachedPolicies.get(game);
    if (!all) {
      const own = { ...genericPolicies, ...(game.policies as Record<string, PolicySpec>) };
      // The rollout expert plays any of the others as its base, and the strength dial wraps any
      // of those (the rollout expert included), so each is built over the ones before it.
      const searched = { ...own, [ROLLOUT_POLICY]: rolloutPolicy(own) };
      all = { ...searched, [EPSILON_POLICY]: epsilonPolicy(searched) };
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
