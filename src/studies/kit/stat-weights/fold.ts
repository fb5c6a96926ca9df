/**
 * Weights' fold in the pool worker (a ShardFold, loaded by src/runner/worker.ts from the task's
 * FoldRef): each game under the base plan once and under every tweaked plan of the batch.
 */
import type { GameRunner } from '../../../sim/batch.js';
import type { Plan } from '../../../sim/scenario/types.js';
import type { RunnerFor, ShardFold, ShardTask } from '../../../runner/shard.js';
import { PAIR_SUMS, BASE_SUMS, addPair, addBase } from '../../../analysis/paired-rates.js';
import { ControllerReader } from './controller.js';

/**
 * One batch of weights tweaks (analysis.ts). The result holds the games played, then PAIR_SUMS
 * sums per tweak, then (with `baseRows`) BASE_SUMS sums per base row.
 */
export interface WeightsTask {
  /** Plans that differ from the task's plan only by stat overrides. */
  tweaks: Plan[];
  /** For each tweak, the subject it raises: a row name of the controller table. */
  subjects: string[];
  /** The controller table and the columns of its rate (wins, trials). */
  table: string;
  wins: string;
  of: string;
  /** Rows whose base-arm counts to fold as well (one batch does, so they are counted once); empty for none. */
  baseRows: string[];
}

/**
 * Weights: play each game under the base plan once and under every tweaked plan of the batch,
 * all from the same seed, and fold each tweak's paired controller counts (and, for the batch
 * that carries them, every base row's counts).
 */
function runWeightsRange(base: GameRunner, spec: WeightsTask, task: ShardTask, runnerFor: RunnerFor): Float64Array {
  const k = spec.tweaks.length;
  const out = new Float64Array(1 + PAIR_SUMS * k + BASE_SUMS * spec.baseRows.length);
  const readBase = new ControllerReader(base.game, base.plan, spec);
  const baseRows = spec.baseRows.map((name) => readBase.row(name));
  const tweakRows = spec.subjects.map((name) => readBase.row(name));
  const runners = spec.tweaks.map((plan) => runnerFor(plan, task.cell));
  const readers = runners.map((r) => new ControllerReader(r.game, r.plan, spec));
  const ownRows = spec.subjects.map((name, t) => readers[t]!.row(name));
  const baseOffset = 1 + PAIR_SUMS * k;
  for (let i = task.start; i < task.end; i++) {
    readBase.read(base.play(i, task.checkInvariants ? base.invariantChecker(i) : null));
    for (let r = 0; r < baseRows.length; r++) addBase(out, baseOffset + BASE_SUMS * r, readBase.wins(baseRows[r]!), readBase.held(baseRows[r]!));
    for (let t = 0; t < k; t++) {
      const runner = runners[t]!;
      const reader = readers[t]!;
      reader.read(runner.play(i, task.checkInvariants ? runner.invariantChecker(i) : null));
      addPair(out, 1 + PAIR_SUMS * t, readBase.wins(tweakRows[t]!), readBase.held(tweakRows[t]!), reader.wins(ownRows[t]!), reader.held(ownRows[t]!));
    }
  }
  out[0] = task.end - task.start;
  return out;
}

const weightsFold: ShardFold<WeightsTask> = (runner, task, spec, runnerFor) => runWeightsRange(runner, spec, task, runnerFor);
export default weightsFold;
