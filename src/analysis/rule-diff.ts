/**
 * Which rules fields differ between two resolved rules, named down to the card or character and
 * the stat: `cards.Mudgrub.hp: 1 -> 3`, `forces: "first-hit" -> "cumulative"`, not "cards:
 * changed". Arrays of named entries (a deck's cards, a roster's characters) are matched by name,
 * other arrays by position; a stat override (statOverrides, `cards.X.hp=7`) is named by its stat
 * path, its old value read from the other rules. Used by `run`'s "since the previous run" and by
 * `compare`.
 */
import type { AnyGameModule } from '../sim/types.js';
import { STAT_OVERRIDES } from '../sim/stat-paths.js';

export interface RuleDifference {
  /** Where, from the rules: `forces`, `cards.Mudgrub.hp`, `blocks[1].x`; a stat path for an override. */
  path: string;
  /** The top-level rules field it is in (`cards`, `forces`; `statOverrides` for an override). */
  field: string;
  /** JSON of each side, or undefined where that side does not have it. */
  before: string | undefined;
  after: string | undefined;
}

/** A value longer than this is named, not printed. */
const MAX_VALUE_TEXT = 60;

const named = (x: unknown): x is { name: string } => x !== null && typeof x === 'object' && typeof (x as { name?: unknown }).name === 'string';

function walk(a: unknown, b: unknown, path: string, field: string, out: RuleDifference[]): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.every(named) && b.every(named)) {
      const names = [...new Set([...a.map((x) => x.name), ...b.map((x) => x.name)])];
      for (const n of names) walk(a.find((x) => x.name === n), b.find((x) => x.name === n), `${path}.${n}`, field, out);
    } else for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`, field, out);
    return;
  }
  const objects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b);
  if (objects) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    // A data file inlined under its own name (rules.cards holding a deck whose list is `cards`) is named once: cards.Mudgrub.hp, the stat path.
    const last = path.slice(path.lastIndexOf('.') + 1);
    for (const k of keys) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], k === last ? path : `${path}.${k}`, field, out);
    return;
  }
  out.push({ path, field, before: a === undefined ? undefined : JSON.stringify(a), after: b === undefined ? undefined : JSON.stringify(b) });
}

/** Every difference between two resolved rules, field by field (in the order of A's fields, then B's new ones). */
export function ruleDifferences(game: AnyGameModule | undefined, rulesA: Record<string, unknown>, rulesB: Record<string, unknown>): RuleDifference[] {
  const out: RuleDifference[] = [];
  for (const f of new Set([...Object.keys(rulesA), ...Object.keys(rulesB)])) {
    if (f === STAT_OVERRIDES) continue;
    walk(rulesA[f], rulesB[f], f, f, out);
  }
  const oa = (rulesA[STAT_OVERRIDES] ?? {}) as Record<string, unknown>;
  const ob = (rulesB[STAT_OVERRIDES] ?? {}) as Record<string, unknown>;
  const read = (rules: Record<string, unknown>, overrides: Record<string, unknown>, path: string): string | undefined => {
    if (overrides[path] !== undefined) return JSON.stringify(overrides[path]);
    try {
      return game?.stats ? JSON.stringify(game.stats.read(rules as never, path)) : undefined;
    } catch {
      return undefined;
    }
  };
  for (const path of new Set([...Object.keys(oa), ...Object.keys(ob)])) {
    const before = read(rulesA, oa, path);
    const after = read(rulesB, ob, path);
    // A game that applies overrides to its inlined data shows the change there too: name it once.
    if (before !== after && !out.some((d) => d.path === path)) out.push({ path, field: STAT_OVERRIDES, before, after });
  }
  return out;
}

const shown = (v: string | undefined) => (v === undefined ? '(none)' : v.length > MAX_VALUE_TEXT ? '(changed)' : v);

/** One difference in words: `cards.Mudgrub.hp: 1 -> 3`. */
export function differenceText(d: RuleDifference): string {
  return `${d.path}: ${shown(d.before)} -> ${shown(d.after)}`;
}

/** The differences in words, at most `max` of them and a count of the rest. */
export function differencesText(diffs: readonly RuleDifference[], max = 8): string[] {
  const lines = diffs.slice(0, max).map(differenceText);
  if (diffs.length > max) lines.push(`and ${diffs.length - max} more`);
  return lines;
}
