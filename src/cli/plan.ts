/** Loading a scenario for a command: scenario mistakes become one-line CLI errors (exit 2). */
import { availableParallelism } from 'node:os';
import { loadScenario } from '../sim/scenario/load.js';
import { ScenarioError } from '../sim/scenario/errors.js';
import type { Plan, PlanOverrides } from '../sim/scenario/types.js';
import { registry } from '../registry.js';
import { CliError, parseCount, parseSeed } from './io.js';

export interface ScenarioOptions {
  games?: string;
  seed?: string;
  variant?: string;
}

export function planFrom(file: string, options: ScenarioOptions): Plan {
  const overrides: PlanOverrides = {};
  if (options.games !== undefined) overrides.games = parseCount(options.games, '--games', 1, 10_000_000_000);
  if (options.seed !== undefined) overrides.seed = parseSeed(options.seed);
  if (options.variant !== undefined) overrides.variant = options.variant;
  try {
    return loadScenario(file, registry, overrides);
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

export const MAX_WORKERS = 256;

export function workersFrom(text: string | undefined): number {
  return text === undefined ? availableParallelism() : parseCount(text, '--workers', 0, MAX_WORKERS);
}
