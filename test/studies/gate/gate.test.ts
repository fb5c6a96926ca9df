/** The balance gate's statistics, and the baseline/check commands end to end on a scratch copy of a scenario. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, DEFAULT_GATE, type GateMetric } from '../../../src/studies/gate/analysis.js';
import { normalCdf, normalQuantile } from '../../../src/analysis/normal.js';
import { cli } from '../../helpers/cli.js';

describe('normal distribution', () => {
  it('matches tabulated values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-2.5758293035489)).toBeCloseTo(0.005, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 8);
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424308822899, 6);
  });
});

const p = (id: string, count: number, n: number): GateMetric => ({ id, kind: 'proportion', value: count / n, n, count });
const mean = (id: string, value: number, sd: number, n: number): GateMetric => ({ id, kind: 'mean', value, sd, n });

describe('compare', () => {
  it('passes identical results with difference 0', () => {
    const base = [p('seat 0 win rate', 5400, 10000), mean('mean length (turns)', 70, 40, 10000)];
    const r = compare(base, base);
    expect(r.drift).toBe(false);
    expect(r.comparisons.map((c) => [c.verdict, c.difference])).toEqual([
      ['not significantly changed', 0],
      ['not significantly changed', 0],
    ]);
  });

  it('flags a change that is significant and beyond tolerance as DRIFT', () => {
    const r = compare([p('seat 0 win rate', 5000, 10000)], [p('seat 0 win rate', 5400, 10000)]);
    expect(r.comparisons[0]!.verdict).toBe('DRIFT');
    expect(r.comparisons[0]!.interval![0]).toBeGreaterThan(0.01);
    expect(r.drift).toBe(true);
  });

  it('reports a significant change smaller than the tolerance without failing', () => {
    const r = compare([p('x', 500_000, 1_000_000)], [p('x', 507_000, 1_000_000)], { ...DEFAULT_GATE, tolerance: 0.01 });
    expect(r.comparisons[0]!.verdict).toBe('moved within tolerance');
    expect(r.drift).toBe(false);
  });

  it('does not flag noise, and corrects for many metrics at once (Holm)', () => {
    // 2.6 sd on one of 20 metrics: significant alone at 0.01, not after correction.
    const n = 10000;
    const se = Math.sqrt((2 * 0.25) / n);
    const shift = Math.round(2.6 * se * n);
    const base = Array.from({ length: 20 }, (_, i) => p(`m${i}`, 5000, n));
    const now = base.map((m, i) => (i === 0 ? p(m.id, 5000 + shift, n) : m));
    expect(compare(base.slice(0, 1), now.slice(0, 1), { ...DEFAULT_GATE, tolerance: 0.001 }).comparisons[0]!.verdict).not.toBe('not significantly changed');
    expect(compare(base, now, { ...DEFAULT_GATE, tolerance: 0.001 }).drift).toBe(false);
  });

  it('states the change it would catch: about (z + z_power) x the standard error of a difference', () => {
    const r = compare([p('x', 5000, 10000)], [p('x', 5000, 10000)]);
    // one metric, alpha 0.01: z = 2.576, power 0.8: 0.842; se = sqrt(2 * 0.25 / 10000) = 0.00707
    expect(r.comparisons[0]!.detectable!).toBeCloseTo((2.5758 + 0.8416) * Math.sqrt(0.5 / 10000), 4);
  });

  it('lists metrics that appeared or disappeared', () => {
    const r = compare([p('old', 1, 10)], [p('new', 1, 10)]);
    expect(r.comparisons.map((c) => [c.id, c.verdict])).toEqual([
      ['old', 'gone'],
      ['new', 'new'],
    ]);
    expect(r.drift).toBe(false);
  });
});

describe('squabble baseline and check on a scratch copy', () => {
  let dir: string;
  const scratch = () => join(dir, 'scenarios', 'random-2p.yaml');
  const original = readFileSync('scenarios/worms/random-2p.yaml', 'utf8');
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-gate-'));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'scenarios'));
    writeFileSync(scratch(), original);
    const r = await cli('baseline', scratch(), '--out', join(dir, 'baselines'), '--games', '10000', '--workers', '0');
    expect(r.code, r.err).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one small baseline per scenario with the scenario hash and sample sizes', () => {
    expect(readdirSync(join(dir, 'baselines'))).toEqual(['worms-random-2p.json']);
    const b = JSON.parse(readFileSync(join(dir, 'baselines', 'worms-random-2p.json'), 'utf8'));
    expect(b).toMatchObject({ format: 'squabble-baseline/1', games: 10000, seed: 1 });
    expect(b.scenarioHash).toMatch(/^[0-9a-f]{16}$/);
    expect(b.metrics.find((m: GateMetric) => m.id === 'seat 0 win rate')).toMatchObject({ kind: 'proportion', n: 10000 });
    // Each game's outcome and length, for the paired test, deflated: a few KB more, not 80 KB.
    expect(b.gameRecords).toMatchObject({ games: 10000 });
    expect(readFileSync(join(dir, 'baselines', 'worms-random-2p.json'), 'utf8').length).toBeLessThan(60_000);
  });

  it('passes when nothing changed, fails (exit 1) naming the metric when a rule changes, passes again when reverted', async () => {
    const check = () => cli('check', scratch(), '--baseline', join(dir, 'baselines'), '--workers', '0', '--json', join(dir, 'check.json'), '--markdown', join(dir, 'check.md'));
    const same = await check();
    expect(same.code, same.err).toBe(0);
    expect(same.out).toMatch(/no significant drift — scenario unchanged/);
    expect(same.out).toMatch(/^PASS: 0 of 1 scenarios drifted/m);
    // Same seeds on both sides: seats, draws, caps, first player and lengths are tested game by game.
    expect(same.out).toMatch(/content and code unchanged: every game replayed exactly as stored/);
    expect(same.out).toMatch(/paired game by game on the same seeds where both runs' games are known \((\d+) of \1 metrics/);
    expect(same.out).toMatch(/^seat 0 win rate .* paired +unchanged$/m);

    writeFileSync(scratch(), `${original}rules:\n  runIncludesEqual: true\n`);
    const changed = await check();
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(/DRIFT — scenario changed since its baseline/);
    expect(changed.out).toMatch(/^mean length \(turns\) .* DRIFT$/m);
    expect(readFileSync(join(dir, 'check.md'), 'utf8')).toMatch(/❌ .*DRIFT/);
    const json = JSON.parse(readFileSync(join(dir, 'check.json'), 'utf8'));
    expect(json.drift).toBe(true);

    writeFileSync(scratch(), original);
    expect((await check()).code).toBe(0);
  });

  it('catches a changed first-seat rule through the seat 0 win rate', async () => {
    writeFileSync(scratch(), original.replace('seed: 1', 'seed: 1\nrules:\n  firstSeat: random'));
    const r = await cli('check', scratch(), '--baseline', join(dir, 'baselines'), '--workers', '0');
    writeFileSync(scratch(), original);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^seat 0 win rate .* DRIFT$/m);
  });

  it('refuses a scenario without a baseline (exit 2)', async () => {
    const r = await cli('check', 'scenarios/worms/random-4p.yaml', '--baseline', join(dir, 'baselines'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no baseline at .*worms-random-4p\.json; make one with: squabble baseline/);
  });
});
