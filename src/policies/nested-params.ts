/** Checking the parameters a wrapping policy (epsilon, rollout) passes to a policy it names. */
import type { z } from 'zod';
import type { PolicySpec } from '../sim/types.js';

/**
 * Add an issue at `path` + the field for every problem of `params` under the named policy's own
 * schema (an unknown name is left to the enum that lists the names). Each issue carries the
 * offending value itself, so the message quotes it rather than the whole parameter object.
 */
export function checkNestedParams(available: Readonly<Record<string, PolicySpec>>, name: string, params: unknown, path: readonly (string | number)[], ctx: z.RefinementCtx): void {
  const spec = available[name];
  if (!spec) return;
  const result = spec.paramsSchema.safeParse(params, { reportInput: true });
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as z.core.$ZodRawIssue);
}
