/** The balance sheet: ranked rows with flags, the rows that matter in the terminal, every row in summary.md and summary.json. */
import { LEVELS_HEADING } from '../../src/report/levels-report.js';
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { balanceSheets, rowsThatMatter, type SheetRow } from '../../src/analysis/balance.js';
import { summaryText, summaryMarkdown } from '../../src/report/summary-report.js';
import { reportTables, tableToCsv } from '../../src/report/tables.js';
import type { Summary } from '../../src/sim/stats/summary.js';
import { playFixture } from '../golden/chart-fixtures.js';

/** A summary with one rate table of `cards` rows: wins and games given per row. */
function summaryWith(cards: Record<string, [number, number]>, description = ''): Summary {
  const rows = Object.fromEntries(Object.entries(cards).map(([k, [w, g]]) => [k, [w, g]]));
  return {
    format: 'squabble-summary/1',
    scenario: { name: 'fixture', description, game: 'squirmish', players: 2, rules: {}, variant: null, seating: 'rotate', seed: 1, scenarioHash: 'x' },
    games: 1000,
    decided: 1000,
    draws: { count: 0, rate: 0, ci: [0, 0] },
    capped: { count: 0, rate: 0, ci: [0, 0] },
    seats: [0, 1].map((seat) => ({ seat, policy: 'greedy', wins: 500, winRate: 0.5, winRateCI: [0.47, 0.53], firstMoves: 500 })),
    policies: [{ label: 'greedy', policy: 'greedy', params: {}, seatGames: 2000, wins: 1000, winRate: 0.5, winRateCI: [0.48, 0.52], bySeat: [] }],
    matchups: [],
    firstPlayer: { wins: 500, winRate: 0.5, winRateCI: [0.47, 0.53], fair: 0.5 },
    length: { turns: { mean: 10, sd: 1, min: 8, max: 12, percentiles: { p50: 10 }, histogram: [] }, rounds: { mean: 5, sd: 1, min: 4, max: 6, percentiles: { p50: 5 }, histogram: [] } },
    metrics: { game: {}, seats: [{}, {}], tables: { cards: { description: 'per card', columns: ['wins', 'games'], rows, rates: [{ name: 'winRateWhenPlaced', wins: 'wins', of: 'games', description: 'win rate when placed' }] } } },
  } as unknown as Summary;
}

/** 30 ordinary cards near 50%, one far above and one far below. */
const CARDS: Record<string, [number, number]> = {
  ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`card ${String(i).padStart(2, '0')}`, [490 + i, 1000] as [number, number]])),
  Strong: [700, 1000],
  Weak: [300, 1000],
};

describe('balance sheets', () => {
  it('rank rows by the shrunk estimate and flag the rows that differ from the rest', () => {
    const [sheet, ...more] = balanceSheets(summaryWith(CARDS));
    expect(more).toEqual([]);
    expect(sheet!.id).toBe('cards.winRateWhenPlaced');
    expect(sheet!.rows).toHaveLength(32);
    for (let i = 1; i < sheet!.rows.length; i++) expect(sheet!.rows[i - 1]!.shrunk).toBeGreaterThanOrEqual(sheet!.rows[i]!.shrunk);
    expect(sheet!.rows[0]!.row).toBe('Strong');
    expect(sheet!.rows.at(-1)!.row).toBe('Weak');
    expect(sheet!.rows.filter((r) => r.flags.includes('differs')).map((r) => r.row).sort()).toEqual(['Strong', 'Weak']);
    expect(sheet!.mean).toBeCloseTo(sheet!.rows.reduce((s, r) => s + r.wins, 0) / 32000, 12);
  });

  it('give a row that counts several events per game the game as its unit (interval and design effect)', () => {
    // 1,000 games; row "Clumped": 4 events in each of 500 games, all hit or all miss (250 each),
    // so 2,000 events but only 500 independent outcomes: deff 4. Row "Even": one event per game.
    const s = summaryWith({ ...CARDS, Clumped: [1000, 2000], Even: [500, 1000] });
    const rate = s.metrics.tables.cards!.rates![0]!;
    rate.perGame = { Clumped: [250 * 16, 500 * 16, 250 * 16], Even: [500, 1000, 500] };
    const rows = balanceSheets(s)[0]!.rows;
    const clumped = rows.find((r) => r.row === 'Clumped')!;
    const even = rows.find((r) => r.row === 'Even')!;
    expect(clumped.deff).toBeCloseTo(4, 1);
    expect(even.deff ?? 1).toBeCloseTo(1, 2);
    // The clumped row's interval is that of about 500 outcomes, twice as wide as Wilson over 2,000 events.
    const half = (r: SheetRow) => (r.interval[1] - r.interval[0]) / 2;
    expect(half(clumped)).toBeGreaterThan(0.04);
    expect(half(clumped)).toBeLessThan(0.05);
    expect(half(even)).toBeCloseTo(0.031, 2);
  });

  it('flag a row with too few games, and keep it', () => {
    const sheet = balanceSheets(summaryWith({ ...CARDS, Rare: [5, 8] }))[0]!;
    expect(sheet.rows.find((r) => r.row === 'Rare')!.flags).toContain('few games');
  });

  it('add a matchups sheet when several policies met', () => {
    const s = summaryWith(CARDS);
    s.policies.push({ ...s.policies[0]!, label: 'random' });
    s.matchups = [
      { policy: 'greedy', opponent: 'random', games: 500, wins: 400, winRate: 0.8, winRateCI: [0.76, 0.83] },
      { policy: 'random', opponent: 'greedy', games: 500, wins: 100, winRate: 0.2, winRateCI: [0.17, 0.24] },
    ];
    const matchups = balanceSheets(s).find((x) => x.id === 'matchups')!;
    expect(matchups.rows.map((r) => r.row)).toEqual(['greedy vs random', 'random vs greedy']);
  });
});

