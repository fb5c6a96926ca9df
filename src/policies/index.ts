/**
 * Game-agnostic policies, available for every game (a game's own policy of the same name wins).
 * The two built over a game's other policies, the rollout expert (rollout.ts) and the strength
 * dial (epsilon.ts), are added per game by src/registry.ts.
 */
import type { PolicySpec } from '../sim/types.js';
import { random } from './random.js';
import { ismcts } from './ismcts.js';

export const genericPolicies: Readonly<Record<string, PolicySpec>> = { random, ismcts };
