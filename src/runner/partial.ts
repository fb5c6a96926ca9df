/**
 * Partial results: what `run --shard K/N` writes (partial.json) and what a checkpoint holds
 * (checkpoint.json). Both carry the whole plan and the accumulator's exact counts, so merging
 * parts, or finishing a resumed run, gives the same summary.json as one uninterrupted run.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plan } from '../sim/scenario/types.js';
import { Accumulator } from '../sim/stats/accumulator.js';
import { accumulatorShape } from '../sim/batch.js';
import { gameOf } from '../registry.js';
import { VERSION } from '../version.js';
import { writeJson } from './results.js';

export const PARTIAL_FORMAT = 'squabble-partial/1';
export const CHECKPOINT_FORMAT = 'squabble-checkpoint/1';

export interface PartialRecord {
  format: typeof PARTIAL_FORMAT;
  version: string;
  plan: Plan;
  /** Game indices [start, end) this part played. */
  range: [number, number];
  /** K and N of --shard K/N. */
  shard: { k: number; n: number };
  workers: number;
  wallSeconds: number;
  data: number[];
}

export interface CheckpointRecord {
  format: typeof CHECKPOINT_FORMAT;
  version: string;
  plan: Plan;
  range: [number, number];
  /** run --until: the stopping rule, kept so that a resumed run stops where the whole run would have. */
  until?: string;
  /** Every shard before this one is merged into `data`. */
  nextShard: number;
  gamesDone: number;
  wallSeconds: number;
  data: number[];
}

export class PartialError extends Error {}

/** Slice K (1-based) of N of the game-index range [0, games): as equal as whole games allow. */
export function shardRange(games: number, k: number, n: number): [number, number] {
  return [Math.floor(((k - 1) * games) / n), Math.floor((k * games) / n)];
}

export function accumulatorOf(plan: Plan, data: number[] | Float64Array): Accumulator {
  return new Accumulator(accumulatorShape(gameOf(plan.game), plan), Float64Array.from(data));
}

export function writePartial(dir: string, record: Omit<PartialRecord, 'format' | 'version'>): void {
  writeJson(dir, 'partial.json', { format: PARTIAL_FORMAT, version: VERSION, ...record });
}

export function readPartial(dir: string): PartialRecord {
  const file = join(dir, 'partial.json');
  if (!existsSync(file)) throw new PartialError(`${dir} holds no partial result (partial.json is missing; was it written by \`squabble run --shard\`?)`);
  const record = JSON.parse(readFileSync(file, 'utf8')) as PartialRecord;
  if (record.format !== PARTIAL_FORMAT) throw new PartialError(`${file}: expected format ${PARTIAL_FORMAT}, found ${JSON.stringify(record.format)}`);
  return record;
}

/**
 * Merge parts of one run: same scenario hash, seed, game count and squabble version, and
 * ranges that tile [0, games) exactly. Merged in range order (exact sums: order cannot matter).
 */
export function mergePartials(parts: { dir: string; record: PartialRecord }[]): { plan: Plan; acc: Accumulator; wallSeconds: number; workers: number } {
  if (parts.length === 0) throw new PartialError('nothing to merge');
  const first = parts[0]!.record;
  for (const { dir, record } of parts) {
    const p = record.plan;
    const mismatch =
      p.scenarioHash !== first.plan.scenarioHash ? `scenario ${p.scenarioHash} vs ${first.plan.scenarioHash}`
      : p.seed !== first.plan.seed ? `seed ${JSON.stringify(p.seed)} vs ${JSON.stringify(first.plan.seed)}`
      : p.games !== first.plan.games ? `${p.games} games vs ${first.plan.games}`
      : record.version !== first.version ? `squabble ${record.version} vs ${first.version}`
      : null;
    if (mismatch) throw new PartialError(`${dir} is part of a different run than ${parts[0]!.dir} (${mismatch})`);
  }
  const sorted = [...parts].sort((a, b) => a.record.range[0] - b.record.range[0]);
  let covered = 0;
  for (const { dir, record } of sorted) {
    const [start, end] = record.range;
    if (start > covered) throw new PartialError(`games ${covered}-${start - 1} are in no part: a shard is missing`);
    if (start < covered) throw new PartialError(`${dir} overlaps another part (games ${start}-${Math.min(end, covered) - 1} twice)`);
    covered = end;
  }
  if (covered !== first.plan.games) throw new PartialError(`games ${covered}-${first.plan.games - 1} are in no part: a shard is missing`);
  const acc = new Accumulator(accumulatorShape(gameOf(first.plan.game), first.plan)); // empty: no counts, no examples
  for (const { record } of sorted) acc.merge(accumulatorOf(record.plan, record.data));
  return {
    plan: first.plan,
    acc,
    wallSeconds: sorted.reduce((t, p) => t + p.record.wallSeconds, 0),
    workers: sorted.reduce((t, p) => t + p.record.workers, 0),
  };
}

export function writeCheckpoint(dir: string, record: Omit<CheckpointRecord, 'format' | 'version'>): void {
  writeJson(dir, 'checkpoint.json', { format: CHECKPOINT_FORMAT, version: VERSION, ...record });
}

export function readCheckpoint(dir: string): CheckpointRecord {
  const file = join(dir, 'checkpoint.json');
  if (!existsSync(file)) {
    const done = existsSync(join(dir, 'run.json'));
    throw new PartialError(done ? `${dir} holds a finished run; there is nothing to resume` : `${dir} holds no checkpoint (checkpoint.json is missing)`);
  }
  const record = JSON.parse(readFileSync(file, 'utf8')) as CheckpointRecord;
  if (record.format !== CHECKPOINT_FORMAT) throw new PartialError(`${file}: expected format ${CHECKPOINT_FORMAT}, found ${JSON.stringify(record.format)}`);
  if (record.version !== VERSION) throw new PartialError(`${file} was written by squabble ${record.version}; this is ${VERSION}, whose games may differ: start the run again`);
  return record;
}
