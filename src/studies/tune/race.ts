/**
 * The search behind `squabble tune` with a `tune:` block of one or two parameters: racing over
 * the incumbent's whole neighbourhood, spending games where the decision is close.
 *
 * Why not compass search (search.ts) here: compass search moves along one parameter at a time and
 * decides each move on one seed block. With a tight target (0.80 ± 0.02, where one 400-game block's
 * standard error is the tolerance) both fail: one block cannot tell a point inside the band from
 * its neighbour just outside, and on a lattice where the points inside lie only diagonally from
 * the start (squirmish/tune-skill: victoryTarget 3, handLimit 5 at 83.5%; every axis neighbour
 * further out; victoryTarget 2, handLimit 4 at 78% and handLimit 3 at 79%) no axis move improves.
 * With one or two parameters the whole box around the incumbent (up to 8 neighbours) is affordable
 * when most of it is dropped after a block or two, which racing does.
 *
 * A race: the incumbent and every point of the box at the current steps play a seed block each
 * round, all on the same block (common random numbers). Every point's measurements are pooled over
 * all the blocks it has played in any race (weighted by games), giving each target value an
 * estimate and a standard error. After each round:
 * - a point whose RACE_Z interval lies inside every target is "surely inside": it wins at once;
 * - a point is dropped, for good, when its DROP_Z interval leaves some target while another point,
 *   on at least as many games, may be inside every target (a point is not dropped for having been
 *   measured more than its rivals), or when its best case (the loss at its DROP_Z intervals'
 *   nearest ends) is worse than another point's worst case;
 * - one point left wins; after MAX_ROUNDS the best point left wins (`better`: the lowest expected
 *   loss given the pooled estimates and standard errors). When no point may be inside every
 *   target there is no close decision to race: one round, and `better` picks the winner.
 * A surely-inside winner is played again on a fresh block of CONFIRM_SCALE times the games: the
 * targets count as met only if that block's estimates meet them (the pooled interval has been
 * looked at after every round, so it is not taken at its word). A point that fails never counts as
 * met again. A winner other than the incumbent becomes the incumbent; a race the incumbent wins
 * halves the steps, and at step 1 ends the search without saying the targets are met. The search
 * returns the best point, by `better`, of those it stood on (the start and each race's winner, a
 * race cut short by the budget included): a
 * point played on a block or two and never chosen by a race is not kept for its luck.
 *
 * Pure and deterministic: the result depends only on what `measure` returns.
 */
import { normalCdf } from '../../analysis/normal.js';
import { CONFIRM_SCALE, initialStep, type SearchEvaluation, type SearchParam, type SearchResult } from './search.js';

/** Up to this many parameters, racing over the whole box (3^d − 1 ≤ 8 neighbours); more: compass search. */
export const RACE_MAX_PARAMS = 2;
/** The normal quantile of a race's intervals (95% two-sided for each value, at each look). */
export const RACE_Z = 1.96;
/** The normal quantile of the intervals that drop a point (a drop is for good, so surer than RACE_Z). */
export const DROP_Z = 2.576;
/** Rounds of one race before the best point left wins. */
export const MAX_ROUNDS = 16;

/** One target value measured on one block: its estimate, standard error, games, and the target's bounds. */
export interface Term {
  /** Which value (the same key on every block): e.g. the target's index and the row. */
  key: string;
  estimate: number;
  se: number;
  /** Games behind the estimate (the pooling weight). */
  n: number;
  /** The target: low ≤ value ≤ high (−Infinity or Infinity for a one-sided target). */
  low: number;
  high: number;
}

/** One block's measurement at a point: its target values, and a loss no value carries (a target that measured nothing). */
export interface Measurement {
  terms: Term[];
  penalty: number;
}

const outside = (t: { low: number; high: number }, x: number) => Math.max(0, t.low - x, x - t.high);

/** The loss of one block's measurement (targets.ts's loss: squared distances outside, plus the penalty). */
export function measurementLoss(m: Measurement): number {
  return m.terms.reduce((s, t) => s + outside(t, t.estimate) ** 2, m.penalty);
}

