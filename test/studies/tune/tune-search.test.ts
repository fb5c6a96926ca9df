/** The multi-parameter search (compass search on common random numbers) on known noisy functions. */
import { describe, it, expect } from 'vitest';
import { compassSearch, type SearchParam } from '../../../src/studies/tune/search.js';

/** A deterministic hash of (block, values) into [0, 1): the "luck" of a seed block at a point. */
function luck(block: number, values: readonly number[]): number {
  let h = 0x9e3779b9 ^ block;
  for (const v of values) {
    h = Math.imul(h ^ (v + 0x7f4a7c15), 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h, 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

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
