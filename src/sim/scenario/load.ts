/**
 * Scenario files: read (YAML, or JSON which is YAML too), validate in stages with one clear
 * message per mistake, and resolve into a Plan with every default filled in.
 *
 * Validation is staged rather than one big union so each message names the exact field:
 *  1. the scenario's own fields (game, seats, games, seed, ...);
 *  2. the game's rules, with the game's rules schema (and each named variant on top of them);
 *  3. each seat's policy name and parameters, with that policy's schema;
 *  4. the game's cross-field checks (e.g. enough cards for the players).
 * The JSON Schema in scenarios/schema.json is generated from the same zod schemas (json-schema.ts).
 */
import { openSync, readSync, closeSync, fstatSync, realpathSync, constants } from 'node:fs';
import { dirname, resolve, relative, isAbsolute, join, delimiter, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { parseDocument, LineCounter, isMap, isPair, isScalar, visit, type Document } from 'yaml';
import { ScenarioError, found, didYouMean } from './errors.js';
import type { CompareLevel, Plan, PlanOverrides, Registry, SeatPlan } from './types.js';
import { masterSeedFrom } from '../rng.js';
import type { RulesContext } from '../types.js';
import { STAT_OVERRIDES } from '../stat-paths.js';
import { tuneBlockSchema } from './tune-block.js';
import { parseCondition, checkAssertionPath, HEADLINE_PATHS, QUALITY_PATHS, type Assertion, type Condition } from './expect.js';
import { EPSILON_POLICY, epsilonValue, combinedEpsilon } from '../strength.js';
import type { AnyGameModule, PolicySpec, SkillLevel } from '../types.js';

/**
 * Caps that keep a typo from starting a run that never ends or fills memory (docs/reliability.md
 * lists these and the per-game caps in each game's params.ts).
 */
export const LIMITS = {
  /** Largest scenario or data file (deck, decklist, roster, layout), in bytes. */
  fileBytes: 1_000_000,
  games: 10_000_000_000,
  yamlAliases: 100,
  /** Deepest nesting of lists and mappings a scenario or data file may have. */
  depth: 32,
  /** Entries in `seats` (every game has far fewer players; the game's own range is checked next). */
  seats: 64,
  /** Named variants in one scenario (each is validated, data files and all, when it is loaded). */
  variants: 100,
  /** Values per swept field, and cells per sweep. */
  sweepValues: 100,
  sweepCells: 1000,
  /** Length of a swept field's path, e.g. `seats[1].params.safetyWeight`. */
  sweepPath: 200,
} as const;

/**
 * Environment variable naming extra folders data files may come from, besides the scenario's own
 * folder (separated like PATH: `:` on Linux and macOS, `;` on Windows). Only the person running
 * squabble can set it; a scenario file cannot widen where it reads from.
 */
export const DATA_ROOTS_ENV = 'SQUABBLE_DATA_ROOTS';

/** The folders named by SQUABBLE_DATA_ROOTS (empty if it is not set). */
export function dataRootsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env[DATA_ROOTS_ENV] ?? '').split(delimiter).filter((d) => d.trim() !== '');
}

const seatSchema = z.strictObject({
  policy: z.string().min(1).optional().describe('Policy name (see `squabble list`); or give `level` instead.'),
  level: z.string().min(1).optional().describe("One of the game's named skill levels (see `squabble list`), instead of `policy` and `params`."),
  params: z.record(z.string(), z.unknown()).optional().describe("The policy's parameters; defaults apply to any left out."),
  epsilon: epsilonValue.optional().describe(`${epsilonValue.description} Works with any policy or level (on a level that has its own, either dial can make a move random).`),
  name: z.string().min(1).max(80).optional().describe('Label for reports; default: the level, or the policy and its non-default parameters, and any epsilon.'),
});
type SeatInput = z.output<typeof seatSchema>;