/**
 * E[outside(X)²] for X ~ N(e, se²): the squared distance outside [low, high] to be expected of a
 * value measured at e with standard error se. A point measured on few games pays for the chance that
 * its value lies further out; it is the squared distance outside when se is 0.
 */
export function expectedOutside2(low: number, high: number, e: number, se: number): number {
  if (!(se > 0)) return outside({ low, high }, e) ** 2;
  const phi = (z: number) => Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
  // Below low: E[(low − X)²; X < low] = ((low − e)² + se²)·Φ(a) + (low − e)·se·φ(a), a = (low − e)/se; above high alike.
  const a = (low - e) / se;
  const b = (e - high) / se;
  const below = Number.isFinite(low) ? ((low - e) ** 2 + se * se) * normalCdf(a) + (low - e) * se * phi(a) : 0;
  const above = Number.isFinite(high) ? ((e - high) ** 2 + se * se) * normalCdf(b) + (e - high) * se * phi(b) : 0;
  return below + above;
}

/** What a point's pooled measurements say. */
export interface Standing {
  values: number[];
  games: number;
  /** Loss at the pooled estimates. */
  loss: number;
  /** The loss to be expected given the pooled estimates and their standard errors (expectedOutside2 summed, plus the penalty). */
  expectedLoss: number;
  /** Loss if every value were at the end of its interval nearest its target (best case), and furthest (worst case), at RACE_Z. */
  lossLow: number;
  lossHigh: number;
  /** The worst case at DROP_Z: a point whose best case (lossLow, at DROP_Z) is worse than another's dropHigh is dropped. */
  dropHigh: number;
  /** Every value's interval overlaps its target / lies inside it (and no target went unmeasured). */
  possiblyInside: boolean;
  surelyInside: boolean;
  /** The smallest distance of an estimate inside its target, in standard errors (negative: outside). */
  margin: number;
}

/** A point's measurements pooled over blocks, weighted by games. */
class Pool {
  private readonly sums = new Map<string, { low: number; high: number; w: number; we: number; w2v: number }>();
  private penalty = 0;
  private blocks = 0;
  games = 0;
  constructor(readonly values: number[]) {}

  add(m: Measurement, scale: number): void {
    this.blocks += scale;
    this.games += scale;
    this.penalty += m.penalty * scale;
    for (const t of m.terms) {
      const s = this.sums.get(t.key) ?? { low: t.low, high: t.high, w: 0, we: 0, w2v: 0 };
      this.sums.set(t.key, s);
      s.w += t.n;
      s.we += t.n * t.estimate;
      s.w2v += (t.n * t.se) ** 2;
    }
  }

  standing(): Standing {
    const penalty = this.penalty / this.blocks;
    let loss = penalty;
    let expectedLoss = penalty;
    let dropHigh = penalty;
    let lossLow = penalty;
    let lossHigh = penalty;
    let possiblyInside = penalty === 0;
    let surelyInside = penalty === 0;
    let margin = penalty === 0 ? Infinity : -Infinity;
    for (const s of this.sums.values()) {
      if (s.w === 0) continue;
      const e = s.we / s.w;
      const se = Math.sqrt(s.w2v) / s.w;
      const lo = e - RACE_Z * se;
      const hi = e + RACE_Z * se;
      loss += outside(s, e) ** 2;
      expectedLoss += expectedOutside2(s.low, s.high, e, se);
      lossHigh += Math.max(outside(s, lo), outside(s, hi)) ** 2;
      const [dlo, dhi] = [e - DROP_Z * se, e + DROP_Z * se];
      const overlaps = dhi >= s.low && dlo <= s.high;
      if (!overlaps) lossLow += Math.min(outside(s, dlo), outside(s, dhi)) ** 2;
      dropHigh += Math.max(outside(s, dlo), outside(s, dhi)) ** 2;
      possiblyInside &&= overlaps;
      surelyInside &&= lo >= s.low && hi <= s.high;
      const inside = Math.min(e - s.low, s.high - e);
      margin = Math.min(margin, se > 0 ? inside / se : inside >= 0 ? Infinity : -Infinity);
    }
    return { values: this.values, games: this.games, loss, expectedLoss, dropHigh, lossLow, lossHigh, possiblyInside, surelyInside, margin };
  }
}

