/**
 * The gate's suite-wide false-alarm control, its paired test and its detectable changes, on
 * known processes: null suites drawn from fixed probabilities, and game records with a known
 * number of flipped results.
 */
import { describe, it, expect } from 'vitest';
import { testMetrics, decideSuite, detectableProportion, DEFAULT_GATE, type GateMetric } from '../../src/analysis/gate.js';
import { gameValues, encodeGameRecords, decodeGameRecords } from '../../src/analysis/game-records.js';
import { outcomeCode, ROUNDS_SHIFT } from '../../src/sim/stats/accumulator.js';
import { Rng } from '../../src/sim/rng.js';

const proportion = (id: string, count: number, n: number): GateMetric => ({ id, kind: 'proportion', value: count / n, n, count });

function binomial(rng: Rng, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng.next() < p) k++;
  return k;
}

describe('suite-wide false alarms', () => {
  it('holds the chance of any false alarm over 31 scenarios x 8 metrics at alpha when nothing changed', () => {
    const rng = new Rng();
    rng.seedGame(1818, 0, 0);
    const trials = 300;
    const [scenarios, metrics, n] = [31, 8, 400];
    let suiteAlarms = 0;
    let perScenarioAlarms = 0;
    for (let t = 0; t < trials; t++) {
      const suite = Array.from({ length: scenarios }, (_, s) => {
        const ps = Array.from({ length: metrics }, (__, m) => 0.1 + 0.1 * ((s + m) % 8));
        const baseline = ps.map((p, m) => proportion(`m${m}`, binomial(rng, n, p), n));
        const now = ps.map((p, m) => proportion(`m${m}`, binomial(rng, n, p), n));
        return { baseline, now, tests: testMetrics(baseline, now) };
      });
      const gate = { ...DEFAULT_GATE, alpha: 0.05, tolerance: 0.001 };
      if (decideSuite(suite, gate).some((r) => r.comparisons.some((c) => c.verdict !== 'ok'))) suiteAlarms++;
      // The old gate: each scenario corrected on its own.
      if (suite.some((sc) => decideSuite([sc], gate)[0]!.comparisons.some((c) => c.verdict !== 'ok'))) perScenarioAlarms++;
    }
    // Holm over the suite: at most 5% (sd of the estimate about 1.3 points at 300 trials).
    expect(suiteAlarms / trials).toBeLessThan(0.08);
    // Per scenario, 31 chances of about 5% each: most trials raise an alarm somewhere.
    expect(perScenarioAlarms / trials).toBeGreaterThan(0.5);
  });
});

/** Records of `games` two-player games; seat 0 wins where won(i), seat 0 moves first in even games. */
function records(games: number, won: (i: number) => boolean, turns = 40): Float64Array {
  const r = new Float64Array(2 * games);
  for (let i = 0; i < games; i++) {
    r[2 * i] = outcomeCode(won(i) ? 0 : 1, false, 2, i % 2);
    r[2 * i + 1] = turns + (i % 7) + ROUNDS_SHIFT * 20;
  }
  return r;
}

describe('the paired test on games from the same seeds', () => {
  it('flags a 1.24-point drop in seat 0 win rate that the unpaired test cannot see', () => {
    const games = 20_000;
    // Seat 0 wins about half; the change turns 248 of its wins (1.24% of games) into losses.
    const wonBefore = (i: number) => (i * 2654435761) % 1000 < 500;
    let flipped = 0;
    const wonAfter = (i: number) => wonBefore(i) && !(i % 40 === 0 && flipped++ < 248);
    const base = records(games, wonBefore);
    const now = records(games, wonAfter);
    const count = (r: Float64Array) => Array.from({ length: games }, (_, i) => (r[2 * i]! - 1) % 8 === 0).filter(Boolean).length;
    const b = [proportion('seat 0 win rate', count(base), games)];
    const a = [proportion('seat 0 win rate', count(now), games)];
    expect(b[0]!.value - a[0]!.value).toBeCloseTo(0.0124, 4);
    const unpaired = decideSuite([{ baseline: b, now: a, tests: testMetrics(b, a) }])[0]!.comparisons[0]!;
    expect(unpaired.verdict).toBe('ok');
    const paired = decideSuite([{ baseline: b, now: a, tests: testMetrics(b, a, { base: gameValues(base, 2), now: gameValues(now, 2) }) }])[0]!.comparisons[0]!;
    expect(paired.test).toBe('paired');
    expect(paired.verdict).toBe('DRIFT');
    // z = 0.0124 / sqrt(0.0124 / 20,000), about 16.
    expect(Math.abs(paired.difference!) / ((paired.interval![1] - paired.interval![0]) / 2 / 3.72)).toBeGreaterThan(14);
  });

  it('passes an unchanged replay with difference 0, and survives encoding', () => {
    const base = records(1000, (i) => i % 3 === 0);
    const stored = encodeGameRecords(base);
    const back = decodeGameRecords(JSON.parse(JSON.stringify(stored)), 1000)!;
    expect(Array.from(back)).toEqual(Array.from(base));
    expect(decodeGameRecords(stored, 999)).toBeNull();
    const m = [proportion('seat 0 win rate', 334, 1000), { id: 'mean length (turns)', kind: 'mean' as const, value: 43, sd: 2, n: 1000 }];
    const r = decideSuite([{ baseline: m, now: m, tests: testMetrics(m, m, { base: gameValues(back, 2), now: gameValues(base, 2) }) }])[0]!;
    expect(r.paired).toBe(2);
    expect(r.comparisons.map((c) => [c.verdict, c.difference])).toEqual([
      ['ok', 0],
      ['ok', 0],
    ]);
  });
});

describe('catches', () => {
  it('is a positive change for every metric, including one that starts at 0', () => {
    const k = 2.5758 + 0.8416;
    const atZero = detectableProportion(0, 20_000, k);
    expect(atZero).toBeGreaterThan(0);
    // At p = 0 the moved run's own variance decides: δ = k² / (n + k²).
    expect(atZero).toBeCloseTo((k * k) / (20_000 + k * k), 6);
    const r = decideSuite([{ baseline: [proportion('capped rate', 0, 20_000)], now: [proportion('capped rate', 0, 20_000)], tests: testMetrics([proportion('capped rate', 0, 20_000)], [proportion('capped rate', 0, 20_000)]) }])[0]!;
    expect(r.comparisons[0]!.detectable!).toBeGreaterThan(0.0001);
  });
});
