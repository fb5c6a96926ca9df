/**
 * Balance-sheet rows under several skill levels (a scenario's `compareLevels`, `squabble
 * levels`): which ratings are about the game and which about the bot. Each level's run (every
 * seat at that level) has its own balance sheets (src/analysis/balance.ts); for each sheet this
 * puts every row beside itself under each level, measures how well the levels agree on the
 * ranking (Spearman with a 95% interval) against the ceiling noise allows (the first level
 * against itself on another seed), and marks rows whose verdict changes with the level.
 *
 * The verdict is the balance sheet's own: above or below the rest when the row is flagged
 * `differs` (false-discovery rate held over the sheet's rows, the game as the unit), within
 * otherwise, so a mark means "the balance sheet says something else under another bot".
 */
import type { BalanceSheet, LevelRow, LevelSheet, SheetRow, Verdict } from '../sim/stats/summary.js';
import { spearman } from './rank-agreement.js';

export function verdictOf(sheet: BalanceSheet, row: SheetRow): Verdict {
  if (!row.flags.includes('differs')) return 'within';
  // Above the mean of all rows is above the mean of the rest (the mean lies between the row and the rest).
  return row.rate > sheet.mean ? 'above' : 'below';
}

/**
 * Every sheet present under every level and in the ceiling run, over the rows measured in all
 * of them. `perLevel[l]` are level l's sheets; `ceiling` the first level's on another seed.
 */
export function compareLevelSheets(levels: readonly string[], perLevel: readonly (readonly BalanceSheet[])[], ceiling: readonly BalanceSheet[]): LevelSheet[] {
  const out: LevelSheet[] = [];
  for (const first of perLevel[0] ?? []) {
    const runs = [...perLevel.map((sheets) => sheets.find((s) => s.id === first.id)), ceiling.find((s) => s.id === first.id)];
    if (runs.some((s) => s === undefined)) continue;
    const sheets = runs as BalanceSheet[];
    const byName = sheets.map((s) => new Map(s.rows.map((r) => [r.row, r])));
    // The first level's rank order (its sheet is ranked by the shrunk estimate).
    const names = first.rows.map((r) => r.row).filter((name) => byName.every((m) => m.has(name)));
    if (names.length < 2) continue;
    const ceilingAt = sheets.length - 1;
    let ceilingChanges = 0;
    const rows: LevelRow[] = names.map((name) => {
      const byLevel = levels.map((_, l) => {
        const r = byName[l]!.get(name)!;
        return { rate: r.rate, interval: r.interval, games: r.games, verdict: verdictOf(sheets[l]!, r) };
      });
      if (verdictOf(sheets[ceilingAt]!, byName[ceilingAt]!.get(name)!) !== byLevel[0]!.verdict) ceilingChanges++;
      return { row: name, byLevel, dependsOnBot: byLevel.some((b) => b.verdict !== byLevel[0]!.verdict) };
    });
    const rates = (run: number) => names.map((name) => byName[run]!.get(name)!.rate);
    const reference = rates(0);
    out.push({
      id: first.id,
      table: first.table,
      rate: first.rate,
      description: first.description,
      ...(first.unit ? { unit: first.unit } : {}),
      rows,
      agreement: levels.slice(1).map((level, k) => ({ level, ...spearman(reference, rates(k + 1)) })),
      ceiling: spearman(reference, rates(ceilingAt)),
      ceilingChanges,
    });
  }
  return out;
}
