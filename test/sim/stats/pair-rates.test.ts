/** Pooled pair win rates: a pair's rate over both seatings, from a table of ordered pairs. */
import { describe, it, expect } from 'vitest';
import { pairsOf, pairCounts, checkPairRow, pairColumns } from '../../../src/sim/stats/pair-rates.js';
import { checkAssertionPath } from '../../../src/sim/scenario/expect.js';

const table = {
  columns: ['games', 'aWins', 'bWins'],
  rows: { 'Knight vs Ogre': [10, 3, 7], 'Ogre vs Knight': [12, 8, 4], 'Knight vs Knight': [5, 2, 3], 'Ogre vs Mage': [4, 4, 0] },
};
const rates = [
  { name: 'aWinRate', wins: 'aWins', of: 'games', description: '' },
  { name: 'bWinRate', wins: 'bWins', of: 'games', description: '' },
];

describe('pair rates', () => {
  it('pools both seatings, each pair once, mirrors left out', () => {
    expect(pairsOf(Object.keys(table.rows))).toEqual([
      ['Knight', 'Ogre'],
      ['Ogre', 'Mage'],
    ]);
    const columns = pairColumns({ rates })!;
    // Knight's wins: 3 as A in "Knight vs Ogre", 4 as B in "Ogre vs Knight", over 22 games.
    expect(pairCounts('*', table, columns)).toEqual([
      { row: 'Knight vs Ogre', wins: 7, games: 22 },
      { row: 'Ogre vs Mage', wins: 4, games: 4 },
    ]);
    expect(pairCounts('Ogre vs Knight', table, columns)).toEqual([{ row: 'Ogre vs Knight', wins: 15, games: 22 }]);
  });

  it('checks a pair path against the table', () => {
    const rows = Object.keys(table.rows);
    expect(checkPairRow('Mage vs Ogre', rows)).toBeNull();
    expect(checkPairRow('Knight vs Knight', rows)).toMatch(/two different names/);
    expect(checkPairRow('Knight vs Mage', rows)).toMatch(/no row "Knight vs Mage"/);
    const spec = { name: 'matchups', description: '', rows, columns: [], rates };
    expect(checkAssertionPath('matchups.*.winRate', 2, [], [spec])).toBeNull();
    expect(checkAssertionPath('matchups.Knight vs Mage.winRate', 2, [], [spec])).toMatch(/^matchups: no row/);
    // A table without A and B rates has no pooled rate.
    expect(pairColumns({ rates: rates.slice(0, 1) })).toBeNull();
  });
});
