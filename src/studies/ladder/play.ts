/**
 * Playing the skill ladder on one content: each consecutive pair of the game's levels with the
 * content's rules and player count, seats filled by the two alternately, seats rotating, on one
 * seed; and each step's verdict (analysis.ts). `squabble ladder` plays a scenario's content this
 * way, and the ladder benchmark (bench/ladder-content.mjs) a generated one (src/content/).
 */
import { buildPlan } from '../../sim/scenario/load.js';
import type { Plan, PlanOverrides } from '../../sim/scenario/types.js';
import type { SkillLevel } from '../../sim/types.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import type { FinishedGames } from '../../runner/finished-games.js';
import { summarise } from '../../sim/stats/summary.js';
import { pairingData } from '../kit/pairings.js';
import type { LadderStepVerdict } from '../kit/ladder-verdict.js';
import { stepVerdict } from './analysis.js';

export interface LadderStepPlan {
  lower: string;
  upper: string;
  plan: Plan;
}

/** The game's levels, weakest first, or an error message when there are fewer than two. */
export function ladderLevels(game: string): readonly SkillLevel[] | string {
  const levels = gameOf(game).levels ?? [];
  if (levels.length >= 2) return levels;
  return `${game} has ${levels.length === 0 ? 'no skill levels' : `one skill level (${levels[0]!.name})`}; the ladder needs two or more`;
}

/**
 * One plan per step: the scenario `data` with its seats filled by the lower and upper level
 * alternately (seats rotating), through the normal loader. A ScenarioError names the step.
 */
export function ladderPlans(data: Record<string, unknown>, file: string, levels: readonly SkillLevel[], players: number, overrides: PlanOverrides): LadderStepPlan[] {
  const steps: LadderStepPlan[] = [];
  for (let i = 1; i < levels.length; i++) {
    const lower = levels[i - 1]!.name;
    const upper = levels[i]!.name;
    try {
      steps.push({ lower, upper, plan: buildPlan(pairingData(data, { label: lower, seat: { level: lower } }, { label: upper, seat: { level: upper } }, players), file, registry, overrides) });
    } catch (e) {
      if (e instanceof ScenarioError) throw new ScenarioError(e.file, e.field, `${upper} vs ${lower}: ${e.problem}`, e.line);
      throw e;
    }
  }
  return steps;
}

export interface PlayLadderOptions {
  workers: number;
  finished?: FinishedGames;
  /** Before each step is played (progress lines). */
  onStep?: (step: LadderStepPlan) => void;
  onProgress?: (done: number) => void;
  afterStep?: () => void;
}

/** Play every step and judge it. */
export async function playLadder(steps: readonly LadderStepPlan[], o: PlayLadderOptions): Promise<LadderStepVerdict[]> {
  const out: LadderStepVerdict[] = [];
  for (const step of steps) {
    o.onStep?.(step);
    try {
      const acc = await runPlan(step.plan, { workers: o.workers, ...(o.finished ? { finished: o.finished } : {}), ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
      out.push(stepVerdict(summarise(gameOf(step.plan.game), step.plan, acc), step.lower, step.upper));
    } finally {
      o.afterStep?.();
    }
  }
  return out;
}
