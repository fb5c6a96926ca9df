/**
 * A scenario's `expect:` block (design assertions), as the loader reads it: each path names
 * something a run measures, each condition is a band or a comparison. Judging them on a run is
 * src/analysis/assertions.ts.
 */
import type { MetricTableSpec } from '../types.js';
import { pairTableChoices } from '../stats/dominance.js';
import { pairColumns, checkPairRow, PAIR_RATE } from '../stats/pair-rates.js';

export type Condition = { kind: 'band'; low: number; high: number } | { kind: '<' | '<=' | '>' | '>='; value: number };

export interface Assertion {
  /** As written: `capped.rate`, `seats.0.winRate`, `cards.*.winRateWhenPlaced`. */
  path: string;
  /** As written: `[0.45, 0.55]` or `"< 0.01"`. */
  text: string;
  condition: Condition;
}

const NUMBER = /^\s*(<=|>=|<|>)\s*(-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*$/i;

/** `[low, high]` or a comparison such as `"< 0.01"`; a message saying what was expected otherwise. */
export function parseCondition(value: unknown, path = ''): Condition | string {
  // `dominant: none`: the number of dominant choices is 0 (src/analysis/assertions.ts bounds it).
  if (path === 'dominant') return value === 'none' ? { kind: '<=', value: 0 } : `expected none (no choice beats every other), found ${JSON.stringify(value)}`;
  if (Array.isArray(value)) {
    if (value.length !== 2 || typeof value[0] !== 'number' || typeof value[1] !== 'number' || !Number.isFinite(value[0]) || !Number.isFinite(value[1]))
      return `expected [low, high] (two numbers) or a comparison such as "< 0.01", found ${JSON.stringify(value)}`;
    if (value[0] > value[1]) return `expected [low, high] with low <= high, found [${value[0]}, ${value[1]}]`;
    return { kind: 'band', low: value[0], high: value[1] };
  }
  if (typeof value === 'string') {
    const m = NUMBER.exec(value);
    if (m) return { kind: m[1] as '<' | '<=' | '>' | '>=', value: Number(m[2]) };
  }
  return `expected [low, high] (two numbers) or a comparison such as "< 0.01", ">= 2", found ${JSON.stringify(value)}`;
}

/** The quality figures (docs/quality.md), for games with a standing: means (normal intervals) and shares (Wilson). */
export const QUALITY_MEAN_PATHS = ['quality.leadChanges', 'quality.decisiveness', 'quality.drama', 'quality.length.cv'];
export const QUALITY_SHARE_PATHS = ['quality.comebacks', 'quality.blowouts'];
export const QUALITY_PATHS = [...QUALITY_MEAN_PATHS, ...QUALITY_SHARE_PATHS];

export const HEADLINE_PATHS = ['firstPlayer.decidedShare', 'firstPlayer.winRate', 'draws.rate', 'capped.rate', 'length.turns.mean', 'length.rounds.mean'];
/** Assertions about a matchup matrix of three or more choices (Squall's `matchups` with all pairs). */
export const MATRIX_PATHS = ['dominant', 'viable'];

/** What a scenario may assert about, for messages. */
export function assertionPathsHelp(players: number, labels: readonly string[], tables: readonly MetricTableSpec[], quality = false): string {
  const rates = tables.flatMap((t) => [...(t.rates ?? []).map((r) => `${t.name}.<row or *>.${r.name}`), ...(pairColumns(t) ? [`${t.name}.<A vs B or *>.${PAIR_RATE} (both seatings)`] : [])]);
  const matrix = tables.some((t) => pairTableChoices(t.columns.map((c) => c.name), t.rows).length >= 3) ? MATRIX_PATHS : [];
  return [...HEADLINE_PATHS, ...matrix, ...(quality ? QUALITY_PATHS : []), `seats.<0-${players - 1}>.winRate`, `policies.<${labels.join(' | ')}>.winRate`, ...rates].join(', ');
}

/** Null when `path` names something a run of this scenario measures; otherwise what is wrong. */
export function checkAssertionPath(path: string, players: number, labels: readonly string[], tables: readonly MetricTableSpec[], quality = false): string | null {
  if (HEADLINE_PATHS.includes(path)) return null;
  if (MATRIX_PATHS.includes(path))
    return tables.some((t) => pairTableChoices(t.columns.map((c) => c.name), t.rows).length >= 3)
      ? null
      : `needs a matchup matrix of three or more choices (a table of pairs, such as Squall's \`matchups\` under \`matchups: all-pairs\`); this scenario has none`;
  if (QUALITY_PATHS.includes(path)) return quality ? null : 'this game has no standing, so its runs measure no quality figures';
  const seat = /^seats\.(\d+)\.winRate$/.exec(path);
  if (seat) return Number(seat[1]) < players ? null : `no seat ${seat[1]} in a ${players}-player game`;
  if (path.startsWith('policies.') && path.endsWith('.winRate')) {
    const label = path.slice('policies.'.length, -'.winRate'.length);
    return labels.includes(label) ? null : `no policy labelled ${JSON.stringify(label)} in this scenario (its labels: ${labels.join(', ')})`;
  }
  for (const t of tables) {
    if (!path.startsWith(`${t.name}.`)) continue;
    // A table of ordered pairs also has each pair's rate over both seatings (stats/pair-rates.ts).
    if (pairColumns(t) && path.endsWith(`.${PAIR_RATE}`)) {
      const problem = checkPairRow(path.slice(t.name.length + 1, -(PAIR_RATE.length + 1)), t.rows);
      return problem && `${t.name}: ${problem}`;
    }
    for (const r of t.rates ?? []) {
      if (!path.endsWith(`.${r.name}`)) continue;
      const row = path.slice(t.name.length + 1, -(r.name.length + 1));
      if (row === '*' || t.rows.includes(row)) return null;
      return `no row ${JSON.stringify(row)} in the ${t.name} table (use * for every row)`;
    }
    return `the ${t.name} table has no such rate; its rates: ${(t.rates ?? []).map((r) => r.name).join(', ') || 'none'}`;
  }
  return `not something a run measures; expected one of ${assertionPathsHelp(players, labels, tables, quality)}`;
}

export type Verdict = 'pass' | 'fail' | 'undecided';

export interface AssertionValue {
  /** What was measured: the path with a wildcard replaced by the row. */
  what: string;
  estimate: number;
  interval: [number, number];
  /** Trials behind the estimate (games, decided games, seat-games or a row's trials). */
  n: number;
  verdict: Verdict;
  /** A count of choices (`dominant`, `viable`): the interval bounds what the matchup matrix shows. */
  count?: boolean;
}

export interface AssertionResult {
  path: string;
  text: string;
  verdict: Verdict;
  /** The values checked (one, or one per row of a wildcard), those that decide the verdict first. */
  values: AssertionValue[];
  /** The verdict with its evidence, in one line. */
  statement: string;
}

export interface AssertionsSummary {
  alpha: number;
  /** Values checked in the run: each interval is at 1 − alpha / checked. */
  checked: number;
  confidence: number;
  results: AssertionResult[];
  /** Every assertion passed. */
  passed: boolean;
}
