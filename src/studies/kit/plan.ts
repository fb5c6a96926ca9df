/** Loading a scenario for a command: scenario mistakes become one-line CLI errors (exit 2). */
import { loadCells, readScenarioData, buildPlan } from '../../sim/scenario/load.js';
import { dataRootsFromEnv } from '../../sim/scenario/files.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import type { Plan, PlanOverrides } from '../../sim/scenario/types.js';
import { registry } from '../../registry.js';
import { EPSILON_POLICY } from '../../sim/strength.js';
import { CliError } from './io.js';
import type { PlanChoice } from './options.js';
import type { RunRecord } from '../../runner/results.js';

/** The scenario's cells: one plan, or one per grid point of its sweep. */
export function cellsFrom(file: string, choice: PlanChoice): Plan[] {
  try {
    return loadCells(file, registry, overridesOf(choice));
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

/** The overrides for a choice made on the command line, with the data folders from the environment. */
export function overridesOf(choice: PlanChoice): PlanOverrides {
  const overrides: PlanOverrides = {};
  const dataRoots = dataRootsFromEnv();
  if (dataRoots.length > 0) overrides.dataRoots = dataRoots;
  if (choice.games !== undefined) overrides.games = choice.games;
  if (choice.seed !== undefined) overrides.seed = choice.seed;
  if (choice.variant !== undefined) overrides.variant = choice.variant;
  return overrides;
}

/**
 * A scenario that has a sweep is many plans; `command` plays one. Refusing says so, where
 * quietly taking the sweep's base would answer a question the designer did not ask.
 */
export function refuseSweep(data: unknown, file: string, command: string): void {
  if (data === null || typeof data !== 'object' || !('sweep' in data)) return;
  throw new CliError(`${file}: sweep: \`squabble ${command}\` plays one scenario, not a sweep; run the sweep with \`squabble run ${file}\`, or remove its \`sweep\` (or copy one cell's values into a scenario of its own) for ${command}`);
}

/** The scenario's one plan, for commands that play a single plan (`command` names it in errors). */
export function planFrom(file: string, choice: PlanChoice, command: string): Plan {
  try {
    const { data, lineOf } = readScenarioData(file);
    refuseSweep(data, file, command);
    return buildPlan(data, file, registry, overridesOf(choice), lineOf);
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

/**
 * A data file checked alone: the smallest scenario of `game` whose `rules` use it, validated as
 * if it stood beside the file, so every message is the one a run would give (mistakes inside the
 * file name the file, its line and field; cross-checks name the rules field that uses it).
 */
export function dataFilePlan(file: string, game: string, players: number, rules: Record<string, unknown>): Plan {
  const data = { game, seats: Array.from({ length: players }, () => ({ policy: 'random' })), games: 1, rules };
  try {
    return buildPlan(data, file, registry, overridesOf({}), () => null);
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

/** Search iterations per command (over every game, seat and plan) above which it warns that it will take very long. */
export const SEARCH_WARNING_ITERATIONS = 100_000_000;

/**
 * A warning for runs whose search policies (ismcts) will take days: the iterations per decision
 * summed over the seats, times the games, is a lower bound on the iterations played. The cap on
 * iterations per decision (the policy's schema) stops a typo like 1e9; this catches a large but
 * legal setting times a large game count. `plans` are all played for `games` games each (a
 * sweep's cells, compare's two variants, a tournament's pairings: `unit` names them); `advice`
 * says how this command's run can be made shorter. Null when the run is modest.
 */
export function searchWarning(plans: readonly Plan[], games: number, unit = 'cells', advice = 'Lower --games or the iterations, or stop early with --until.'): string | null {
  let perGame = 0;
  for (const plan of plans)
    for (const seat of plan.seats) {
      // A search turned down by the strength dial still searches on most moves.
      const search = seat.policy === EPSILON_POLICY && seat.params.policy === 'ismcts' ? (seat.params.params as Record<string, unknown>) : seat.policy === 'ismcts' ? seat.params : null;
      if (search && typeof search.iterations === 'number') perGame += search.iterations;
    }
  const total = perGame * games;
  if (total <= SEARCH_WARNING_ITERATIONS) return null;
  return `warning: at least ${total.toExponential(1)} search iterations (ismcts iterations per decision x ${games.toLocaleString('en-US')} games${plans.length > 1 ? ` x ${plans.length} ${unit}` : ''}); a search plays a few thousand iterations a second, so this run may take days. ${advice}\n`;
}

/**
 * The plan a finished run played: its scenario file, seed and variant (run.json). Refused when
 * the file now gives other games (edited, or a different file at that path): replaying it would
 * show games the run never played under the run's name.
 */
export function planOfRun(run: RunRecord): Plan {
  const plan = planFrom(run.scenario, { seed: run.seed, ...(run.variant !== null ? { variant: run.variant } : {}) }, 'replay');
  if (plan.scenarioHash !== run.scenarioHash || plan.masterSeed !== run.masterSeed)
    throw new CliError(`${run.scenario} no longer plays this run's games (scenario hash ${plan.scenarioHash}, the run's ${run.scenarioHash}): it was edited after the run, so its example games cannot be replayed from it`);
  return plan;
}
