/** What changed: the changed card's rows first (paired in compare), then the other rows that moved (FDR-selected); in compare, sweeps and tune. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairedRateDifference, whatChanged, changedSubjects, unpairedChange, type RowChange } from '../../src/analysis/what-changed.js';
import { PAIR_SUMS, addPair } from '../../src/analysis/paired-rates.js';
import { Rng } from '../../src/sim/rng.js';
import { gameOf } from '../../src/registry.js';
import { planFrom } from '../../src/studies/kit/plan.js';
import { assignmentPlan } from '../../src/studies/compare/command.js';
import type { Summary } from '../../src/sim/stats/summary.js';
import { cli } from '../helpers/cli.js';

describe('the paired difference of two ratios', () => {
  it('equals a direct computation from the per-game linearisation', () => {
    const rng = new Rng();
    rng.seedGame(7, 0, 0);
    const games: [number, number, number, number][] = [];
    for (let i = 0; i < 400; i++) {
      const hA = Math.floor(rng.next() * 3);
      const hB = rng.next() < 0.8 ? hA : Math.floor(rng.next() * 3);
      const wA = hA > 0 && rng.next() < 0.5 ? 1 : 0;
      const wB = hB > 0 && (rng.next() < 0.85 ? wA === 1 : rng.next() < 0.5) ? 1 : 0;
      games.push([wA, hA, wB, hB]);
    }
    const sums = new Float64Array(PAIR_SUMS);
    for (const [wA, hA, wB, hB] of games) addPair(sums, 0, wA, hA, wB, hB);
    const r = pairedRateDifference(sums, 0, games.length)!;
    const n = games.length;
    const tot = (k: number) => games.reduce((s, g) => s + g[k]!, 0);
    const rA = tot(0) / tot(1);
    const rB = tot(2) / tot(3);
    const e = games.map(([wA, hA, wB, hB]) => (wB - rB * hB) / (tot(3) / n) - (wA - rA * hA) / (tot(1) / n));
    const se = Math.sqrt(e.reduce((s, x) => s + x * x, 0) / (n - 1) / n);
    expect(r.before).toBeCloseTo(rA, 12);
    expect(r.after).toBeCloseTo(rB, 12);
    expect(r.difference).toBeCloseTo(rB - rA, 12);
    expect((r.interval[1] - r.interval[0]) / 2).toBeCloseTo(1.959963984540054 * se, 10);
    expect(se).toBeGreaterThan(0);
    // A row that arm A never had has no difference.
    const never = Float64Array.from(sums);
    never[0] = never[1] = 0;
    expect(pairedRateDifference(never, 0, n)).toBeNull();
  });
});

describe('what changed', () => {
  const change = (row: string, difference: number, half: number): RowChange => ({ sheet: 'cards.x', row, gamesA: 100, gamesB: 100, before: 0.5, after: 0.5 + difference, difference, interval: [difference - half, difference + half], paired: true });

  it('puts the changed subject first and shows the rows Benjamini-Hochberg selects, most surely moved first, with FCR intervals', () => {
    const rows = [change('Noise', 0.3, 0.4), change('Sure', 0.05, 0.01), change('Hulk', 0.01, 0.1), change('Big', -0.2, 0.1), change('Still', 0, 0.02)];
    const w = whatChanged(rows, ['Hulk'], 10);
    expect(w.changed.map((c) => c.row)).toEqual(['Hulk']);
    // Sure: z = 9.8; Big: z = 3.9; Noise: z = 1.5 (p 0.13 > BH's 3/4 · 5%); Still: 0.
    expect(w.moved.map((c) => c.row)).toEqual(['Sure', 'Big']);
    expect([w.tested, w.selected, w.few]).toEqual([4, 2, 0]);
    expect(w.expectedByChance).toBeCloseTo(0.2, 12);
    // Two selected of four at q = 5%: the FCR level is 1 − 2·0.05/4 = 97.5%, so z = 2.2414.
    expect(w.fcrLevel).toBeCloseTo(0.975, 12);
    const big = w.moved[1]!;
    expect((big.fcrInterval![1] - big.fcrInterval![0]) / 2).toBeCloseTo((0.1 / 1.959963984540054) * 2.241402727604947, 9);
    expect(whatChanged(rows, ['Hulk'], 1).moved).toHaveLength(1);
    expect(whatChanged(rows, ['Hulk'], 1).selected).toBe(2);
  });

  /** A binomial draw by counting (small n only). */
  const binomial = (rng: Rng, n: number, p: number) => {
    let k = 0;
    for (let i = 0; i < n; i++) if (rng.next() < p) k++;
    return k;
  };
  /** 120 rows like a card sheet's: trials from 1 to about 2,000 (many small), true rates 20-80%. */
  const sheet = (rng: Rng) =>
    Array.from({ length: 120 }, (_, i) => ({ row: `card ${i}`, trials: i < 15 ? 1 + Math.floor(rng.next() * 5) : Math.floor(20 * Math.exp(rng.next() * 4.6)), rate: 0.2 + 0.6 * rng.next() }));
  const run = (rng: Rng, rows: { trials: number; rate: number }[]) => rows.map((r) => ({ rate: binomial(rng, r.trials, r.rate) / r.trials, games: r.trials }));

  it('under a true null (nothing changed, new seeds) shows a moved row in at most 5% of runs', () => {
    // 1,000 trials (seed 33, cell 1): a fresh sheet of 120 rows each, both runs drawn from the same
    // true rates. Before (the top ten by distance of the unadjusted interval from 0), 400 of the
    // first 400 runs showed rows whose interval excluded 0; now 33 of 1,000 (3.3%) show any moved
    // row (10,000 other trials, cell 9: 279, 2.79%). Accepted: at most 5%, the bar (at a
    // true 3.3% a count over 50 of 1,000 is 3 standard errors out).
    const rng = new Rng();
    let any = 0;
    const trials = 1000;
    for (let t = 0; t < trials; t++) {
      rng.seedGame(33, 1, t);
      const rows = sheet(rng);
      const a = run(rng, rows);
      const b = run(rng, rows);
      const w = whatChanged(rows.map((r, i) => unpairedChange('cards.winRateWhenPlayed', r.row, a[i]!, b[i]!)), [], 10);
      // expect(w.few).toBeGreaterThan(0);
      for (const c of w.moved) expect(c.interval[1] - c.interval[0]).toBeGreaterThan(0);
      if (w.moved.some((c) => c.interval[0] > 0 || c.interval[1] < 0)) any++;
    }
    expect(any / trials).toBeLessThanOrEqual(0.05);
  });

  it('after a one-card edit ranks the edited card first, above cards played in one game', () => {
    // The edited card (not named as a subject, as after a deck-file edit) truly moves 50% -> 62%
    // over 1,500 trials; 15 cards played in a game or two read -100 or +100 points.
    const rng = new Rng();
    let first = 0;
    const trials = 100;
    for (let t = 0; t < trials; t++) {
      rng.seedGame(33, 2, t);
      const rows = sheet(rng);
      rows[60] = { row: 'Edited', trials: 1500, rate: 0.5 };
      const a = run(rng, rows);
      const b = run(rng, rows.map((r) => (r.row === 'Edited' ? { ...r, rate: 0.62 } : r)));
      const w = whatChanged(rows.map((r, i) => unpairedChange('cards.winRateWhenPlayed', r.row, a[i]!, b[i]!)), [], 10);
      if (w.moved[0]?.row === 'Edited') first++;
      for (const c of w.moved) expect(Math.min(c.gamesA, c.gamesB)).toBeGreaterThanOrEqual(20);
    }
    // Now 100 of 100; before, 2 of 100 (the one-game cards, zero-width intervals at ±100 points, came first).
    expect(first).toBeGreaterThanOrEqual(95);
  });

  it('finds the card a stat path changes, and not one set to the value it had', () => {
    const file = 'scenarios/squirmish/classic-greedy.yaml';
    const base = planFrom(file, {}, 'compare');
    const game = gameOf('squirmish');
    expect(changedSubjects(game, base.rules, assignmentPlan(file, 'cards.Swamp Hulk.hp=9', {}).rules, 2)).toEqual(['Swamp Hulk']);
    expect(changedSubjects(game, base.rules, assignmentPlan(file, 'cards.Swamp Hulk.hp=14', {}).rules, 2)).toEqual([]);
    expect(changedSubjects(game, base.rules, base.rules, 2)).toEqual([]);
  });
});

