/**
 * Coverage of rates pooled over events on a known process: games hold 1-6 events of a row, and
 * each game has its own success probability (0.2 or 0.6, equally likely), so events of one game
 * are correlated and the true pooled rate is 0.4. Wilson over events ignores the correlation
 * and undercovers; clusterWilson (the game as the unit) keeps its 95%.
 */
import { describe, it, expect } from 'vitest';
import { wilson, clusterWilson } from '../../../src/sim/stats/intervals.js';
import { Rng } from '../../../src/sim/rng.js';

function seeded(seed: number): Rng {
  const rng = new Rng();
  rng.seedGame(seed, 0, 0);
  return rng;
}

function replicate(rng: Rng, games: number) {
  let w = 0, n = 0, w2 = 0, n2 = 0, wn = 0;
  for (let g = 0; g < games; g++) {
    const events = 1 + rng.int(6);
    const p = rng.next() < 0.5 ? 0.2 : 0.6;
    let wins = 0;
    for (let e = 0; e < events; e++) if (rng.next() < p) wins++;
    w += wins;
    n += events;
    w2 += wins * wins;
    n2 += events * events;
    wn += wins * events;
  }
  return { w, n, w2, n2, wn };
}

describe('rates pooled over events: the game as the unit', () => {
  it('clusterWilson covers the true rate about 95% of the time where Wilson over events does not', () => {
    const truth = 0.4;
    const reps = 1000;
    const rng = seeded(18);
    let [cluster, events, deffSum] = [0, 0, 0];
    for (let r = 0; r < reps; r++) {
      const s = replicate(rng, 300);
      const c = clusterWilson(s.w, s.n, s.w2, s.n2, s.wn, 300);
      if (c.ci[0] <= truth && truth <= c.ci[1]) cluster++;
      const [lo, hi] = wilson(s.w, s.n);
      if (lo <= truth && truth <= hi) events++;
      deffSum += c.deff;
    }
    // 1,000 replicates: sd of a 95% coverage estimate is about 0.7 points.
    expect(cluster / reps).toBeGreaterThan(0.93);
    expect(cluster / reps).toBeLessThan(0.97);
    expect(events / reps).toBeLessThan(0.9);
    // Design effect: 1 + (E[n²]/E[n] − 1)·ρ with ρ = 0.04 / 0.24: about 1.6.
    expect(deffSum / reps).toBeGreaterThan(1.4);
    expect(deffSum / reps).toBeLessThan(1.8);
  });

  it('is Wilson when every game holds at most one event, and stays in [0, 1]', () => {
    // 30 games of one event each, 12 won: Σw² = Σw·n = 12, Σn² = 30.
    const c = clusterWilson(12, 30, 12, 30, 12, 30);
    const [lo, hi] = wilson(12, 30);
    // v = G/(G−1)·Σ(w − r n)²/(Σn)² is the binomial variance times G/(G−1).
    expect(c.deff).toBeCloseTo(30 / 29, 9);
    expect(c.ci[0]).toBeCloseTo(lo, 2);
    expect(c.ci[1]).toBeCloseTo(hi, 2);
    expect(clusterWilson(0, 10, 0, 40, 0, 5).ci[0]).toBe(0);
    expect(clusterWilson(10, 10, 40, 40, 40, 5).ci[1]).toBe(1);
    expect(clusterWilson(0, 0, 0, 0, 0, 5).ci).toEqual([0, 1]);
  });
});
