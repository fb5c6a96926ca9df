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

// The slope arithmetic (shrinkSlopes, predictedChange, betaOfStep) is shared with `weights`: src/analysis/stat-slopes.ts.

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

/** A row's deviation from the fair line (rate − fair) with its standard error, pooled over `n` measurements. */
export interface Deviation {
  d: number;
  se: number;
  n: number;
}

/** Independent measurements of one row (different seeds) pooled by inverse variance; null when none has a positive standard error. */
export function poolDeviations(list: readonly { d: number; se: number }[]): Deviation | null {
  const used = list.filter((x) => Number.isFinite(x.d) && x.se > 0);
  if (used.length === 0) return null;
  const w = used.map((x) => 1 / (x.se * x.se));
  const total = w.reduce((s, x) => s + x, 0);
  return { d: used.reduce((s, x, i) => s + w[i]! * x.d, 0) / total, se: 1 / Math.sqrt(total), n: used.length };
}

/**
 * Games for a confirmation on fresh seeds that leaves each row inside the band with room to
 * spare: a row known to sit at d (standard error sePooled) lands at d plus the confirmation's own
 * noise, so its confirmation needs a standard error σ with |d| + z·√(sePooled² + σ²) ≤ band;
 * σ shrinks as 1/√games from `seAt` at `games`. The largest need over the rows, within
 * [games, most]; a row whose pooled figure leaves no room gets `most`.
 */
export function confirmGamesFor(rows: readonly ({ d: number; sePooled: number; seAt: number } | null)[], band: number, games: number, o: { z: number; most: number }): number {
  let need = games;
  for (const r of rows) {
    if (!r || !(r.seAt > 0)) continue;
    const room = (band - Math.abs(r.d)) / o.z;
    const sigma2 = room > 0 ? room * room - r.sePooled * r.sePooled : 0;
    need = Math.max(need, sigma2 > 0 ? (games * r.seAt * r.seAt) / sigma2 : o.most);
  }
  return Math.min(o.most, Math.ceil(need / 100) * 100);
}
