/** compareLevelSheets on hand-made balance sheets: verdicts, the rows compared, agreement and the ceiling. */
import { describe, it, expect } from 'vitest';
import { compareLevelSheets, verdictOf } from '../../src/analysis/level-ratings.js';
import type { BalanceSheet, SheetRow } from '../../src/sim/stats/summary.js';

const row = (name: string, rate: number, differs = false): SheetRow => ({ row: name, wins: Math.round(rate * 100), games: 100, rate, interval: [rate - 0.1, rate + 0.1], shrunk: rate, qValue: differs ? 0.01 : 0.5, flags: differs ? ['differs'] : [] });
const sheet = (rows: SheetRow[], id = 'cards.winRateWhenPlaced', mean = 0.5): BalanceSheet => ({ id, table: id.split('.')[0]!, rate: id.split('.')[1]!, description: 'd', mean, fdr: 0.05, rows });

describe('verdictOf', () => {
  it('is the balance sheet flag with its direction, within when not flagged', () => {
    const s = sheet([]);
    expect(verdictOf(s, row('a', 0.7, true))).toBe('above');
    expect(verdictOf(s, row('b', 0.3, true))).toBe('below');
    expect(verdictOf(s, row('c', 0.9, false))).toBe('within');
  });
});

describe('compareLevelSheets', () => {
  const a = sheet([row('A', 0.8, true), row('B', 0.6), row('C', 0.5), row('D', 0.4), row('E', 0.2, true)]);
  // Under the second level A is ordinary and E is still low; F appears only here.
  const b = sheet([row('B', 0.65), row('A', 0.55), row('C', 0.5), row('D', 0.45), row('E', 0.1, true), row('F', 0.9, true)]);
  const again = sheet([row('A', 0.78, true), row('B', 0.61), row('C', 0.52), row('D', 0.39), row('E', 0.25)]);

  it('compares the rows measured everywhere, in the first level\u2019s order, and marks verdicts that change', () => {
    const [s] = compareLevelSheets(['skilled', 'expert'], [[a], [b]], [again]);
    expect(s!.rows.map((r) => r.row)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(s!.rows.filter((r) => r.dependsOnBot).map((r) => r.row)).toEqual(['A']);
    expect(s!.rows[0]!.byLevel.map((x) => x.verdict)).toEqual(['above', 'within']);
    // E loses its flag on the other seed: one change that noise alone made.
    expect(s!.ceilingChanges).toBe(1);
    expect(s!.ceiling.rho).toBe(1);
    expect(s!.agreement).toHaveLength(1);
    expect(s!.agreement[0]!.level).toBe('expert');
    expect(s!.agreement[0]!.rho).toBeCloseTo(0.9, 10); // ranks 5,4,3,2,1 against 4,5,3,2,1
    expect(s!.agreement[0]!.rows).toBe(5);
  });

  it('leaves out a sheet missing under a level or in the ceiling, and one with fewer than two common rows', () => {
    const other = sheet([row('X', 0.5), row('Y', 0.5)], 'attacks.hitRate');
    expect(compareLevelSheets(['skilled', 'expert'], [[a, other], [b]], [again, other]).map((s) => s.id)).toEqual(['cards.winRateWhenPlaced']);
    expect(compareLevelSheets(['skilled', 'expert'], [[a], [b]], [])).toEqual([]);
    expect(compareLevelSheets(['skilled', 'expert'], [[a], [sheet([row('A', 0.5), row('Z', 0.5)])]], [again])).toEqual([]);
  });
});
