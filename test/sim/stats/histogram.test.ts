import { describe, it, expect } from 'vitest';
import { summariseCounts } from '../../../src/sim/stats/histogram.js';

function countsOf(values: number[], size = 200): Float64Array {
  const c = new Float64Array(size);
  for (const v of values) c[v]!++;
  return c;
}

describe('summariseCounts', () => {
  it('computes mean, sample sd, extremes and nearest-rank percentiles exactly', () => {
    const values = [3, 7, 7, 10, 12, 15, 20, 20, 20, 41];
    const d = summariseCounts(countsOf(values));
    const mean = values.reduce((a, b) => a + b) / values.length;
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
    expect(d.mean).toBeCloseTo(mean, 12);
    expect(d.sd).toBeCloseTo(sd, 12);
    expect([d.min, d.max]).toEqual([3, 41]);
    // Nearest rank: p50 is the 5th smallest, p90 the 9th, p95 and p99 the 10th.
    expect(d.percentiles).toMatchObject({ p50: 12, p90: 20, p95: 41, p99: 41, p10: 3, p25: 7 });
  });

  it('bins into at most 50 equal-width bins that keep every observation', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 5 + (i % 150));
    const d = summariseCounts(countsOf(values));
    expect(d.histogram.counts.length).toBeLessThanOrEqual(50);
    expect(d.histogram.start).toBe(5);
    expect(d.histogram.counts.reduce((a, b) => a + b)).toBe(1000);
  });

  it('handles no data', () => {
    expect(summariseCounts(new Float64Array(10)).mean).toBe(0);
  });
});