describe('rows that matter', () => {
  const row = (name: string, flagged = false): SheetRow => ({ row: name, wins: 0, games: 1, rate: 0, interval: [0, 1], shrunk: 0, qValue: 1, flags: flagged ? ['differs'] : [] });
  const rows = Array.from({ length: 30 }, (_, i) => row(`r${i}`, i === 15));

  it('are the flagged rows first, then the top and bottom n, each once', () => {
    const { shown, hidden } = rowsThatMatter(rows, 10);
    expect(shown.map((r) => r.row)).toEqual(['r15', ...Array.from({ length: 10 }, (_, i) => `r${i}`), ...Array.from({ length: 10 }, (_, i) => `r${20 + i}`)]);
    expect(hidden).toBe(9);
  });

  it('are every row when the table is short', () => {
    const { shown, hidden } = rowsThatMatter(rows.slice(0, 12), 10);
    expect(shown).toHaveLength(12);
    expect(new Set(shown).size).toBe(12);
    expect(hidden).toBe(0);
  });
});

describe('the summary shows the balance sheet', () => {
  const s = summaryWith(CARDS, 'A deck with one strong and one weak card.');

  it('in the terminal: description first, the rows that matter, and how to see the rest', () => {
    const text = summaryText(s);
    expect(text.split('\n')[2]).toBe('A deck with one strong and one weak card.');
    expect(text).toContain('Balance: cards: win rate when placed');
    expect(text).toContain('2 differ from the rest');
    expect(text).toMatch(/^Strong .* differs$/m);
    expect(text).toContain('(12 more rows in the middle: --all shows every row; summary.md has the full table)');
    expect(text).not.toContain('card 14 ');
  });

  it('in the terminal with --all, and in summary.md: every row', () => {
    expect(summaryText(s, { allRows: true })).toContain('card 14 ');
    const md = summaryMarkdown(s);
    expect(md).toContain('## Balance sheet');
    expect(md).toContain('A deck with one strong and one weak card.');
    for (const name of Object.keys(CARDS)) expect(md).toContain(`| ${name} |`);
  });

  it('as a CSV table of the report', () => {
    const t = reportTables(s).find((x) => x.id === 'balance-cards-winRateWhenPlaced')!;
    const csv = tableToCsv(t.table).split('\n');
    expect(csv[0]).toBe('row,wins,games,rate,ciLow,ciHigh,shrunk,qValue,flags');
    expect(csv[1]).toMatch(/^Strong,700,1000,0\.7,/);
  });
});

describe('a run writes its balance sheet', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await playFixture(['scenarios/squirmish/classic-greedy.yaml', '--games', '200', '--seed', '3']);
  });

  it('into summary.json, the same rows as computed from its tables, and into summary.md', () => {
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
    expect(summary.scenario.description).toMatch(/Classic 70/);
    const { balance, ...rest } = summary;
    // The game's primary strength rate (win rate when drawn, i.e. held) leads the sheet.
    expect(balance!.map((b) => b.id)).toEqual(['cards.winRateWhenDrawn', 'cards.winRateWhenPlaced', 'cards.winRateWhenNotPlaced']);
    expect(JSON.parse(JSON.stringify(balanceSheets(rest as Summary)))).toEqual(balance);
    // The balance sheet's rows (the scenario's compareLevels section after it has rows of its own).
    const md = readFileSync(join(dir, 'summary.md'), 'utf8').split(`\n## ${LEVELS_HEADING}\n`)[0]!;
    expect(md).toContain('### cards: win rate when drawn (primary strength rate)');
    expect(md.split('\n').filter((l) => /^\| [A-Z]/.test(l) && l.includes('%')).length).toBe(balance!.reduce((n, b) => n + b.rows.length, 0));
  });
});
