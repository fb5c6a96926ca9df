/**
 * Pooled pair win rates: `matchups.*.winRate`, `matchups.Knight vs Ogre.winRate`.
 *
 * A table whose rows are ordered pairs "A vs B" (A in seat 0, B in seat 1) with the rates
 * `aWinRate` (wins column of A) and `bWinRate` (of B) — Squall's `matchups` table — holds each
 * pair twice, once per seating. A designer asks about the pair, not the seating: how often A beats
 * B over both. That rate pools the row "A vs B" (A's wins) with "B vs A" (B's wins there, which
 * are A's), over the games of both rows. Each game is one row's game, so the game is the unit
 * and a Wilson interval on (wins, games) is right. Mirrors ("A vs A") are left out: their rate is
 * the seat-0 rate, not a matchup. The name of the pooled row is the pair in the order of the
 * first row that holds it, so `*` lists each pair once.
 */

export const PAIR_RATE = 'winRate';
const SEPARATOR = ' vs ';

interface PairTable {
  rates?: readonly { name: string; wins: string; of: string }[];
}

/** The table's A and B win columns when it is a table of ordered pairs, else null. */
export function pairColumns(t: PairTable): { aWins: string; bWins: string; games: string } | null {
  const a = t.rates?.find((r) => r.name === 'aWinRate');
  const b = t.rates?.find((r) => r.name === 'bWinRate');
  if (!a || !b || a.of !== b.of || t.rates?.some((r) => r.name === PAIR_RATE)) return null;
  return { aWins: a.wins, bWins: b.wins, games: a.of };
}

function split(row: string): [string, string] | null {
  const i = row.indexOf(SEPARATOR);
  return i < 0 ? null : [row.slice(0, i), row.slice(i + SEPARATOR.length)];
}

/** Each unordered pair once, as [A, B] in the order of the first row holding it (mirrors left out). */
export function pairsOf(rows: readonly string[]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const row of rows) {
    const p = split(row);
    if (!p || p[0] === p[1]) continue;
    const key = [...p].sort().join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/**
 * Null when `row` (`*` or "A vs B") names a pooled pair of a table with these rows; else what is
 * wrong. "B vs A" is as good as "A vs B" (it asks for B's rate).
 */
export function checkPairRow(row: string, rows: readonly string[]): string | null {
  if (row === '*') return pairsOf(rows).length > 0 ? null : 'the table has no pairs of two different rows';
  const p = split(row);
  if (!p || p[0] === p[1]) return `expected a pair "A vs B" of two different names, or *, found ${JSON.stringify(row)}`;
  if (rows.includes(row) || rows.includes(`${p[1]}${SEPARATOR}${p[0]}`)) return null;
  return `no row ${JSON.stringify(row)} (nor ${JSON.stringify(`${p[1]}${SEPARATOR}${p[0]}`)}) in the table`;
}

export interface PairCount {
  /** "A vs B": A's rate against B. */
  row: string;
  wins: number;
  games: number;
}

/** A's wins and the games over both seatings, for `*` (every pair) or one pair "A vs B". */
export function pairCounts(row: string, table: { columns: readonly string[]; rows: Record<string, readonly number[]> }, columns: { aWins: string; bWins: string; games: string }): PairCount[] {
  const [ai, bi, gi] = [columns.aWins, columns.bWins, columns.games].map((c) => table.columns.indexOf(c)) as [number, number, number];
  const wanted = row === '*' ? pairsOf(Object.keys(table.rows)) : [split(row)].filter((p): p is [string, string] => p !== null && p[0] !== p[1]);
  return wanted.map(([a, b]) => {
    const ab = table.rows[`${a}${SEPARATOR}${b}`];
    const ba = table.rows[`${b}${SEPARATOR}${a}`];
    return {
      row: `${a}${SEPARATOR}${b}`,
      wins: (ab?.[ai] ?? 0) + (ba?.[bi] ?? 0),
      games: (ab?.[gi] ?? 0) + (ba?.[gi] ?? 0),
    };
  });
}
