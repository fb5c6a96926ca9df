/** What the main thread sends a pool worker, and what comes back. */
import type { Plan } from '../sim/scenario/types.js';
import type { ReplayKey } from '../sim/batch.js';
import type { RatePairs } from './rate-pairs.js';

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
  /** Paired mode (squabble compare): also play every game under this plan, from the same seed. */
  pairedWith?: Plan;
  /** Paired mode: the table-rate rows to fold as well (src/runner/rate-pairs.ts), after the headline quantities. */
  ratePairs?: RatePairs[];
  /** Weights mode (squabble weights): also play every game under each tweaked plan, from the same seed. */
  weights?: WeightsTask;
}

/**
 * One batch of weights tweaks (src/analysis/weights.ts). The result holds the games played,
 * then PAIR_SUMS sums per tweak, then (with `baseRows`) BASE_SUMS sums per base row.
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

export interface ShardFailure {
  key: ReplayKey;
  reason: string;
  turn: number;
  kind: 'crash' | 'invariant';
  stack: string;
}

export type ShardResult = { shard: number; data: Float64Array; failure?: undefined } | { shard: number; failure: ShardFailure };

/**
 * Shard size never depends on the worker count: a plan always splits the same way, so a
 * shard can be named, retried or resumed by its number. Aim for ~64 shards, within the game's
 * preferred maximum and at least 1000 games (a task must outweigh its ~150 us round trip).
 */
export function shardSizeFor(games: number, gameShardSize: number): number {
  return Math.max(1, Math.min(gameShardSize, Math.max(1000, Math.ceil(games / 64))));
}
