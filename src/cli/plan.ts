/** Loading a scenario for a command: scenario mistakes become one-line CLI errors (exit 2). */
import { availableParallelism } from 'node:os';
import { loadScenario, loadCells } from '../sim/scenario/load.js';
import { ScenarioError } from '../sim/scenario/errors.js';
import type { Plan, PlanOverrides } from '../sim/scenario/types.js';
import { registry } from '../registry.js';
import { CliError, parseCount, parseSeed } from './io.js';

export interface ScenarioOptions {
  games?: string;
  seed?: string;
  variant?: string;
}

/** The scenario's cells: one plan, or one per grid point of its sweep. */
export function cellsFrom(file: string, options: ScenarioOptions): Plan[] {
  try {
    return loadCells(file, registry, overridesOf(options));
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

function overridesOf(options: ScenarioOptions): PlanOverrides {
  const overrides: PlanOverrides = {};
  if (options.games !== undefined) overrides.games = parseCount(options.games, '--games', 1, 10_000_000_000);
  if (options.seed !== undefined) overrides.seed = parseSeed(options.seed);
  if (options.variant !== undefined) overrides.variant = options.variant;
  return overrides;
}

export function planFrom(file: string, options: ScenarioOptions): Plan {
  try {
    return loadScenario(file, registry, overridesOf(options));
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

export const MAX_WORKERS = 256;

export function workersFrom(text: string | undefined): number {
  return text === undefined ? availableParallelism() : parseCount(text, '--workers', 0, MAX_WORKERS);
}