/** The scenario's own fields; `rules`, `variants` and seat params are checked per game afterwards. */
export function baseScenarioSchema(gameIds: readonly [string, ...string[]]) {
  return z.strictObject({
    name: z.string().min(1).max(200).optional().describe('Title for reports; default: the file name.'),
    description: z.string().max(5000).optional().describe('Free text shown in reports.'),
    game: z.enum(gameIds).describe('Which game to play.'),
    players: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Number of seats; default: the number of entries in `seats`. With one seat entry, every seat plays it.'),
    rules: z.record(z.string(), z.unknown()).optional().describe("The game's rules and variants; defaults from its rules doc."),
    variants: z
      .record(z.string().max(80).regex(/^[A-Za-z0-9_.-]+$/), z.record(z.string(), z.unknown()))
      .optional()
      .describe('Named sets of rule changes, applied on top of `rules` with `--variant NAME`.'),
    seats: z.array(seatSchema).min(1).max(LIMITS.seats).describe('Who plays each seat, in seat order (seat 0 first).'),
    entrants: z
      .array(seatSchema)
      .min(2)
      .max(LIMITS.seats)
      .optional()
      .describe('Entrants for `squabble tournament`, any number, shaped like seat entries (each pairing plays them seat-rotated); default: the distinct `seats`. `run` plays `seats` and ignores this.'),
    compareLevels: z
      .array(z.string().min(1).max(80))
      .min(2)
      .max(LIMITS.seats)
      .optional()
      .describe("Also rate the card, character and matchup tables under each of these skill levels (see `squabble list`): `run` plays the scenario once more per level with every seat at that level (seats rotating, same seed and game count), and once more with the first level on another seed (the ceiling), and its report shows every row under every level, the rank agreement between levels and the rows whose verdict depends on the level; `weights` does the same for its stat weights and `compare` for its paired differences (docs/skill-ladder.md)."),
    sweep: z
      .record(
        z
          .string()
          .max(LIMITS.sweepPath)
          // A field path (rules.x, seats[0].policy) or a stat path by name, whose names may hold
          // spaces and punctuation (cards.Swamp Hulk.hp).
          .regex(/^[A-Za-z_]\w*(\[\d{1,2}\]|\.[^.[\]\n]+)*$/)
          .refine(isSafeFieldPath, 'a field path without __proto__, constructor or prototype'),
        z.array(z.unknown()).min(1).max(LIMITS.sweepValues),
      )
      .optional()
      .describe('A grid over scenario fields, e.g. `rules.suddenDeath: [false, true]`, or card and character stats by name, e.g. `cards.Mudgrub.hp: [4, 5, 6]`; every combination is a cell, and all cells play the same seeds.'),
    expect: z
      .record(z.string().min(1).max(LIMITS.sweepPath), z.unknown())
      .refine((o) => Object.keys(o).length <= LIMITS.variants, `at most ${LIMITS.variants} assertions`)
      .optional()
      .describe('Design assertions, judged on every run and failing `squabble check`: a measured value and what you want of it, e.g. `capped.rate: "< 0.01"`, `firstPlayer.decidedShare: [0.45, 0.55]`, `cards.*.winRateWhenPlaced: [0.35, 0.65]`, and with a matchup matrix `dominant: none` or `viable: ">= 3"` (docs/scenarios.md, "Design assertions").'),
    tune: tuneBlockSchema.optional(),
    seating: z
      .enum(['fixed', 'rotate'])
      .default('fixed')
      .describe('fixed: seat i always plays seats[i]; rotate: in game g, seats[c] plays seat (c + g) mod players.'),
    games: z.number().int().min(1).max(LIMITS.games).default(10_000).describe('How many games to play.'),
    seed: z
      .union([z.number().int().min(0).max(0xffffffff), z.string().min(1).max(200)])
      .default(1)
      .describe('Master seed: a 32-bit integer, or any string.'),
  });
}

/** Read and validate a scenario file. Throws ScenarioError with file, field and line. */
export function loadScenario(file: string, registry: Registry, overrides: PlanOverrides = {}): Plan {
  const { data, lineOf } = readScenarioData(file);
  return buildPlan(data, file, registry, overrides, lineOf);
}

/** Read a scenario file into its cells (one, or one per sweep grid point). */
export function loadCells(file: string, registry: Registry, overrides: PlanOverrides = {}): Plan[] {
  const { data, lineOf } = readScenarioData(file);
  return buildCells(data, file, registry, overrides, lineOf);
}

/** A scenario file's parsed data, not yet validated (for commands that derive scenarios from it). */
export function readScenarioData(file: string): { data: unknown; lineOf: (path: readonly PropertyKey[]) => number | null } {
  return parseYaml(file, readText(file, file, file, ''));
}

/**
 * A file's text. If it cannot be read (missing, a folder, a FIFO, a device such as /dev/zero) the
 * ScenarioError is against `reporter`'s `field`, the place that named it; if its content is wrong
 * (too large, not UTF-8) the error is against the file itself, `shown`. Only regular files are
 * read, and never more than LIMITS.fileBytes + 1 bytes, whatever the file claims.
 */
function readText(path: string, shown: string, reporter: string, field: string): string {
  const what = shown === reporter ? 'the file' : shown;
  const cannot = (e: unknown): never => {
    throw new ScenarioError(reporter, field, `cannot read ${what} (${(e as NodeJS.ErrnoException)?.code ?? String(e)})`);
  };
  let fd: number;
  try {
    // Non-blocking, so that opening a FIFO with no writer returns at once (and is then refused).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return cannot(e);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      const kind = stat.isDirectory() ? 'a folder' : stat.isFIFO() ? 'a pipe' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : stat.isSocket() ? 'a socket' : 'not a file';
      throw new ScenarioError(reporter, field, `${what} is ${kind}, not a regular file; expected a YAML or JSON file`);
    }
    const tooBig = (size: number | string) =>
      new ScenarioError(shown, '', `the file is ${size} bytes; a ${field === '' ? 'scenario' : 'data'} file may be at most ${LIMITS.fileBytes}`);
    if (stat.size > LIMITS.fileBytes) throw tooBig(stat.size);
    const buffer = Buffer.alloc(LIMITS.fileBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > LIMITS.fileBytes) throw tooBig(`more than ${LIMITS.fileBytes}`);
    return decodeText(buffer.subarray(0, length), shown);
  } catch (e) {
    if (e instanceof ScenarioError) throw e;
    return cannot(e);
  } finally {
    closeSync(fd);
  }
}

/** UTF-8 text, or a clear word on what else it is (UTF-16, binary, another encoding). */
function decodeText(bytes: Buffer, file: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || bytes.includes(0))
    throw new ScenarioError(file, '', 'the file is not UTF-8 text (it looks like UTF-16 or binary); save it as UTF-8');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ScenarioError(file, '', 'the file is not valid UTF-8 text (another encoding, e.g. Latin-1?); save it as UTF-8');
  }
}

/** Where a data file named by the rules came from: its name as shown in messages, and its lines. */
export interface DataOrigin {
  shown: string;
  lineOf: LineOf;
  /** Does the file hold a value at this path? */
  has(path: readonly PropertyKey[]): boolean;
}

/** A RulesContext that also remembers the data files it read (for messages that point into them). */
export interface ScenarioRulesContext extends RulesContext {
  origin(ref: unknown): DataOrigin | undefined;
}

