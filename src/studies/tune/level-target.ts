/**
 * A `tune:` block's level target (issue 23 item 5): "the win matrix across skill levels matches
 * this matrix". Written under `tune.targets.levels`:
 *
 *   levels:
 *     names: [novice, skilled]          # levels of the game (src/games/<id>/levels.ts)
 *     matrix: [[null, 0.25], [0.75, null]]    # wanted win rate of the row level over the column level
 *     tolerance: 0.03                   # each cell within ± this
 *     games: 400                        # games per pairing per evaluation (default: the scenario's)
 *
 * Each pair of levels is played as `squabble tournament` plays a pairing (src/studies/kit/pairings.ts:
 * the two levels in alternate seats, seats rotating), and its results become a pair table
 * `levels` shaped like Squall's `matchups` (one row "A vs B" per pair), so each ordered cell is an
 * ordinary pooled pair rate `levels.A vs B.winRate` (A's wins over all games of the pairing, draws
 * and capped games counting as not won) judged as a design assertion with band [w − tol, w + tol]:
 * the loss (tune-targets.ts) sums every cell, and the report shows every cell before and after with
 * its interval, and the matrix.
 */
import type { Summary, SummaryTable } from '../../sim/stats/summary.js';
import type { Assertion } from '../../analysis/assertions.js';

/** What one pairing's run gave each side (src/studies/kit/pairings.ts `pairingResult`). */
export interface PairingCounts {
  games: number;
  aWins: number;
  bWins: number;
  draws: number;
  capped: number;
}

/** The key of the level target among a `tune:` block's targets. */
export const LEVEL_TARGET = 'levels';
/** The pair table the level pairings fill. */
export const LEVEL_TABLE = 'levels';

export interface LevelTarget {
  names: string[];
  /** matrix[i][j]: the wanted rate of level i over level j (i ≠ j); the diagonal is null. */
  matrix: (number | null)[][];
  tolerance: number;
  /** Games per pairing per evaluation; undefined: the scenario's games. */
  games?: number;
}

/** A problem with the level target: the path under `tune.targets.levels` and what is wrong. */
export interface LevelTargetProblem {
  path: (string | number)[];
  problem: string;
}

const KEYS = ['names', 'matrix', 'tolerance', 'games'];
const isRate = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;

/** The level target written in a scenario, checked against the game's levels; or the first problem. */
export function parseLevelTarget(value: unknown, levels: readonly string[], game: string): LevelTarget | LevelTargetProblem {
  const bad = (path: (string | number)[], problem: string): LevelTargetProblem => ({ path, problem });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad([], `expected { names: [levels], matrix: [[rates]], tolerance }, found ${JSON.stringify(value)}`);
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!KEYS.includes(k)) return bad([k], `unknown field; expected ${KEYS.join(', ')}`);
  if (levels.length === 0) return bad([], `${game} has no named skill levels`);
  const names = o.names;
  if (!Array.isArray(names) || names.length < 2) return bad(['names'], `expected a list of two or more of ${game}'s levels (${levels.join(', ')}), found ${JSON.stringify(names)}`);
  for (let i = 0; i < names.length; i++) {
    if (typeof names[i] !== 'string' || !levels.includes(names[i] as string)) return bad(['names', i], `no level ${JSON.stringify(names[i])} in ${game}; expected one of ${levels.join(', ')}`);
    if (names.indexOf(names[i]) !== i) return bad(['names', i], `${JSON.stringify(names[i])} is listed twice; list each level once`);
  }
  const k = names.length;
  const m = o.matrix;
  if (!Array.isArray(m) || m.length !== k || m.some((row) => !Array.isArray(row) || row.length !== k))
    return bad(['matrix'], `expected a square matrix of ${k} rows of ${k} (one row and column per level of names), found ${JSON.stringify(m)}`);
  const matrix: (number | null)[][] = [];
  for (let i = 0; i < k; i++) {
    matrix.push([]);
    for (let j = 0; j < k; j++) {
      const x = (m[i] as unknown[])[j];
      if (i === j) {
        if (x !== null && x !== '-') return bad(['matrix', i, j], `the diagonal (a level against itself) is not a target: write null (or "-"), found ${JSON.stringify(x)}`);
        matrix[i]!.push(null);
      } else if (!isRate(x)) return bad(['matrix', i, j], `expected the win rate of ${names[i]} over ${names[j]}, a number in [0, 1], found ${JSON.stringify(x)}`);
      else matrix[i]!.push(x);
    }
  }
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++)
      if (matrix[i]![j]! + matrix[j]![i]! > 1 + 1e-9) return bad(['matrix', j, i], `${names[i]} over ${names[j]} (${matrix[i]![j]}) and ${names[j]} over ${names[i]} (${matrix[j]![i]}) add up to more than 1`);
  const tolerance = o.tolerance;
  if (typeof tolerance !== 'number' || !(tolerance > 0 && tolerance <= 0.5)) return bad(['tolerance'], `expected a number in (0, 0.5], each cell's allowed distance from its rate, found ${JSON.stringify(tolerance)}`);
  const games = o.games;
  if (games !== undefined && (typeof games !== 'number' || !Number.isInteger(games) || games < 1 || games > 10_000_000)) return bad(['games'], `expected games per pairing, a whole number from 1 to 10,000,000, found ${JSON.stringify(games)}`);
  return { names: names as string[], matrix, tolerance, ...(games === undefined ? {} : { games: games as number }) };
}

