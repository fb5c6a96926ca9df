/**
 * The determinism contract: a run's summary.json is byte-identical whatever the number of
 * worker threads, and each game is a pure function of (scenario, seed, game index).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-det-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const summaryOf = async (scenario: string, workers: number, games: number, seed = '1'): Promise<string> => {
  const out = join(dir, `${workers}-${games}-${seed}-${scenario.replace(/\W/g, '')}`);
  const r = await cli('run', scenario, '--games', String(games), '--seed', seed, '--workers', String(workers), '--out', out, '--quiet', '--no-report');
  expect(r.code, r.err).toBe(0);
  return readFileSync(join(out, 'summary.json'), 'utf8');
};

describe('determinism across worker counts', () => {
  it('gives byte-identical summary.json with 0, 1, 2 and 3 workers', async () => {
    const summaries = [];
    for (const workers of [0, 1, 2, 3]) summaries.push(await summaryOf('scenarios/worms/random-2p.yaml', workers, 50_000));
    for (const s of summaries.slice(1)) expect(s).toBe(summaries[0]);
  });

  it('holds for rotating seats and heuristic policies too', async () => {
    const a = await summaryOf('scenarios/worms/greedy-vs-builder.yaml', 1, 4000);
    const b = await summaryOf('scenarios/worms/greedy-vs-builder.yaml', 2, 4000);
    expect(b).toBe(a);
  });

  it('gives identical quality figures (standings sampled at round ends, Worms following games 0-4,095 and one in 32 after) with 0, 1 and 2 workers', async () => {
    const runs = [];
    for (const workers of [0, 1, 2]) runs.push(await summaryOf('scenarios/worms/random-4p.yaml', workers, 5000));
    const quality = runs.map((s) => JSON.parse(s).quality);
    expect(quality[0].games).toBe(4096 + 29);
    expect(quality[0].leadChanges.mean).toBeGreaterThan(0);
    for (const q of quality.slice(1)) expect(q).toEqual(quality[0]);
    for (const s of runs.slice(1)) expect(s).toBe(runs[0]);
  }, 180_000);

  it('gives results for different seeds that agree within their intervals', async () => {
    const one = JSON.parse(await summaryOf('scenarios/worms/random-2p.yaml', 2, 100_000, '1'));
    const two = JSON.parse(await summaryOf('scenarios/worms/random-2p.yaml', 2, 100_000, '2'));
    expect(one.seats[0].wins).not.toBe(two.seats[0].wins); // really different games
    const se = (p: number) => Math.sqrt((p * (1 - p)) / 100_000);
    const p1 = one.seats[0].winRate;
    const p2 = two.seats[0].winRate;
    expect(Math.abs(p1 - p2)).toBeLessThan(1.96 * Math.hypot(se(p1), se(p2)));
    expect(Math.abs(one.length.turns.mean - two.length.turns.mean)).toBeLessThan(1.96 * Math.hypot(one.length.turns.sd, two.length.turns.sd) / Math.sqrt(100_000));
  });
});
