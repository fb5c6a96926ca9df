/**
 * Issue 33 item 1 with known truth: simulated sheets whose true rates agree at a known correlation,
 * each row's rate observed over a fixed number of trials (binomial noise, Wilson intervals as a
 * balance sheet gives them).
 *
 * - The noise-corrected agreement's 95% interval holds the true 0.78 in ≥ 93% of replicates at 100
 *   trials a row, 70 rows (the sheet; the raw Spearman interval held it in 0 of 1,000).
 * - Under the same-bot null (two runs of the same true rates) the level × row interaction test
 *   flags some row in ≤ 5% of sheets (every flag is false, so this is its false-discovery rate),
 *   and still finds rows that truly depend on the bot.
 * Seeds, replicates and accepted ranges are stated in each test; docs/results.md has the figures.
 */
import { describe, it, expect } from 'vitest';
import { correctedAgreement, seOfInterval, spearman } from '../../src/analysis/rank-agreement.js';
import { compareLevelSheets, interactionPValues } from '../../src/analysis/level-ratings.js';
import { analyseRates, benjaminiHochberg, FDR_Q } from '../../src/analysis/rates.js';
import { wilson } from '../../src/sim/stats/intervals.js';
import { Rng } from '../../src/sim/rng.js';
import type { BalanceSheet } from '../../src/sim/stats/summary.js';

function stream(seed: number) {
  const rng = new Rng();
  rng.seedGame(seed, 0, 0);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const binomial = (n: number, p: number) => {
    let k = 0;
    for (let i = 0; i < n; i++) if (rng.next() < p) k++;
    return k;
  };
  return { normal, binomial };
}

/** True rates of `rows` rows for two levels: mean 0.5, spread sd, sample correlation exactly rho. */
function trueRates(s: ReturnType<typeof stream>, rows: number, sd: number, rho: number): [number[], number[]] {
  const standardise = (x: number[]) => {
    const m = x.reduce((a, b) => a + b, 0) / rows;
    const c = x.map((v) => v - m);
    const sdev = Math.sqrt(c.reduce((a, b) => a + b * b, 0) / (rows - 1));
    return c.map((v) => v / sdev);
  };
  const u = standardise(Array.from({ length: rows }, s.normal));
  const raw = standardise(Array.from({ length: rows }, s.normal));
  const beta = raw.reduce((a, v, i) => a + v * u[i]!, 0) / (rows - 1);
  const v = standardise(raw.map((x, i) => x - beta * u[i]!));
  return [u.map((x) => 0.5 + sd * x), u.map((x, i) => 0.5 + sd * (rho * x + Math.sqrt(1 - rho * rho) * v[i]!))];
}

/** Observed rates and their standard errors (from Wilson intervals, as balance sheets give them). */
function observe(s: ReturnType<typeof stream>, truth: number[], trials: number) {
  const wins = truth.map((p) => s.binomial(trials, p));
  return { rate: wins.map((w) => w / trials), interval: wins.map((w) => wilson(w, trials)), se: wins.map((w) => seOfInterval(wilson(w, trials))) };
}