export const isLevelTargetProblem = (x: LevelTarget | LevelTargetProblem): x is LevelTargetProblem => 'problem' in x;

/** The pairs of levels to play, each once, in the order of `names`. */
export function levelPairs(t: LevelTarget): [string, string][] {
  return t.names.flatMap((a, i) => t.names.slice(i + 1).map((b): [string, string] => [a, b]));
}

/** One assertion per ordered cell: `levels.A vs B.winRate` within [w − tol, w + tol] (clipped to [0, 1]). */
export function levelCellAssertions(t: LevelTarget): Assertion[] {
  const out: Assertion[] = [];
  t.names.forEach((a, i) =>
    t.names.forEach((b, j) => {
      const w = t.matrix[i]![j];
      if (i === j || w === null || w === undefined) return;
      out.push({ path: `${LEVEL_TABLE}.${a} vs ${b}.winRate`, text: `${w} ± ${t.tolerance}`, condition: { kind: 'band', low: Math.max(0, w - t.tolerance), high: Math.min(1, w + t.tolerance) } });
    }),
  );
  return out;
}

/** The pairings' results as a pair table (one row "A vs B" per pair), the shape of Squall's `matchups`. */
export function levelTable(results: readonly { a: string; b: string; result: PairingCounts }[]): SummaryTable {
  return {
    description: 'Per pair of skill levels "A vs B" (seats rotating): games and results',
    columns: ['games', 'aWins', 'bWins', 'draws', 'capped'],
    rows: Object.fromEntries(results.map(({ a, b, result: r }) => [`${a} vs ${b}`, [r.games, r.aWins, r.bWins, r.draws, r.capped]])),
    rates: [
      { name: 'aWinRate', wins: 'aWins', of: 'games', description: 'A won' },
      { name: 'bWinRate', wins: 'bWins', of: 'games', description: 'B won' },
    ],
  };
}

/**
 * What the targets are judged on: the scenario's summary with the level table beside its own, or
 * (when only the level target is asked for and the scenario itself is not played) the level table
 * alone in an otherwise empty summary, which no other target reads.
 */
export function withLevelTable(s: Summary | null, table: SummaryTable): Summary {
  if (s === null) return { games: 0, metrics: { game: {}, seats: [], tables: { [LEVEL_TABLE]: table } } } as unknown as Summary;
  return { ...s, metrics: { ...s.metrics, tables: { ...s.metrics.tables, [LEVEL_TABLE]: table } } };
}
