/**
 * The interval of the length spread (coefficient of variation of game length) covers on heavy-
 * tailed lengths: 200-game samples from the exact length distribution of 20,000 Squall
 * teams-ruins games (test/fixtures/squall-teams-ruins-lengths.json, 71 of them capped at 200 turns).
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { lengthSpread } from '../../../src/sim/stats/quality-summary.js';
import { cvWithSE } from '../../../src/sim/stats/length-bootstrap.js';
import { Rng } from '../../../src/sim/rng.js';

const fixture = JSON.parse(readFileSync('test/fixtures/squall-teams-ruins-lengths.json', 'utf8')) as { maxTurns: number; games: number; capped: number; counts: Record<string, number> };
const lengths = Object.keys(fixture.counts).map(Number).sort((a, b) => a - b);
const cumulative: number[] = [];
let total = 0;
for (const v of lengths) cumulative.push((total += fixture.counts[String(v)]!));

/** The true CV over the games that ended by the rules (the capped games, at the cap, left out). */
function truth(): number {
  const v = lengths.filter((x) => x < fixture.maxTurns);
  return cvWithSE(Float64Array.from(v), Float64Array.from(v.map((x) => fixture.counts[String(x)]!))).cv;
}

/** One run of n games drawn from the distribution: its per-length counts and how many were capped. */
function sample(rng: Rng, n: number): { counts: Float64Array; capped: number } {
  const counts = new Float64Array(fixture.maxTurns + 1);
  let capped = 0;
  for (let g = 0; g < n; g++) {
    const u = rng.next() * total;
    let i = 0;
    while (cumulative[i]! <= u) i++;
    counts[lengths[i]!]!++;
    if (lengths[i] === fixture.maxTurns) capped++;
  }
  return { counts, capped };
}

describe('the length spread interval', () => {
  it('holds the true CV in at least 91.5% of 2,000 200-game runs of Squall teams-ruins (93.5% here, 92.95% over 15,500)', () => {
    // 2,000 samples (seed 33, cell 3, games 0-1,999). The true CV over games that ended by the
    // rules is 0.484 (over all games, the capped included, 0.794). Now 1,870 of 2,000 (93.5%)
    // intervals hold it (92 of the misses lie below: samples short of the long tail, 38 above).
    // On other samples: 9,301 of 10,000 (93.01%, cell 4), 1,862 of 2,000 (93.1%, cell 5), 1,375 of
    // 1,500 (91.67%, cell 6): over all 15,500, 92.95% (standard error 0.21 points; the issue asks
    // 93%). Before, the delta-method interval over every game held the CV over every game in 181
    // of the first 400 (45.3%; most 200-game runs hold no capped game, and one moves the CV by
    // 0.3) and the CV over finished games in 319 (79.8%). Accepted: at least 91.5% (2,000 samples:
    // a standard error of 0.57 points, 2.5 of them under 92.95%; docs/results.md); on 100 real
    // 200-game runs the interval held the truth in 97.
    const cv = truth();
    expect(cv).toBeCloseTo(0.4838, 3);
    const rng = new Rng();
    let held = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      rng.seedGame(33, 3, t);
      const { counts, capped } = sample(rng, 200);
      const s = lengthSpread(counts, capped);
      expect(s.games + s.capped).toBe(200);
      expect(s.capped).toBe(capped);
      if (s.cvCI[0] <= cv && cv <= s.cvCI[1]) held++;
    }
    expect(held / trials).toBeGreaterThanOrEqual(0.915);
    // About 12 s of one core (a 2,000-replicate bootstrap per sample); more on a loaded machine.
  }, 300_000);
});
