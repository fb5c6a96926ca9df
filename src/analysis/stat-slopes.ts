/**
 * Stat slopes shared by `fair` and `weights`: a row's change in strength per step of a stat, on a
 * log scale for HP (+1 HP on a 2-HP card is a 50% gain, on a 14-HP card about 7%: the measured
 * weights fall with HP, docs/fair.md) and linear for other stats, and single noisy slopes shrunk
 * toward the pooled slope of all rows (empirical Bayes, method-of-moments spread).
 */

export interface SlopeEstimate {
  subject: string;
  /** Change in the rate per +1 step. */
  effect: number;
  se: number;
}

/**
 * Each row's slope shrunk toward the pooled mean (precision-weighted), the pooled mean itself, and
 * each shrunk slope's standard error (its posterior: √(1 / (1/se² + 1/spread)), or the pooled
 * mean's when the rows spread no more than their noise).
 */
export function shrinkSlopes(estimates: readonly SlopeEstimate[]): { pooled: number; spread: number; slopes: Map<string, number>; ses: Map<string, number> } {
  const used = estimates.filter((e) => Number.isFinite(e.effect) && e.se > 0);
  const slopes = new Map<string, number>();
  const ses = new Map<string, number>();
  if (used.length === 0) return { pooled: 0, spread: 0, slopes, ses };
  const weights = used.map((e) => 1 / (e.se * e.se));
  const total = weights.reduce((s, w) => s + w, 0);
  const pooled = used.reduce((s, e, i) => s + weights[i]! * e.effect, 0) / total;
  const k = used.length;
  const observed = k > 1 ? used.reduce((s, e) => s + (e.effect - pooled) ** 2, 0) / (k - 1) : 0;
  const sampling = used.reduce((s, e) => s + e.se * e.se, 0) / k;
  const spread = Math.max(0, observed - sampling);
  for (const e of used) {
    // With no spread beyond sampling noise every row gets the pooled slope.
    const shrunk = spread > 0 ? (e.effect / (e.se * e.se) + pooled / spread) / (1 / (e.se * e.se) + 1 / spread) : pooled;
    slopes.set(e.subject, shrunk);
    ses.set(e.subject, spread > 0 ? 1 / Math.sqrt(1 / (e.se * e.se) + 1 / spread) : 1 / Math.sqrt(total));
  }
  return { pooled, spread, slopes, ses };
}

/**
 * How a row's rate moves with k steps of a stat that stands at `at` now, by a slope β per unit of
 * `scale`: HP acts on a log scale (+1 HP on a 2-HP card is a 50% toughness gain, on a 14-HP card
 * about 7%: the measured weights fall with HP, docs/fair.md), so the change is β·(ln(at + k) −
 * ln(at)); other stats act linearly, β·k.
 */
export function predictedChange(beta: number, at: number, k: number, scale: 'log' | 'linear'): number {
  return scale === 'log' ? beta * (Math.log(at + k) - Math.log(at)) : beta * k;
}

/** The scale-free slope β of a measured +1 step from `at` (the inverse of predictedChange with k = 1). */
export function betaOfStep(effect: number, at: number, scale: 'log' | 'linear'): number {
  return scale === 'log' ? effect / Math.log((at + 1) / at) : effect;
}
