/**
 * What `squabble tune` minimises with a `tune:` block: how far a run's measured values lie
 * outside what the targets ask for. Targets are read and judged exactly as design assertions
 * (`expect:`, assertions.ts), so a target the tuned scenario meets is an assertion it passes.
 */
import type { Summary } from '../../sim/stats/summary.js';
import { evaluateAssertions, type Assertion, type AssertionsSummary, type Condition } from '../../analysis/assertions.js';
import { normalQuantile } from '../../analysis/normal.js';
import type { Measurement } from './race.js';

/** How far an estimate lies outside what the condition asks for (0 inside). */
export function distanceOutside(c: Condition, x: number): number {
  switch (c.kind) {
    case 'band':
      return Math.max(0, c.low - x, x - c.high);
    case '<':
    case '<=':
      return Math.max(0, x - c.value);
    case '>':
    case '>=':
      return Math.max(0, c.value - x);
  }
}

/**
 * The loss of one run: the sum over every measured value (a wildcard target counts once per row)
 * of its squared distance outside its target, from the estimates. 0 when every estimate is where
 * it should be. A target that measured nothing adds 1 (as far as a rate can be from anything),
 * so the search never prefers a scenario that stops measuring a target.
 */
export function targetLoss(judged: AssertionsSummary, targets: readonly Assertion[]): number {
  let loss = 0;
  judged.results.forEach((r, i) => {
    if (r.values.length === 0) loss += 1;
    for (const v of r.values) loss += distanceOutside(targets[i]!.condition, v.estimate) ** 2;
  });
  return loss;
}

/** A condition as bounds low ≤ x ≤ high (a strict comparison as its closed form: the loss treats them alike). */
function bounds(c: Condition): { low: number; high: number } {
  if (c.kind === 'band') return { low: c.low, high: c.high };
  return c.kind === '<' || c.kind === '<=' ? { low: -Infinity, high: c.value } : { low: c.value, high: Infinity };
}

/**
 * The targets judged on one block as the race pools them (race.ts): each value's estimate, its
 * games and its standard error (the half-width of its interval over the interval's normal
 * quantile), keyed by target and row; a target that measured nothing is a penalty of 1, as in
 * targetLoss. measurementLoss of the result equals targetLoss.
 */
export function targetMeasurement(t: { judged: AssertionsSummary }, targets: readonly Assertion[]): Measurement {
  const z = normalQuantile(1 - t.judged.alpha / (2 * t.judged.checked));
  const m: Measurement = { terms: [], penalty: 0 };
  t.judged.results.forEach((r, i) => {
    if (r.values.length === 0) m.penalty += 1;
    for (const v of r.values) m.terms.push({ key: `${i}\u0000${v.what}`, estimate: v.estimate, se: (v.interval[1] - v.interval[0]) / (2 * z), n: v.n, ...bounds(targets[i]!.condition) });
  });
  return m;
}

/** The targets judged on a run, and its loss. */
export function judgeTargets(targets: readonly Assertion[], s: Summary, alpha?: number): { judged: AssertionsSummary; loss: number } {
  const judged = evaluateAssertions(targets, s, alpha);
  return { judged, loss: targetLoss(judged, targets) };
}

/** One measurement of the scenario at some parameter values, with its targets judged. */
export interface TuneMeasurement {
  values: number[];
  scenarioHash: string;
  loss: number;
  judged: AssertionsSummary;
}

/** Everything a `tune:` block run found (summary.json of `squabble tune`, format squabble-tune/1). */
export interface TuneOutcome {
  format: 'squabble-tune/1';
  scenario: string;
  name: string;
  game: string;
  variant: string | null;
  seed: number | string;
  method: string;
  /** Games an evaluation plays: the scenario's (for its own targets) and every level pairing's. */
  gamesPerEvaluation: number;
  /** The level target (level-target.ts), when the block has one: its cells are among `targets`. */
  levels?: { names: string[]; matrix: (number | null)[][]; tolerance: number; gamesPerPairing: number; playsScenario: boolean };
  budgetGames: number;
  maxEvaluations: number;
  params: { path: string; min: number; max: number; old: number; new: number }[];
  targets: { path: string; text: string; condition: Condition }[];
  search: {
    stopped: string;
    reason: string;
    passes: number;
    /** param -2 is a confirmation, playing `scale` times an evaluation's games on a fresh block. */
    evaluations: { index: number; pass: number; block: number; seed: string; values: number[]; loss: number; param: number; step: number; accepted: boolean; scale: number }[];
    gamesPlayed: number;
    bestLoss: number;
    seconds: number;
  };
  /**
   * The scenario as written (before, `games` games) and as tuned (after), on seeds the search never
   * played. The after measurement takes looks (verify.ts): `afterGames` games in all, each look
   * judged at its `alpha`, `taken` for the looks played.
   */
  verification: { seed: string; games: number; seconds: number; before: TuneMeasurement; after: TuneMeasurement; afterGames: number; looks: { games: number; alpha: number; taken: boolean }[] };
  workers: number;
}
