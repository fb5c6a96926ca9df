/**
 * The Squish and Squall charts' arithmetic (intervals from exact sums), the board recorded in
 * summary.json for them, their behaviour on summaries that lack what they need, and the sweep
 * chart (one bar per cell). Their specs are compiled and kept as goldens in charts.test.ts.
 */
import { describe, it, expect } from 'vitest';
import { planOf } from '../helpers/plans.js';
import { createRunner } from '../../src/runner/create-runner.js';
import { newAccumulator } from '../../src/sim/batch.js';
import { summarise, type Summary } from '../../src/sim/stats/summary.js';
import { meanInterval } from '../../src/charts-kit/pieces.js';
import { coveredShare, squallCoveredShots, squallMatchups, squallDamage } from '../../src/games/squall/charts.js';
import { squishStartSquares, squishBlockEntries } from '../../src/games/squish/charts.js';
import type { RunRecord } from '../../src/runner/results.js';

function summaryOf(data: Record<string, unknown>, games: number): Summary {
  const plan = planOf({ ...data, games });
  const runner = createRunner(plan);
  const acc = newAccumulator(runner.game, plan);
  runner.runRange(acc, 0, games, true);
  return summarise(runner.game, plan, acc);
}

const input = (summary: Summary) => ({ summary, run: {} as RunRecord });

const roster = {
  characters: [
    { name: 'Knight', style: 'brawler', move: 4, melee: 3, range: 0, hp: 16, special: 4 },
    { name: 'Berserker', style: 'brawler', move: 5, melee: 4, range: 0, hp: 12, special: 2 },
    { name: 'Archer', style: 'sniper', move: 5, melee: 1, range: 3, hp: 10, special: 4 },
  ],
};

describe('meanInterval', () => {
  it('is the mean with a 95% normal interval from the total and the sum of squares', () => {
    // 1, 2, 3, 4: mean 2.5, sample sd 1.2910, se 0.6455, half 1.2652.
    const m = meanInterval(10, 30, 4);
    expect(m.mean).toBe(2.5);
    expect(m.high - m.mean).toBeCloseTo(1.2652, 4);
    expect(m.low).toBeCloseTo(2.5 - 1.2652, 4);
    expect(meanInterval(5, 25, 1)).toEqual({ mean: 5, low: 5, high: 5 });
    expect(meanInterval(0, 0, 0)).toEqual({ mean: 0, low: 0, high: 0 });
  });
});

describe('coveredShare', () => {
  it('is C / S with the delta-method interval over games, as computed from the games themselves', () => {
    const games = [
      [3, 1],
      [5, 0],
      [2, 2],
      [6, 3],
      [0, 0],
      [4, 1],
    ] as const;
    const sum = (f: (g: readonly [number, number]) => number) => games.reduce((a, g) => a + f(g), 0);
    const S = sum((g) => g[0]);
    const C = sum((g) => g[1]);
    const game = (total: number) => ({ total, perGame: total / games.length });
    const s = {
      games: games.length,
      metrics: {
        game: {
          rangedAttacks: game(S),
          coveredRangedAttacks: game(C),
          rangedAttacksSquared: game(sum((g) => g[0] * g[0])),
          coveredRangedAttacksSquared: game(sum((g) => g[1] * g[1])),
          coveredTimesRangedAttacks: game(sum((g) => g[0] * g[1])),
        },
      },
    } as unknown as Summary;
    const R = C / S;
    const n = games.length;
    const se = Math.sqrt((n / (n - 1)) * sum((g) => (g[1] - R * g[0]) ** 2)) / S;
    const c = coveredShare(s)!;
    expect(c.share).toBeCloseTo(R, 12);
    expect(c.high - c.share).toBeCloseTo(1.959963984540054 * se, 12);
    expect(c.share - c.low).toBeCloseTo(1.959963984540054 * se, 12);
  });

  it('is null without ranged attacks or without the squares (an older summary)', () => {
    const s = summaryOf({ game: 'squall', seats: [{ policy: 'brawler' }, { policy: 'brawler' }], rules: { roster, characters: ['Knight', 'Berserker'] } }, 20);
    expect(s.metrics.game.rangedAttacks!.total).toBe(0);
    expect(coveredShare(s)).toBeNull();
    expect(squallCoveredShots.build(input(s))).toBeNull();
    delete (s.metrics.game as Record<string, unknown>).rangedAttacksSquared;
    expect(coveredShare(s)).toBeNull();
  });
});

