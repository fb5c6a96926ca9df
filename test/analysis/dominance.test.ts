/** Dominance, viability and cycles of a matchup matrix (issue 23 item 3): known answers, and error rates on known processes. */
import { describe, it, expect } from 'vitest';
import { analyseDominance, pairCountsOfTable, type PairCounts } from '../../src/analysis/dominance.js';
import { bradleyTerry, bradleyTerryFit } from '../../src/analysis/bradley-terry.js';
import { Rng } from '../../src/sim/rng.js';

import { letters, drawn, matrix } from '../helpers/matchup-matrices.js';

/** Exact counts: `games` decided games per pairing, i winning round(score[i][j] · games) of them. */
function exact(score: number[][], games: number): PairCounts {
  const k = score.length;
  const wins = score.map((row, i) => row.map((p, j) => (i === j ? 0 : i < j ? Math.round(p * games) : games - Math.round(score[j]![i]! * games))));
  const zero = () => score.map(() => new Array<number>(k).fill(0));
  return { names: letters(k), wins, draws: zero(), capped: zero() };
}

const analyse = (c: PairCounts) => analyseDominance(c, { subject: 'characters', source: 'test' });

describe('synthetic matrices with known answers', () => {
  it('a dominant row: named, with its worst pairing; not a strict order when the rest are even', () => {
    const r = analyse(exact(matrix(4, (i) => (i === 0 ? 0.7 : 0.5)), 400));
    expect(r.dominance.verdict).toBe('dominant');
    expect(r.dominance.dominant).toBe('a');
    expect(r.dominance.statement).toMatch(/^Dominant: a beats every other character, at worst 70\.0% \[/);
    expect(r.order.kind).toBe('not shown');
    expect(r.order.undecidedPairings).toBe(3);
    // b, c, d are even with each other and lose to a: against the field (30 + 50 + 50) / 3; a 70%.
    expect(r.field.rows.map((x) => x.rate)).toEqual([0.7, 1.3 / 3, 1.3 / 3, 1.3 / 3].map((x) => expect.closeTo(x, 10)));
  });

  it('a strict order: the top is dominant, the ranking is listed, no cycle', () => {
    const r = analyse(exact(matrix(4, (i, j) => 0.5 + 0.08 * (j - i)), 1000));
    expect(r.order.kind).toBe('strict order');
    expect(r.order.ranking).toEqual(['a', 'b', 'c', 'd']);
    expect(r.order.cycles).toEqual([]);
    expect(r.dominance.dominant).toBe('a');
  });

  it('a 3-cycle: rock-paper-scissors, no dominant choice, every one viable', () => {
    const r = analyse(exact(matrix(3, (i, j) => (i === 0 && j === 2 ? 0.3 : 0.7)), 400));
    expect(r.order.kind).toBe('cycles');
    expect(r.order.cycles).toEqual([['a', 'b', 'c']]);
    expect(r.order.statement).toMatch(/^Rock-paper-scissors: 1 cycle, e\.g\. a beats b, b beats c, c beats a/);
    expect(r.dominance.verdict).toBe('none');
    expect(r.field.viable).toEqual({ estimate: 3, atLeast: 3, atMost: 3 });
  });

  it('all fair: no dominant choice shown, none countered (undecided), every choice viable', () => {
    const r = analyse(exact(matrix(5, () => 0.5), 2000));
    expect(r.dominance.verdict).toBe('undecided');
    expect(r.dominance.uncountered.map((u) => u.name)).toEqual(letters(5));
    expect(r.field.viable).toEqual({ estimate: 5, atLeast: 5, atMost: 5 });
    expect(r.order.kind).toBe('not shown');
    expect(r.pairings).toBe(10);
    expect(r.pairConfidence).toBeCloseTo(0.995, 10);
  });

  it('a pair table pools both seatings, leaves mirrors out and keeps draws and capped games beside', () => {
    const table = {
      description: '',
      columns: ['games', 'aWins', 'bWins', 'draws', 'capped'],
      rows: { 'X vs Y': [10, 6, 3, 1, 0], 'Y vs X': [10, 2, 7, 0, 1], 'X vs X': [4, 2, 2, 0, 0], 'Y vs Z': [5, 5, 0, 0, 0] },
      rates: [],
    };
    const c = pairCountsOfTable(table);
    expect(c.names).toEqual(['X', 'Y', 'Z']);
    // X against Y: 6 as A, 7 as B; Y against X: 3 + 2.
    expect(c.wins[0]![1]).toBe(13);
    expect(c.wins[1]![0]).toBe(5);
    expect(c.draws[0]![1]).toBe(1);
    expect(c.capped[1]![0]).toBe(1);
    expect(c.wins[1]![2]).toBe(5);
  });

  it('the cycle finder is the one the tournament fit uses', () => {
    const c = exact(matrix(3, (i, j) => (i === 0 && j === 2 ? 0.3 : 0.7)), 400);
    const games = c.wins.map((row, i) => row.map((_, j) => c.wins[i]![j]! + c.wins[j]![i]!));
    expect(bradleyTerryFit(bradleyTerry(c.names, c.wins), c.wins, games).cycles).toEqual(analyse(c).order.cycles);
  });
});

describe('error rates on known processes', () => {
  const reps = 400;

  it('fair matrices: "dominant" and a cycle each fire in at most 5% of runs (measured 0 of 400)', () => {
    const rng = new Rng();
    rng.seedGame(2323, 0, 0);
    let dominant = 0;
    let cycles = 0;
    let viableMissed = 0;
    for (let r = 0; r < reps; r++) {
      const a = analyse(drawn(rng, matrix(5, () => 0.5), 200));
      if (a.dominance.verdict === 'dominant') dominant++;
      if (a.order.kind === 'cycles') cycles++;
      // Every choice is exactly fair: the true viable count, 5, must lie in the bounds.
      if (a.field.viable.atMost < 5) viableMissed++;
    }
    expect(dominant).toBe(0);
    expect(cycles).toBe(0);
    expect(viableMissed / reps).toBeLessThanOrEqual(0.05);
  });

  it('a row even with one opponent and far ahead of the rest: "dominant" fires in at most 5% of runs', () => {
    // The hardest truth for the verdict: a wins 80% against all but b, and exactly 50% against b.
    const rng = new Rng();
    rng.seedGame(2324, 0, 0);
    let wrong = 0;
    for (let r = 0; r < reps; r++) if (analyse(drawn(rng, matrix(5, (i, j) => (i === 0 ? (j === 1 ? 0.5 : 0.8) : 0.5)), 200)).dominance.verdict === 'dominant') wrong++;
    expect(wrong / reps).toBeLessThanOrEqual(0.05);
  });

  it('a row barely dominant (52% against all): "none" fires in at most 5% of runs; a clear one (65%) is found in at least 90%', () => {
    const rng = new Rng();
    rng.seedGame(2325, 0, 0);
    let none = 0;
    let found = 0;
    for (let r = 0; r < reps; r++) {
      if (analyse(drawn(rng, matrix(5, (i) => (i === 0 ? 0.52 : 0.5)), 200)).dominance.verdict === 'none') none++;
      if (analyse(drawn(rng, matrix(5, (i) => (i === 0 ? 0.65 : 0.5)), 300)).dominance.dominant === 'a') found++;
    }
    expect(none / reps).toBeLessThanOrEqual(0.05);
    expect(found / reps).toBeGreaterThanOrEqual(0.9);
  });

  it('the true viable count lies between surely and possibly viable in at least 95% of runs, with truths on the margin', () => {
    // i beats j with 0.5 + t_i − t_j, so i's field score is 0.5 + 1.25·t_i: 0.6, 0.55, 0.5, 0.45,
    // 0.4, two of them exactly on the edges of ±5 points (viable: "within" includes the edge).
    const t = [0.08, 0.04, 0, -0.04, -0.08];
    const score = matrix(5, (i, j) => 0.5 + (t[i]! - t[j]!));
    const truth = score.map((row, i) => row.reduce((t, p, j) => (j === i ? t : t + p), 0) / 4);
    expect(truth.map((x) => Number(x.toFixed(10)))).toEqual([0.6, 0.55, 0.5, 0.45, 0.4]);
    const margin = 0.05;
    const trueCount = truth.filter((x) => Math.abs(x - 0.5) <= margin + 1e-12).length;
    expect(trueCount).toBe(3);
    const rng = new Rng();
    rng.seedGame(2326, 0, 0);
    let covered = 0;
    for (let r = 0; r < reps; r++) {
      const v = analyseDominance(drawn(rng, score, 300), { subject: 'characters', source: 'test', margin }).field.viable;
      if (v.atLeast <= trueCount && trueCount <= v.atMost) covered++;
    }
    expect(covered / reps).toBeGreaterThanOrEqual(0.95);
  });
});
