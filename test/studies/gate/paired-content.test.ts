/**
 * `check` of edited content, end to end through the CLI on the rigged die game (test/kit/rigged-game.ts),
 * where a card's winRate is a threshold on one uniform per game: an edit of it changes exactly
 * the games that threshold moves, so the true effect and what pairing gains are known. Also the
 * fallback when this code does not reproduce the baseline, and the refusal of an empty or
 * truncated baseline.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { registerRiggedGame } from '../../kit/rigged-game.js';
import type { Baseline } from '../../../src/studies/gate/analysis.js';

registerRiggedGame();

// Ace is dealt in a quarter of the 4,000 games; raising its winRate 0.55 → 0.59 flips about 40 of
// its 1,000 games from a loss to a win (+4 points). Unpaired, the standard error of the
// difference is about sqrt(2 · 0.25 / 1000) = 2.2 points: 4 points is 1.8 of them, nothing after
// the correction over the scenario's metrics. Paired, only the ~40 flipped games differ: about
// 0.6 points, and 4 points is some 6 of them.
const scenario = (ace: number) => `name: rigged-edit
game: rigged
players: 2
seats:
  - policy: random
games: 4000
seed: 7
rules:
  cards:
    - { name: Ace, winRate: ${ace} }
    - { name: Brute, winRate: 0.45 }
    - { name: Chump, winRate: 0.4 }
    - { name: Dud, winRate: 0.3 }
`;

let dir: string;
const file = () => join(dir, 'scenarios', 'rigged.yaml');
const baselines = () => join(dir, 'baselines');
const stored = () => join(baselines(), 'rigged-edit.json');
const check = (...more: string[]) => cli('check', file(), '--baseline', baselines(), '--workers', '0', '--all', ...more);
const row = (out: string, id: string) => out.split('\n').find((l) => l.startsWith(id)) ?? '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-gate-paired-'));
  mkdirSync(join(dir, 'scenarios'));
  writeFileSync(file(), scenario(0.55));
  const r = await cli('baseline', file(), '--out', baselines(), '--workers', '0');
  expect(r.code, r.err).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('squabble baseline', () => {
  it("stores the content it played and each metric's detectable change, and prints them", async () => {
    const b = JSON.parse(readFileSync(stored(), 'utf8')) as Baseline;
    expect(b.content?.encoding).toMatch(/^squabble-content\/1/);
    expect(b.detectableAt).toEqual({ alpha: 0.01, power: 0.8, family: b.metrics.length });
    const ace = b.metrics.find((m) => m.id === 'cards[Ace].winRateWhenPlaced')!;
    // About 1,000 games with Ace at p = 0.55: (z + z_power) · sqrt(2 · p(1 − p) / n), z over the family.
    expect(ace.detectable!).toBeGreaterThan(0.05);
    expect(ace.detectable!).toBeLessThan(0.12);
    expect(b.metrics.every((m) => m.detectable! > 0 && m.detectable! <= 1 || m.kind === 'mean')).toBe(true);
    const again = await cli('baseline', file(), '--out', join(dir, 'again'), '--workers', '0', '--games', '200');
    expect(again.out).toMatch(/^rigged-edit: the smallest change `check` catches/);
    expect(again.out).toMatch(/^cards\.winRateWhenPlaced \(4 rows\) +median [\d.]+ pts/m);
  });
});

describe('squabble check of edited content', () => {
  it('replays the stored content beside the edit and catches, paired, a change the unpaired test cannot see', async () => {
    writeFileSync(file(), scenario(0.59));
    const paired = await check('--json', join(dir, 'check.json'));
    expect(paired.code, paired.out).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'check.json'), 'utf8')).scenarios[0].mode).toBe('paired');
    expect(paired.out).toContain("content edited: the baseline's stored content and the current one played on the same seeds");
    expect(row(paired.out, 'cards[Ace].winRateWhenPlaced')).toMatch(/paired +DRIFT$/);
    // Brute's games are the same games under both contents: tested, and unchanged in every one.
    expect(row(paired.out, 'cards[Brute].winRateWhenPlaced')).toMatch(/\+0\.00 pts \[\+0\.00, \+0\.00\] +0\.00 pts +paired +unchanged$/);

    // The same baseline without its content, as an older squabble wrote it: the unpaired test.
    const full = readFileSync(stored(), 'utf8');
    // (Without its integrity line too: a baseline edited by hand keeps none, or its hash refuses it.)
    const { content: _content, integrity: _integrity, ...older } = JSON.parse(full) as Baseline & { integrity?: string };
    writeFileSync(stored(), JSON.stringify(older));
    const unpaired = await check();
    writeFileSync(stored(), full);
    expect(unpaired.out).toContain('the baseline stores no content to replay');
    expect(row(unpaired.out, 'cards[Ace].winRateWhenPlaced')).toMatch(/unpaired +not significantly changed$/);
    expect(row(unpaired.out, 'cards[Brute].winRateWhenPlaced')).toMatch(/unpaired +not significantly changed$/);
    writeFileSync(file(), scenario(0.55));
  });

  it('falls back to the unpaired test, and says so, when this code does not reproduce the baseline from its content', async () => {
    writeFileSync(file(), scenario(0.59));
    const full = readFileSync(stored(), 'utf8');
    const { integrity: _integrity, ...b } = JSON.parse(full) as Baseline & { integrity?: string };
    // As if the baseline had been played by other code: one of its stored figures differs from the replay.
    const draw = b.metrics.find((m) => m.id === 'draw rate')!;
    draw.count! += 1;
    draw.value = draw.count! / draw.n;
    writeFileSync(stored(), JSON.stringify(b));
    const r = await check();
    writeFileSync(stored(), full);
    writeFileSync(file(), scenario(0.55));
    expect(r.out).toContain("the code changed (the baseline's content, played by this squabble, does not reproduce it)");
    expect(row(r.out, 'cards[Ace].winRateWhenPlaced')).toMatch(/unpaired +not significantly changed$/);
  });

  it('passes unchanged content as identical', async () => {
    const r = await check();
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('content and code unchanged: every game replayed exactly as stored');
    expect(r.out).not.toMatch(/not significantly changed/);
  });
});

describe('a baseline that cannot be checked against is refused (exit 2, one line, nothing played)', () => {
  const refused = async (edit: (b: Baseline) => void) => {
    const full = readFileSync(stored(), 'utf8');
    // Edited by hand, so without its integrity line (with it, the hash alone refuses the file).
    const { integrity: _integrity, ...b } = JSON.parse(full) as Baseline & { integrity?: string };
    edit(b);
    writeFileSync(stored(), JSON.stringify(b));
    const r = await check();
    writeFileSync(stored(), full);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(stored());
    return r.err;
  };

  it('an empty one (metrics: [])', async () => {
    expect(await refused((b) => (b.metrics = []))).toMatch(/metrics: expected the headline metrics the baseline was played for, found none/);
  });

  it('one cut short: headline metrics missing, game records or content that do not decode', async () => {
    expect(await refused((b) => (b.metrics = b.metrics.slice(3)))).toMatch(/metrics: expected 7 headline metrics, 3 missing \(seat 0 win rate, seat 1 win rate, draw rate\); the file is truncated or edited/);
    expect(await refused((b) => (b.gameRecords!.data = b.gameRecords!.data.slice(0, 40)))).toMatch(/gameRecords\.data: expected 32000 bytes of records once inflated/); // the reader's check (baseline-file.ts)
    expect(await refused((b) => (b.content!.data = b.content!.data.slice(0, b.content!.data.length >> 1)))).toMatch(/content: .*truncated or edited/);
  });
});