const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/**
 * The RulesContext of a scenario file: data files in its folder or below (or in one of
 * `extraRoots`, from SQUABBLE_DATA_ROOTS), validated, with located errors. A name is resolved
 * against the scenario's folder and then every symbolic link on the way is followed: the file
 * really read must be inside an allowed folder, so `../../etc/passwd`, `/etc/passwd` and a link
 * pointing out of the folder are all refused. Each file is read and parsed once per context.
 */
export function rulesContext(file: string, extraRoots: readonly string[] = []): ScenarioRulesContext {
  const folder = resolve(dirname(file));
  const roots = [folder, ...extraRoots.map((r) => resolve(r))];
  const realRoots = roots.map((r) => {
    try {
      return realpathSync(r);
    } catch {
      return r;
    }
  });
  const where = `data files must be in ${folder} or below${extraRoots.length ? ` or in ${roots.slice(1).join(', ')} (${DATA_ROOTS_ENV})` : ` (${DATA_ROOTS_ENV} allows more folders)`}`;
  const parsed = new Map<string, { data: unknown; lineOf: LineOf }>();
  const origins = new Map<string, DataOrigin>();
  return {
    load(ref, schema, field) {
      // eslint-disable-next-line no-control-regex
      if (typeof ref !== 'string' || ref.trim() === '' || /[\u0000-\u001f]/.test(ref))
        throw new ScenarioError(file, field, `expected a file name relative to the scenario, found ${found(ref)}`);
      const path = resolve(folder, ref);
      if (!roots.some((r) => isInside(r, path))) throw new ScenarioError(file, field, `${found(ref)} is outside the scenario's folder; ${where}`);
      const shown = isAbsolute(ref) ? ref : join(dirname(file), ref);
      let real: string;
      try {
        real = realpathSync(path);
      } catch (e) {
        throw new ScenarioError(file, field, `cannot read ${shown} (${(e as NodeJS.ErrnoException)?.code ?? String(e)})`);
      }
      if (!realRoots.some((r) => isInside(r, real)))
        throw new ScenarioError(file, field, `${found(ref)} is a link to ${real}, outside the scenario's folder; ${where}`);
      let entry = parsed.get(real);
      if (!entry) {
        entry = parseYaml(shown, readText(real, shown, file, field), field);
        parsed.set(real, entry);
      }
      const { data, lineOf } = entry;
      origins.set(ref, { shown, lineOf, has: (p) => hasPath(data, p) });
      const fail = (p: readonly PropertyKey[], problem: string): never => {
        throw new ScenarioError(shown, fieldName(p), problem, lineOf(p));
      };
      return parse(schema, data, [], fail);
    },
    fail(path, problem) {
      const full = ['rules', ...path];
      throw new ScenarioError(file, fieldName(full), problem);
    },
    origin(ref) {
      return typeof ref === 'string' ? origins.get(ref) : undefined;
    },
  };
}

/** The same context, with mistakes in the rules reported under `at` (`rules` or `variants.NAME`) at their line. */
function contextAt(ctx: ScenarioRulesContext, file: string, at: readonly PropertyKey[], lineOf: LineOf): RulesContext {
  return {
    load: (ref, schema, field) => ctx.load(ref, schema, field),
    fail(path, problem) {
      const full = [...at, ...path];
      throw new ScenarioError(file, fieldName(full), problem, lineOf(full));
    },
  };
}

function hasPath(data: unknown, path: readonly PropertyKey[]): boolean {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return true;
}

type LineOf = (path: readonly PropertyKey[]) => number | null;

/**
 * Parse YAML (or JSON) text. `field` is the scenario field that named the file ('' for a scenario
 * file itself). Only plain data comes out: YAML 1.2 core types, no custom or language tags
 * (`!!js/function`, `!!python/object`, even `!!binary`, `!!set` and `!!timestamp` are refused),
 * at most LIMITS.yamlAliases aliases and LIMITS.depth levels of nesting.
 */
