/** Goodness of fit of tournament ratings, on matrices drawn from known models. */
import { describe, it, expect } from 'vitest';
import { bradleyTerry, bradleyTerryFit, chiSquareSurvival } from '../../src/analysis/bradley-terry.js';
import { Rng } from '../../src/sim/rng.js';

const names = ['a', 'b', 'c', 'd'];

/** A matrix of `games` per pairing where i beats j with probability score[i][j]. */
function draw(rng: Rng, score: number[][], games: number) {
  const n = score.length;
  const wins = score.map(() => new Array<number>(n).fill(0));
  const played = score.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      for (let g = 0; g < games; g++) if (rng.next() < score[i]![j]!) wins[i]![j]!++;
      wins[j]![i] = games - wins[i]![j]!;
      played[i]![j] = played[j]![i] = games;
    }
  return { wins, played };
}

describe('chi-square tail', () => {
  it('matches tabulated critical values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(11.070497693516351, 5)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(4, 2)).toBeCloseTo(Math.exp(-2), 9);
    expect(chiSquareSurvival(244, 1)).toBeLessThan(1e-50);
  });
});

describe('Bradley-Terry goodness of fit', () => {
  it('rejects a true Bradley-Terry matrix about 5% of the time', () => {
    const rng = new Rng();
    rng.seedGame(606, 0, 0);
    const strength = [1, 2, 3, 5];
    const score = strength.map((x) => strength.map((y) => x / (x + y)));
    const reps = 300;
    let rejected = 0;
    for (let r = 0; r < reps; r++) {
      const { wins, played } = draw(rng, score, 300);
      const fit = bradleyTerryFit(bradleyTerry(names, wins), wins, played);
      expect(fit.df).toBe(3);
      if (fit.pValue! < 0.05) rejected++;
    }
    // 300 replicates: sd of a 5% rate about 1.3 points.
    expect(rejected / reps).toBeGreaterThan(0.02);
    expect(rejected / reps).toBeLessThan(0.09);
  });

  it('says an intransitive matrix is not a fair summary', () => {
    const rng = new Rng();
    rng.seedGame(607, 0, 0);
    // Rock-paper-scissors among a, b, c; d loses to all.
    const score = [
      [0, 0.7, 0.3, 0.8],
      [0.3, 0, 0.7, 0.8],
      [0.7, 0.3, 0, 0.8],
      [0.2, 0.2, 0.2, 0],
    ];
    const { wins, played } = draw(rng, score, 1000);
    const fit = bradleyTerryFit(bradleyTerry(names, wins), wins, played);
    expect(fit.cycles).toEqual([['a', 'b', 'c']]);
    expect(fit.pValue!).toBeLessThan(1e-6);
    expect(fit.fair).toBe(false);
    expect(Math.abs(fit.worst!.observed - fit.worst!.predicted)).toBeGreaterThan(0.1);
  });

  it('has nothing to test with two entrants', () => {
    const fit = bradleyTerryFit(bradleyTerry(['a', 'b'], [[0, 60], [40, 0]]), [[0, 60], [40, 0]], [[0, 100], [100, 0]]);
    expect(fit.df).toBe(0);
    expect(fit.pValue).toBeNull();
    expect(fit.fair).toBe(true);
  });
});
