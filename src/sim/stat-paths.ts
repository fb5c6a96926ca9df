/**
 * Stat paths: card and character stats addressed by name, e.g. `cards.Mudgrub.hp`,
 * `cards.Mudgrub.faces.3`, `characters.Knight.melee` (docs/scenarios.md, "Stat paths").
 *
 * A game that has them declares `GameModule.stats` and keeps a rules field `statOverrides`
 * (path → value) that its `prepareRules` applies after the data files are inlined. A tweak is
 * therefore part of the rules: validated with a located message, serializable (plans travel to
 * workers as JSON) and covered by the scenario hash. Sweeps, `tune --param` and `compare
 * --variant PATH=VALUE` write stat paths into that field (`setScenarioPath` in
 * scenario/load.ts); `squabble weights` adds them to a loaded plan (`withStatOverrides`).
 */
import { z } from 'zod';
import { found, nearest, didYouMean } from './scenario/errors.js';

/** The rules field that holds a game's stat overrides. */
export const STAT_OVERRIDES = 'statOverrides';

export type StatValue = number | string;
export type StatOverrides = Record<string, StatValue>;

/** The zod field a game adds to its rules (optional, no default: rules without it hash as before). */
export function statOverridesField(description: string) {
  return z.record(z.string().min(1).max(300), z.union([z.number(), z.string().min(1).max(200)])).optional().describe(description);
}

/** The overrides of rules not yet validated: a mapping, or null when absent or malformed (zod reports that). */
export function overridesIn(rules: Record<string, unknown>): StatOverrides | null {
  const o = rules[STAT_OVERRIDES];
  if (o === undefined || o === null || typeof o !== 'object' || Array.isArray(o)) return null;
  return o as StatOverrides;
}

export interface StatLookup {
  /** First segment: 'cards' or 'characters'. */
  namespace: string;
  /** 'card', 'character'. */
  noun: string;
  /** Every subject's name, in data order. */
  names: readonly string[];
  /** Where the names come from, for messages: 'the card pool (decks/classic-70.yaml)'. */
  where: string;
  /** Stats without an argument: hp, melee... */
  stats: readonly string[];
  /** Stats that take one more segment: faces (faces.3). */
  argStats: readonly string[];
  /** How the stats are written, for messages: 'hp, faces.1 ... faces.6'. */
  shown: string;
}

export type LocatedStat = { index: number; name: string; stat: string; arg: string | null };

/**
 * Find the subject and stat a path names. Names may hold spaces and dots (`cards.Swamp
 * Hulk.hp`): the stat is read from the end. Returns the problem, in words, when the path is wrong.
 */
export function locateStat(path: string, l: StatLookup): LocatedStat | { problem: string } {
  const parts = path.split('.');
  if (parts[0] !== l.namespace || parts.length < 3)
    return { problem: `expected ${l.namespace}.<${l.noun} name>.<stat> (stats: ${l.shown}), found ${found(path)}` };
  const withArg = parts.length >= 4 && l.argStats.includes(parts[parts.length - 2]!);
  const stat = withArg ? parts[parts.length - 2]! : parts[parts.length - 1]!;
  const arg = withArg ? parts[parts.length - 1]! : null;
  const name = parts.slice(1, withArg ? -2 : -1).join('.');
  const index = l.names.indexOf(name);
  if (index < 0) {
    const close = nearest(name, l.names);
    return { problem: `no ${l.noun} ${found(name)} in ${l.where}${close.length ? `; nearest: ${close.map((c) => found(c)).join(', ')}` : ''}` };
  }
  if (!withArg && !l.stats.includes(stat)) {
    const hint = didYouMean(stat, [...l.stats, ...l.argStats]);
    const argHint = l.argStats.includes(stat) ? ` (${stat} needs one more part, e.g. ${stat}.1)` : '';
    return { problem: `${l.noun} ${found(name)} has no stat ${found(stat)}; expected one of ${l.shown}${argHint}${hint && !argHint ? ` (did you mean ${found(hint)}?)` : ''}` };
  }
  return { index, name, stat, arg };
}