export function parseYaml(file: string, text: string, field = ''): { data: unknown; lineOf: LineOf } {
  const expected = field === '' ? 'a scenario (see scenarios/schema.json)' : `the data for ${field}`;
  if (text.trim() === '') throw new ScenarioError(file, '', `the file is empty; expected ${expected}`);
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    // Duplicate keys are found below: the yaml package's own check compares every pair of keys
    // (a file with 40,000 keys took half a minute).
    doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: true, strict: true, resolveKnownTags: false });
  } catch (e) {
    if (e instanceof RangeError) throw new ScenarioError(file, '', `lists and mappings are nested more than ${LIMITS.depth} deep; no scenario or data file needs that`);
    throw new ScenarioError(file, '', `not valid YAML: ${(e as Error).message}`);
  }
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const line = problem.linePos?.[0]?.line ?? null;
    if (/Maximum call stack/.test(problem.message)) throw new ScenarioError(file, '', `lists and mappings are nested more than ${LIMITS.depth} deep; no scenario or data file needs that`);
    const message = problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ScenarioError(file, '', `not valid YAML: ${message}`, line);
  }
  const nested = () => new ScenarioError(file, '', `lists and mappings are nested more than ${LIMITS.depth} deep; no scenario or data file needs that`);
  let duplicate: ReturnType<typeof firstDuplicateKey>;
  try {
    duplicate = firstDuplicateKey(doc);
  } catch (e) {
    if (e instanceof RangeError) throw nested();
    throw e;
  }
  if (duplicate) throw new ScenarioError(file, '', `not valid YAML: Map keys must be unique; ${found(duplicate.key)} is given twice`, duplicate.range ? lineCounter.linePos(duplicate.range[0]).line : null);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: LIMITS.yamlAliases });
  } catch (e) {
    throw new ScenarioError(file, '', `not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) throw new ScenarioError(file, '', `the file has no content (only comments?); expected ${expected}`);
  const proto = protoKeyPath(data, [], LIMITS.depth);
  if (proto) throw new ScenarioError(file, fieldName(proto), 'a key named __proto__ is not allowed (it would change how the data is read)', lineOfKeyIn(doc, lineCounter, proto));
  if (depthOf(data, LIMITS.depth + 1) > LIMITS.depth) throw new ScenarioError(file, '', `lists and mappings are nested more than ${LIMITS.depth} deep; no scenario or data file needs that`);
  const lineOf: LineOf = (path) => {
    // The deepest node on the path that exists, so a missing field points at its parent.
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth) as unknown[], true) as { range?: [number, number] } | undefined;
      if (node && typeof node === 'object' && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return null;
  };
  // Keys are located by their key node, which is what an editor's cursor lands on.
  const lineOfKey: LineOf = (path) => {
    const parent = doc.getIn(path.slice(0, -1) as unknown[], true);
    if (isMap(parent)) {
      for (const item of parent.items) {
        if (isPair(item) && isScalar(item.key) && item.key.value === path[path.length - 1] && item.key.range)
          return lineCounter.linePos(item.key.range[0]).line;
      }
    }
    return lineOf(path);
  };
  return { data, lineOf: lineOfKey };
}

/** The first key given twice in one mapping (as the data would see it: `1` and "1" are the same), in one pass. */
function firstDuplicateKey(doc: Document): { key: string; range: [number, number, number] | null | undefined } | null {
  let duplicate: { key: string; range: [number, number, number] | null | undefined } | null = null;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const item of map.items) {
        const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
        if (seen.has(key)) {
          duplicate = { key, range: (item.key as { range?: [number, number, number] | null } | null)?.range };
          return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return duplicate;
}

/** The path of the first own key named __proto__ in parsed data (down to `depth` levels), or null. */
function protoKeyPath(value: unknown, path: PropertyKey[], depth: number): PropertyKey[] | null {
  if (depth < 0 || value === null || typeof value !== 'object') return null;
  if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, '__proto__')) return [...path, '__proto__'];
  for (const [k, v] of Object.entries(value)) {
    const found = protoKeyPath(v, [...path, Array.isArray(value) ? Number(k) : k], depth - 1);
    if (found) return found;
  }
  return null;
}

function lineOfKeyIn(doc: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | null {
  const node = doc.getIn(path.slice(0, -1) as unknown[], true);
  if (isMap(node)) for (const item of node.items) if (isPair(item) && isScalar(item.key) && item.key.value === path[path.length - 1] && item.key.range) return lineCounter.linePos(item.key.range[0]).line;
  return null;
}

/** Nesting depth of parsed data, counting stops at `cap` (so a hostile file costs little). */
function depthOf(value: unknown, cap: number): number {
  if (cap <= 0 || value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const v of Object.values(value)) {
    const d = depthOf(v, cap - 1);
    if (d > deepest) deepest = d;
  }
  return 1 + deepest;
}

/**
 * Resolve a scenario into its cells: one plan without a sweep; one plan per grid point with
 * one. Each cell is the scenario with the swept fields set, validated like any scenario (a bad
 * value names its field and cell), and has its own hash; all cells share the master seed, so
 * game i of every cell starts from the same seed (common random numbers).
 */
export function buildCells(data: unknown, file: string, registry: Registry, overrides: PlanOverrides = {}, lineOf: LineOf = () => null): Plan[] {
  // One context for every cell, so each data file is read and parsed once.
  const ctx = rulesContext(file, overrides.dataRoots ?? []);
  const base = buildPlan(data, file, registry, overrides, lineOf, ctx);
  const sweep = (data as { sweep?: Record<string, unknown[]> }).sweep;
  if (!sweep) return [base];
  // Each cell would need its own level runs and comparison: ask for them in a scenario per cell.
  if (base.compareLevels) throw new ScenarioError(file, 'compareLevels', 'does not combine with `sweep` (every cell would need its own level runs); copy one cell\'s values into a scenario of its own to rate it under levels', lineOf(['compareLevels']));
  const fields = Object.keys(sweep);
  const cells = fields.reduce((n, f) => n * sweep[f]!.length, 1);
  if (cells > LIMITS.sweepCells) throw new ScenarioError(file, 'sweep', `${cells} cells; a sweep may have at most ${LIMITS.sweepCells}`, lineOf(['sweep']));
  const plans: Plan[] = [];
  for (let c = 0; c < cells; c++) {
    const values: Record<string, unknown> = {};
    let rest = c;
    for (let f = fields.length - 1; f >= 0; f--) {
      const options = sweep[fields[f]!]!;
      values[fields[f]!] = options[rest % options.length];
      rest = Math.floor(rest / options.length);
    }
    const cellData = structuredClone(data) as Record<string, unknown>;
    delete cellData.sweep;
    for (const [path, value] of Object.entries(values)) setScenarioPath(cellData, path, value, registry);
    const at = Object.entries(values).map(([k, v]) => `${k} = ${found(v)}`).join(', ');
    let plan: Plan;
    try {
      plan = buildPlan(cellData, file, registry, overrides, lineOf, ctx);
    } catch (e) {
      // A mistake inside a data file keeps its own file and line; one in the scenario points at the sweep.
      if (e instanceof ScenarioError && e.file !== file) throw new ScenarioError(e.file, e.field, `${e.problem} (in the sweep cell ${at})`, e.line);
      if (e instanceof ScenarioError) throw new ScenarioError(file, e.field, `in the sweep cell ${at}: ${e.problem}`, lineOf(['sweep']));
      throw e;
    }
    plans.push({ ...plan, cell: c, cellValues: values });
  }
  return plans;
}

const UNSAFE_KEY = /(^|[.[\]])(__proto__|constructor|prototype)($|[.[\]])/;

/** False for a field path that would reach an object's prototype (`__proto__.x`, `constructor.prototype`). */
export function isSafeFieldPath(path: string): boolean {
  return !UNSAFE_KEY.test(path);
}

/** Set a value at "rules.forces" or "seats[1].params.safetyWeight", creating mappings on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  if (!isSafeFieldPath(path)) throw new Error(`${JSON.stringify(path)} is not a field path (it names __proto__, constructor or prototype)`);
  const keys = path.match(/[^.[\]]+/g) ?? [];
  let node: Record<string, unknown> = target;
  keys.forEach((key, i) => {
    const k = /^\d+$/.test(key) ? Number(key) : key;
    if (i === keys.length - 1) (node as Record<string | number, unknown>)[k] = value;
    else {
      const next = (node as Record<string | number, unknown>)[k];
      if (next === null || typeof next !== 'object') (node as Record<string | number, unknown>)[k] = {};
      node = (node as Record<string | number, unknown>)[k] as Record<string, unknown>;
    }
  });
}

/**
 * Set a scenario field by path (sweeps, `tune --param`, `compare --variant PATH=VALUE`). A stat
 * path of the scenario's game (`cards.Mudgrub.hp`, `characters.Knight.melee`: see
 * src/sim/stat-paths.ts) goes into `rules.statOverrides`, which the game applies after loading
 * its data; any other path is set as it reads (setPath).
 */
export function setScenarioPath(data: Record<string, unknown>, path: string, value: unknown, registry: Registry): void {
  const game = typeof data.game === 'string' ? registry.games[data.game] : undefined;
  const namespace = game?.stats?.namespace;
  if (namespace !== undefined && path.startsWith(`${namespace}.`)) {
    if (data.rules === null || typeof data.rules !== 'object') data.rules = {};
    const rules = data.rules as Record<string, unknown>;
    const current = rules[STAT_OVERRIDES];
    rules[STAT_OVERRIDES] = { ...(current !== null && typeof current === 'object' ? current : {}), [path]: value };
  } else setPath(data, path, value);
}

/**
 * The plan with stat overrides added to its rules (squabble weights): the resolved rules are
 * prepared again by the game (their data is already inline, so only the overrides act),
 * validated and hashed exactly as if the scenario file had said `rules.statOverrides`.
 */
export function withStatOverrides(plan: Plan, registry: Registry, overrides: Record<string, unknown>): Plan {
  const game = registry.games[plan.game]!;
  const existing = plan.rules[STAT_OVERRIDES];
  const input = { ...plan.rules, [STAT_OVERRIDES]: { ...(existing !== null && typeof existing === 'object' ? existing : {}), ...overrides } };
  const fail = (path: readonly PropertyKey[], problem: string): never => {
    throw new ScenarioError(plan.file, fieldName(path), problem);
  };
  const prepared = game.prepareRules ? game.prepareRules(input, rulesContext(plan.file)) : input;
  const rules = parse(game.rulesSchema, prepared, ['rules'], fail) as Record<string, unknown>;
  const setupProblem = game.checkSetup?.(rules, plan.players);
  if (setupProblem) fail(setupProblem[0].split('.'), setupProblem[1]);
  return { ...plan, rules, scenarioHash: planHash(game.id, plan.players, rules, plan.seats, plan.seating) };
}

/** The scenario hash: everything that decides how a game plays, not its name, game count or seed. */
function planHash(game: string, players: number, rules: Record<string, unknown>, seats: readonly SeatPlan[], seating: string): string {
  return hashOf({ game, players, rules, seats: seats.map(({ policy, params }) => ({ policy, params })), seating });
}

/** Validate parsed scenario data and resolve it into a Plan. */
export function buildPlan(
  data: unknown,
  file: string,
  registry: Registry,
  overrides: PlanOverrides = {},
  lineOf: LineOf = () => null,
  ctx: ScenarioRulesContext = rulesContext(file, overrides.dataRoots ?? []),
): Plan {
  const fail = (path: readonly PropertyKey[], problem: string): never => {
    throw new ScenarioError(file, fieldName(path), problem, lineOf(path));
  };
  const gameIds = Object.keys(registry.games) as [string, ...string[]];
  const base = parse(baseScenarioSchema(gameIds), data, [], fail);
  const game = registry.games[base.game]!;

  // Seats and the player count.
  const players = base.players ?? base.seats.length;
  if (players < game.minPlayers || players > game.maxPlayers)
    fail(base.players === undefined ? ['seats'] : ['players'], `expected ${game.minPlayers}-${game.maxPlayers} players for ${game.id}, found ${players}`);
  if (base.seats.length !== 1 && base.seats.length !== players)
    fail(['seats'], `expected ${players} seat entries (one per player) or a single entry for all, found ${base.seats.length}`);
  const seatInputs = base.seats.length === 1 ? Array.from({ length: players }, () => base.seats[0]!) : base.seats;

  // Rules (with referenced data files inlined), then the chosen variant on top.
  const prepare = (input: Record<string, unknown>, at: readonly PropertyKey[]) =>
    game.prepareRules ? game.prepareRules(input, contextAt(ctx, file, at, lineOf)) : input;
  const rulesInput = base.rules ?? {};
  // A variant replaces the rules fields it names, except `statOverrides`, which it adds to: a
  // variant is "the scenario with these changes", and a stat change in the scenario (a card's
  // faces, say) should not vanish because a variant changes another stat.
  const withVariant = (changes: Record<string, unknown>): Record<string, unknown> => {
    const merged = { ...rulesInput, ...changes };
    const a = rulesInput.statOverrides;
    const b = changes.statOverrides;
    if (isPlainRecord(a) && isPlainRecord(b)) merged.statOverrides = { ...a, ...b };
    return merged;
  };
  const rules = parse(game.rulesSchema, prepare(rulesInput, ['rules']), ['rules'], fail) as Record<string, unknown>;
  const variants = base.variants ?? {};
  const variantCount = Object.keys(variants).length;
  if (variantCount > LIMITS.variants) fail(['variants'], `expected at most ${LIMITS.variants} variants, found ${variantCount}; split the scenario`);
  for (const [name, changes] of Object.entries(variants)) parse(game.rulesSchema, prepare(withVariant(changes), ['variants', name]), ['variants', name], fail);
  const variant = overrides.variant ?? null;
  let resolvedRules = rules;
  if (variant !== null) {
    // Own keys only: `--variant constructor` (or toString, __proto__) must not find Object.prototype's member.
    const changes = Object.hasOwn(variants, variant) ? variants[variant] : undefined;
    if (changes === undefined) {
      const names = Object.keys(variants);
      const hint = didYouMean(variant, names);
      throw new ScenarioError(
        file,
        '--variant',
        `no variant ${found(variant)} in this scenario; ${names.length ? `expected one of ${names.join(', ')}` : 'it defines none'}${hint ? ` (did you mean ${found(hint)}?)` : ''}`,
      );
    }
    resolvedRules = game.rulesSchema.parse(prepare(withVariant(changes), ['variants', variant])) as Record<string, unknown>;
  }
  const setupProblem = game.checkSetup?.(resolvedRules, players);
  if (setupProblem) {
    const rawRules = variant !== null ? withVariant(variants[variant]!) : rulesInput;
    throwSetupProblem(setupProblem, rawRules, ctx, fail);
  }

  // Policies.
  const available = registry.policiesFor(game);
  const seats: SeatPlan[] = seatInputs.map((seat, i) => resolveSeat(seat, base.seats.length === 1 ? ['seats', 0] : ['seats', i], game, available, fail));
  const labels = [...new Set(seats.map((s) => s.label))];
  const compareLevels = base.compareLevels?.map((name, i): CompareLevel => {
    levelNamed(name, ['compareLevels', i], game, fail);
    if (base.compareLevels!.indexOf(name) !== i) fail(['compareLevels', i], `${found(name)} is listed twice; list each level once`);
    return { level: name, seat: resolveSeat({ level: name }, ['compareLevels', i], game, available, fail) };
  });
  const entrants = base.entrants?.map((seat, i) => resolveSeat(seat, ['entrants', i], game, available, fail));
  if (entrants) {
    const seen = new Set<string>();
    entrants.forEach((e, i) => {
      if (seen.has(e.label)) fail(['entrants', i], `a second entrant labelled ${found(e.label)}; give each entrant its own \`name\``);
      seen.add(e.label);
    });
  }

  // Design assertions: every path names something a run of this scenario measures.
  const tables = game.metrics.tables?.(resolvedRules, players) ?? [];
  const expect: Assertion[] = Object.entries(base.expect ?? {}).map(([path, value]) => {
    const condition = parseCondition(value, path);
    if (typeof condition === 'string') fail(['expect', path], condition);
    const quality = game.standing !== undefined;
    const problem = checkAssertionPath(path, players, labels, tables, quality);
    if (problem) {
      const hint = didYouMean(path, [...HEADLINE_PATHS, ...(quality ? QUALITY_PATHS : []), ...Array.from({ length: players }, (_, i) => `seats.${i}.winRate`), ...tables.flatMap((t) => (t.rates ?? []).map((r) => `${t.name}.*.${r.name}`))]);
      fail(['expect', path], hint && problem.startsWith('not something') ? `${problem} (did you mean ${hint}?)` : problem);
    }
    return { path, text: Array.isArray(value) ? `in [${value.join(', ')}]` : String(value).trim(), condition: condition as Condition };
  });

  // Command-line overrides are checked like the fields they replace.
  const games = overrides.games ?? base.games;
  if (!Number.isInteger(games) || games < 1 || games > LIMITS.games)
    throw new ScenarioError(file, '--games', `expected a whole number from 1 to ${LIMITS.games}, found ${found(games)}`);
  const seed = overrides.seed ?? base.seed;

  return {
    cell: 0,
    cellValues: null,
    file,
    name: base.name ?? file.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json)$/i, ''),
    description: base.description ?? '',
    game: game.id,
    rules: resolvedRules,
    variant,
    players,
    seats,
    labels,
    seatLabel: seats.map((s) => labels.indexOf(s.label)),
    seating: base.seating,
    games,
    seed,
    masterSeed: masterSeedFrom(seed),
    scenarioHash: planHash(game.id, players, resolvedRules, seats, base.seating),
    ...(entrants ? { entrants } : {}),
    ...(expect.length ? { expect } : {}),
    ...(compareLevels ? { compareLevels } : {}),
  };
}

