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
 * overfit a single block of seeds. Why this and not SPSA, NTBEA or Bayesian optimisation:
 * docs/analysis.md ("Tuning several parameters").
 *
 * Pure and deterministic: the result depends only on what `loss` returns, and the command's
 * `loss` is a pure function of (values, block) for a master seed.
 */

export interface SearchParam {
  /** For messages and reports, e.g. characters.Knight.hp. */
  name: string;
  min: number;
  max: number;
  /** The value the scenario has now; the search starts here. */
  start: number;
}

/** One evaluation: the values tried, on which seed block, and what the loss was. */
export interface SearchEvaluation {
  index: number;
  pass: number;
  block: number;
  values: number[];
  loss: number;
  /** The parameter moved from the incumbent (-1: the incumbent itself, re-played on a new block). */
  param: number;
  step: number;
  /** It became the incumbent. */
  accepted: boolean;
}

export interface SearchResult {
  best: number[];
  /** The incumbent's loss on the last block it was played on. */
  bestLoss: number;
  evaluations: SearchEvaluation[];
  passes: number;
  stopped: 'converged' | 'targets met' | 'budget';
  /** One line saying why the search stopped. */
  reason: string;
}

/** The first step of each parameter: an eighth of its range, at least 1. */
export function initialStep(p: SearchParam): number {
  return Math.max(1, Math.round((p.max - p.min) / 8));
}

export async function compassSearch(
  params: readonly SearchParam[],
  loss: (values: readonly number[], block: number) => Promise<number>,
  maxEvaluations: number,
  onEvaluation?: (e: SearchEvaluation, incumbent: readonly number[], incumbentLoss: number) => void,
): Promise<SearchResult> {
  if (maxEvaluations < 1) throw new Error('the search needs at least one evaluation');
  const steps = params.map(initialStep);
  // +1 first for every parameter; after a successful move, that direction first.
  const lastDirection = params.map(() => 1);
  const evaluations: SearchEvaluation[] = [];
  let x = params.map((p) => p.start);
  let pass = 0;
  let block = 0;
  const evaluate = async (values: number[], param: number, step: number): Promise<SearchEvaluation> => {
    const e: SearchEvaluation = { index: evaluations.length, pass, block, values, loss: await loss(values, block), param, step, accepted: param < 0 };
    evaluations.push(e);
    return e;
  };
  const report = (e: SearchEvaluation, l: number) => onEvaluation?.(e, x, l);
  let incumbent = await evaluate(x, -1, 0);
  let xLoss = incumbent.loss;
  report(incumbent, xLoss);
  const budgetLeft = () => evaluations.length < maxEvaluations;
  for (;;) {
    if (xLoss === 0) return done('targets met', `every target is met on seed block ${block} (pass ${pass})`);
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
        if (e.loss < xLoss) {
          e.accepted = true;
          x = y;
          xLoss = e.loss;
          incumbent = e;
          lastDirection[i] = direction;
          moved = true;
          report(e, xLoss);
          break;
        }
        report(e, xLoss);
      }
      if (xLoss === 0) break;
    }
    if (!budgetLeft()) return done('budget', `the budget of ${maxEvaluations} evaluations is spent (pass ${pass})`);
    if (xLoss === 0) return done('targets met', `every target is met on seed block ${block} (pass ${pass})`);
    if (!moved) {
      if (steps.every((s) => s === 1)) return done('converged', `no neighbour one step away improves on seed block ${block} (pass ${pass}): a local optimum`);
      for (let i = 0; i < steps.length; i++) steps[i] = Math.max(1, Math.floor(steps[i]! / 2));
    }
    pass++;
    block++;
    incumbent = await evaluate(x, -1, 0);
    xLoss = incumbent.loss;
    report(incumbent, xLoss);
  }

  function done(stopped: SearchResult['stopped'], reason: string): SearchResult {
    return { best: x, bestLoss: xLoss, evaluations, passes: pass + 1, stopped, reason };
  }
}
