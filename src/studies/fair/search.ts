/**
 * The arithmetic of `squabble fair` (docs/fair.md), kept pure so it is tested on its own.
 *
 * Rows move together: every card's rate depends on the rest of the deck, so the search never
 * trusts a one-shot linear answer. Each round measures the whole edited deck again (the fair
 * line included), and only then chooses the next edits:
 *
 * - slopes: a row's change in strength per +1 of a stat, from paired runs (the weights study:
 *   base and tweaked deck on the same seeds). Single slopes are noisy at the sizes a 10-minute
 *   budget allows, so each is shrunk toward the pooled slope of all rows measured (empirical
 *   Bayes with the method-of-moments spread, as the balance sheet shrinks rates). After a round
 *   that edited a row, the secant (its change / the steps taken, on the same seeds as before)
 *   replaces the slope, kept within a factor of 3 of it so one noisy round cannot flip it.
 * - steps: for a row outside the band, the fewest integer steps (smallest |k|) that the slope
 *   predicts bring it within `aim` of the fair line (aim < band leaves room for noise and for
 *   the other rows' moves); when no legal k gets there, the k that gets closest. Rows inside the
 *   band are left alone, which is what makes the edits few.
 */

export interface SlopeEstimate {
  subject: string;
  /** Change in the rate per +1 step. */
  effect: number;
  se: number;
}

/** Each row's slope shrunk toward the pooled mean (precision-weighted), and the pooled mean itself. */
export function shrinkSlopes(estimates: readonly SlopeEstimate[]): { pooled: number; spread: number; slopes: Map<string, number> } {
  const used = estimates.filter((e) => Number.isFinite(e.effect) && e.se > 0);
  const slopes = new Map<string, number>();
  if (used.length === 0) return { pooled: 0, spread: 0, slopes };
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
  }
  return { pooled, spread, slopes };
}

/**
 * A slope after a round that moved a row by `change` (standard error `se`) over `span` (steps, or
 * the log-HP change): the secant. A move clearly beyond the noise (3 standard errors, the right
 * way) is taken as it is — a near-threshold card such as a 1-HP one moves far more than any
 * pooled slope says; a smaller one is kept within a factor of 3 of the slope before, so one noisy
 * round cannot flip it.
 */
export function secantSlope(before: number, change: number, span: number, se = Infinity): number {
  if (span === 0) return before;
  const secant = change / span;
  if (secant > 0 && Math.abs(change) > 3 * se) return secant;
  if (!(before > 0)) return before;
  return Math.min(3 * before, Math.max(before / 3, secant));
}

export interface StepChoice {
  /** Signed integer steps (0: leave the row alone). */
  steps: number;
  /** The deviation from the fair line the slope predicts after the steps. */
  predicted: number;
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

/**
 * The fewest steps bringing `deviation` (rate − fair) within `aim`, by `change(k)` (the rate's
 * predicted move for k steps, increasing in k), with k within [lowest, highest] and at most
 * `maxStep` at once; 0 when the row is already within `band`, or when the slope is not positive.
 */
export function chooseSteps(deviation: number, change: (k: number) => number, o: { band: number; aim: number; lowest: number; highest: number; maxStep: number }): StepChoice {
  if (Math.abs(deviation) <= o.band || !(change(1) > 0)) return { steps: 0, predicted: deviation };
  // Too strong (deviation > 0) needs negative steps.
  const dir = deviation > 0 ? -1 : 1;
  const limit = Math.min(o.maxStep, dir < 0 ? -o.lowest : o.highest);
  let best: StepChoice = { steps: 0, predicted: deviation };
  for (let n = 1; n <= limit; n++) {
    const predicted = deviation + change(dir * n);
    if (Math.abs(predicted) < Math.abs(best.predicted)) best = { steps: dir * n, predicted };
    if (Math.abs(predicted) <= o.aim) return { steps: dir * n, predicted };
  }
  return best;
}

/** Games per measurement for a 95% interval of half-width `halfWidth` on most rows, from a pilot's standard errors (the 90th percentile row). */
export function gamesFor(pilotGames: number, pilotSe: readonly number[], halfWidth: number, bounds: { min: number; max: number }): number {
  const sorted = pilotSe.filter((x) => Number.isFinite(x) && x > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return bounds.min;
  const se90 = sorted[Math.min(sorted.length - 1, Math.floor(0.9 * sorted.length))]!;
  const target = halfWidth / 1.96;
  const n = Math.ceil((pilotGames * (se90 / target) ** 2) / 100) * 100;
  return Math.min(bounds.max, Math.max(bounds.min, n));
}