describe('Squall charts', () => {
  it('draw one bar per sweep cell, labelled by the swept values', () => {
    const cell = (terrain: string, shots: number, covered: number) => ({
      values: { 'rules.terrain': terrain },
      summary: {
        games: 10,
        metrics: { game: { rangedAttacks: { total: shots }, coveredRangedAttacks: { total: covered }, rangedAttacksSquared: { total: shots * shots }, coveredRangedAttacksSquared: { total: covered * covered }, coveredTimesRangedAttacks: { total: shots * covered } } },
      } as unknown as Summary,
    });
    const spec = squallCoveredShots.buildSweep!([cell('layouts/open.yaml', 30, 0), cell('layouts/dense.yaml', 40, 12)]) as { data: { values: { name: string; share: number }[] } };
    expect(spec.data.values.map((v) => [v.name, v.share])).toEqual([
      ['rules.terrain = layouts/open.yaml', 0],
      ['rules.terrain = layouts/dense.yaml', 0.3],
    ]);
  });

  it('draw the pooled matchup matrix of an all-pairs run, and none for a duel (its seat win rates say it all) or without the table', () => {
    const all = summaryOf({ game: 'squall', seats: [{ policy: 'auto' }, { policy: 'auto' }], rules: { roster, matchups: 'all-pairs' } }, 60);
    const spec = squallMatchups.build(input(all)) as { data: { values: { a: string; b: string; games: number; rate: number }[] } };
    const cells = spec.data.values;
    expect(cells).toHaveLength(6);
    const rows = all.metrics.tables.matchups!.rows;
    const g = (a: string, b: string) => rows[`${a} vs ${b}`]![0]!;
    for (const c of cells) expect(c.games).toBe(g(c.a, c.b) + g(c.b, c.a));
    const duel = summaryOf({ game: 'squall', seats: [{ policy: 'auto' }, { policy: 'auto' }], rules: { roster, characters: ['Knight', 'Archer'] } }, 20);
    expect(duel.metrics.tables.matchups).toBeDefined();
    expect(squallMatchups.build(input(duel))).toBeNull();
    delete (all.metrics.tables as Record<string, unknown>).matchups;
    expect(squallMatchups.build(input(all))).toBeNull();
    expect(squallDamage.build(input(duel))).not.toBeNull();
  });
});

describe('Squish board charts', () => {
  it('read the board from summary.json (scenario.setup), which only games with a setup record', () => {
    const s = summaryOf({ game: 'squish', players: 4, rules: { mode: 'advanced' } }, 20);
    expect(s.scenario.setup).toEqual({
      width: 12,
      height: 12,
      blocks: [
        { number: 1, x: 2, y: 2, w: 2, h: 2 },
        { number: 2, x: 8, y: 2, w: 2, h: 2 },
        { number: 3, x: 2, y: 8, w: 2, h: 2 },
        { number: 4, x: 8, y: 8, w: 2, h: 2 },
      ],
      starts: [
        { seat: 0, x: 5, y: 0 },
        { seat: 1, x: 11, y: 5 },
        { seat: 2, x: 6, y: 11 },
        { seat: 3, x: 0, y: 6 },
      ],
    });
    expect(summaryOf({ game: 'worms', players: 2 }, 5).scenario).not.toHaveProperty('setup');
    const start = squishStartSquares.build(input(s)) as { hconcat: { layer: { data?: { values: { seat?: number }[] } }[] }[] };
    expect(start.hconcat).toHaveLength(2);
    const heat = squishBlockEntries.build(input(s)) as { layer: { data?: { values: unknown[] } }[] };
    expect(heat.layer[0]!.data!.values).toHaveLength(144);
  });

  it('show the squish rate per start square with a Wilson interval, and squishes per game when a seat was squished twice in a game', () => {
    const s = summaryOf({ game: 'squish', players: 4, rules: { mode: 'advanced' } }, 40);
    const spec = squishStartSquares.build(input(s)) as { hconcat: [unknown, { data: { values: { seat: number; rate: number; low: number; high: number; note: string }[] } }] };
    const rows = spec.hconcat[1].data.values;
    expect(rows.map((r) => r.seat)).toEqual([0, 1, 2, 3]);
    for (const r of rows) {
      const m = s.metrics.seats[r.seat]!;
      expect(r.rate).toBe(m.squishedGames!.total / 40);
      expect(r.low).toBeLessThanOrEqual(r.rate);
      expect(r.high).toBeGreaterThanOrEqual(r.rate);
    }
    const twice = s.metrics.seats.some((m) => m.squished!.total > m.squishedGames!.total);
    expect(rows.every((r) => r.note.includes('per game'))).toBe(twice);
  });

  it('draw nothing for a summary without the board or the squares table (an older summary)', () => {
    const s = summaryOf({ game: 'squish', players: 2 }, 10);
    const old = structuredClone(s);
    delete old.scenario.setup;
    expect(squishStartSquares.build(input(old))).toBeNull();
    expect(squishBlockEntries.build(input(old))).toBeNull();
    const noTable = structuredClone(s);
    delete (noTable.metrics.tables as Record<string, unknown>).squares;
    expect(squishBlockEntries.build(input(noTable))).toBeNull();
    expect(squishStartSquares.build(input(noTable))).not.toBeNull();
  });
});
