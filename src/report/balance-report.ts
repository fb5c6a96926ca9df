/**
 * The balance sheet as text and Markdown: one table per rate (src/analysis/balance.ts). The
 * terminal shows the rows that matter (flagged first, then the top and bottom ten); summary.md
 * and `--all` show every row.
 */
import type { Summary } from '../sim/stats/summary.js';
import { balanceSheets, rowsThatMatter, type BalanceSheet, type SheetRow } from '../analysis/balance.js';
import { pct, pctDigits, interval } from './format.js';
import { words } from './charts/rates.js';
import { fairLine, fairLineText } from '../analysis/fair-line.js';
import { examplesCell, NO_REPLAY_PAGES, type ReplayPages } from './examples.js';

type Table = (header: string[], rows: string[][]) => string;

/** Rows shown at each end of a ranked sheet in the terminal. */
export const ENDS_SHOWN = 10;

export function sheetTitle(sheet: BalanceSheet): string {
  return sheet.id === 'matchups' ? 'Matchups: win rate against each opponent' : `${sheet.table}: ${words(sheet.rate)}${sheet.primary ? ' (primary strength rate)' : ''}`;
}

export function sheetCaption(sheet: BalanceSheet): string {
  const differ = sheet.rows.filter((r) => r.flags.includes('differs')).length;
  const lead = sheet.primary ? `The game's primary strength rate; ${fairLineText(fairLine(sheet.id, sheet.rows.map((r) => ({ wins: r.wins, trials: r.games }))))}. ` : '';
  return `${lead}${sheet.description}. Mean ${pct(sheet.mean)} over ${sheet.rows.length} rows; ${differ} differ from the rest with the false-discovery rate held at ${sheet.fdr * 100}% (Benjamini-Hochberg); ranked by the shrunk estimate.`;
}

export function sheetHeader(sheet: BalanceSheet): string[] {
  const grouped = sheet.rows.some((r) => r.group !== undefined);
  return [sheet.id === 'matchups' ? 'matchup' : sheet.table, ...(grouped ? ['group'] : []), 'games', 'rate', '95% interval', 'shrunk', 'q', 'flags'];
}

export function sheetCells(sheet: BalanceSheet, r: SheetRow): string[] {
  const grouped = sheet.rows.some((x) => x.group !== undefined);
  const d = pctDigits(r.interval);
  return [r.row, ...(grouped ? [r.group ?? ''] : []), r.games.toLocaleString('en-US'), pct(r.rate, d), interval(r.interval), pct(r.shrunk, d), r.qValue.toPrecision(2), r.flags.join(', ')];
}

/** The sheets of a summary: those it carries, or (older summaries) computed from its tables. */
export function sheetsOf(s: Summary): BalanceSheet[] {
  return s.balance ?? balanceSheets(s);
}

/** Terminal text: the rows that matter, or every row with `all`. */
export function balanceText(s: Summary, table: Table, all: boolean): string[] {
  const out: string[] = [];
  for (const sheet of sheetsOf(s)) {
    const { shown, hidden } = all ? { shown: sheet.rows, hidden: 0 } : rowsThatMatter(sheet.rows, ENDS_SHOWN);
    out.push(`\nBalance: ${sheetTitle(sheet)}`, sheetCaption(sheet));
    out.push(table(sheetHeader(sheet), shown.map((r) => sheetCells(sheet, r))));
    if (hidden > 0) out.push(`(${hidden} more rows in the middle: --all shows every row; summary.md has the full table)`);
  }
  return out;
}

/** Markdown: every row of every sheet, each with its example games (linked to their replay pages where the report wrote one). */
export function balanceMarkdown(s: Summary, table: Table, pages: ReplayPages = NO_REPLAY_PAGES): string[] {
  const sheets = sheetsOf(s);
  if (!sheets.length) return [];
  const out = ['\n## Balance sheet\n'];
  if (s.examples) out.push(`The last column lists example games (game indices) where the row’s side won and where it lost; ${pages.pages.size ? `a linked game opens its replay page; for the others, ` : ''}\`squabble replay <results dir> --example "<row>/won"\` plays one.\n`);
  for (const sheet of sheets) {
    const withExamples = sheet.rows.some((r) => r.examples);
    const header = [...sheetHeader(sheet), ...(withExamples ? ['example games'] : [])];
    out.push(`### ${sheetTitle(sheet)}\n`, `${sheetCaption(sheet)}\n`, table(header, sheet.rows.map((r) => [...sheetCells(sheet, r), ...(withExamples ? [examplesCell(r.examples, pages)] : [])])), '');
  }
  return out;
}
