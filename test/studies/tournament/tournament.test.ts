/** Tournaments: Bradley-Terry recovers known strengths; the command ranks the Worms policies as their head-to-head results say. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bradleyTerry } from '../../../src/analysis/bradley-terry.js';
import { cli } from '../../helpers/cli.js';

describe('bradleyTerry', () => {
  it('recovers the strengths behind an exact win matrix', () => {
    // π = 1, 2, 4: P(i beats j) = πi / (πi + πj), 3000 games per pair.
    const pi = [1, 2, 4];
    const g = 3000;
    const wins = pi.map((a, i) => pi.map((b, j) => (i === j ? 0 : (g * a) / (a + b))));
    const r = bradleyTerry(['a', 'b', 'c'], wins, 0);
    expect(r[0]!.elo).toBe(0);
    expect(r[1]!.elo).toBeCloseTo((400 * Math.log10(2)), 6);
    expect(r[2]!.elo).toBeCloseTo((400 * Math.log10(4)), 6);
    expect(r[2]!.interval[0]).toBeLessThan(r[2]!.elo);
    expect(r[2]!.se).toBeGreaterThan(0);
  });

  it('is even for equal players', () => {
    const r = bradleyTerry(['a', 'b'], [[0, 500], [500, 0]]);
    expect(r[1]!.elo).toBeCloseTo(0, 9);
  });
});

describe('squabble tournament', () => {
  let dir: string;
  let result: { entrants: string[]; wins: number[][]; games: number[][]; ratings: { name: string; elo: number; interval: [number, number] }[] };
  let out: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-tournament-'));
    const r = await cli('tournament', 'scenarios/worms/greedy-vs-builder.yaml', '--add', 'random', '--games', '3000', '--workers', '0', '--out', join(dir, 't'), '--quiet');
    expect(r.code, r.err).toBe(0);
    out = r.out;
    result = JSON.parse(readFileSync(join(dir, 't', 'tournament.json'), 'utf8'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays every pairing and ranks the stronger policies above random, with intervals', () => {
    expect(result.entrants).toEqual(['greedy', 'builder', 'random']);
    expect(result.games[0]![1]).toBe(3000);
    const rating = (name: string) => result.ratings.find((r) => r.name === name)!;
    expect(rating('random').elo).toBe(0);
    expect(rating('greedy').interval[0]).toBeGreaterThan(200);
    expect(rating('builder').interval[0]).toBeGreaterThan(rating('greedy').elo - 100);
    // Scores of a pair add up to the games played.
    expect(result.wins[0]![1]! + result.wins[1]![0]!).toBe(3000);
    expect(out).toMatch(/How much skill matters: the strongest entrant, \w+, scores \d+\.\d% \[/);
    // The matrix comes first; the ratings are tested against it (3 pairings, 2 free ratings: 1 df).
    expect(out.indexOf('The result: score of the row entrant')).toBeLessThan(out.indexOf('Bradley-Terry ratings'));
    expect(out).toMatch(/Fit of the ratings to the matrix: Pearson χ² = [\d.]+ on 1 df, p = /);
    expect(out).toMatch(/^The ratings are (NOT )?a fair summary/m);
    expect((result as unknown as { fit: { df: number } }).fit.df).toBe(1);
    for (const id of ['tournament-matrix', 'tournament-ratings']) for (const ext of ['vl.json', 'svg', 'png']) expect(existsSync(join(dir, 't', 'charts', `${id}.${ext}`))).toBe(true);
  });

  it('needs at least two entrants', async () => {
    const r = await cli('tournament', 'scenarios/worms/random-2p.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/one entrant \(random\); add others with --add POLICY/);
  });
});
