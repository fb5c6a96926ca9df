/** Paired variant comparisons: exact arithmetic, the same games as ordinary runs, and far fewer games needed. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PairedAccumulator, pairedRows } from '../../../src/studies/compare/paired.js';
import { cli } from '../../helpers/cli.js';

describe('paired arithmetic', () => {
  it('matches a direct computation on known pairs', () => {
    const a = [3, 5, 4, 10, 7, 6];
    const b = [4, 5, 6, 11, 9, 6];
    const acc = new PairedAccumulator(1);
    a.forEach((x, i) => acc.add(Float64Array.of(x), Float64Array.of(b[i]!)));
    const [row] = pairedRows([{ name: 'q', kind: 'mean' }], acc);
    const d = b.map((y, i) => y - a[i]!);
    const md = d.reduce((s, x) => s + x, 0) / d.length;
    const vd = d.reduce((s, x) => s + (x - md) ** 2, 0) / (d.length - 1);
    const va = (() => {
      const m = a.reduce((s, x) => s + x, 0) / a.length;
      return a.reduce((s, x) => s + (x - m) ** 2, 0) / (a.length - 1);
    })();
    const vb = (() => {
      const m = b.reduce((s, x) => s + x, 0) / b.length;
      return b.reduce((s, x) => s + (x - m) ** 2, 0) / (b.length - 1);
    })();
    expect(row!.difference).toBeCloseTo(md, 12);
    expect(row!.pairedSe).toBeCloseTo(Math.sqrt(vd / 6), 12);
    expect(row!.unpairedSe).toBeCloseTo(Math.sqrt((va + vb) / 6), 12);
    expect(row!.gamesSaved).toBeCloseTo((va + vb) / vd, 12);
  });
});

describe('squabble compare on a real scenario', () => {
  let dir: string;
  let compare: { rows: { name: string; a: number; b: number; gamesSaved: number; interval: [number, number]; pairedSe: number; unpairedSe: number }[] };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-compare-'));
    const r = await cli('compare', 'scenarios/worms/sudden-death.yaml', '--variant', 'no-sudden-death', '--variant', 'base', '--games', '20000', '--workers', '0', '--out', join(dir, 'cmp'), '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/no-sudden-death \(A\) vs base \(B\), 20,000 paired games/);
    compare = JSON.parse(readFileSync(join(dir, 'cmp', 'compare.json'), 'utf8'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays exactly the games an ordinary run of each variant plays', async () => {
    for (const [variant, side] of [['no-sudden-death', 'a'], [null, 'b']] as const) {
      const out = join(dir, `run-${side}`);
      const args = ['run', 'scenarios/worms/sudden-death.yaml', '--games', '20000', '--workers', '0', '--out', out, '--quiet', '--no-report'];
      if (variant) args.push('--variant', variant);
      expect((await cli(...args)).code).toBe(0);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      const row = (name: string) => compare.rows.find((r) => r.name === name)!;
      expect(row('seat 0 win rate')[side]).toBe(summary.seats[0].winRate);
      expect(row('length (turns)')[side]).toBeCloseTo(summary.length.turns.mean, 12);
    }
  });

  it('needs far fewer games than unpaired sampling for the same interval width', () => {
    const seat0 = compare.rows.find((r) => r.name === 'seat 0 win rate')!;
    const length = compare.rows.find((r) => r.name === 'length (turns)')!;
    // Sudden death changes only endgames, so paired games agree until then: measured about 4x.
    expect(seat0.gamesSaved).toBeGreaterThan(3);
    expect(length.gamesSaved).toBeGreaterThan(3);
    expect(seat0.pairedSe).toBeLessThan(seat0.unpairedSe / 1.7);
    // The effect is real: sudden death lowers seat 0's win rate (draws appear).
    expect(seat0.interval[1]).toBeLessThan(0);
  });

  it('needs exactly two variants that exist', async () => {
    expect((await cli('compare', 'scenarios/worms/sudden-death.yaml', '--variant', 'base')).code).toBe(2);
    expect((await cli('compare', 'scenarios/worms/sudden-death.yaml', '--variant', 'base', '--variant', 'nope')).err).toMatch(/--variant: no variant "nope"/);
  });
});
