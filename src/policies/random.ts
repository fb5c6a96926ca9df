/**
 * The reference policy: a uniformly random legal action, floor(rng.next() * n) over the game's
 * enumeration order. Each rules doc fixes that order, so this policy is exactly the doc's
 * `random` and its results can be compared with an independent implementation.
 */
import { z } from 'zod';
import type { PolicySpec } from '../sim/types.js';

export const random: PolicySpec = {
  description: "Uniformly random legal action, in the rules doc's enumeration order (the reference policy).",
  paramsSchema: z.strictObject({}),
  // uniform: the engine may draw rng.int(n) itself and ask the game for just that action (engine.ts).
  create: () => ({ choose: (_state, _actions, n, rng) => rng.int(n), uniform: true }),
};
