/**
 * `squabble compare`'s differences as rated rows, so that a comparison can be put under several
 * skill levels (a scenario's `compareLevels`) by the same machinery as the balance sheet
 * (src/analysis/level-ratings.ts, src/studies/kit/level-runs.ts): each row is one paired difference
 * B − A with its 95% interval — a headline rate, the relative change B / A − 1 of a headline mean
 * (src/studies/compare/paired.ts), or a row of a card, character or matchup table
 * (src/analysis/what-changed.ts).
 *
 * A row's verdict is the sign of its difference when the difference is flagged: the p-value of
 * "no difference" (normal, from the paired interval) adjusted by Benjamini-Hochberg over the
 * sheet's rows, at the balance sheet's false-discovery rate. Flagged and positive reads as
 * `above` (B higher than A), flagged and negative `below`, otherwise `within` (no clear
 * difference). A mark under levels therefore means the variant's effect on that row changes
 * sign or significance with the bot.
 */
import type { BalanceSheet, SheetRow, SheetUnit } from '../../sim/stats/summary.js';
import { Z95 } from '../../sim/stats/intervals.js';
import { twoSidedP } from '../../analysis/normal.js';
import { FDR_Q, benjaminiHochberg } from '../../analysis/rates.js';
import { relativeChange, type PairedAccumulator, type PairedRow } from './paired.js';
import type { RowChange } from '../../analysis/what-changed.js';

export const DIFFERENCE_VERDICT = `Every row is a paired difference B − A (both variants play the same games under the level; game length and counters as the relative change B / A − 1 of their means). Its verdict is above (B higher) or below (B lower) when the difference is flagged at the false-discovery rate of ${FDR_Q * 100}% over its sheet's rows (normal p-values from the paired interval, Benjamini-Hochberg), within (no clear difference) otherwise`;

interface Difference {
  row: string;
  games: number;
  difference: number;
  interval: [number, number];
}

/** Two-sided p-value of "no difference"; an interval of width 0 is certain (the same change in every game). */
function pValue(d: Difference): number {
  return twoSidedP(d.difference, (d.interval[1] - d.interval[0]) / (2 * Z95));
}

function sheet(id: string, description: string, unit: SheetUnit, differences: readonly Difference[]): BalanceSheet {
  const q = benjaminiHochberg(differences.map(pValue));
  const [table, rate] = [id.slice(0, id.indexOf('.')), id.slice(id.indexOf('.') + 1)];
  const rows: SheetRow[] = differences.map((d, i) => ({
    row: d.row,
    // Not wins and games of a rate: the row's sample (games, or trials in A) in both.
    wins: d.games,
    games: d.games,
    rate: d.difference,
    interval: d.interval,
    shrunk: d.difference,
    qValue: q[i]!,
    flags: q[i]! <= FDR_Q ? ['differs'] : [],
  }));
  // The mean is 0, so level-ratings' verdictOf reads a flagged row's sign.
  return { id, table, rate, description, mean: 0, fdr: FDR_Q, rows, unit };
}

/**
 * The sheets of one comparison: the headline rates (points), the headline means (game length and
 * counters) as relative changes, then one sheet per table rate with every row both arms have,
 * largest difference first.
 */
export function differenceSheets(rows: readonly PairedRow[], acc: PairedAccumulator, changes: readonly RowChange[]): BalanceSheet[] {
  const games = acc.games;
  const rates = rows.filter((r) => r.kind === 'proportion').map((r) => ({ row: r.name, games, difference: r.difference, interval: r.interval }));
  // Means in their own units (turns, counters) would rank by their scale; relative changes do not.
  const means = rows.flatMap((r, i) => {
    const c = r.kind === 'mean' ? relativeChange(acc, i) : null;
    return c ? [{ row: r.name, games, difference: c.change, interval: c.interval }] : [];
  });
  const out = [
    sheet('headline.rates', 'headline rates: B − A in percentage points', 'points', rates),
    sheet('headline.relativeChange', 'game length and counters per game: B / A − 1 of the means', 'relative', means),
  ];
  const bySheet = new Map<string, RowChange[]>();
  for (const c of changes) bySheet.set(c.sheet, [...(bySheet.get(c.sheet) ?? []), c]);
  for (const [id, list] of bySheet) {
    const sorted = [...list].sort((x, y) => y.difference - x.difference || (x.row < y.row ? -1 : 1));
    out.push(sheet(id, `${id}: B − A in percentage points`, 'points', sorted.map((c) => ({ row: c.row, games: c.gamesA, difference: c.difference, interval: c.interval }))));
  }
  return out.filter((s) => s.rows.length > 0);
}
