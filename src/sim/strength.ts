/**
 * The strength dial's name and value, shared by the scenario loader (which turns a seat's
 * `epsilon` field into the wrapper policy) and the wrapper itself (src/policies/epsilon.ts).
 */
import { z } from 'zod';

export const EPSILON_POLICY = 'epsilon';

export const epsilonValue = z
  .number()
  .min(0)
  .max(1)
  .describe("Chance of a uniformly random legal move instead of the bot's choice at each decision: 0 = the bot as it is, 1 = random.");

/** Two dials in a row (a level's and a seat's): the chance that either makes the move random. */
export function combinedEpsilon(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
}
