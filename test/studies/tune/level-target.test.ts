/** The level target of a `tune:` block (issue 23 item 5): parsing and validation, its cells as assertions, and the loss on a crafted matrix. */
import { describe, it, expect } from 'vitest';
import { parseLevelTarget, isLevelTargetProblem, levelCellAssertions, levelPairs, levelTable, withLevelTable, type LevelTarget } from '../../../src/studies/tune/level-target.js';
import { judgeTargets } from '../../../src/studies/tune/targets.js';

const LEVELS = ['random', 'novice', 'skilled', 'expert'];
const parse = (v: unknown) => parseLevelTarget(v, LEVELS, 'worms');
const problem = (v: unknown) => {
  const r = parse(v);
  return isLevelTargetProblem(r) ? `${r.path.join('.')}: ${r.problem}` : 'no problem';
};
const good = { names: ['novice', 'skilled'], matrix: [[null, 0.25], [0.75, null]], tolerance: 0.03 };

describe('parseLevelTarget', () => {
  it('reads names, matrix, tolerance and games; the diagonal is null or "-"', () => {
    expect(parse(good)).toEqual({ names: ['novice', 'skilled'], matrix: [[null, 0.25], [0.75, null]], tolerance: 0.03 });
    expect(parse({ ...good, matrix: [['-', 0.25], [0.75, '-']], games: 200 })).toEqual({ ...good, games: 200 });
  });

  it('names the field and what is wrong', () => {
    expect(problem({ ...good, names: ['novice', 'wizard'] })).toBe('names.1: no level "wizard" in worms; expected one of random, novice, skilled, expert');
    expect(problem({ ...good, names: ['novice', 'novice'] })).toBe('names.1: "novice" is listed twice; list each level once');
    expect(problem({ ...good, names: ['novice'] })).toMatch(/^names: expected a list of two or more of worms's levels/);
    expect(problem({ ...good, matrix: [[null, 0.25]] })).toBe('matrix: expected a square matrix of 2 rows of 2 (one row and column per level of names), found [[null,0.25]]');
    expect(problem({ ...good, matrix: [[null, 0.25], [0.75]] })).toMatch(/^matrix: expected a square matrix of 2 rows of 2/);
    expect(problem({ ...good, matrix: [[null, 1.25], [0.75, null]] })).toBe('matrix.0.1: expected the win rate of novice over skilled, a number in [0, 1], found 1.25');
    expect(problem({ ...good, matrix: [[null, -0.1], [0.75, null]] })).toMatch(/^matrix\.0\.1: expected the win rate .* found -0\.1$/);
    expect(problem({ ...good, matrix: [[0.5, 0.25], [0.75, null]] })).toMatch(/^matrix\.0\.0: the diagonal \(a level against itself\) is not a target/);
    expect(problem({ ...good, matrix: [[null, 0.5], [0.75, null]] })).toBe('matrix.1.0: novice over skilled (0.5) and skilled over novice (0.75) add up to more than 1');
    expect(problem({ ...good, tolerance: 0 })).toMatch(/^tolerance: expected a number in \(0, 0\.5\]/);
    expect(problem({ ...good, games: 2.5 })).toMatch(/^games: expected games per pairing/);
    expect(problem({ ...good, level: ['novice'] })).toBe('level: unknown field; expected names, matrix, tolerance, games');
    expect(problem([0.5])).toMatch(/^: expected \{ names/);
    expect(isLevelTargetProblem(parseLevelTarget(good, [], 'nolevels'))).toBe(true);
  });
});

describe('the level cells as targets', () => {
  const three: LevelTarget = { names: ['random', 'novice', 'skilled'], matrix: [[null, 0.3, 0.1], [0.7, null, 0.25], [0.9, 0.75, null]], tolerance: 0.05 };

  it('one band per ordered cell, each pair of levels played once', () => {
    expect(levelPairs(three)).toEqual([['random', 'novice'], ['random', 'skilled'], ['novice', 'skilled']]);
    const cells = levelCellAssertions(three);
    expect(cells.map((c) => c.path)).toEqual(['levels.random vs novice.winRate', 'levels.random vs skilled.winRate', 'levels.novice vs random.winRate', 'levels.novice vs skilled.winRate', 'levels.skilled vs random.winRate', 'levels.skilled vs novice.winRate']);
    const band = (i: number) => {
      const c = cells[i]!.condition;
      return c.kind === 'band' ? [c.low, c.high].map((x) => Math.round(x * 1e9) / 1e9) : null;
    };
    expect(band(1)).toEqual([0.05, 0.15]);
    expect(band(4)).toEqual([0.85, 0.95]);
    expect(cells[4]!.text).toBe('0.9 ± 0.05');
  });

  it('the loss sums every cell: squared distance outside its band, from the pairings\u2019 wins over all games', () => {
    // random vs novice: novice wins 70 of 100 (in band); random vs skilled: random 10, skilled 80, 10 draws;
    // novice vs skilled: novice 40, skilled 60 (want 0.25 / 0.75).
    const table = levelTable([
      { a: 'random', b: 'novice', result: { games: 100, aWins: 30, bWins: 70, draws: 0, capped: 0 } },
      { a: 'random', b: 'skilled', result: { games: 100, aWins: 10, bWins: 80, draws: 10, capped: 0 } },
      { a: 'novice', b: 'skilled', result: { games: 100, aWins: 40, bWins: 60, draws: 0, capped: 0 } },
    ]);
    const { judged, loss } = judgeTargets(levelCellAssertions(three), withLevelTable(null, table));
    const est = Object.fromEntries(judged.results.flatMap((r) => r.values.map((v) => [v.what, v.estimate])));
    expect(est).toEqual({
      'levels.random vs novice.winRate': 0.3,
      'levels.random vs skilled.winRate': 0.1,
      'levels.novice vs random.winRate': 0.7,
      'levels.novice vs skilled.winRate': 0.4,
      'levels.skilled vs random.winRate': 0.8,
      'levels.skilled vs novice.winRate': 0.6,
    });
    // Outside: skilled over random 0.8 vs [0.85, 0.95]: 0.05; novice over skilled 0.4 vs [0.2, 0.3]: 0.1; skilled over novice 0.6 vs [0.7, 0.8]: 0.1.
    expect(loss).toBeCloseTo(0.05 ** 2 + 0.1 ** 2 + 0.1 ** 2, 12);
    // Every cell in its band: no loss.
    const met = levelTable([
      { a: 'random', b: 'novice', result: { games: 100, aWins: 30, bWins: 70, draws: 0, capped: 0 } },
      { a: 'random', b: 'skilled', result: { games: 100, aWins: 10, bWins: 90, draws: 0, capped: 0 } },
      { a: 'novice', b: 'skilled', result: { games: 100, aWins: 25, bWins: 75, draws: 0, capped: 0 } },
    ]);
    expect(judgeTargets(levelCellAssertions(three), withLevelTable(null, met)).loss).toBe(0);
  });
});
