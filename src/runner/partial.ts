/**
 * Partial results: what `run --shard K/N` writes (partial.json) and what a checkpoint holds
 * (checkpoint.json). Both carry the whole plan and the accumulator's exact counts, so merging
 * parts, or finishing a resumed run, gives the same summary.json as one uninterrupted run.
 */
import { readFileSync, existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { planHash } from '../sim/scenario/load.js';
import { LIMITS } from '../sim/scenario/schema.js';
import { masterSeedFrom } from '../sim/rng.js';
import type { Plan } from '../sim/scenario/types.js';
import { Accumulator } from '../sim/stats/accumulator.js';
import { accumulatorShape } from '../sim/batch.js';
import { gameOf, registry } from '../registry.js';
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
  /** A `--shard K/N` part's checkpoint: resumed, it writes the part's partial.json. */
  shard?: { k: number; n: number };
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
  writeSigned(dir, 'partial.json', { format: PARTIAL_FORMAT, version: VERSION, ...record });
}

export function readPartial(dir: string): PartialRecord {
  const file = join(dir, 'partial.json');
  if (!existsSync(file)) throw new PartialError(`${dir} holds no partial result (partial.json is missing; was it written by \`squabble run --shard\`?)`);
  return readChecked(file, PARTIAL_FORMAT) as unknown as PartialRecord;
}

/** Caps of a file read back: a checkpoint or part is the accumulator's counts and the plan, far below this. */
export const READ_BACK_BYTES = 256_000_000;

const integrityOf = (record: object) => `sha256:${createHash('sha256').update(JSON.stringify(record)).digest('hex')}`;

/** Write a record with its integrity hash (sha256 of the record's JSON without it), last. */
function writeSigned(dir: string, name: string, record: object): void {
  writeJson(dir, name, { ...record, integrity: integrityOf(record) });
}

const isInt = (x: unknown, min: number, max: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/**
 * Read a checkpoint or partial result and check everything play would trust: size, format,
 * version, integrity hash, the plan (a registered game, its hash and master seed recomputed
 * from its contents, games within the limit), the range and shard, and the counts (one slot per
 * accumulator cell, whole non-negative numbers, as many games as the record says). Anything
 * else is a one-line PartialError naming the file and the field.
 */
function readChecked(file: string, format: string): Record<string, unknown> {
  const bad = (field: string, what: string) => new PartialError(`${file}: ${field}: ${what}; the file is damaged or was edited: start the run again${format === CHECKPOINT_FORMAT ? ' (or --force)' : ''}`);
  let size: number;
  try {
    const stat = lstatSync(file);
    if (!stat.isFile()) throw bad('(file)', 'expected a regular file');
    size = stat.size;
  } catch (e) {
    if (e instanceof PartialError) throw e;
    throw new PartialError(`${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (size > READ_BACK_BYTES) throw bad('(file)', `${size} bytes, at most ${READ_BACK_BYTES} expected`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw bad('(file)', 'not JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw bad('(file)', 'expected a JSON object');
  const r = raw as Record<string, unknown>;
  if (r.format !== format) throw new PartialError(`${file}: expected format ${format}, found ${JSON.stringify(r.format) ?? 'none'}`);
  if (r.version !== VERSION) throw new PartialError(`${file} was written by squabble ${String(r.version).slice(0, 40)}; this is ${VERSION}, whose games may differ: start the run again`);
  const { integrity, ...record } = r;
  if (integrity !== integrityOf(record)) throw bad('integrity', integrity === undefined ? 'missing' : 'the hash does not match the contents');
  const plan = record.plan as Plan | undefined;
  if (plan === null || typeof plan !== 'object') throw bad('plan', 'expected an object');
  if (typeof plan.game !== 'string' || !Object.hasOwn(registry.games, plan.game)) throw bad('plan.game', `expected one of ${Object.keys(registry.games).join(', ')}`);
  if (!isInt(plan.games, 1, LIMITS.games)) throw bad('plan.games', `expected a whole number from 1 to ${LIMITS.games}`);
  if (!((typeof plan.seed === 'number' && isInt(plan.seed, 0, 0xffffffff)) || (typeof plan.seed === 'string' && plan.seed.length > 0 && plan.seed.length <= 200))) throw bad('plan.seed', 'expected a 32-bit whole number or a text');
  if (plan.masterSeed !== masterSeedFrom(plan.seed)) throw bad('plan.masterSeed', 'does not match plan.seed');
  let hash: string;
  try {
    hash = planHash(plan.game, plan.players, plan.rules, plan.seats, plan.seating);
  } catch {
    throw bad('plan', 'not a plan squabble can read');
  }
  if (hash !== plan.scenarioHash) throw bad('plan.scenarioHash', 'does not match the plan');
  const range = record.range as unknown;
  if (!Array.isArray(range) || range.length !== 2 || !isInt(range[0], 0, plan.games) || !isInt(range[1], 0, plan.games) || range[0] >= range[1]) throw bad('range', `expected [start, end) within 0-${plan.games}`);
  const shard = record.shard as { k?: unknown; n?: unknown } | undefined;
  if (shard !== undefined || format === PARTIAL_FORMAT) {
    if (shard === null || typeof shard !== 'object' || !isInt(shard.n, 1, 100_000) || !isInt(shard.k, 1, shard.n as number)) throw bad('shard', 'expected { k, n } with 1 <= k <= n <= 100000');
    const [a, b] = shardRange(plan.games, shard.k as number, shard.n as number);
    if (range[0] !== a || range[1] !== b) throw bad('range', `expected [${a}, ${b}), part ${String(shard.k)} of ${String(shard.n)}`);
  } else if (range[0] !== 0 || range[1] !== plan.games) throw bad('range', `expected [0, ${plan.games})`);
  const data = record.data as unknown;
  let acc: Accumulator;
  try {
    if (!Array.isArray(data) || !data.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= -1)) throw new Error();
    acc = accumulatorOf(plan, data as number[]);
  } catch {
    throw bad('data', "expected the accumulator's whole-number counts for this plan");
  }
  if (typeof record.wallSeconds !== 'number' || !Number.isFinite(record.wallSeconds) || record.wallSeconds < 0) throw bad('wallSeconds', 'expected a non-negative number');
  if (format === PARTIAL_FORMAT) {
    if (acc.games !== range[1] - range[0]) throw bad('data', `holds ${acc.games} games, expected ${range[1] - range[0]} (the part's range)`);
    if (!isInt(record.workers, 0, 256)) throw bad('workers', 'expected a whole number from 0 to 256');
  } else {
    if (!isInt(record.nextShard, 0, 1_000_000)) throw bad('nextShard', 'expected a whole number');
    if (!isInt(record.gamesDone, 0, range[1] - range[0]) || acc.games !== record.gamesDone) throw bad('gamesDone', `expected the games the counts hold (${acc.games})`);
    if (record.until !== undefined && (typeof record.until !== 'string' || record.until.length > 1000)) throw bad('until', 'expected a stopping rule');
  }
  return r;
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
  writeSigned(dir, 'checkpoint.json', { format: CHECKPOINT_FORMAT, version: VERSION, ...record });
}

export function readCheckpoint(dir: string): CheckpointRecord {
  const file = join(dir, 'checkpoint.json');
  if (!existsSync(file)) {
    const done = existsSync(join(dir, 'run.json'));
    throw new PartialError(done ? `${dir} holds a finished run; there is nothing to resume` : `${dir} holds no checkpoint (checkpoint.json is missing)`);
  }
  return readChecked(file, CHECKPOINT_FORMAT) as unknown as CheckpointRecord;
}
