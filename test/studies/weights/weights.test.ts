/** Stat weights: the paired ratio arithmetic, its coverage, and the command on shipped scenarios. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAIR_SUMS, BASE_SUMS, addPair, addBase, pairedRate, baseRate, signTestP } from '../../../src/analysis/paired-rates.js';
import { AT_FAIR, weightRows, fairRows, type WeightRow } from '../../../src/studies/weights/analysis.js';
import { Rng } from '../../../src/sim/rng.js';
import { Z95 } from '../../../src/sim/stats/intervals.js';
import { normalCdf } from '../../../src/analysis/normal.js';
import { cli } from '../../helpers/cli.js';

describe('the paired ratio estimate', () => {
  it('matches a direct computation of the linearised per-game differences', () => {
    // Per game: W_A, H_A, W_B, H_B.
    const games = [
      [1, 2, 1, 2],
      [0, 1, 1, 1],
      [0, 0, 0, 1],
      [1, 1, 1, 1],
      [0, 2, 0, 2],
      [1, 2, 0, 1],
      [0, 1, 1, 2],
    ];
    const sums = new Float64Array(PAIR_SUMS);
    for (const [wA, hA, wB, hB] of games) addPair(sums, 0, wA!, hA!, wB!, hB!);
    const n = games.length;
    const sum = (k: number) => games.reduce((s, g) => s + g[k]!, 0);
    const rA = sum(0) / sum(1);
    const hA = sum(1) / n;
    // Δ = (ΣW_B − ΣW_A) / ΣH_A; e_i = (D_i − Δ·H_A,i) / mean(H_A).
    const delta = (sum(2) - sum(0)) / sum(1);
    const e = games.map(([wA, a, wB]) => (wB! - wA! - delta * a!) / hA);
    expect(e.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 12);
    const se = Math.sqrt(e.reduce((s, x) => s + x * x, 0) / (n - 1) / n);
    const r = pairedRate(sums, 0, n)!;
    expect(r.rateA).toBeCloseTo(rA, 12);
    expect(r.effect).toBeCloseTo(delta, 12);
    expect(r.se).toBeCloseTo(se, 12);
    expect(r.interval[0]).toBeCloseTo(delta - Z95 * se, 12);
    expect(r.exposureChange).toBeCloseTo(sum(3) / sum(1) - 1, 12);
    // Games whose W changed: the 2nd and 7th rose, the 6th fell.
    expect(r.changed).toBe(3);
    expect(r.rose).toBe(2);
    const variance = (xs: number[]) => {
      const m = xs.reduce((s, x) => s + x, 0) / xs.length;
      return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
    };
    expect(r.unpairedSe).toBeCloseTo(Math.sqrt((variance(games.map((g) => g[0]!)) + variance(games.map((g) => g[2]!))) / n) / hA, 12);
    const eA = games.map(([wA, a]) => (wA! - rA * a!) / hA);
    const v = (xs: number[]) => xs.reduce((s, x) => s + x * x, 0) / (n - 1);

    const base = new Float64Array(BASE_SUMS);
    for (const [w, h] of games) addBase(base, 0, w!, h!);
    const b = baseRate(base, 0, n)!;
    expect(b.rate).toBeCloseTo(rA, 12);
    expect(b.se).toBeCloseTo(Math.sqrt(v(eA) / n), 12);
  });

  it('is null when the base never had the subject', () => {
    const sums = new Float64Array(PAIR_SUMS);
    addPair(sums, 0, 0, 0, 0, 1);
    addPair(sums, 0, 0, 0, 1, 1);
    expect(pairedRate(sums, 0, 2)).toBeNull();
  });

  it('tests the changed games with an exact sign test', () => {
    expect(signTestP(5, 5)).toBeCloseTo(2 / 32, 12);
    expect(signTestP(0, 5)).toBeCloseTo(2 / 32, 12);
    expect(signTestP(2, 10)).toBeCloseTo((2 * (1 + 10 + 45)) / 1024, 12);
    expect(signTestP(5, 10)).toBe(1);
    expect(signTestP(0, 0)).toBe(1);
    // Exact up to 5,000 changed games; there it agrees with the continuity-corrected normal used beyond.
    expect(signTestP(2400, 5000)).toBeCloseTo(2 * normalCdf((2400.5 - 2500) / Math.sqrt(1250)), 3);
    expect(signTestP(2401, 5001)).toBeCloseTo(2 * normalCdf((2401.5 - 2500.5) / Math.sqrt(5001 / 4)), 9);
  });

  it('is not fooled by a change of exposure alone', () => {
    // The tweak drops a losing holder in half the games (H_B = H_A − 1, W unchanged): the
    // per-holder ratio would rise, the weight does not.
    const sums = new Float64Array(PAIR_SUMS);
    for (let i = 0; i < 1000; i++) addPair(sums, 0, i % 2, 2, i % 2, i % 4 === 0 ? 1 : 2);
    const r = pairedRate(sums, 0, 1000)!;
    expect(r.effect).toBe(0);
    expect(r.changed).toBe(0);
    expect(r.exposureChange).toBeCloseTo(-0.125, 12);
  });

  it('covers the true difference about 95% of the time', () => {
    // H in {1, 2}; arm A: W ~ Bernoulli(0.3 H); arm B: W_A, or else Bernoulli(0.1 H) (a paired improvement).
    // E[W_A] = 0.45, E[W_B] = (0.37 + 0.68) / 2 = 0.525, E[H] = 1.5: true rates 0.30 and 0.35.
    const rng = new Rng();
    rng.seedGame(7, 0, 0);
    let covered = 0;
    const reps = 400;
    for (let rep = 0; rep < reps; rep++) {
      const sums = new Float64Array(PAIR_SUMS);
      for (let i = 0; i < 400; i++) {
        const h = rng.next() < 0.5 ? 1 : 2;
        const wA = rng.next() < 0.3 * h ? 1 : 0;
        const wB = wA === 1 || rng.next() < 0.1 * h ? 1 : 0;
        addPair(sums, 0, wA, h, wB, h);
      }
      const r = pairedRate(sums, 0, 400)!;
      if (r.interval[0] <= 0.05 && 0.05 <= r.interval[1]) covered++;
    }
    expect(covered / reps).toBeGreaterThan(0.92);
    expect(covered / reps).toBeLessThan(0.98);
  });
});

describe('flags and the HP change to fair', () => {
  const sumsOf = (games: number[][]) => {
    const s = new Float64Array(PAIR_SUMS);
    for (const [wA, hA, wB, hB] of games) addPair(s, 0, wA!, hA!, wB!, hB!);
    return s;
  };
  it('flag only clear effects (Benjamini-Hochberg); HP to fair on a log scale from slopes shrunk toward the pooled one', () => {
    // A clear +10-point effect over 1,000 games; a noisy one over 100 (8 games up, 4 down: its interval holds 0); one with no change at all.
    const strong = sumsOf(Array.from({ length: 1000 }, (_, i) => [i % 2, 1, i % 10 < 6 ? 1 : 0, 1]));
    const noisy = sumsOf(Array.from({ length: 100 }, (_, i) => (i < 8 ? [0, 1, 1, 1] : i < 12 ? [1, 1, 0, 1] : [i % 2, 1, i % 2, 1])));
    const none = sumsOf(Array.from({ length: 1000 }, (_, i) => [i % 2, 1, i % 2, 1]));
    const rows = weightRows([
      { subject: 'A', group: 'g', stat: 'hp', change: { 'cards.A.hp': 6 }, sums: strong, offset: 0, games: 1000, skipped: null },
      { subject: 'N', group: 'g', stat: 'hp', change: { 'cards.N.hp': 6 }, sums: noisy, offset: 0, games: 100, skipped: null },
      { subject: 'B', group: 'g', stat: 'hp', change: { 'cards.B.hp': 6 }, sums: none, offset: 0, games: 1000, skipped: null },
      { subject: 'C', group: 'g', stat: 'damage', change: {}, sums: null, offset: 0, games: 1000, skipped: 'no fixed damage face' },
    ]);
    expect(rows[0]!.flagged).toBe(true);
    expect(rows[0]!.estimate!.effect).toBeCloseTo(0.1, 12);
    expect(rows[1]!.estimate!.interval[0]).toBeLessThan(0);
    expect(rows[2]!.flagged).toBe(false);
    expect(rows[2]!.estimate!.changed).toBe(0);
    expect(rows[3]!.skipped).toBe('no fixed damage face');
    const baseOf = (share: number) => {
      const base = new Float64Array(BASE_SUMS);
      for (let i = 0; i < 1000; i++) addBase(base, 0, i % 10 < share ? 1 : 0, 1);
      return baseRate(base, 0, 1000);
    };
    // A and N win 30%, B and C 70% of the games they are held in: fair is the pooled 50%, not 1/players.
    const subjects = [
      { subject: 'A', group: 'g', base: baseOf(3), hp: 5 },
      { subject: 'N', group: 'g', base: baseOf(3), hp: 5 },
      { subject: 'B', group: 'g', base: baseOf(7), hp: 5 },
      { subject: 'C', group: 'g', base: baseOf(7), hp: 5 },
    ];
    const [fair, noisyRow, flat, noWeight] = fairRows(subjects, rows as WeightRow[], { min: 1, max: 20 });
    expect(fair!.fair).toBeCloseTo(0.5, 12);
    expect(fair!.base!.rate).toBeCloseTo(0.3, 12);
    expect(fair!.flagged).toBe(true);
    // A's slope per log-HP is its weight / ln(6/5), barely shrunk (it is precise); +20 points need 5·e^(0.2/β) − 5 HP.
    expect(fair!.hpSlope!.beta).toBeCloseTo(0.1 / Math.log(6 / 5), 1);
    expect(fair!.hpToFair).toBeCloseTo(5 * Math.exp(0.2 / fair!.hpSlope!.beta) - 5, 9);
    // More than a straight line's +2: each HP is worth less as HP grows.
    expect(fair!.hpToFair).toBeGreaterThan(2);
    expect(fair!.hpToFair).toBeLessThan(3);
    expect(fair!.hpToFairRange![0]).toBeLessThan(fair!.hpToFair!);
    expect(fair!.hpToFairRange![1]).toBeGreaterThan(fair!.hpToFair!);
    expect(fair!.hpToFairNote).toBeNull();
    // N's own weight is not clearly positive, but shrunk toward the pooled slope it is: it gets an answer (a linear extrapolation from its own weight gave none).
    expect(noisyRow!.hpSlope!.beta).toBeGreaterThan(0);
    expect(noisyRow!.hpToFair).toBeGreaterThan(0);
    expect(noisyRow!.hpToFairNote).toBeNull();
    // B's HP weight is 0 in every game: +1 HP changed nothing, so no estimate.
    expect(flat!.hpToFair).toBeNull();
    expect(flat!.hpToFairNote).toMatch(/^not estimable here — use `tune` \(\+1 HP changed no game\)$/);
    expect(noWeight!.hpToFairNote).toMatch(/no HP weight measured/);
    // The same change from 19 HP would pass the legal 20: not estimable.
    const [high] = fairRows([{ ...subjects[0]!, hp: 19 }, ...subjects.slice(1)], rows as WeightRow[], { min: 1, max: 20 });
    expect(high!.hpToFair).toBeNull();
    expect(high!.hpToFairNote).toMatch(/legal HP 1-20/);
    // A card at fair within its own interval needs no change, whatever its slope (even B's, which changed no game).
    const even = fairRows(subjects.map((x) => ({ ...x, base: baseOf(5) })), rows as WeightRow[], { min: 1, max: 20 });
    expect(even.map((r) => [r.hpToFair, r.hpToFairNote])).toEqual(subjects.map(() => [0, AT_FAIR]));
  });
});

describe('squabble weights on a Squall duel', () => {
  let dir: string;
  let out: string;
  let json: {
    gamesPerTweak: number;
    fair: number;
    weights: { subject: string; stat: string; estimate: { effect: number; interval: [number, number]; se: number; unpairedSe: number } | null; flagged: boolean; change: Record<string, number> }[];
    furthestFromFair: { subject: string; base: { rate: number; interval: [number, number] }; hpToFair: number | null }[];
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-weights-'));
    const r = await cli('weights', 'scenarios/squall/duel-open.yaml', '--games', '300', '--workers', '0', '--out', join(dir, 'w'), '--quiet');
    expect(r.code, r.err).toBe(0);
    out = r.out;
    json = JSON.parse(readFileSync(join(dir, 'w', 'weights.json'), 'utf8'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes ranked tables with intervals, the files and the charts', () => {
    expect(out).toMatch(/^squall-duel-open: stat weights of 2 characters, 300 paired games per tweak, seed 1/);
    expect(out).toMatch(/Per \+1 HP \(\+1 starting HP\), largest first:/);
    expect(out).toMatch(/Furthest from fair \(fair line \d+\.\d\d% = pooled characters\.winRate of all 2 rows \([\d,]+ wins \/ [\d,]+ trials; draws and capped games count as trials won by nobody\)\), base games:/);
    expect(out).toMatch(/Benjamini-Hochberg at q = 0\.05 over the 4 weights/);
    expect(out).toMatch(/squabble tune scenarios\/squall\/duel-open\.yaml --param "characters\.\w+\.hp" --integer --min \d+ --max \d+ --target "characters\.\w+\.winRate=fair"/);
    expect(json.gamesPerTweak).toBe(300);
    expect(json.weights).toHaveLength(4);
    expect(json.weights.map((w) => w.stat)).toEqual(['hp', 'hp', 'damage', 'damage']);
    expect(json.furthestFromFair.map((f) => f.subject).sort()).toEqual(['Berserker', 'Knight']);
    // Two characters in a duel: their base rates add up to 1 (no draws here).
    expect(json.furthestFromFair[0]!.base.rate + json.furthestFromFair[1]!.base.rate).toBeCloseTo(1, 2);
    const csv = readFileSync(join(dir, 'w', 'weights.csv'), 'utf8');
    expect(csv.split('\n')[0]).toBe('character,group,stat,change,rateBase,effect,ciLow,ciHigh,se,exposureChange,gamesChanged,pValue,qValue,flagged,skipped');
    expect(readFileSync(join(dir, 'w', 'fair.csv'), 'utf8').split('\n')[0]).toMatch(/^character,group,winRate,ciLow,ciHigh/);
    for (const id of ['weights-hp', 'weights-damage', 'furthest-from-fair']) for (const ext of ['vl.json', 'svg', 'png']) expect(existsSync(join(dir, 'w', 'charts', `${id}.${ext}`)), `${id}.${ext}`).toBe(true);
  });

  it('finds +1 damage clearly good for both brawlers, with pairing narrowing the intervals', () => {
    for (const name of ['Berserker', 'Knight']) {
      const w = json.weights.find((x) => x.subject === name && x.stat === 'damage')!;
      expect(w.change).toEqual({ [`characters.${name}.melee`]: name === 'Knight' ? 4 : expect.any(Number) });
      expect(w.estimate!.interval[0], name).toBeGreaterThan(0);
      expect(w.flagged).toBe(true);
      expect(w.estimate!.se).toBeLessThan(w.estimate!.unpairedSe);
    }
    // +1 HP never hurts beyond noise.
    for (const w of json.weights.filter((x) => x.stat === 'hp')) expect(w.estimate!.interval[1]).toBeGreaterThan(0);
  });
});

describe('squabble weights on Squirmish mini-decks', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-weights-sq-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('+1 HP lowers no card\u2019s controller win rate beyond noise, and the base arm is an ordinary run', async () => {
    const r = await cli('weights', 'scenarios/squirmish/mini-decks.yaml', '--stat', 'hp', '--games', '150', '--workers', '0', '--out', join(dir, 'hp'), '--quiet');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'hp', 'weights.json'), 'utf8'));
    expect(json.weights).toHaveLength(24);
    const weaker = json.weights.filter((w: WeightRow) => w.flagged && w.estimate!.effect < 0);
    expect(weaker).toEqual([]);
    // The base arm plays exactly the games of `squabble run`: the base rates are its winRateWhenDrawn.
    const run = await cli('run', 'scenarios/squirmish/mini-decks.yaml', '--games', '150', '--workers', '0', '--out', join(dir, 'run'), '--quiet', '--no-report');
    expect(run.code, run.err).toBe(0);
    const table = JSON.parse(readFileSync(join(dir, 'run', 'summary.json'), 'utf8')).metrics.tables.cards;
    const wins = table.columns.indexOf('drawnWins');
    const of = table.columns.indexOf('drawnGames');
    for (const f of json.furthestFromFair) expect(f.base.rate, f.subject).toBeCloseTo(table.rows[f.subject][wins] / table.rows[f.subject][of], 12);
  });

  it('gives the same numbers with any number of workers', async () => {
    const args = ['weights', 'scenarios/squirmish/mini-decks.yaml', '--only', 'Swamp Hulk,Peat Toad', '--games', '120', '--quiet'];
    expect((await cli(...args, '--workers', '0', '--out', join(dir, 'w0'))).code).toBe(0);
    expect((await cli(...args, '--workers', '2', '--out', join(dir, 'w2'))).code).toBe(0);
    const read = (d: string) => {
      const j = JSON.parse(readFileSync(join(dir, d, 'weights.json'), 'utf8'));
      return { weights: j.weights, fair: j.furthestFromFair };
    };
    expect(read('w2')).toEqual(read('w0'));
    expect(read('w0').weights.map((w: WeightRow) => w.subject).sort()).toEqual(['Peat Toad', 'Peat Toad', 'Swamp Hulk', 'Swamp Hulk']);
  });

  it('refuses games without cards or characters, unknown names and stats (exit 2)', async () => {
    const worms = await cli('weights', 'scenarios/worms/random-2p.yaml', '--games', '10');
    expect(worms.code).toBe(2);
    expect(worms.err).toMatch(/a Worms scenario, which has no cards or characters to weigh; stat weights exist for squall and squirmish scenarios/);
    const squish = await cli('weights', 'scenarios/squish/simple.yaml', '--games', '10');
    expect(squish.code).toBe(2);
    const only = await cli('weights', 'scenarios/squirmish/mini-decks.yaml', '--only', 'Swamp Hulc', '--games', '10');
    expect(only.code).toBe(2);
    expect(only.err).toMatch(/--only: no card "Swamp Hulc" in scenarios\/squirmish\/mini-decks\.yaml; nearest: "Swamp Hulk"/);
    const stat = await cli('weights', 'scenarios/squirmish/mini-decks.yaml', '--stat', 'speed');
    expect(stat.code).toBe(2);
    expect(stat.err).toMatch(/--stat: expected hp, damage or both, found "speed"/);
    expect((await cli('weights', 'scenarios/squirmish/nope.yaml')).code).toBe(2);
  });
});
