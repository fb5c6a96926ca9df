/** The multi-parameter search (compass search on common random numbers) on known noisy functions. */
import { describe, it, expect } from 'vitest';
import { compassSearch, type SearchParam } from '../../../src/studies/tune/search.js';
import { luck, normal } from './rigged-noise.js';


const OPTIMUM = [7, -3, 12, 0];
const params: SearchParam[] = [
  { name: 'a', min: -20, max: 20, start: 0 },
  { name: 'b', min: -20, max: 20, start: 10 },
  { name: 'c', min: 0, max: 30, start: 1 },
  { name: 'd', min: -5, max: 5, start: 5 },
];

/**
 * A quadratic bowl with its minimum at OPTIMUM, seen through noise as the simulator's loss is:
 * a large shift common to every point of a seed block (what common random numbers cancel) plus
 * a small point-to-point part (what they do not). The bowl rises by at least 1 per step away from
 * the optimum, the point-to-point noise is at most 0.4, so the optimum is the lattice's best on
 * every block, and a point two or more steps away never beats a neighbour one step closer.
 */
const noisyBowl = async (values: readonly number[], block: number) =>
  10 * luck(block, [-1]) + values.reduce((s, v, i) => s + (v - OPTIMUM[i]!) ** 2, 0) + 0.4 * luck(block, values);

describe('compassSearch', () => {
  it('finds the optimum of a noisy bowl within one step, deterministically', async () => {
    const r = await compassSearch(params, noisyBowl, 400);
    expect(r.stopped).toBe('converged');
    r.best.forEach((v, i) => expect(Math.abs(v - OPTIMUM[i]!)).toBeLessThanOrEqual(1));
    expect(r.best).toEqual(OPTIMUM);
    const again = await compassSearch(params, noisyBowl, 400);
    expect(again.evaluations).toEqual(r.evaluations);
    // Every candidate of a pass shares the incumbent's seed block (common random numbers).
    for (const e of r.evaluations) expect(e.block).toBe(e.pass);
  });

  it('stays within the bounds and the budget', async () => {
    const r = await compassSearch(params, noisyBowl, 9);
    expect(r.evaluations).toHaveLength(9);
    expect(r.stopped).toBe('budget');
    for (const e of r.evaluations) e.values.forEach((v, i) => expect(v >= params[i]!.min && v <= params[i]!.max).toBe(true));
  });

  it('stops as soon as every target is met (loss 0)', async () => {
    const band = async (values: readonly number[]) => Math.max(0, Math.abs(values[0]! - 5) - 1) ** 2;
    const r = await compassSearch([{ name: 'x', min: 0, max: 40, start: 20 }], band, 100);
    expect(r.stopped).toBe('targets met');
    expect(Math.abs(r.best[0]! - 5)).toBeLessThanOrEqual(1);
    expect(r.bestLoss).toBe(0);
  });

  it('does not keep a move that only fitted the luck of one block', async () => {
    // A flat function whose one block (0) makes x = 6 look better: later blocks re-play the incumbent.
    const fluke = async (values: readonly number[], block: number) => (block === 0 && values[0] === 6 ? 0.5 : 1) + 0.01 * Math.abs(values[0]! - 5);
    const r = await compassSearch([{ name: 'x', min: 0, max: 10, start: 5 }], fluke, 50);
    expect(r.best[0]).toBe(5);
  });
});


/**
 * A rigged tune with known truth: one parameter x in [1, 8] whose true win rate is
 * 0.80 + 0.03·(x − 4), target 0.80 ± 0.02 (so only x = 4 is inside; 3 and 5 lie 1.5 standard
 * errors of a block outside), a block's estimate off by 0.02/√scale standard errors (400 games at
 * 0.8), half of it common to every point of the block (common random numbers). Two cells of the
 * level matrix measure the same rate, as tune-skill's do.
 */
function riggedLoss(trial: number) {
  return async (values: readonly number[], block: number, scale = 1) => {
    const x = values[0]!;
    const estimate = 0.8 + 0.03 * (x - 4) + (0.02 / Math.sqrt(scale)) * Math.SQRT1_2 * (normal(trial, block, -1) + normal(trial, block, x));
    return 2 * Math.max(0, Math.abs(estimate - 0.8) - 0.02) ** 2;
  };
}

describe('compassSearch does not stop on a lucky block', () => {
  // 300 rigged searches (trials 0-299), budget 12 evaluations (tune-skill's former 4,800 games of 400),
  // starting at x = 5 (true rate 0.83, outside). Before confirmation (one block's loss of 0 ended
  // the search) 119 of 300 (40%) declared "every target is met" at a point outside the band and
  // 164 (55%) ended at x = 4; with a fresh-block confirmation and the best point seen kept: 21 of
  // 300 (7%) and 235 (78%). (From x = 7: before 161 and 98, now 23 and 189.)
  it('declares the targets met at a point outside them in at most 12% of searches, and ends at the one inside in at least 70%', async () => {
    const trials = 300;
    let falseMet = 0;
    let found = 0;
    for (let t = 0; t < trials; t++) {
      const r = await compassSearch([{ name: 'x', min: 1, max: 8, start: 5 }], riggedLoss(t), 12);
      if (r.stopped === 'targets met' && r.best[0] !== 4) falseMet++;
      if (r.best[0] === 4) found++;
    }
    expect(falseMet / trials).toBeLessThanOrEqual(0.12);
    expect(found / trials).toBeGreaterThanOrEqual(0.7);
  });

  it('never ends on a point worse than one it has already seen', async () => {
    // x = 5 (the start) has loss 0.001; block 0 flatters x = 6 (0.0005, accepted), whose loss on
    // the next block is 0.025, and the budget ends there. Before, the search ended on x = 6, 25
    // times the loss of the start; the best point seen is kept instead.
    const flatter = async (values: readonly number[], block: number) => (values[0] === 6 ? (block === 0 ? 0.0005 : 0.025) : 0.001 + 0.01 * Math.abs(values[0]! - 5));
    const r = await compassSearch([{ name: 'x', min: 0, max: 10, start: 5 }], flatter, 3);
    expect(r.evaluations.map((e) => [e.values[0], e.block, e.accepted])).toEqual([[5, 0, true], [6, 0, true], [6, 1, true]]);
    expect(r.stopped).toBe('budget');
    expect(r.best[0]).toBe(5);
    expect(r.bestLoss).toBe(0.001);
    expect(r.reason).toContain('the best point seen (5) is kept');
  });
});