/**
 * The plan with every seat at one skill level (seats rotating), on `seed` (default: the plan's):
 * what `compareLevels` and `squabble levels` play. Rules, game count and variant stay the plan's,
 * so game i starts from the same seed as the plan's game i.
 */
export function levelPlan(plan: Plan, level: CompareLevel, seed: number | string = plan.seed): Plan {
  const { compareLevels: _levels, entrants: _entrants, expect: _expect, recordGames: _record, ...rest } = plan;
  const seats = Array.from({ length: plan.players }, () => level.seat);
  return { ...rest, seats, labels: [level.seat.label], seatLabel: seats.map(() => 0), seating: 'rotate', seed, masterSeed: masterSeedFrom(seed), scenarioHash: planHash(plan.game, plan.players, plan.rules, seats, 'rotate') };
}

/** The game's level called `name`; a name it does not have fails at `path`, listing the levels it has. */
function levelNamed(name: string, path: readonly PropertyKey[], game: AnyGameModule, fail: (path: readonly PropertyKey[], problem: string) => never): SkillLevel {
  const levels = game.levels ?? [];
  const level = levels.find((l) => l.name === name);
  if (level) return level;
  const names = levels.map((l) => l.name);
  const hint = didYouMean(name, names);
  return fail(path, `expected one of ${names.join(', ') || '(none: this game has no levels)'} for ${game.id}; found ${found(name)}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
}

/**
 * One seat entry (of `seats` or `entrants`) as the policy and parameters that play it: a
 * `level` stands for its policy and parameters, and `epsilon` (the strength dial, on a policy
 * or a level) wraps them in the epsilon policy.
 */
function resolveSeat(
  seat: SeatInput,
  path: readonly PropertyKey[],
  game: AnyGameModule,
  available: Readonly<Record<string, PolicySpec>>,
  fail: (path: readonly PropertyKey[], problem: string) => never,
): SeatPlan {
  let policy: string;
  let params: Record<string, unknown>;
  let label: string;
  let epsilon = seat.epsilon;
  if (seat.level !== undefined) {
    if (seat.policy !== undefined) fail([...path, 'policy'], 'a seat gives `policy` or `level`, not both');
    if (seat.params !== undefined) fail([...path, 'params'], 'a level fixes its parameters; use `policy` and `params` to set them by hand');
    const level = levelNamed(seat.level, [...path, 'level'], game, fail);
    policy = level.policy;
    params = available[policy]!.paramsSchema.parse(level.params ?? {}) as Record<string, unknown>;
    label = level.name;
    if (level.epsilon !== undefined) epsilon = epsilon === undefined ? level.epsilon : combinedEpsilon(level.epsilon, epsilon);
  } else {
    if (seat.policy === undefined) return fail([...path, 'policy'], 'missing; expected a policy name (`policy`) or a skill level (`level`)');
    policy = seat.policy;
    const spec = available[policy];
    if (!spec) {
      const names = Object.keys(available);
      const hint = didYouMean(policy, names);
      return fail([...path, 'policy'], `expected one of ${names.join(', ')} for ${game.id}; found ${found(policy)}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
    }
    params = parse(spec.paramsSchema, seat.params ?? {}, [...path, 'params'], fail) as Record<string, unknown>;
    label = policyLabel(policy, params, spec.paramsSchema.parse({}));
  }
  if (epsilon !== undefined) {
    if (policy === EPSILON_POLICY) fail([...path, 'epsilon'], 'the epsilon policy already is the strength dial; set its `p` instead');
    params = { p: epsilon, policy, params };
    policy = EPSILON_POLICY;
  }
  // A level's own dial is part of its name; a seat's is shown.
  if (seat.epsilon !== undefined) label = label.endsWith(')') ? `${label.slice(0, -1)}, epsilon=${seat.epsilon})` : `${label}(epsilon=${seat.epsilon})`;
  return { policy, params, label: seat.name ?? label };
}

