/**
 * The strength dial for every bot: with probability `p` play a uniformly random legal action,
 * otherwise whatever the wrapped policy chooses. p = 0 is the bot itself, p = 1 is `random`;
 * in between it models a player who mostly plays well but blunders a fraction of the time.
 *
 * Scenarios usually write it as a seat field (`{ policy: greedy, epsilon: 0.3 }` or
 * `{ level: strong, epsilon: 0.3 }`), which the loader turns into this policy with the seat's
 * own policy and parameters inside; `policy: epsilon` with nested params works too.
 *
 * Every random draw comes from the game's one rng, so runs stay deterministic. At p = 0 no
 * draw is made (the game plays exactly as the bot's), and at p = 1 the only draw is the
 * random move's (the game plays exactly as `random`'s).
 */
import { z } from 'zod';
import type { GameState, Policy, PolicyContext, PolicySpec } from '../sim/types.js';
import type { Rng } from '../sim/rng.js';
import { EPSILON_POLICY, epsilonValue } from '../sim/strength.js';
import { checkNestedParams } from './nested-params.js';

class EpsilonPolicy implements Policy {
  constructor(
    private readonly inner: Policy,
    private readonly p: number,
  ) {}

  choose(state: GameState, actions: Int32Array, n: number, rng: Rng): number {
    if (this.p >= 1) return rng.int(n);
    if (this.p > 0 && rng.next() < this.p) return rng.int(n);
    return this.inner.choose(state, actions, n, rng);
  }
}

/**
 * The epsilon policy over a game's other policies (`available`: every policy the game may use,
 * generic ones included). Its parameters name the wrapped policy and that policy's parameters,
 * which are checked with the wrapped policy's own schema.
 */
export function epsilonPolicy(available: Readonly<Record<string, PolicySpec>>): PolicySpec {
  const names = Object.keys(available).filter((name) => name !== EPSILON_POLICY);
  const paramsSchema = z
    .strictObject({
      p: epsilonValue.default(0.1),
      policy: z.enum(names as [string, ...string[]]).default('random').describe('The policy that plays when the move is not random.'),
      params: z.record(z.string(), z.unknown()).default({}).describe("That policy's parameters; its defaults apply to any left out."),
    })
    .superRefine((value, ctx) => checkNestedParams(available, value.policy, value.params, ['params'], ctx));
  return {
    description: "Strength dial for any bot: with probability p a uniformly random legal move, otherwise the wrapped policy's (usually written as a seat's `epsilon` field).",
    paramsSchema,
    create(params: z.output<typeof paramsSchema>, ctx: PolicyContext) {
      const spec = available[params.policy];
      if (!spec) throw new Error(`epsilon: ${ctx.game.id} has no policy ${JSON.stringify(params.policy)}`);
      return new EpsilonPolicy(spec.create(spec.paramsSchema.parse(params.params), ctx), params.p);
    },
  };
}
