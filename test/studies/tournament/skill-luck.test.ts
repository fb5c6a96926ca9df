/** Skill and luck across listed skill levels (issue 23 item 2): the shares, draws beside, and the order check against the ratings. */
import { describe, it, expect } from 'vitest';
import { skillAndLuck, skillLuckLines } from '../../../src/studies/tournament/skill-luck.js';

const square = (rows: number[][]) => rows;

describe('skill and luck', () => {
  // Listed weakest first: a, b, c. 100 games per pairing; b over a: 60 won, 30 lost, 10 drawn;
  // c over b: 50-40 with 5 drawn and 5 capped; c over a: 90-10.
  const wins = square([
    [0, 30, 10],
    [60, 0, 40],
    [90, 50, 0],
  ]);
  const draws = square([
    [0, 10, 0],
    [10, 0, 5],
    [0, 5, 0],
  ]);
  const capped = square([
    [0, 0, 0],
    [0, 0, 5],
    [0, 5, 0],
  ]);
  const games = square([
    [0, 100, 100],
    [100, 0, 100],
    [100, 100, 0],
  ]);

  it('each level against the one listed before it, then the last against the first; draws and capped games beside, in neither share', () => {
    const ratings = [
      { name: 'a', interval: [0, 0] as [number, number] },
      { name: 'b', interval: [50, 150] as [number, number] },
      { name: 'c', interval: [120, 250] as [number, number] },
    ];
    const rows = skillAndLuck({ names: ['a', 'b', 'c'], wins, draws, capped, games, ratings });
    expect(rows.map((r) => [r.stronger, r.weaker, r.kind])).toEqual([
      ['b', 'a', 'adjacent'],
      ['c', 'b', 'adjacent'],
      ['c', 'a', 'extremes'],
    ]);
    // Skill: of decided games (60 of 90); luck: of all games (30 of 100).
    expect(rows[0]!.skill).toBeCloseTo(60 / 90, 12);
    expect(rows[0]!.upsets).toBeCloseTo(0.3, 12);
    expect(rows[0]!.draws).toBe(10);
    expect(rows[1]!.skill).toBeCloseTo(50 / 90, 12);
    expect(rows[1]!.upsets).toBeCloseTo(0.4, 12);
    expect(rows[1]!.capped).toBe(5);
    expect(rows[1]!.skillInterval[0]).toBeLessThan(rows[1]!.skill);
    // b's and c's rating intervals overlap: the listed order of c over b is not confirmed, and says so.
    expect(rows.map((r) => r.order)).toEqual(['confirmed', 'not confirmed', 'confirmed']);
    expect(skillLuckLines(rows).slice(1)).toEqual(['The listed order of c over b is NOT confirmed: their rating intervals overlap, so "stronger" here is only the listed order.']);
  });

  it('an order the ratings reverse is named as reversed', () => {
    const ratings = [
      { name: 'a', interval: [0, 0] as [number, number] },
      { name: 'b', interval: [-200, -100] as [number, number] },
    ];
    const rows = skillAndLuck({ names: ['a', 'b'], wins: [[0, 30], [60, 0]], draws: [[0, 10], [10, 0]], capped: [[0, 0], [0, 0]], games: [[0, 100], [100, 0]], ratings });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.order).toBe('reversed');
    expect(skillLuckLines(rows)[1]).toMatch(/^The ratings REVERSE the listed order of b over a/);
  });
});