/**
 * Is `a` a better point to end on than `b`? Lower expected loss first (a point with few games pays
 * for its uncertainty, so one lucky block does not make it the best, and a point whose value lies
 * surely inside beats one at the edge), then the larger margin inside the targets, then more games.
 */
export function better(a: Standing, b: Standing): boolean {
  if (a.expectedLoss !== b.expectedLoss) return a.expectedLoss < b.expectedLoss;
  if (a.margin !== b.margin) return a.margin > b.margin;
  return a.games > b.games;
}

/** The incumbent and the points of the box around it at these steps, inside the bounds (the incumbent first). */
export function neighbourhood(params: readonly SearchParam[], x: readonly number[], steps: readonly number[]): number[][] {
  let points: number[][] = [[]];
  params.forEach((p, i) => {
    const options = [...new Set([x[i]!, Math.max(p.min, x[i]! - steps[i]!), Math.min(p.max, x[i]! + steps[i]!)])];
    points = points.flatMap((head) => options.map((v) => [...head, v]));
  });
  return points;
}

/**
 * `measure(values, block, scale)`: the targets' values at `values` on seed block `block`, playing
 * `scale` times an evaluation's games. `maxEvaluations` is the budget in evaluations.
 */
export async function raceSearch(
  params: readonly SearchParam[],
  measure: (values: readonly number[], block: number, scale: number) => Promise<Measurement>,
  maxEvaluations: number,
  onEvaluation?: (e: SearchEvaluation, s: Standing) => void,
): Promise<SearchResult> {
  if (maxEvaluations < 1) throw new Error('the search needs at least one evaluation');
  const steps = params.map(initialStep);
  const evaluations: SearchEvaluation[] = [];
  const pools = new Map<string, Pool>();
  const unconfirmed = new Set<string>();
  const key = (v: readonly number[]) => v.join(',');
  const pool = (v: number[]) => pools.get(key(v)) ?? pools.set(key(v), new Pool(v)).get(key(v))!;
  const standing = (v: number[]) => pool(v).standing();
  let x = params.map((p) => p.start);
  /** The points the search has stood on (the start and every race's winner): where it may end. */
  const stood = new Set([key(x)]);
  let race = 0;
  let block = 0;
  let spent = 0;
  const budgetLeft = (evals: number) => spent + evals <= maxEvaluations;
  const play = async (values: number[], param: number, scale: number): Promise<SearchEvaluation> => {
    const m = await measure(values, block, scale);
    pool(values).add(m, scale);
    const e: SearchEvaluation = { index: evaluations.length, pass: race, block, values, loss: measurementLoss(m), param, step: Math.max(...steps), accepted: false, scale };
    evaluations.push(e);
    spent += scale;
    onEvaluation?.(e, standing(values));
    return e;
  };
  /** Play `w` on a fresh block of CONFIRM_SCALE times the games: are the targets met there? */
  const confirm = async (w: number[]): Promise<boolean> => {
    const c = await play(w, -2, CONFIRM_SCALE);
    block++;
    c.accepted = c.loss === 0;
    if (!c.accepted) unconfirmed.add(key(w));
    return c.accepted;
  };
  let idle = 0;
  for (;;) {
    const candidates = neighbourhood(params, x, steps);
    let live = candidates;
    let rounds = 0;
    let winner: number[] | null = null;
    let why: 'inside' | 'last' | 'rounds' | 'far' | 'budget' = 'rounds';
    for (;;) {
      const measured = live.filter((v) => pools.has(key(v))).map(standing);
      // Drop what the evidence already rules out (points not yet played stay): a point that cannot
      // be inside every target when another, on at least as many games, may be; and a point whose
      // best case is worse than another's worst case (both at DROP_Z).
      if (measured.length > 0) {
        const bestWorst = Math.min(...measured.map((s) => s.dropHigh));
        const mostInside = Math.max(0, ...measured.filter((s) => s.possiblyInside).map((s) => s.games));
        live = live.filter((v) => {
          if (!pools.has(key(v))) return true;
          const s = standing(v);
          return (s.possiblyInside || s.games > mostInside) && s.lossLow <= bestWorst;
        });
      }
      const played = live.filter((v) => pools.has(key(v))).map(standing);
      const inside = played.filter((s) => s.surelyInside && !unconfirmed.has(key(s.values)));
      const pick = (among: Standing[]) => among.reduce((a, b) => (better(b, a) ? b : a)).values;
      if (inside.length > 0) [winner, why] = [pick(inside), 'inside'];
      else if (live.length === 1 && played.length === 1) [winner, why] = [live[0]!, 'last'];
      else if (rounds === MAX_ROUNDS) [winner, why] = [pick(played), 'rounds'];
      // Far from every target (no point may be inside) there is no close decision to race: one
      // round, and the lowest expected loss wins (a point on one block pays for its uncertainty).
      else if (rounds > 0 && played.length === live.length && !played.some((s) => s.possiblyInside)) [winner, why] = [pick(played), 'far'];
      else if (!budgetLeft(live.length)) {
        // Not enough budget left for a round: play what it allows, the incumbent first, and end.
        for (const v of live) if (budgetLeft(1) && !pools.has(key(v))) await play(v, key(v) === key(x) ? -1 : -3, 1);
        const measuredNow = live.filter((v) => pools.has(key(v))).map(standing);
        [winner, why] = [measuredNow.length ? pick(measuredNow) : x, 'budget'];
      }
      if (winner) break;
      for (const v of live) await play(v, key(v) === key(x) ? -1 : -3, 1);
      block++;
      rounds++;
    }
    idle = rounds === 0 ? idle + 1 : 0;
    if (key(winner) !== key(x)) {
      // The winner's last evaluation of the race: it became the incumbent.
      for (let i = evaluations.length - 1; i >= 0; i--)
        if (key(evaluations[i]!.values) === key(winner) && evaluations[i]!.param !== -2) {
          evaluations[i]!.accepted = true;
          break;
        }
    }
    // A race cut short by the budget still chose its winner by expected loss, which charges a point for its few games.
    if (why === 'budget') stood.add(key(winner));
    if (why === 'budget') return done('budget', `the budget of ${maxEvaluations} evaluations is spent (race ${race})`);
    if (why === 'inside') {
      if (!budgetLeft(CONFIRM_SCALE)) return done('budget', `${winner.join(', ')} is inside every target by its pooled intervals (race ${race}), but the budget has no room left to confirm it on a fresh block`, winner);
      if (await confirm(winner)) return done('targets met', `${winner.join(', ')} is inside every target by its pooled intervals (race ${race}, ${standing(winner).games - CONFIRM_SCALE} evaluations' games) and on the fresh block ${block - 1} of ${CONFIRM_SCALE} times the games`, winner);
      x = winner;
      stood.add(key(x));
      race++;
      continue;
    }
    if (key(winner) !== key(x)) {
      x = winner;
      stood.add(key(x));
      race++;
      continue;
    }
    if (steps.every((s) => s === 1) || idle > pools.size + 1)
      return done('converged', `no neighbour one step away wins a race against ${x.join(', ')} (race ${race}), and no point is inside every target by its pooled intervals: a local optimum`);
    for (let i = 0; i < steps.length; i++) steps[i] = Math.max(1, Math.floor(steps[i]! / 2));
    race++;
  }

  function done(stopped: SearchResult['stopped'], reason: string, met?: number[]): SearchResult {
    // Among the points stood on: a point played on a block or two and never chosen by a race is not
    // kept for its luck (with many such points, the best-looking one is flattered).
    const seen = [...stood].filter((k) => pools.has(k)).map((k) => pools.get(k)!.standing());
    const best = met ?? (seen.length ? seen.reduce((a, b) => (better(b, a) ? b : a)).values : x);
    const kept = key(best) === key(x) || met ? '' : `; the best point seen (${best.join(', ')}) is kept, not the last incumbent (${x.join(', ')})`;
    return { best, bestLoss: stopped === 'targets met' ? 0 : pools.has(key(best)) ? standing(best).loss : Infinity, evaluations, passes: race + 1, stopped, reason: reason + kept, spent };
  }
}
