/** Confidence intervals for proportions. */

/** The standard normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for k successes in n trials (Wilson 1927). Unlike the normal
 * approximation it stays inside [0, 1] and behaves at k = 0 or k = n. n = 0 gives [0, 1].
 */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 and k = n the bound is exactly 0 or 1; rounding would leave 1e-16 off.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}
