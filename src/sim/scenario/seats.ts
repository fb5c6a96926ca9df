/**
 * Seat resolution: one seat entry (of `seats`, `entrants` or `compareLevels`) as the policy and
 * parameters that play it, and its label; a `level` stands for its policy and parameters, and
 * `epsilon` wraps them in the epsilon policy.
 */
import { found, didYouMean } from './errors.js';
import type { SeatPlan } from './types.js';
import { EPSILON_POLICY, combinedEpsilon } from '../strength.js';
import type { AnyGameModule, PolicySpec, SkillLevel } from '../types.js';
import type { SeatInput } from './schema.js';
import { parse } from './validate.js';

/** The game's level called `name`; a name it does not have fails at `path`, listing the levels it has. */
export function levelNamed(name: string, path: readonly PropertyKey[], game: AnyGameModule, fail: (path: readonly PropertyKey[], problem: string) => never): SkillLevel {
  const levels = game.levels ?? [];
  const level = levels.find((l) => l.name === name);
  if (level) return level;
  const names = levels.map((l) => l.name);
  const hint = didYouMean(name, names);
  return fail(path, `expected one of ${names.join(', ') || '(none: this game has no levels)'} for ${game.id}; found ${found(name)}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
}

/**
 * One seat entry (of `seats` or `entrants`) as the policy and parameters that play it: a
 * `level` stands for its policy and parameters, and `epsilon` (the strength dial, on a policy
 * or a level) wraps them in the epsilon policy.
 */
export function resolveSeat(
  seat: SeatInput,
  path: readonly PropertyKey[],
  game: AnyGameModule,
  available: Readonly<Record<string, PolicySpec>>,
  fail: (path: readonly PropertyKey[], problem: string) => never,
): SeatPlan {
  let policy: string;
  let params: Record<string, unknown>;
  let label: string;
  let epsilon = seat.epsilon;
  if (seat.level !== undefined) {
    if (seat.policy !== undefined) fail([...path, 'policy'], 'a seat gives `policy` or `level`, not both');
    if (seat.params !== undefined) fail([...path, 'params'], 'a level fixes its parameters; use `policy` and `params` to set them by hand');
    const level = levelNamed(seat.level, [...path, 'level'], game, fail);
    policy = level.policy;
    params = available[policy]!.paramsSchema.parse(level.params ?? {}) as Record<string, unknown>;
    label = level.name;
    if (level.epsilon !== undefined) epsilon = epsilon === undefined ? level.epsilon : combinedEpsilon(level.epsilon, epsilon);
  } else {
    if (seat.policy === undefined) return fail([...path, 'policy'], 'missing; expected a policy name (`policy`) or a skill level (`level`)');
    policy = seat.policy;
    const spec = Object.hasOwn(available, policy) ? available[policy] : undefined;
    if (!spec) {
      const names = Object.keys(available);
      const hint = didYouMean(policy, names);
      return fail([...path, 'policy'], `expected one of ${names.join(', ')} for ${game.id}; found ${found(policy)}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
    }
    params = parse(spec.paramsSchema, seat.params ?? {}, [...path, 'params'], fail) as Record<string, unknown>;
    const problem = spec.check?.(params, game);
    if (problem) fail([...path, 'params', problem.field], problem.problem);
    label = policyLabel(policy, params, spec.paramsSchema.parse({}));
  }
  if (epsilon !== undefined) {
    if (policy === EPSILON_POLICY) fail([...path, 'epsilon'], 'the epsilon policy already is the strength dial; set its `p` instead');
    params = { p: epsilon, policy, params };
    policy = EPSILON_POLICY;
  }
  // A level's own dial is part of its name; a seat's is shown.
  if (seat.epsilon !== undefined) label = label.endsWith(')') ? `${label.slice(0, -1)}, epsilon=${seat.epsilon})` : `${label}(epsilon=${seat.epsilon})`;
  return { policy, params, label: seat.name ?? label };
}

function policyLabel(policy: string, params: Record<string, unknown>, defaults: Record<string, unknown>): string {
  const changed = Object.keys(params)
    .sort()
    .filter((k) => JSON.stringify(params[k]) !== JSON.stringify(defaults[k]))
    .map((k) => `${k}=${JSON.stringify(params[k])}`);
  return changed.length ? `${policy}(${changed.join(', ')})` : policy;
}
