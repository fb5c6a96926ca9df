/**
 * The search behind `squabble tune` with a `tune:` block: several whole-number parameters at
 * once, towards a loss that is 0 when every target is met (tune-targets.ts).
 *
 * Method: compass (coordinate pattern) search on common random numbers. The games are played
 * in seed blocks; within a pass every candidate is played on the same block as the incumbent,
 * so "is the neighbour better?" is a paired comparison in which the luck of the draw is the same
 * on both sides and mostly cancels. A pass tries each parameter in turn one step up and one step
 * down (the direction that last helped first) and moves to the first neighbour with a lower
 * loss. A pass without a move halves every step; a pass without a move at step 1 ends the search
 * (a local optimum on the lattice). Each new pass re-plays the incumbent on a new seed block,
 * so a move that only fitted the luck of one block is not kept for long, and the search cannot
 * overfit a single block of seeds.
 *
 * A loss of 0 on one block is not taken at its word: with a tight target one block's estimate
 * lands inside by luck about as often as not. The point is played again on a fresh block of
 * CONFIRM_SCALE times the games (more games where the decision is close), and the targets count
 * as met only if that block meets them too; a point that fails its confirmation never counts as
 * met again. The search ends on the best point it has seen (bestSeen), never on a worse one than
 * a point it has already measured better. Why this and not SPSA, NTBEA or Bayesian optimisation:
 * docs/analysis.md ("Tuning several parameters").
 *
 * Pure and deterministic: the result depends only on what `loss` returns, and the command's
 * `loss` is a pure function of (values, block, scale) for a master seed.
 */

export interface SearchParam {
  /** For messages and reports, e.g. characters.Knight.hp. */
  name: string;
  min: number;
  max: number;
  /** The value the scenario has now; the search starts here. */
  start: number;
}

/** A confirmation plays this many times an evaluation's games, on a block no evaluation played. */
export const CONFIRM_SCALE = 4;

/** Below every real loss: the comparison loss of a point whose loss 0 was not confirmed. */
const UNCONFIRMED = 1e-12;

/** One evaluation: the values tried, on which seed block, and what the loss was. */
export interface SearchEvaluation {
  index: number;
  pass: number;
  block: number;
  values: number[];
  loss: number;
  /** The parameter moved from the incumbent (-1: the incumbent itself, re-played on a new block; -2: a confirmation; -3: a point of a race's neighbourhood, race.ts). */
  param: number;
  step: number;
  /** It became the incumbent (a confirmation: it confirmed that every target is met). In a race (race.ts), `pass` is the race. */
  accepted: boolean;
  /** Games played, in evaluations (CONFIRM_SCALE for a confirmation, else 1). */
  scale: number;
}

export interface SearchResult {
  best: number[];
  /** The best point's loss: on its confirmation block if it had one, else its mean over the blocks it was played on. */
  bestLoss: number;
  evaluations: SearchEvaluation[];
  passes: number;
  stopped: 'converged' | 'targets met' | 'budget';
  /** One line saying why the search stopped. */
  reason: string;
  /** Budget spent, in evaluations (a confirmation counts CONFIRM_SCALE). */
  spent: number;
}

/** The first step of each parameter: an eighth of its range, at least 1. */
export function initialStep(p: SearchParam): number {
  return Math.max(1, Math.round((p.max - p.min) / 8));
}

/**
 * The best point seen, by a loss that no selection flattered: its loss on its confirmation block
 * if it had one (the most games, and fresh ones), else its mean loss over the blocks it was played
 * on as the incumbent (evaluation and the start, param -1, never chosen for its luck on that block).
 * A point never played as the incumbent is left out, except the last incumbent, whose every
 * evaluation counts; ties go to the last incumbent.
 */
export function bestSeen(evaluations: readonly SearchEvaluation[], incumbent: readonly number[]): { values: number[]; loss: number } {
  const last = incumbent.join(',');
  const points = new Map<string, { values: number[]; sum: number; count: number; confirmed: number | null }>();
  for (const e of evaluations) {
    const key = e.values.join(',');
    const p = points.get(key) ?? { values: e.values, sum: 0, count: 0, confirmed: null };
    points.set(key, p);
    if (e.param === -2) p.confirmed = e.loss;
    else if (e.param === -1 || key === last) {
      p.sum += e.loss;
      p.count++;
    }
  }
  const score = (p: { sum: number; count: number; confirmed: number | null }) => p.confirmed ?? (p.count > 0 ? p.sum / p.count : Infinity);
  let best = points.get(last)!;
  for (const [key, p] of points) if (key !== last && score(p) < score(best)) best = p;
  return { values: best.values, loss: score(best) };
}

