import { describe, it, expect } from 'vitest';
import { chooseSteps, secantSlope, gamesFor, poolDeviations, confirmGamesFor } from '../../../src/studies/fair/search.js';
import { shrinkSlopes, predictedChange, betaOfStep } from '../../../src/analysis/stat-slopes.js';
import { verdictOf } from '../../../src/studies/fair/study.js';

const linear = (slope: number) => (k: number) => slope * k;
const o = { band: 0.04, aim: 0.02, lowest: -5, highest: 5, maxStep: 3 };

describe('fair: choosing steps', () => {
  it('leaves a row inside the band alone, however far from the centre', () => {
    expect(chooseSteps(0.039, linear(0.01), o)).toEqual({ steps: 0, predicted: 0.039 });
    expect(chooseSteps(-0.04, linear(0.01), o).steps).toBe(0);
  });

  it('takes the fewest steps that reach the aim, in the right direction', () => {
    // 6 points too weak at 2 points per step: 2 steps reach -2 (the aim), not 3.
    expect(chooseSteps(-0.06, linear(0.02), o)).toEqual({ steps: 2, predicted: expect.closeTo(-0.02, 9) });
    // Too strong: negative steps.
    expect(chooseSteps(0.065, linear(0.025), o).steps).toBe(-2);
  });

  it('stays within the legal range and the most steps per round, taking the closest it can', () => {
    expect(chooseSteps(-0.2, linear(0.02), o).steps).toBe(3);
    expect(chooseSteps(-0.2, linear(0.02), { ...o, highest: 1 }).steps).toBe(1);
    expect(chooseSteps(0.2, linear(0.02), { ...o, lowest: 0 }).steps).toBe(0);
  });

  it('does not move a row whose slope is not positive', () => {
    expect(chooseSteps(-0.1, linear(0), o).steps).toBe(0);
    expect(chooseSteps(-0.1, linear(-0.01), o).steps).toBe(0);
  });

  it('HP acts on a log scale: the same β moves a 2-HP card more per step than a 12-HP one', () => {
    expect(predictedChange(0.1, 2, 1, 'log')).toBeGreaterThan(3 * predictedChange(0.1, 12, 1, 'log'));
    expect(predictedChange(betaOfStep(0.03, 5, 'log'), 5, 1, 'log')).toBeCloseTo(0.03, 12);
    expect(predictedChange(betaOfStep(0.03, 5, 'linear'), 5, 2, 'linear')).toBeCloseTo(0.06, 12);
    // A 1-HP card 10 points too weak at β = 0.1 per log-HP: +1 gives 6.9, +2 gives 11.0 points.
    expect(chooseSteps(-0.1, (k) => predictedChange(0.1, 1, k, 'log'), o).steps).toBe(2);
  });
});

describe('fair: slopes', () => {
  it('shrinks noisy slopes toward the pooled one, and precise ones less', () => {
    const { pooled, slopes } = shrinkSlopes([
      { subject: 'a', effect: 0.02, se: 0.002 },
      { subject: 'b', effect: 0.04, se: 0.002 },
      { subject: 'c', effect: 0.1, se: 0.05 },
    ]);
    expect(pooled).toBeGreaterThan(0.02);
    expect(pooled).toBeLessThan(0.04);
    expect(Math.abs(slopes.get('a')! - 0.02)).toBeLessThan(0.002);
    expect(Math.abs(slopes.get('c')! - pooled)).toBeLessThan(Math.abs(0.1 - pooled) / 2);
  });

  it('with no spread beyond the noise every row gets the pooled slope', () => {
    const { pooled, slopes } = shrinkSlopes([
      { subject: 'a', effect: 0.02, se: 0.01 },
      { subject: 'b', effect: 0.021, se: 0.01 },
    ]);
    expect(slopes.get('a')).toBe(pooled);
    expect(slopes.get('b')).toBe(pooled);
  });

  it('a secant replaces the slope within a factor of 3', () => {
    expect(secantSlope(0.02, 0.05, 2)).toBeCloseTo(0.025, 12);
    expect(secantSlope(0.02, 0.5, 1)).toBeCloseTo(0.06, 12);
    expect(secantSlope(0.02, -0.1, 1)).toBeCloseTo(0.02 / 3, 12);
    expect(secantSlope(0.02, 0.1, 0)).toBe(0.02);
  });

  it('a move far beyond the noise is taken as it is (a 1-HP card moves more than the pooled slope says)', () => {
    expect(secantSlope(0.02, 0.15, 1, 0.02)).toBeCloseTo(0.15, 12);
    expect(secantSlope(0.02, 0.15, 1, 0.06)).toBeCloseTo(0.06, 12);
    expect(secantSlope(0.02, -0.15, 1, 0.01)).toBeCloseTo(0.02 / 3, 12);
  });
});

