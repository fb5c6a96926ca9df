/**
 * A baseline file, written and read back in one place: its schema, size caps (the file, the
 * metric list, and the decompressed size of `gameRecords`) and its integrity hash (sha256 of the
 * record's JSON without the hash). `readBaselineFile` is the only reader: anything else is a
 * one-line `BaselineFileError` naming the file and the field. A baseline written before the hash
 * (issue 35) has none and is read with every other check; one with a hash must match it.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { LIMITS } from '../../sim/scenario/schema.js';
import { BASELINE_FORMAT, type Baseline } from './analysis.js';
import { GAME_RECORDS_ENCODING } from './game-records.js';

export class BaselineFileError extends Error {}

/** Caps: a 20,000-game baseline is about 50 KB; game records are 8 bytes a game once inflated. */
export const BASELINE_LIMITS = { fileBytes: 16_000_000, metrics: 100_000, recordGames: 10_000_000 } as const;

const finite = z.number().finite();
const metricSchema = z.strictObject({
  id: z.string().min(1).max(500),
  kind: z.enum(['proportion', 'mean']),
  value: finite,
  n: finite.min(0),
  count: finite.min(0).optional(),
  sd: finite.min(0).optional(),
  deff: finite.min(0).optional(),
  /** The smallest change the gate could catch (null: none it could). */
  detectable: finite.min(0).nullable().optional(),
});

const baselineSchema = z.strictObject({
  format: z.literal(BASELINE_FORMAT),
  version: z.string().max(100),
  scenario: z.string().max(4096),
  name: z.string().max(200),
  variant: z.string().max(200).nullable(),
  scenarioHash: z.string().regex(/^[0-9a-f]{8,64}$/, 'expected the scenario hash in hex'),
  seed: z.union([z.number().int().min(0).max(0xffffffff), z.string().min(1).max(200)]),
  games: z.number().int().min(1).max(LIMITS.games),
  metrics: z.array(metricSchema).max(BASELINE_LIMITS.metrics),
  gameRecords: z
    .strictObject({
      encoding: z.literal(GAME_RECORDS_ENCODING),
      games: z.number().int().min(1).max(BASELINE_LIMITS.recordGames),
      // deflate never shrinks 8 bytes a game below ~1/1000: a longer text is no record of these games
      data: z.string().max(BASELINE_LIMITS.fileBytes).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64'),
    })
    .optional(),
  // What the games were played with (content.ts): decoded, size-capped and checked against the
  // scenario hash by decodeContent when check reads it.
  content: z
    .strictObject({
      encoding: z.string().max(500),
      data: z.string().max(BASELINE_LIMITS.fileBytes).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64'),
    })
    .optional(),
  detectableAt: z.strictObject({ alpha: finite.gt(0).lt(1), power: finite.gt(0).lt(1), family: z.number().int().min(1).max(BASELINE_LIMITS.metrics * 100) }).optional(),
  integrity: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'expected sha256:<64 hex digits>').optional(),
});

const integrityOf = (record: object) => `sha256:${createHash('sha256').update(JSON.stringify(record)).digest('hex')}`;

/** The file's text of a baseline, with its integrity hash last. */
export function baselineText(baseline: Baseline): string {
  const { integrity: _old, ...record } = baseline as Baseline & { integrity?: string };
  return `${JSON.stringify({ ...record, integrity: integrityOf(record) }, null, 2)}\n`;
}

/** Check a baseline's bytes; returns it, or throws a one-line BaselineFileError naming `path`. */
export function parseBaseline(path: string, bytes: Buffer): Baseline {
  if (bytes.length > BASELINE_LIMITS.fileBytes) throw new BaselineFileError(`${path}: ${bytes.length} bytes; a baseline is at most ${BASELINE_LIMITS.fileBytes.toLocaleString('en-US')} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new BaselineFileError(`${path}: not a baseline (not JSON: ${(e as Error).message.split('\n')[0]})`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new BaselineFileError(`${path}: not a baseline (expected a JSON object)`);
  const format = (raw as { format?: unknown }).format;
  if (format !== BASELINE_FORMAT) throw new BaselineFileError(`${path}: expected format ${BASELINE_FORMAT}, found ${JSON.stringify(format) ?? 'none'}`);
  const parsed = baselineSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
    throw new BaselineFileError(`${path}: ${field}: ${issue.message.replace(/\s+/g, ' ')}`);
  }
  const { integrity, ...record } = parsed.data;
  // The hash is of the record as written (its own key order), not of the checked copy.
  const { integrity: _stored, ...written } = raw as Record<string, unknown>;
  if (integrity !== undefined && integrityOf(written) !== integrity) throw new BaselineFileError(`${path}: integrity: the hash does not match the contents (the file was changed after squabble wrote it); make it again with squabble baseline`);
  const r = record.gameRecords;
  if (r !== undefined) {
    if (r.games !== record.games) throw new BaselineFileError(`${path}: gameRecords.games: expected ${record.games} (the baseline's games), found ${r.games}`);
    // Inflated with a cap: a deflate bomb stops at 8 bytes a game, not at the memory's end.
    let inflated: number;
    try {
      inflated = inflateRawSync(Buffer.from(r.data, 'base64'), { maxOutputLength: r.games * 8 + 1 }).length;
    } catch (e) {
      throw new BaselineFileError(`${path}: gameRecords.data: expected ${r.games * 8} bytes of records once inflated (${(e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'it inflates to more' : 'not deflate data'})`);
    }
    if (inflated !== r.games * 8) throw new BaselineFileError(`${path}: gameRecords.data: expected ${r.games * 8} bytes of records once inflated, found ${inflated}`);
  }
  return record as Baseline;
}

/** Read and check a baseline file (regular file, capped size): the one reader of baselines. */
export function readBaselineFile(path: string): Baseline {
  let size: number;
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) throw new BaselineFileError(`${path}: expected a baseline file, found ${stat.isDirectory() ? 'a folder' : 'something else'}`);
    size = stat.size;
  } catch (e) {
    if (e instanceof BaselineFileError) throw e;
    throw new BaselineFileError(`${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > BASELINE_LIMITS.fileBytes) throw new BaselineFileError(`${path}: ${size} bytes; a baseline is at most ${BASELINE_LIMITS.fileBytes.toLocaleString('en-US')} bytes`);
  return parseBaseline(path, readFileSync(path));
}

/** Does a file's content prove itself a squabble baseline (so `baseline` may replace it)? */
export function isBaseline(bytes: Buffer): boolean {
  try {
    parseBaseline('', bytes);
    return true;
  } catch {
    return false;
  }
}
