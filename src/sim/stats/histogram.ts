/**
 * Summaries of an integer-valued distribution kept as exact counts per value (index = value).
 * Game lengths are integers bounded by the turn cap, so a count per value is exact, constant
 * in memory, mergeable by addition and independent of merge order.
 */

export interface Distribution {
  mean: number;
  sd: number;
  min: number;
  max: number;
  percentiles: Record<string, number>;
  histogram: { start: number; binWidth: number; counts: number[] };
}

export const PERCENTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99] as const;
const MAX_BINS = 50;

/** Summarise counts[v] = number of observations equal to v. */
export function summariseCounts(counts: Float64Array): Distribution {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let min = -1;
  let max = -1;
  for (let v = 0; v < counts.length; v++) {
    const c = counts[v]!;
    if (c === 0) continue;
    if (min < 0) min = v;
    max = v;
    n += c;
    sum += c * v;
    sumSq += c * v * v;
  }
  if (n === 0) return { mean: 0, sd: 0, min: 0, max: 0, percentiles: {}, histogram: { start: 0, binWidth: 1, counts: [] } };
  const mean = sum / n;
  // Sample standard deviation from exact integer sums (all below 2^53 for any feasible run).
  const variance = n > 1 ? (sumSq - (sum * sum) / n) / (n - 1) : 0;
  const percentiles: Record<string, number> = {};
  for (const q of PERCENTILES) percentiles[`p${q}`] = nearestRank(counts, n, q);
  return { mean, sd: Math.sqrt(Math.max(0, variance)), min, max, percentiles, histogram: bins(counts, min, max) };
}

/** Nearest-rank percentile: the smallest value v with at least q% of observations <= v. */
export function nearestRank(counts: Float64Array, n: number, q: number): number {
  const rank = Math.max(1, Math.ceil((q / 100) * n));
  let seen = 0;
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v]!;
    if (seen >= rank) return v;
  }
  return counts.length - 1;
}

/** At most MAX_BINS equal-width bins from min to max; bin i covers [start + i*w, start + (i+1)*w). */
function bins(counts: Float64Array, min: number, max: number): Distribution['histogram'] {
  const binWidth = Math.max(1, Math.ceil((max - min + 1) / MAX_BINS));
  const out = new Array<number>(Math.floor((max - min) / binWidth) + 1).fill(0);
  for (let v = min; v <= max; v++) out[Math.floor((v - min) / binWidth)]! += counts[v]!;
  return { start: min, binWidth, counts: out };
}