describe('fair: sizing and verdicts', () => {
  it('sizes the games so the 90th-percentile row gets the asked half-width', () => {
    // se 0.04 at 500 games; half-width 0.02 needs se 0.0102: (0.04 / 0.0102)^2 * 500 = 7,690 → 7,700.
    const se = Array.from({ length: 10 }, (_, i) => 0.02 + 0.002 * i);
    expect(gamesFor(500, se, 0.02, { min: 1000, max: 20000 })).toBe(Math.ceil((500 * (0.038 / (0.02 / 1.96)) ** 2) / 100) * 100);
    expect(gamesFor(500, [0.001], 0.02, { min: 1000, max: 20000 })).toBe(1000);
    expect(gamesFor(500, [1], 0.02, { min: 1000, max: 20000 })).toBe(20000);
  });

  it('inside means the whole interval in the band; edge, the estimate only; outside, the estimate outside', () => {
    expect(verdictOf({ rate: 0.5, se: 0.005, held: 1 }, 0.49, 0.04)).toBe('inside');
    expect(verdictOf({ rate: 0.52, se: 0.02, held: 1 }, 0.49, 0.04)).toBe('edge');
    expect(verdictOf({ rate: 0.54, se: 0.001, held: 1 }, 0.49, 0.04)).toBe('outside');
    expect(verdictOf(null, 0.49, 0.04)).toBeNull();
  });
});

describe('fair: the fine phase and the confirmation', () => {
  it('pools a row over fresh-seed measurements by inverse variance', () => {
    const p = poolDeviations([
      { d: 0.04, se: 0.01 },
      { d: 0.01, se: 0.01 },
    ])!;
    expect(p.d).toBeCloseTo(0.025, 12);
    expect(p.se).toBeCloseTo(0.01 / Math.SQRT2, 12);
    expect(p.n).toBe(2);
    // A precise measurement outweighs a rough one.
    expect(poolDeviations([{ d: 0.04, se: 0.02 }, { d: 0, se: 0.005 }])!.d).toBeLessThan(0.004);
    expect(poolDeviations([{ d: 0.04, se: 0 }])).toBeNull();
  });

  it('sizes the confirmation by the row nearest an edge of the band', () => {
    const at = (d: number, sePooled = 0.004) => ({ d, sePooled, seAt: 0.005 });
    // Every row near the centre: the fine round's games do.
    expect(confirmGamesFor([at(0), at(0.01), at(-0.012)], 0.04, 20000, { z: 2.5, most: 80000 })).toBe(20000);
    // A row at 2.5 points: room 1.5 / 2.5 = 0.6 points, less the pooled 0.4: σ² = 0.36 − 0.16 = 0.2 (points²), from 0.25 at 20,000 games → 25,000.
    expect(confirmGamesFor([at(0), at(0.025)], 0.04, 20000, { z: 2.5, most: 80000 })).toBe(25000);
    // A row at 3.5 points whose pooled figure leaves no room: the most.
    expect(confirmGamesFor([at(0.035), null], 0.04, 20000, { z: 2.5, most: 80000 })).toBe(80000);
    expect(confirmGamesFor([at(-0.05)], 0.04, 20000, { z: 2.5, most: 80000 })).toBe(80000);
  });
});
