/**
 * The matchup matrix of a Squall run, from its summary.json `matchups` table (metrics.ts):
 * for each ordered pair of characters, A's wins against B pooled over both seatings, as a rate
 * with a 95% Wilson interval. `node scripts/squall-matrix.mjs
 * results/<run>/summary.json` prints the matrix and the per-character table as Markdown.
 */
import { wilson } from '../../sim/stats/intervals.js';

export interface TableData {
  columns: string[];
  rows: Record<string, number[]>;
}

export interface MatchupCell {
  a: string;
  b: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  capped: number;
  rate: number;
  ci: [number, number];
}

/** Characters in first-seen order and every cell "a against b" (a !== b unless mirrors were played). */
export function matchupMatrix(table: TableData): { names: string[]; cells: MatchupCell[] } {
  const col = (name: string) => {
    const i = table.columns.indexOf(name);
    if (i < 0) throw new Error(`matchups table has no column ${name}`);
    return i;
  };
  const [G, AW, BW, D, C] = ['games', 'aWins', 'bWins', 'draws', 'capped'].map(col) as [number, number, number, number, number];
  const names: string[] = [];
  const pairs = new Map<string, number[]>();
  for (const [row, values] of Object.entries(table.rows)) {
    const m = / vs /.exec(row);
    if (!m) continue;
    const a = row.slice(0, m.index);
    const b = row.slice(m.index + 4);
    for (const n of [a, b]) if (!names.includes(n)) names.push(n);
    pairs.set(`${a}\u0000${b}`, values);
  }
  const cells: MatchupCell[] = [];
  for (const a of names) {
    for (const b of names) {
      const ab = pairs.get(`${a}\u0000${b}`);
      const ba = a === b ? undefined : pairs.get(`${b}\u0000${a}`);
      if (!ab && !ba) continue;
      let games = 0;
      let wins = 0;
      let losses = 0;
      let draws = 0;
      let capped = 0;
      if (ab) {
        games += ab[G]!;
        wins += ab[AW]!;
        losses += ab[BW]!;
        draws += ab[D]!;
        capped += ab[C]!;
      }
      if (ba) {
        games += ba[G]!;
        wins += ba[BW]!;
        losses += ba[AW]!;
        draws += ba[D]!;
        capped += ba[C]!;
      }
      cells.push({ a, b, games, wins, losses, draws, capped, rate: games > 0 ? wins / games : 0, ci: wilson(wins, games) });
    }
  }
  return { names, cells };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}`;

/** The matrix as Markdown: row character's win rate against the column character, % [95% CI]. */
export function matchupMarkdown(table: TableData): string {
  const { names, cells } = matchupMatrix(table);
  const lines = [`| A \\ B | ${names.join(' | ')} |`, `| --- | ${names.map(() => '---').join(' | ')} |`];
  for (const a of names) {
    const row = names.map((b) => {
      const c = cells.find((x) => x.a === a && x.b === b);
      return c ? `${pct(c.rate)} [${pct(c.ci[0])}, ${pct(c.ci[1])}] (n=${c.games})` : '—';
    });
    lines.push(`| **${a}** | ${row.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Per-character summary from the `characters` table: win rate with interval, damage, turns to win. */
export function characterMarkdown(table: TableData): string {
  const i = (name: string) => table.columns.indexOf(name);
  const lines = ['| character | games | win rate [95% CI] | melee dmg/game | range dmg/game | melee hit % | ranged hit % | bonuses ok/tried | turns to win |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
  for (const [name, v] of Object.entries(table.rows)) {
    const g = v[i('games')]!;
    if (g === 0) continue;
    const w = v[i('wins')]!;
    const ci = wilson(w, g);
    const mh = v[i('meleeAttacks')]! > 0 ? pct(v[i('meleeHits')]! / v[i('meleeAttacks')]!) : '—';
    const rh = v[i('rangedAttacks')]! > 0 ? pct(v[i('rangedHits')]! / v[i('rangedAttacks')]!) : '—';
    const turns = w > 0 ? (v[i('turnsToWin')]! / w).toFixed(1) : '—';
    lines.push(
      `| ${name} | ${g} | ${pct(w / g)} [${pct(ci[0])}, ${pct(ci[1])}] | ${(v[i('meleeDamage')]! / g).toFixed(2)} | ${(v[i('rangeDamage')]! / g).toFixed(2)} | ${mh} | ${rh} | ${v[i('bonusesSucceeded')]}/${v[i('bonusesTried')]} | ${turns} |`,
    );
  }
  return lines.join('\n');
}
