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
  return [k <= 0 ? 0 : Math.max(0, centre - half), k >= n ? 1 : Math.min(1, centre + half)];
}

/**
 * A rate pooled over events, r = Σw / Σn, where one game may hold several events of a row (a
 * Squall character's attacks, the worms dealt a rank on top). Events of one game are not
 * independent, so the game is the unit: the ratio estimator's variance over G games,
 *   v = G / (G − 1) · Σ_g (w_g − r·n_g)² / (Σn)²,  from Σw², Σn², Σw·n per game,
 * gives the design effect deff = v / (r(1 − r) / Σn), and the interval is Wilson's at the
 * effective number of events Σn / deff (so it stays in [0, 1] and is Wilson's when every game
 * holds at most one event). deff is 1 when r is 0 or 1 (no spread to measure) or G < 2, and
 * never below 1: measured on a handful of games it falls far below 1 by chance (0.02 from 7
 * attacks in the gate's RNG-stream experiment), which made intervals and the gate's test many
 * times too narrow. Events of one game that are truly negatively correlated (rivals' worms, of
 * which one wins) then get an interval a little wider than they need: conservative.
 */
export function clusterWilson(w: number, n: number, w2: number, n2: number, wn: number, games: number, z = Z95): { ci: [number, number]; deff: number; effectiveN: number } {
  if (n <= 0) return { ci: [0, 1], deff: 1, effectiveN: 0 };
  const r = w / n;
  const binomial = (r * (1 - r)) / n;
  const spread = Math.max(0, w2 - 2 * r * wn + r * r * n2);
  const v = games > 1 ? ((games / (games - 1)) * spread) / (n * n) : binomial;
  const deff = binomial > 0 && v > 0 ? Math.max(1, v / binomial) : 1;
  const effectiveN = n / deff;
  return { ci: wilson(r * effectiveN, effectiveN, z), deff, effectiveN };
}
