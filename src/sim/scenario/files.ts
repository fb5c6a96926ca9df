/**
 * Reading scenario and data files safely: only regular files, at most LIMITS.fileBytes, UTF-8;
 * YAML (or JSON) as plain data only, with located errors (`lineOf`); data files named by the
 * rules resolved inside the scenario's folder (or SQUABBLE_DATA_ROOTS) through a RulesContext.
 */
import { openSync, readSync, closeSync, fstatSync, realpathSync, constants } from 'node:fs';
import { dirname, resolve, relative, isAbsolute, join, delimiter, sep } from 'node:path';
import { parseDocument, LineCounter, isMap, isPair, isScalar, visit, type Document } from 'yaml';
import { ScenarioError, found } from './errors.js';
import type { RulesContext } from '../types.js';
import { LIMITS } from './schema.js';
import { fieldName } from './field-path.js';
import { parse } from './validate.js';

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

/**
 * A file's text. If it cannot be read (missing, a folder, a FIFO, a device such as /dev/zero) the
 * ScenarioError is against `reporter`'s `field`, the place that named it; if its content is wrong
 * (too large, not UTF-8) the error is against the file itself, `shown`. Only regular files are
 * read, and never more than LIMITS.fileBytes + 1 bytes, whatever the file claims.
 */
export function readText(path: string, shown: string, reporter: string, field: string): string {
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
export function contextAt(ctx: ScenarioRulesContext, file: string, at: readonly PropertyKey[], lineOf: LineOf): RulesContext {
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

export type LineOf = (path: readonly PropertyKey[]) => number | null;

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