/**
 * Report a game's cross-field problem. Its field may point into data a rules field named by file
 * (`rules.terrain.obstacles.3` with `terrain: layouts/ruins.yaml`): then the message names that
 * file, the field inside it and its line. A problem with the whole file names the scenario's
 * field and the file.
 */
function throwSetupProblem(
  [field, problem]: [string, string],
  rawRules: Record<string, unknown>,
  ctx: ScenarioRulesContext,
  fail: (path: readonly PropertyKey[], problem: string) => never,
): never {
  // "rules.blocks[1].number" or "rules.miniDecks.0": keys, with list positions as numbers.
  const path: PropertyKey[] = (field.match(/[^.[\]]+/g) ?? []).map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  if (path[0] === 'rules') {
    let node: unknown = rawRules;
    for (let i = 1; i < path.length && node !== null && typeof node === 'object'; i++) {
      node = (node as Record<PropertyKey, unknown>)[path[i]!];
      const origin = ctx.origin(node);
      if (!origin) continue;
      const rest = path.slice(i + 1);
      if (rest.length === 0) return fail(path, `${problem} (in ${origin.shown})`);
      if (origin.has(rest)) throw new ScenarioError(origin.shown, fieldName(rest), problem, origin.lineOf(rest));
      break;
    }
    // A field the scenario does not write may come from a file whose fields are used as rules
    // fields (Squish's `board: boards/x.yaml` gives width, height, blocks, starts): name that file.
    if (path.length > 1 && !Object.prototype.hasOwnProperty.call(rawRules, path[1]!)) {
      const rest = path.slice(1);
      for (const value of Object.values(rawRules)) {
        const origin = ctx.origin(value);
        if (origin?.has(rest)) throw new ScenarioError(origin.shown, fieldName(rest), problem, origin.lineOf(rest));
      }
    }
  }
  return fail(path, problem);
}

