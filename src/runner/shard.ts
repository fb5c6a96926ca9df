/** What the main thread sends a pool worker, and what comes back. */
import type { Plan } from '../sim/scenario/types.js';
import type { GameRunner, ReplayKey } from '../sim/batch.js';

export interface ShardTask {
  plan: Plan;
  cell: number;
  shard: number;
  /** Game indices [start, end). */
  start: number;
  end: number;
  checkInvariants: boolean;
  /**
   * Plain runs: slots on a SharedArrayBuffer (src/runner/finished-games.ts); the worker writes the
   * games this task has finished into slot `playedSlot` after each game, so the main thread sees
   * games finish inside a shard (a slow scenario's first shard can take hours).
   */
  played?: Int32Array;
  playedSlot?: number;
  /**
   * A study's own fold of the task's games instead of the plan's accumulator (compare's paired
   * sums, weights' tweaks): see FoldRef.
   */
  fold?: FoldRef;
}

/**
 * Which fold a worker plays a task with: the study's name (its folder under src/studies, whose
 * `fold` module the worker loads once and whose default export, a ShardFold, it calls) and the
 * arguments it takes, as plain data (tasks cross threads). A name, not a file's URL: the worker
 * finds the module beside itself, so a task names no path and can load nothing else.
 */
export interface FoldRef {
  study: string;
  args: unknown;
}

/** A worker's runner for a plan and cell (cached across tasks; src/runner/worker.ts). */
export type RunnerFor = (plan: Plan, cell: number) => GameRunner;

/**
 * Play games [task.start, task.end) with `runner` (the task's plan) and any other plans the
 * study needs (through `runnerFor`), and return the counts that the study's main thread adds up
 * in task order.
 */
export type ShardFold<Args> = (runner: GameRunner, task: ShardTask, args: Args, runnerFor: RunnerFor) => Float64Array;

/**
 * Most plans one task may play (a weights batch: the base and 16 tweaked plans). The worker
 * keeps runners for two such tasks, so the switch from one task's plans to the next rebuilds none.
 */
export const MOST_PLANS_PER_TASK = 17;

export interface ShardFailure {
  key: ReplayKey;
  reason: string;
  turn: number;
  kind: 'crash' | 'invariant';
  stack: string;
}

/**
 * `ns` is the task's wall time in its thread, `cpuNs` that thread's CPU time over it (-1 where
 * the platform has no per-thread figure); runner building included, merging not.
 */
export type ShardResult = { shard: number; data: Float64Array; ns: number; cpuNs: number; failure?: undefined } | { shard: number; failure: ShardFailure };

/**
 * Shard size never depends on the worker count: a plan always splits the same way, so a
 * shard can be named, retried or resumed by its number. Aim for ~64 shards, within the game's
 * preferred maximum and at least 1000 games (a task must outweigh its ~150 us round trip).
 */
export function shardSizeFor(games: number, gameShardSize: number): number {
  return Math.max(1, Math.min(gameShardSize, Math.max(1000, Math.ceil(games / 64))));
}
