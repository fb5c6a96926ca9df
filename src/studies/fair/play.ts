/**
 * What `squabble fair` plays: one measurement is a weights study (src/studies/kit/stat-weights/play.ts)
 * of the edited deck — every row's primary strength rate from the base games, and for the rows
 * asked, the paired +1 slope on the same seeds — and stat edits turned into stat overrides.
 */
import type { Plan } from '../../sim/scenario/types.js';
import type { StatSpec, WeightStat } from '../../sim/types.js';
import { withStatOverrides } from '../../sim/scenario/load.js';
import { masterSeedFrom } from '../../sim/rng.js';
import { registry, gameOf } from '../../registry.js';
import { baseRate, pairedRate, type BaseRate } from '../../analysis/paired-rates.js';
import { subjectsFairLine } from '../../analysis/fair-line.js';
import { planWeights, runWeights, type WeightsStudy } from '../kit/stat-weights/play.js';
import type { FairLine } from '../../analysis/fair-line.js';
import type { SlopeEstimate } from '../../analysis/stat-slopes.js';

export interface Measurement {
  games: number;
  seed: number | string;
  /** Per subject (spec order): its primary rate with the interval over games, null if never held. */
  rates: (BaseRate | null)[];
  line: FairLine;
  /** Paired +1 slopes of the rows asked for. */
  slopes: SlopeEstimate[];
  gamesPlayed: number;
}

export function withSeed(plan: Plan, seed: number | string, games: number): Plan {
  return { ...plan, seed, masterSeed: masterSeedFrom(seed), games };
}

/** The plan with every edit applied (stat path → value); the plan itself when there are none. */
export function editedPlan(base: Plan, overrides: Record<string, number>): Plan {
  return Object.keys(overrides).length ? withStatOverrides(base, registry, overrides) : base;
}

/** The cost in games of a measurement with `tweaks` slopes (the base games once per batch). */
export function measurementCost(study: Pick<WeightsStudy, 'tweaks'>, games: number): number {
  return games * (1 + study.tweaks.filter((t) => t.plan !== null).length);
}

/** A weights study of `plan` with base rates for every subject and +1 `stat` tweaks for `tweaked` only. */
export function measurementStudy(plan: Plan, stat: WeightStat, tweaked: readonly string[]): WeightsStudy {
  return planWeights(plan, [stat], tweaked);
}

export async function measure(study: WeightsStudy, o: { workers: number; signal?: AbortSignal; onProgress?: (done: number) => void }): Promise<Measurement> {
  const spec = gameOf(study.base.game).stats!;
  const sums = await runWeights(study, o);
  const rates = study.subjects.map((_, i) => baseRate(sums.base[i]!, 0, sums.games));
  const line = subjectsFairLine(`${spec.controller.table}.${spec.controller.rate}`, rates.map((base) => ({ base })));
  const slopes: SlopeEstimate[] = [];
  study.tweaks.forEach((t, i) => {
    const s = sums.tweaks[i];
    const e = s ? pairedRate(s, 0, sums.games) : null;
    if (e) slopes.push({ subject: t.subject, effect: e.effect, se: e.se });
  });
  return { games: sums.games, seed: study.base.seed, rates, line, slopes, gamesPlayed: sums.gamesPlayed };
}

/**
 * The stat paths one step of `stat` moves for a subject, with their values in `rules`: HP is one
 * path; damage is every basic-attack face that deals fixed damage (the weights bump's faces).
 */
export function statPaths(spec: StatSpec, rules: unknown, subject: string, stat: WeightStat): { path: string; value: number }[] | null {
  const bump = spec.bump(rules, subject, stat);
  if ('skip' in bump) {
    if (stat !== 'hp') return null;
    // HP at its most: one step down is still an edit.
    const path = `${spec.namespace}.${subject}.hp`;
    return [{ path, value: Number(spec.read(rules, path)) }];
  }
  return Object.entries(bump.overrides).map(([path, v]) => ({ path, value: Number(v) - 1 }));
}

/** The steps a subject's stat may move from `rules` and stay legal (each path within the game's limits). */
export function stepRange(spec: StatSpec, paths: readonly { value: number }[]): { lowest: number; highest: number } {
  const lo = Math.min(...paths.map((p) => p.value));
  const hi = Math.max(...paths.map((p) => p.value));
  return { lowest: spec.hpLimits.min - lo, highest: spec.hpLimits.max - hi };
}