/**
 * `loss(values, block, scale)`: the loss of the scenario at `values` on seed block `block`,
 * playing `scale` times an evaluation's games. `maxEvaluations` is the budget in evaluations.
 */
export async function compassSearch(
  params: readonly SearchParam[],
  loss: (values: readonly number[], block: number, scale: number) => Promise<number>,
  maxEvaluations: number,
  onEvaluation?: (e: SearchEvaluation, incumbent: readonly number[], incumbentLoss: number) => void,
): Promise<SearchResult> {
  if (maxEvaluations < 1) throw new Error('the search needs at least one evaluation');
  const steps = params.map(initialStep);
  // +1 first for every parameter; after a successful move, that direction first.
  const lastDirection = params.map(() => 1);
  const evaluations: SearchEvaluation[] = [];
  /** Points whose loss of 0 a fresh block did not confirm. */
  const unconfirmed = new Set<string>();
  let x = params.map((p) => p.start);
  let pass = 0;
  let block = 0;
  let spent = 0;
  const evaluate = async (values: number[], param: number, step: number, scale = 1): Promise<SearchEvaluation> => {
    const e: SearchEvaluation = { index: evaluations.length, pass, block, values, loss: await loss(values, block, scale), param, step, accepted: param === -1, scale };
    evaluations.push(e);
    spent += scale;
    return e;
  };
  /** The loss the incumbent is compared with: a loss of 0 that failed its confirmation stays just above 0. */
  const comparable = (l: number) => (l === 0 && unconfirmed.has(x.join(',')) ? UNCONFIRMED : l);
  const report = (e: SearchEvaluation, l: number) => onEvaluation?.(e, x, l);
  let xLoss = comparable((await evaluate(x, -1, 0)).loss);
  report(evaluations[0]!, xLoss);
  const budgetLeft = (scale = 1) => spent + scale <= maxEvaluations;
  for (;;) {
    if (xLoss === 0) {
      // Every target is met on this block: play the point again on a fresh, larger block.
      const met = block;
      if (!budgetLeft(CONFIRM_SCALE)) return done('budget', `every target is met on seed block ${met} (pass ${pass}), but the budget has no room left to confirm it on a fresh block`);
      block++;
      const c = await evaluate(x, -2, 0, CONFIRM_SCALE);
      c.accepted = c.loss === 0;
      report(c, c.loss);
      if (c.loss === 0) return done('targets met', `every target is met on seed block ${met} (pass ${pass}) and again on the fresh block ${block} of ${CONFIRM_SCALE} times the games`);
      unconfirmed.add(x.join(','));
      pass++;
      block++;
      xLoss = comparable((await evaluate(x, -1, 0)).loss);
      report(evaluations[evaluations.length - 1]!, xLoss);
      continue;
    }
    let moved = false;
    for (let i = 0; i < params.length && budgetLeft(); i++) {
      const p = params[i]!;
      for (const direction of [lastDirection[i]!, -lastDirection[i]!]) {
        const v = Math.min(p.max, Math.max(p.min, x[i]! + direction * steps[i]!));
        if (v === x[i]) continue;
        if (!budgetLeft()) break;
        const y = x.slice();
        y[i] = v;
        const e = await evaluate(y, i, steps[i]!);
        const eLoss = e.loss === 0 && unconfirmed.has(y.join(',')) ? UNCONFIRMED : e.loss;
        if (eLoss < xLoss) {
          e.accepted = true;
          x = y;
          xLoss = eLoss;
          lastDirection[i] = direction;
          moved = true;
          report(e, xLoss);
          break;
        }
        report(e, xLoss);
      }
      if (xLoss === 0) break;
    }
    if (xLoss === 0) continue;
    if (!budgetLeft()) return done('budget', `the budget of ${maxEvaluations} evaluations is spent (pass ${pass})`);
    if (!moved) {
      if (steps.every((s) => s === 1)) return done('converged', `no neighbour one step away improves on seed block ${block} (pass ${pass}): a local optimum`);
      for (let i = 0; i < steps.length; i++) steps[i] = Math.max(1, Math.floor(steps[i]! / 2));
    }
    pass++;
    block++;
    xLoss = comparable((await evaluate(x, -1, 0)).loss);
    report(evaluations[evaluations.length - 1]!, xLoss);
  }

  function done(stopped: SearchResult['stopped'], reason: string): SearchResult {
    const best = stopped === 'targets met' ? { values: x, loss: 0 } : bestSeen(evaluations, x);
    const kept = best.values.join(',') === x.join(',') ? '' : `; the best point seen (${best.values.join(', ')}) is kept, not the last incumbent (${x.join(', ')})`;
    return { best: best.values, bestLoss: best.loss, evaluations, passes: pass + 1, stopped, reason: reason + kept, spent };
  }
}
