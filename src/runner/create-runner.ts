/** Build a GameRunner for a plan from the registry (the runner layer may name games; src/sim may not). */
import { GameRunner } from '../sim/batch.js';
import type { Plan } from '../sim/scenario/types.js';
import { registry, gameOf } from '../registry.js';

export function createRunner(plan: Plan, cell = 0): GameRunner {
  const game = gameOf(plan.game);
  const available = registry.policiesFor(game);
  const specs = plan.seats.map((seat) => {
    const spec = available[seat.policy];
    if (!spec) throw new Error(`policy ${JSON.stringify(seat.policy)} is not available for ${game.id}`);
    return spec;
  });
  return new GameRunner(game, plan, specs, cell);
}