describe('compare, sweeps and tune show what changed', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-changed-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const SCENARIO = 'scenarios/squirmish/classic-greedy.yaml';

  it('compare: the changed card first, its before and after the same as plain runs of each arm', async () => {
    const r = await cli('compare', SCENARIO, '--variant', 'base', '--variant', 'cards.Swamp Hulk.hp=2', '--games', '300', '--workers', '0', '--out', join(dir, 'cmp'), '--quiet');
    expect(r.code).toBe(0);
    expect(r.out.indexOf('What the variant changes: Swamp Hulk')).toBeGreaterThan(0);
    expect(r.out.indexOf('What the variant changes')).toBeLessThan(r.out.indexOf('Headline figures'));
    const w = JSON.parse(readFileSync(join(dir, 'cmp', 'compare.json'), 'utf8')).whatChanged;
    expect(w.subjects).toEqual(['Swamp Hulk']);
    expect(w.changed.map((c: RowChange) => c.sheet)).toEqual(['cards.winRateWhenPlaced', 'cards.winRateWhenDrawn', 'cards.winRateWhenNotPlaced']);
    // The other rows: tested for a move and selected at FDR 5%, each selected one with its FCR interval.
    expect(w.tested).toBeGreaterThan(100);
    expect(w.fdr).toBe(0.05);
    expect(w.moved.length).toBe(Math.min(10, w.selected));
    for (const c of w.moved as RowChange[]) expect(c.fcrInterval![1] - c.fcrInterval![0]).toBeGreaterThan(c.interval[1] - c.interval[0]);
    expect(r.out).toMatch(/rows tested for a move; if nothing had moved, about [\d.]+ would have an unadjusted 95% interval excluding 0 by chance alone/);
    const arm = async (name: string, extra: string[]) => {
      expect((await cli('run', SCENARIO, '--games', '300', '--workers', '0', '--out', join(dir, name), '--quiet', '--no-report', ...extra)).code).toBe(0);
      return JSON.parse(readFileSync(join(dir, name, 'summary.json'), 'utf8')) as Summary;
    };
    const a = await arm('a', []);
    const rateOf = (s: Summary, sheet: string, row: string) => s.balance!.find((b) => b.id === sheet)!.rows.find((x) => x.row === row)!;
    for (const c of w.changed as RowChange[]) {
      const ra = rateOf(a, c.sheet, c.row);
      expect(c.before).toBeCloseTo(ra.rate, 12);
      expect(c.gamesA).toBe(ra.games);
    }
    const placed = (w.changed as RowChange[])[0]!;
    expect(placed.after).toBeLessThan(placed.before); // 2 HP instead of 14
    expect(placed.interval[0]).toBeLessThan(placed.difference);
    expect(placed.interval[1]).toBeGreaterThan(placed.difference);
  });

  it('a sweep over a stat path: the changed card from the first cell to the last', async () => {
    const folder = join(dir, 'sweep');
    mkdirSync(join(folder, 'decks'), { recursive: true });
    copyFileSync('scenarios/squirmish/decks/classic-70.yaml', join(folder, 'decks', 'classic-70.yaml'));
    const file = join(folder, 'hulk.yaml');
    writeFileSync(file, readFileSync(SCENARIO, 'utf8').replace('games: 10000', 'games: 200\nsweep:\n  cards.Swamp Hulk.hp: [14, 2]').replace(/^compareLevels:.*$/m, ''));
    const r = await cli('run', file, '--workers', '0', '--out', join(dir, 'sweep-out'), '--quiet', '--no-report');
    expect(r.code).toBe(0);
    expect(r.out).toContain('What the variant changes: Swamp Hulk');
    const md = readFileSync(join(dir, 'sweep-out', 'sweep.md'), 'utf8');
    expect(md).toMatch(/## From cell 0 \(cards\.Swamp Hulk\.hp = 14\) \(A\) to cell 1 \(cards\.Swamp Hulk\.hp = 2\) \(B\)/);
    expect(md).toContain('| cards.winRateWhenPlaced | Swamp Hulk |');
  });

  it('tune: the scenario as written against the best value', async () => {
    const r = await cli('tune', SCENARIO, '--param', 'cards.Swamp Hulk.hp', '--target', 'cards.Swamp Hulk.winRateWhenPlaced=0.3', '--min', '1', '--max', '3', '--integer', '--games', '200', '--workers', '0', '--quiet');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/The scenario as written \(A\) against cards\.Swamp Hulk\.hp = [123] \(B\)/);
    expect(r.out).toContain('What the variant changes: Swamp Hulk');
  });
});
