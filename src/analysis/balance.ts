/**
 * The balance sheet of a run: every rate a game declares in its metric tables (a card's win rate
 * when placed, a character's, a worm's by its top card...) and, when several policies met, the
 * head-to-head matchups, each row with its rate, 95% interval, shrunk estimate and flags. It is
 * a pure function of summary.json, so the terminal, summary.md, summary.json and the report all
 * show the same rows. The method is src/analysis/rates.ts.
 */
import { tableRateRows, type Summary, type BalanceSheet, type SheetRow, type RowFlag } from '../sim/stats/summary.js';
import { analyseRates, FDR_Q, type RateInput } from './rates.js';
import { fairLine, type FairLine } from './fair-line.js';

export type { BalanceSheet, SheetRow, RowFlag };

function sheet(id: string, table: string, rate: string, description: string, counts: RateInput[], groups?: Record<string, string>, primary = false): BalanceSheet | null {
  const analysed = analyseRates(counts);
  if (analysed.length < 2) return null;
  const mean = fairLine(id, analysed.map((r) => ({ wins: r.wins, trials: r.games }))).value;
  const rows: SheetRow[] = analysed
    .map((r) => {
      const flags: RowFlag[] = [];
      if (r.outlier) flags.push('differs');
      if (r.fewGames) flags.push('few games');
      const group = groups?.[r.row];
      const deff = counts.find((c) => c.row === r.row)?.deff ?? 1;
      return { row: r.row, ...(group !== undefined ? { group } : {}), wins: r.wins, games: r.games, rate: r.rate, interval: r.interval, ...(deff !== 1 ? { deff } : {}), shrunk: r.shrunk, qValue: r.qValue, flags };
    })
    // Ties (equal shrunk estimates) keep a fixed order by name, so every output lists rows alike.
    .sort((a, b) => b.shrunk - a.shrunk || (a.row < b.row ? -1 : a.row > b.row ? 1 : 0));
  return { id, table, rate, description, mean, ...(primary ? { primary: true } : {}), fdr: FDR_Q, rows };
}

export function balanceSheets(s: Summary): BalanceSheet[] {
  const sheets: BalanceSheet[] = [];
  for (const [name, t] of Object.entries(s.metrics.tables)) {
    for (const rate of t.rates ?? []) {
      // Each row's interval and design effect with the game as the unit (per-game sums where the
      // summary has them), as the charts and the gate take them: several events of one game are
      // not independent.
      const counts = tableRateRows(t, rate, s.games);
      const id = `${name}.${rate.name}`;
      const made = sheet(id, name, rate.name, rate.description, counts, t.groups, rate.primary === true);
      const examples = s.examples?.rows[id];
      if (made && examples) for (const row of made.rows) if (examples[row.row]) row.examples = examples[row.row];
      if (made) sheets.push(made);
    }
  }
  if (s.policies.length > 1) {
    const counts = s.matchups.map((m) => ({ row: `${m.policy} vs ${m.opponent}`, wins: m.wins, games: m.games }));
    const made = sheet('matchups', 'matchups', 'winRate', "a policy's win rate at tables where it met the other", counts);
    if (made) sheets.push(made);
  }
  // The game's primary strength rate leads; the others keep their declared order.
  return [...sheets.filter((x) => x.primary), ...sheets.filter((x) => !x.primary)];
}

/** The fair line of a summary's primary strength rate (null when its game names none), from the same rows as its balance sheet. */
export function summaryFairLine(s: Summary): FairLine | null {
  for (const [name, t] of Object.entries(s.metrics.tables)) {
    const rate = t.rates?.find((r) => r.primary);
    if (!rate) continue;
    const rows = tableRateRows(t, rate, s.games).filter((r) => r.games > 0);
    return fairLine(`${name}.${rate.name}`, rows.map((r) => ({ wins: r.wins, trials: r.games })));
  }
  return null;
}

/** The summary with its balance sheet attached (as written to summary.json). */
export function withBalance(s: Summary): Summary {
  const sheets = balanceSheets(s);
  if (sheets.length) s.balance = sheets;
  return s;
}

/**
 * The rows worth showing when there is no room for all: flagged rows first, then the top and
 * bottom `n` by the shrunk estimate (each row once, in rank order within each part).
 */
export function rowsThatMatter(rows: readonly SheetRow[], n: number): { shown: SheetRow[]; hidden: number } {
  const flagged = rows.filter((r) => r.flags.includes('differs'));
  const seen = new Set(flagged);
  const ends = [...rows.slice(0, n), ...rows.slice(Math.max(n, rows.length - n))].filter((r) => !seen.has(r));
  const shown = [...flagged, ...ends];
  return { shown, hidden: rows.length - shown.length };
}