/** Parse with a zod schema, turning the first issue into a one-line ScenarioError. */
function parse<T extends z.ZodType>(schema: T, value: unknown, at: PropertyKey[], fail: (path: readonly PropertyKey[], problem: string) => never): z.output<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  // A missing field beside an unknown one is almost always a typo: name the unknown one.
  const first = issues[0]!;
  const parent = JSON.stringify(first.path.slice(0, -1));
  let issue = issues.find((i) => i.code === 'unrecognized_keys' && JSON.stringify(i.path) === parent) ?? first;
  let path = [...at, ...issue.path];
  let schemaPath: PropertyKey[] | null = [...issue.path];
  // A union whose value had the shape of one of its options (a list of teams, an inline roster)
  // but went wrong inside it: name that mistake, not "expected text or a mapping".
  for (;;) {
    if (issue.code !== 'invalid_union' || 'discriminator' in issue) break;
    const inside = issue.errors.find((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0));
    if (!inside) break;
    issue = inside.find((i) => i.code === 'unrecognized_keys') ?? inside[0]!;
    path = [...path, ...issue.path];
    schemaPath = null; // knownKeys does not look inside unions
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const known = schemaPath ? knownKeys(schema, schemaPath) : [];
    const hint = didYouMean(key, known);
    return fail([...path, key], `unknown field${known.length ? `; expected one of ${known.join(', ')}` : ''}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
  }
  const input = 'input' in issue ? issue.input : undefined;
  // A discriminated union (e.g. an obstacle's shape) reports the whole object; name the key's value.
  const tagged = issue as { discriminator?: unknown; options?: unknown };
  if (issue.code === 'invalid_union' && typeof tagged.discriminator === 'string' && Array.isArray(tagged.options)) {
    const options = tagged.options.map((o) => found(o));
    const value = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[tagged.discriminator] : undefined;
    if (value === undefined) return fail(path, `missing; expected one of ${options.join(', ')}`);
    const hint = typeof value === 'string' ? didYouMean(value, tagged.options.map(String)) : null;
    return fail(path, `expected one of ${options.join(', ')}, found ${found(value)}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
  }
  if (input === undefined) return fail(path, `missing; ${describeExpectation(issue)}`);
  return fail(path, `${describeExpectation(issue)}, found ${found(input)}${suggestion(issue, input)}`);
}

function describeExpectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${typeName(issue.expected)}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? found(issue.values[0]) : `one of ${issue.values.map((v) => found(v)).join(', ')}`}`;
    case 'invalid_union': {
      const options = issue.errors.flatMap((branch) => branch.filter((i) => i.path.length === 0).map((i) => describeExpectation(i).replace(/^expected /, '')));
      return `expected ${[...new Set(options)].join(' or ')}`;
    }
    case 'too_small':
      return issue.origin === 'array' || issue.origin === 'string'
        ? `expected at least ${issue.minimum} ${issue.origin === 'array' ? (Number(issue.minimum) === 1 ? 'entry' : 'entries') : Number(issue.minimum) === 1 ? 'character' : 'characters'}`
        : // An exclusive bound (positive(), gt) reads "above 0": "at least 0, found 0" contradicted itself.
          `expected a value ${issue.inclusive === false ? 'above' : 'of at least'} ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' || issue.origin === 'string'
        ? `expected at most ${issue.maximum} ${issue.origin === 'array' ? (Number(issue.maximum) === 1 ? 'entry' : 'entries') : Number(issue.maximum) === 1 ? 'character' : 'characters'}`
        : `expected a value ${issue.inclusive === false ? 'below' : 'of at most'} ${issue.maximum}`;
    case 'invalid_key': {
      const inner = issue.issues[0];
      return `expected a valid name here${inner ? ` (${describeExpectation(inner).replace(/^expected /, '')})` : ''}`;
    }
    case 'invalid_format':
      return `expected text matching ${issue.format === 'regex' ? (issue as { pattern?: string }).pattern ?? 'the pattern' : issue.format}`;
    default:
      return issue.message;
  }
}

function suggestion(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code !== 'invalid_value' || typeof input !== 'string') return '';
  const hint = didYouMean(input, issue.values.filter((v): v is string => typeof v === 'string'));
  return hint ? ` (did you mean ${found(hint)}?)` : '';
}

function typeName(expected: string): string {
  const names: Record<string, string> = { int: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', object: 'a mapping (key: value)', array: 'a list', record: 'a mapping (key: value)' };
  return names[expected] ?? expected;
}

/** Field names allowed at `path` inside a zod schema (for "unknown field" messages). */
function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let node: any = schema;
  const unwrap = () => {
    while (node?._zod?.def?.innerType) node = node._zod.def.innerType;
  };
  unwrap();
  for (const key of path) {
    const def = node?._zod?.def;
    if (def?.type === 'object') node = def.shape[key as string];
    else if (def?.type === 'array') node = def.element;
    else if (def?.type === 'record') node = def.valueType;
    else return [];
    unwrap();
  }
  const def = node?._zod?.def;
  return def?.type === 'object' ? Object.keys(def.shape) : [];
}

/** `seats[1].params.safetyWeight` from a path. */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

function policyLabel(policy: string, params: Record<string, unknown>, defaults: Record<string, unknown>): string {
  const changed = Object.keys(params)
    .sort()
    .filter((k) => JSON.stringify(params[k]) !== JSON.stringify(defaults[k]))
    .map((k) => `${k}=${JSON.stringify(params[k])}`);
  return changed.length ? `${policy}(${changed.join(', ')})` : policy;
}

/** sha256 of the canonical JSON (keys sorted) of a value; the first 16 hex digits. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