describe('noise-corrected agreement: interval coverage with known truth', () => {
  it('holds the true correlation 0.78 in >= 93% of 200 sheets (70 rows, 100 trials a row, true spread sd 5 points); raw Spearman almost never', () => {
    const s = stream(33);
    const reps = 200;
    let covered = 0;
    let rawCovered = 0;
    let sum = 0;
    for (let k = 0; k < reps; k++) {
      const [ta, tb] = trueRates(s, 70, 0.05, 0.78);
      const a = observe(s, ta, 100);
      const b = observe(s, tb, 100);
      const c = correctedAgreement(a.rate, a.se, b.rate, b.se);
      if (c.interval[0] <= 0.78 && 0.78 <= c.interval[1]) covered++;
      if (Number.isFinite(c.rho)) sum += c.rho;
      const raw = spearman(a.rate, b.rate);
      if (raw.interval[0] <= 0.78 && 0.78 <= raw.interval[1]) rawCovered++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.93);
    // Roughly unbiased where the raw rank agreement reads about half the truth.
    expect(sum / reps).toBeGreaterThan(0.7);
    expect(sum / reps).toBeLessThan(0.86);
    expect(rawCovered / reps).toBeLessThan(0.2);
  });

  it('at the issue\u2019s low reliability (true spread sd 4 points: raw Spearman about 0.24) still covers in >= 93% of 200 sheets', () => {
    const s = stream(34);
    const reps = 200;
    let covered = 0;
    for (let k = 0; k < reps; k++) {
      const [ta, tb] = trueRates(s, 70, 0.04, 0.78);
      const a = observe(s, ta, 100);
      const b = observe(s, tb, 100);
      const c = correctedAgreement(a.rate, a.se, b.rate, b.se);
      if (c.interval[0] <= 0.78 && 0.78 <= c.interval[1]) covered++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.93);
  });

  it('a sheet whose rows show no spread beyond noise is "not measurable", its interval every value', () => {
    const rate = [0.5, 0.52, 0.48, 0.5, 0.51, 0.49];
    const se = rate.map(() => 0.05);
    const c = correctedAgreement(rate, se, [...rate].reverse(), se);
    expect(c.rho).toBeNaN();
    expect(c.interval).toEqual([-1, 1]);
    expect(c.reliability[0]).toBe(0);
  });
});

/** A balance sheet of observed rows, flagged as `balanceSheets` flags them (src/analysis/rates.ts). */
const sheetOf = (names: string[], o: ReturnType<typeof observe>, trials: number): BalanceSheet => {
  const analysed = analyseRates(names.map((row, i) => ({ row, wins: Math.round(o.rate[i]! * trials), games: trials, interval: o.interval[i]! })));
  return {
    id: 'cards.winRateWhenPlaced',
    table: 'cards',
    rate: 'winRateWhenPlaced',
    description: 'd',
    mean: o.rate.reduce((a, b) => a + b, 0) / o.rate.length,
    fdr: FDR_Q,
    rows: analysed.map((r) => ({ row: r.row, wins: r.wins, games: r.games, rate: r.rate, interval: r.interval, shrunk: r.shrunk, qValue: r.qValue, flags: r.outlier ? ['differs'] : [] })),
  };
};

