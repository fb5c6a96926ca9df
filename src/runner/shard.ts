/** What the main thread sends a pool worker, and what comes back. */
import type { Plan } from '../sim/scenario/types.js';
import type { ReplayKey } from '../sim/batch.js';

export interface ShardTask {
  plan: Plan;
  cell: number;
  shard: number;
  /** Game indices [start, end). */
  start: number;
  end: number;
  checkInvariants: boolean;
  /** Paired mode (squabble compare): also play every game under this plan, from the same seed. */
  pairedWith?: Plan;
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
