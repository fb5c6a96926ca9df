/** Game-agnostic policies, available for every game (a game's own policy of the same name wins). */
import type { PolicySpec } from '../sim/types.js';
import { random } from './random.js';
import { ismcts } from './ismcts.js';

export const genericPolicies: Readonly<Record<string, PolicySpec>> = { random, ismcts };
