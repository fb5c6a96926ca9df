/**
 * Running a weights study (squabble weights): one tweaked plan per subject and stat, played in
 * batches beside the base plan on ONE pool. Each task plays games [start, end) under the base
 * plan and under up to WEIGHTS_BATCH tweaked plans from the same seeds, so a base game is played
 * once per batch rather than once per tweak, and workers keep every runner of the batch cached
 * (src/runner/worker.ts), and fold.ts folds them there. The sums are exact integers: the result does not depend on the worker count or
 * the task size. The analysis is analysis.ts.
 */
import type { Plan } from '../../../sim/scenario/types.js';
import type { StatSubject, WeightStat } from '../../../sim/types.js';
import { metricTables } from '../../../sim/batch.js';
import { withStatOverrides } from '../../../sim/scenario/load.js';
import { registry, gameOf } from '../../../registry.js';
import { PAIR_SUMS, BASE_SUMS } from '../../../analysis/paired-rates.js';
import { WEIGHTS_BATCH } from './controller.js';
import { runTasks } from '../../../runner/pool.js';
import type { ShardTask } from '../../../runner/shard.js';
import type { WeightsTask } from './fold.js';

export interface WeightTweak {
  subject: string;
  group: string;
  stat: WeightStat;
  /** Stat path → new value. */
  change: Record<string, number | string>;
  /** The tweaked plan, or null with the reason in `skipped`. */
  plan: Plan | null;
  skipped: string | null;
}

export interface WeightsStudy {
  base: Plan;
  subjects: StatSubject[];
  tweaks: WeightTweak[];
  /** The controller table and its rate's columns. */
  controller: { table: string; wins: string; of: string };
}

/** The tweaks of a study: for each subject (all, or `only`) and stat, the plan with that stat raised by one; base rates for every subject. */
export function planWeights(base: Plan, stats: readonly WeightStat[], only: readonly string[] | null): WeightsStudy {
  const game = gameOf(base.game);
  const spec = game.stats;
  if (!spec) throw new Error(`${game.title} has no card or character stats`);
  const table = metricTables(game, base).find((t) => t.name === spec.controller.table);
  const rate = table?.rates?.find((r) => r.name === spec.controller.rate);
  if (!rate) throw new Error(`${game.id}: no rate ${spec.controller.rate} in metric table ${spec.controller.table}`);
  // Base rates for every subject (the fair line is pooled over all of them), tweaks for `only`.
  const subjects = spec.subjects(base.rules, base.players);
  const tweaked = only === null ? subjects : subjects.filter((s) => only.includes(s.name));
  const tweaks: WeightTweak[] = [];
  for (const stat of stats)
    for (const s of tweaked) {
      const bump = spec.bump(base.rules, s.name, stat);
      if ('skip' in bump) tweaks.push({ subject: s.name, group: s.group, stat, change: {}, plan: null, skipped: bump.skip });
      else tweaks.push({ subject: s.name, group: s.group, stat, change: bump.overrides, plan: withStatOverrides(base, registry, bump.overrides), skipped: null });
    }
  return { base, subjects, tweaks, controller: { table: table!.name, wins: rate.wins, of: rate.of } };
}

export interface WeightsSums {
  /** Per tweak (same order as study.tweaks): its 14 sums, or null when skipped. */
  tweaks: (Float64Array | null)[];
  /** Per subject (same order as study.subjects): its base-arm sums. */
  base: Float64Array[];
  /** Games per arm. */
  games: number;
  /** Games played in all (base games once per batch, plus every tweaked game). */
  gamesPlayed: number;
}

/** Games per task: about one game-shard of plays (base + batch), at least 100 games, at most an eighth of the run. */
export function weightsTaskSize(games: number, gameShardSize: number, batch: number): number {
  return Math.max(1, Math.min(games, Math.max(100, Math.min(Math.ceil(gameShardSize / (batch + 1)), Math.ceil(games / 8)))));
}

export async function runWeights(
  study: WeightsStudy,
  options: { workers: number; signal?: AbortSignal; onProgress?: (pairedGamesDone: number) => void },
): Promise<WeightsSums> {
  const { base } = study;
  const n = base.games;
  const live = study.tweaks.map((t, i) => ({ t, i })).filter((x) => x.t.plan !== null);
  const batches: (typeof live)[] = [];
  for (let k = 0; k < live.length; k += WEIGHTS_BATCH) batches.push(live.slice(k, k + WEIGHTS_BATCH));
  if (batches.length === 0) batches.push([]); // still play the base games for the base rates
  const size = weightsTaskSize(n, gameOf(base.game).shardSize, WEIGHTS_BATCH);
  const names = study.subjects.map((s) => s.name);
  const tasks: ShardTask[] = [];
  const batchOf: number[] = [];
  batches.forEach((batch, b) => {
    for (let start = 0, shard = 0; start < n; start += size, shard++) {
      tasks.push({
        plan: base,
        cell: 0,
        shard,
        start,
        end: Math.min(n, start + size),
        checkInvariants: false,
        fold: { study: 'weights', args: { tweaks: batch.map((x) => x.t.plan!), subjects: batch.map((x) => x.t.subject), ...study.controller, baseRows: b === 0 ? names : [] } satisfies WeightsTask },
      });
      batchOf.push(b);
    }
  });
  const tweakSums: (Float64Array | null)[] = study.tweaks.map((t) => (t.plan === null ? null : new Float64Array(PAIR_SUMS)));
  const baseSums = study.subjects.map(() => new Float64Array(BASE_SUMS));
  let done = 0;
  let played = 0;
  await runTasks(tasks, 0, options, (i, data) => {
    const task = tasks[i]!;
    const batch = batches[batchOf[i]!]!;
    const games = task.end - task.start;
    if (data[0] !== games || data.length !== 1 + PAIR_SUMS * batch.length + BASE_SUMS * (task.fold!.args as WeightsTask).baseRows.length)
      throw new Error(`weights task ${i} returned ${data.length} counts for ${data[0]} games`);
    batch.forEach((x, t) => {
      const sums = tweakSums[x.i]!;
      for (let k = 0; k < PAIR_SUMS; k++) sums[k]! += data[1 + PAIR_SUMS * t + k]!;
    });
    const o = 1 + PAIR_SUMS * batch.length;
    if ((task.fold!.args as WeightsTask).baseRows.length > 0)
      baseSums.forEach((sums, r) => {
        for (let k = 0; k < BASE_SUMS; k++) sums[k]! += data[o + BASE_SUMS * r + k]!;
      });
    done += games * batch.length;
    played += games * (batch.length + 1);
    options.onProgress?.(done);
    return false;
  });
  return { tweaks: tweakSums, base: baseSums, games: n, gamesPlayed: played };
}