describe('level × row interaction: does a row depend on the bot', () => {
  it('under the same-bot null flags some row in at most 5% of 4,000 sheets: the interaction test with Benjamini-Hochberg at 5% (70 rows, 300 trials a row)', () => {
    // Two runs of the same true rates (sd 6 points), each row's rate and Wilson standard error as a
    // balance sheet gives them, the p-values of interactionPValues with each run's trials, BH over
    // the sheet as compareLevelSheets takes them. Every flag is false, so the share of sheets with
    // any flag is the FDR. Seed 38: 150 of 4,000 (3.75%); seed 39, 20,000 sheets: 722 (3.61%).
    // Without the continuity correction (before): 197 of 4,000 (4.93%) and 966 of 20,000 (4.83%),
    // through compareLevelSheets 281 of 5,000 (5.62%, seed 40; with it 209, 4.18%): at the bar.
    // Accepted: at most 5%, the bar (at a true 3.7% a share over 5% of 4,000 sheets is
    // 4.3 standard errors out).
    const s = stream(38);
    const n = 300;
    const trials = Array.from({ length: 70 }, () => n);
    const reps = 4000;
    let any = 0;
    for (let k = 0; k < reps; k++) {
      const truth = trials.map(() => 0.5 + 0.06 * s.normal());
      const [a, b] = [0, 1].map(() => observe(s, truth, n));
      if (benjaminiHochberg(interactionPValues(a!.rate, a!.se, b!.rate, b!.se, true, [trials, trials])).some((q) => q <= FDR_Q)) any++;
    }
    expect(any / reps).toBeLessThanOrEqual(0.05);
  });

  it('under the same-bot null (two seeds of one bot as two levels) marks some row in <= 8% of 200 sheets through compareLevelSheets (70 rows, 300 trials a row, seed 35)', () => {
    const s = stream(35);
    const reps = 200;
    const names = Array.from({ length: 70 }, (_, i) => `card ${i}`);
    let anyFlagged = 0;
    let verdictChanges = 0;
    for (let k = 0; k < reps; k++) {
      const truth = names.map(() => 0.5 + 0.06 * s.normal());
      const [a, b, c] = [0, 1, 2].map(() => sheetOf(names, observe(s, truth, 300), 300));
      const [sheet] = compareLevelSheets(['novice', 'novice again'], [[a!], [b!]], [c!]);
      if (sheet!.rows.some((r) => r.dependsOnBot)) anyFlagged++;
      if (sheet!.rows.some((r) => r.verdictChanges)) verdictChanges++;
    }
    // Every mark is a false discovery here, so the share of sheets with any mark is the FDR. This
    // checks the wiring (the rows' trials reach the test); the bar is kept by the test above, as
    // 200 sheets cannot tell 4% from 5% (8% allows two standard errors). 5,000 sheets, seed 40:
    // 209 (4.18%), and the ceiling run's own flags 193 (3.86%).
    expect(anyFlagged / reps).toBeLessThanOrEqual(0.08);
    // The balance-sheet verdicts, which the old mark compared, change in most null sheets.
    expect(verdictChanges / reps).toBeGreaterThan(0.5);
  });

  it('through compareLevelSheets: two seeds of one bot show no dependence; the rows that truly move are found', () => {
    const s = stream(36);
    const names = Array.from({ length: 40 }, (_, i) => `card ${i}`);
    const truth = names.map(() => 0.5 + 0.06 * s.normal());
    // Under the second level four cards are 15 points better than under the first.
    const moved = truth.map((p, i) => (i < 4 ? p + 0.15 : p));
    const first = observe(s, truth, 1000);
    const second = observe(s, moved, 1000);
    const again = observe(s, truth, 1000);
    const [sheet] = compareLevelSheets(['novice', 'skilled'], [[sheetOf(names, first, 1000)], [sheetOf(names, second, 1000)]], [sheetOf(names, again, 1000)]);
    expect(sheet!.ceilingDependent).toBe(0);
    const flagged = sheet!.rows.filter((r) => r.dependsOnBot).map((r) => r.row).sort();
    // Every moved card found; a false discovery besides them is allowed at FDR 5% (here card 36,
    // 55.3% then 49.5%, q = 0.036), never more than one in five flags.
    expect(flagged.slice(0, 4)).toEqual(['card 0', 'card 1', 'card 2', 'card 3']);
    expect(flagged.length).toBeLessThanOrEqual(5);
    expect(sheet!.corrected[0]!.interval[0]).toBeLessThan(sheet!.corrected[0]!.interval[1]);
    expect(sheet!.retest.corrected.interval[1]).toBe(1);
    expect(sheet!.reliability).toHaveLength(2);
    for (const r of sheet!.reliability) expect(r).toBeGreaterThan(0.5);
  });
});

describe('noise-corrected agreement: rows that are nearly all noise', () => {
  it('gives nearly every value, not a confident extreme, when reliability is near 0 (Squirmish random v novice, 300 games, once read -1.00 [-1.00, -0.90])', () => {
    // 70 rows, noise 5 points each (variance 0.0025); observed variances 0.0026 and 0.0030
    // (reliability 0.04 and 0.17) and a negative covariance: the raw ratio is about −3.8.
    const s = stream(37);
    const [x, y] = trueRates(s, 70, 1, 0);
    const a = x.map((v) => 0.5 + (v - 0.5) * Math.sqrt(0.0026));
    const b = x.map((v, i) => 0.5 + (-0.3 * (v - 0.5) + Math.sqrt(1 - 0.09) * (y[i]! - 0.5)) * Math.sqrt(0.003));
    const se = a.map(() => 0.05);
    const c = correctedAgreement(a, se, b, se);
    expect(c.reliability[0]).toBeCloseTo(0.04, 2);
    expect(c.interval[0]).toBe(-1);
    expect(c.interval[1]).toBeGreaterThan(0.5);
  });
});
