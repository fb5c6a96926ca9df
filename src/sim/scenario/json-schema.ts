/**
 * The JSON Schema of scenario files (scenarios/schema.json), generated from the same zod
 * schemas the loader validates with, so editors autocomplete exactly what the loader accepts.
 * One branch per game, so `rules`, `variants` and each seat's policy parameters are specific
 * to the game named in `game`.
 */
import { z } from 'zod';
import { baseScenarioSchema } from './schema.js';
import type { Registry } from './types.js';
import { epsilonValue } from '../strength.js';

export function scenarioJsonSchema(registry: Registry): Record<string, unknown> {
  const ids = Object.keys(registry.games) as [string, ...string[]];
  const base = baseScenarioSchema(ids);
  const branches = Object.values(registry.games).map((game) => {
    const name = z.string().min(1).max(80).optional().describe('Label for reports.');
    const epsilon = epsilonValue.optional();
    const policies: z.ZodType[] = Object.entries(registry.policiesFor(game)).map(([policy, spec]) =>
      z.strictObject({ policy: z.literal(policy).describe(spec.description), params: spec.paramsSchema.optional(), epsilon, name }),
    );
    const levels = (game.levels ?? []).map((l) => l.name);
    if (levels.length > 0)
      policies.push(z.strictObject({ level: z.enum(levels as [string, ...string[]]).describe(`Skill level of ${game.id}, weakest first.`), epsilon, name }));
    const seat = policies.length === 1 ? policies[0]! : z.union(policies as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    const rules = game.rulesSchema;
    const partialRules = rules instanceof z.ZodObject ? rules.partial() : rules;
    return base.extend({
      game: z.literal(game.id).describe(game.title),
      rules: rules.optional(),
      variants: z.record(z.string(), partialRules).optional().describe(base.shape.variants.description ?? ''),
      seats: z.array(seat).min(1),
      entrants: z.array(seat).min(2).optional().describe(base.shape.entrants.description ?? ''),
    });
  });
  const schema = branches.length === 1 ? branches[0]! : z.union(branches as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  return {
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://squabble.dev/scenario.schema.json',
    title: 'squabble scenario',
  };
}
