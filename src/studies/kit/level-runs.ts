/**
 * Playing a plan's tables under skill levels (a scenario's `compareLevels` in `run`, and
 * `squabble levels`): one run per level with every seat at that level, on the plan's seed and
 * game count (game i starts from the same seed under every level, so the runs are paired as far
 * as the games stay alike), and one more of the first level on another seed, the ceiling. A
 * level whose plan is the scenario's own (same seats, rules and seed) reuses the scenario's
 * games instead of playing them again. The comparison itself is src/analysis/level-ratings.ts.
 */
import { levelPlan } from '../../sim/scenario/load.js';
import type { CompareLevel, Plan } from '../../sim/scenario/types.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { summarise, type BalanceSheet, type LevelRatings } from '../../sim/stats/summary.js';
import { runPlan } from '../../runner/pool.js';
import { gameOf } from '../../registry.js';
import { balanceSheets } from '../../analysis/balance.js';
import { compareLevelSheets } from '../../analysis/level-ratings.js';
import { EPSILON_POLICY } from '../../sim/strength.js';
import { Progress } from './progress.js';
import type { CliIO } from './io.js';

export interface LevelRunsOptions {
  workers: number;
  /** The scenario's own finished games, reused for a level whose plan is the scenario's. */
  scenarioRun?: { plan: Plan; acc: Accumulator };
  signal?: AbortSignal;
  /** Progress lines and bars on stderr (none when quiet). */
  io: CliIO;
  quiet: boolean;
}

/** The seed of the ceiling run: the first level again, on games unlike the others. */
export function ceilingSeed(seed: number | string): string {
  return `${String(seed)}-again`;
}

/** Play `plan` under each level (and the ceiling) and compare the balance sheets. */
export async function rateUnderLevels(plan: Plan, levels: readonly CompareLevel[], options: LevelRunsOptions): Promise<LevelRatings> {
  const game = gameOf(plan.game);
  const mine = options.scenarioRun;
  return compareUnderLevels(plan, levels, async (run, what) => {
    if (mine && samePlay(mine.plan, run)) {
      if (!options.quiet) options.io.err(`${what}: the scenario's own ${run.games.toLocaleString('en-US')} games (the same seats and seed)\n`);
      return { sheets: balanceSheets(summarise(game, mine.plan, mine.acc)), reused: true };
    }
    if (!options.quiet) options.io.err(`${what}: ${run.games.toLocaleString('en-US')} games, every seat ${run.labels[0]}, seats rotating, seed ${JSON.stringify(run.seed)}\n`);
    const progress = new Progress(options.io, run.games, !options.quiet);
    try {
      const acc = await runPlan(run, { workers: options.workers, onProgress: (done) => progress.update(done), ...(options.signal ? { signal: options.signal } : {}) });
      return { sheets: balanceSheets(summarise(game, run, acc)), reused: false };
    } finally {
      progress.finish();
    }
  });
}

/** Two plans play the same games (same seats, rules, seating, seed and count): one's results serve the other. */
export function samePlay(a: Plan, b: Plan): boolean {
  return a.scenarioHash === b.scenarioHash && a.masterSeed === b.masterSeed && a.games === b.games;
}

/**
 * The comparison for any kind of rated rows: `play` gives the sheets of one level's plan (and
 * says whether it reused games already played; it gets the level too, so a caller comparing two
 * plans builds the other one's level plan on the same seed); each level on the plan's seed, then the first
 * level on the ceiling seed. `verdict` says what a verdict means when it is not the balance
 * sheet's (weights: the sign of a flagged weight).
 */
export async function compareUnderLevels(
  plan: Plan,
  levels: readonly CompareLevel[],
  play: (run: Plan, what: string, level: CompareLevel) => Promise<{ sheets: BalanceSheet[]; reused: boolean }>,
  verdict?: string,
): Promise<LevelRatings> {
  const sameAsScenario: string[] = [];
  const perLevel: BalanceSheet[][] = [];
  for (const level of levels) {
    const { sheets, reused } = await play(levelPlan(plan, level), level.level, level);
    if (reused) sameAsScenario.push(level.level);
    perLevel.push(sheets);
  }
  const again = ceilingSeed(plan.seed);
  const ceiling = (await play(levelPlan(plan, levels[0]!, again), `${levels[0]!.level} on seed ${JSON.stringify(again)} (the ceiling)`, levels[0]!)).sheets;
  const names = levels.map((l) => l.level);
  return {
    levels: levels.map((l) => ({ name: l.level, policy: l.seat.policy === EPSILON_POLICY ? `${String(l.seat.params.policy)} (epsilon ${String(l.seat.params.p)})` : l.seat.policy })),
    games: plan.games,
    seed: plan.seed,
    ceilingSeed: again,
    sameAsScenario,
    ...(verdict !== undefined ? { verdict } : {}),
    sheets: compareLevelSheets(names, perLevel, ceiling),
  };
}
