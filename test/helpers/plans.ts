/** Building plans for tests from inline scenario data, through the real loader. */
import { buildPlan } from '../../src/sim/scenario/load.js';
import type { Plan, PlanOverrides } from '../../src/sim/scenario/types.js';
import { registry } from '../../src/registry.js';

export function planOf(data: Record<string, unknown>, overrides: PlanOverrides = {}): Plan {
  return buildPlan({ seats: [{ policy: 'random' }], ...data }, 'inline.yaml', registry, overrides);
}
