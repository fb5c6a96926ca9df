/**
 * Error rates of `run --until` on known processes: a rate of known value, looked at every
 * 1,000 games as a run looks after each shard.
 */
import { describe, it, expect } from 'vitest';
import { parseRule } from '../../src/analysis/stopping.js';
import type { Accumulator } from '../../src/sim/stats/accumulator.js';
import { wilson } from '../../src/sim/stats/intervals.js';
import { Rng } from '../../src/sim/rng.js';

/** Play Bernoulli(p) "games" in shards of 1,000 until the rule decides or the budget runs out. */
function runUntil(rule: string, p: number, rng: Rng, budget: number): { text: string | null; games: number; wins: number } {
  const r = parseRule(rule, 2);
  let wins = 0;
  let games = 0;
  const acc = { get games() { return games; }, seatWins: () => wins } as unknown as Accumulator;
  while (games < budget) {
    for (let i = 0; i < 1000; i++) if (rng.next() < p) wins++;
    games += 1000;
    const d = r.check(acc);
    if (d) return { text: d.text, games, wins };
  }
  return { text: null, games, wins };
}

function seeded(seed: number): Rng {
  const rng = new Rng();
  rng.seedGame(seed, 18, 4);
  return rng;
}

/** How often the band test answers each way, over `reps` runs on a rate of true value p. */
function answers(p: number, reps: number, seed: number): Record<'within' | 'above' | 'below' | 'undecided', number> {
  const rng = seeded(seed);
  const count = { within: 0, above: 0, below: 0, undecided: 0 };
  for (let i = 0; i < reps; i++) {
    const text = runUntil('seat0.winRate within 0.5±0.02', p, rng, 400_000).text;
    const answer = text === null ? 'undecided' : (/is (within|above|below) 0\.5±0\.02/.exec(text)![1] as 'within' | 'above' | 'below');
    count[answer]++;
  }
  return count;
}

describe('--until "within P±D": a band test whose error rate holds', () => {
  it('answers wrongly at most 5% of the time with the truth halfway to the edge (was 47.5%)', () => {
    const r = answers(0.51, 200, 1);
    expect((r.above + r.below) / 200).toBeLessThanOrEqual(0.05);
    expect(r.undecided / 200).toBeLessThan(0.05);
  });

  it('calls a rate outside the band outside, and one in the middle within, almost always', () => {
    expect(answers(0.53, 100, 2).above).toBeGreaterThan(95);
    expect(answers(0.47, 100, 3).below).toBeGreaterThan(95);
    expect(answers(0.5, 100, 4).within).toBeGreaterThan(95);
  });
});

describe('--until "METRIC ±H": the interval at the stop still covers', () => {
  it('covers the true rate about 95% of the time', () => {
    const rng = seeded(5);
    const reps = 400;
    let covered = 0;
    for (let i = 0; i < reps; i++) {
      const r = runUntil('seat0.winRate ±0.01', 0.3, rng, 100_000);
      const [lo, hi] = wilson(r.wins, r.games);
      if (lo <= 0.3 && 0.3 <= hi) covered++;
    }
    // 400 replicates: sd of the estimate about 1.1 points.
    expect(covered / reps).toBeGreaterThan(0.92);
    expect(covered / reps).toBeLessThan(0.98);
  });
});
