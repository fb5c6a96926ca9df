/**
 * Each game's standing (src/games/<id>/standing.ts; the "Standing" section of its rules doc) on
 * crafted positions where the score is known, and on finished games: the winner is never behind
 * at the end where the standing tracks the win condition.
 */
import { describe, it, expect } from 'vitest';
import type { AnyGameModule, GameState } from '../../src/sim/types.js';
import { worms } from '../../src/games/worms/index.js';
import { squish } from '../../src/games/squish/index.js';
import { squirmish } from '../../src/games/squirmish/index.js';
import { squall } from '../../src/games/squall/index.js';
import { position as wormsPosition } from './worms/position.js';
import { board } from './squish/position.js';
import { position as squirmishPosition } from './squirmish/position.js';
import { position as squallPosition, rules as squallRules } from './squall/position.js';
import { createRunner } from '../../src/runner/create-runner.js';
import { planOf } from '../helpers/plans.js';

function scores(game: AnyGameModule, s: GameState): number[] {
  const out = new Float64Array(s.players + 2).fill(-1);
  game.standing!.score(s, out, 1); // at an offset, as the recorder writes rows
  expect(out[0]).toBe(-1);
  expect(out[s.players + 1]).toBe(-1);
  return Array.from(out.subarray(1, s.players + 1));
}

describe('Worms standing: share of the cards in living worms', () => {
  it('counts every card of every living worm', () => {
    const s = wormsPosition({ worms: [['5 6 7', '8', ''], ['2 3', '', ''], ['', '', '']] });
    expect(scores(worms, s)).toEqual([4 / 6, 2 / 6, 0]);
  });
});

describe('Squish standing', () => {
  it('simple game: the share of the markers on the board, 0 for a squished seat', () => {
    const s = board({ players: 3, starts: [[0, 0], [11, 0], [0, 11]], markers: [[0, 0], null, [0, 11]] });
    expect(scores(squish, s)).toEqual([0.5, 0, 0.5]);
  });

  it('advanced game: the share of the shards held', () => {
    const s = board({ rules: { mode: 'advanced' }, players: 2 });
    s.held[0] = 0b0101;
    s.held[1] = 0b1000;
    expect(scores(squish, s)).toEqual([0.5, 0.25]);
  });

  it('last marker standing: (1 + shards) / (blocks + 1) on the board, 0 when squished out', () => {
    const s = board({ rules: { mode: 'advanced', objective: 'last-marker-standing' }, players: 3 });
    s.held[0] = 0b0011;
    s.held[1] = 0b1111;
    s.held[2] = 0;
    s.markerCell[1] = -1; // squished out: its shards do not count
    expect(scores(squish, s)).toEqual([3 / 5, 0, 1 / 5]);
  });
});

describe('Squirmish standing: victory pile first, then half the share of the HP left in play', () => {
  it('scores (prizes + 1/2 HP share) / (victoryTarget + 1/2)', () => {
    // Plain1 (5 HP, 2 damage: 3 left) for seat 0, Plain6 (8 HP) for seat 1; seat 0 holds one prize.
    const s = squirmishPosition({ grid: [['Plain1', 0, 0, 0, 2], ['Plain6', 1, 1, 0]], victory: [['Plain2'], []] });
    const [a, b] = scores(squirmish, s);
    expect(a).toBeCloseTo((1 + 0.5 * (3 / 11)) / 3.5, 12);
    expect(b).toBeCloseTo((0 + 0.5 * (8 / 11)) / 3.5, 12);
  });

  it('never lets HP outweigh a knock-out', () => {
    const s = squirmishPosition({ grid: [['Plain1', 0, 0, 0, 4], ['Plain26', 1, 1, 0]], victory: [['Plain2'], []] });
    const [a, b] = scores(squirmish, s);
    expect(a).toBeGreaterThan(b!);
  });
});

describe('Squall standing: HP left as a share of the team\u2019s starting HP', () => {
  it('counts living characters only', () => {
    const s = squallPosition(squallRules(), [
      { x: 2, y: 2, hp: 5 },
      { x: 8, y: 8 },
    ]);
    expect(scores(squall, s)).toEqual([5 / 20, 1]);
    s.alive[1] = 0;
    expect(scores(squall, s)).toEqual([5 / 20, 0]);
  });
});

describe('the winner is never behind at the end of a finished game', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['worms', { game: 'worms', players: 3 }],
    ['squirmish', { game: 'squirmish', players: 2 }],
    ['squall', { game: 'squall', players: 2 }],
    ['squish simple', { game: 'squish', players: 3 }],
    ['squish last marker standing', { game: 'squish', players: 3, rules: { mode: 'advanced', objective: 'last-marker-standing' } }],
  ];
  for (const [name, data] of cases) {
    it(name, () => {
      const runner = createRunner(planOf({ ...data, games: 40 }));
      let decided = 0;
      for (let i = 0; i < 40; i++) {
        const s = runner.play(i);
        if (s.winner < 0 || s.capped) continue;
        decided++;
        const v = scores(runner.game, s);
        for (let p = 0; p < s.players; p++) expect(v[s.winner]!, `game ${i}, seat ${p}`).toBeGreaterThanOrEqual(v[p]!);
        for (const x of v) expect(x >= 0 && x <= 1).toBe(true);
      }
      expect(decided).toBeGreaterThan(20);
    });
  }
});
