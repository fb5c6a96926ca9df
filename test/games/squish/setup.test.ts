/**
 * Squish! boards as scenario data: the rules doc's default layouts, and bad boards rejected by
 * the scenario loader with a message naming the field (the module's checkSetup).
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planOf } from '../../helpers/plans.js';
import { loadScenario } from '../../../src/sim/scenario/load.js';
import { registry } from '../../../src/registry.js';
import { ScenarioError } from '../../../src/sim/scenario/errors.js';
import { squishRulesSchema, layoutOf, defaultStarts } from '../../../src/games/squish/params.js';
import { squish } from '../../../src/games/squish/index.js';
import { boardText } from '../../../src/games/squish/render.js';
import { setupBoard } from '../../../src/games/squish/rules.js';
import { Rng } from '../../../src/sim/rng.js';

const rejects = (rules: Record<string, unknown>, players = 2): { field: string; problem: string } => {
  try {
    planOf({ game: 'squish', players, rules });
  } catch (e) {
    if (e instanceof ScenarioError) return { field: e.field, problem: e.problem };
    throw e;
  }
  throw new Error('accepted');
};
const block = (x: number, y: number, w = 2, h = 2, number?: number) => ({ x, y, w, h, ...(number ? { number } : {}) });

describe('default boards', () => {
  it('simple: one block exactly in the middle of a 12 x 12 board (4 x 4: a 3 x 3 cannot be centred there)', () => {
    const L = layoutOf(squishRulesSchema.parse({}), 4);
    expect(L.blocks.map((b) => [b.x, b.y, b.w, b.h, b.number])).toEqual([[4, 4, 4, 4, 1]]);
    expect(layoutOf(squishRulesSchema.parse({ width: 11, height: 13 }), 2).blocks.map((b) => [b.x, b.y, b.w, b.h])).toEqual([[4, 5, 3, 3]]);
  });

  it('simple: every default start square is equally far from the block, for 2 to 8 players on 12 x 12', () => {
    for (let players = 2; players <= 8; players++) {
      const L = layoutOf(squishRulesSchema.parse({}), players);
      const b = L.blocks[0]!;
      // Squares between a start square and the block, king-move (Chebyshev) distance.
      const gap = (p: { x: number; y: number }) => Math.max(b.x - p.x, p.x - (b.x + b.w - 1), b.y - p.y, p.y - (b.y + b.h - 1));
      const gaps = new Set(L.starts.map(gap));
      if (players === 2 || players === 4) expect([...gaps]).toEqual([4]);
      // Spread round the edge by rounding, other counts may use corners; still no start nearer than 4.
      expect(Math.min(...gaps)).toBe(4);
    }
  });

  it('advanced: four 2 x 2 blocks numbered 1-4, one per quadrant, mirror-symmetric', () => {
    const L = layoutOf(squishRulesSchema.parse({ mode: 'advanced' }), 4);
    expect(L.blocks.map((b) => [b.x, b.y, b.number])).toEqual([
      [2, 2, 1],
      [8, 2, 2],
      [2, 8, 3],
      [8, 8, 4],
    ]);
    const s = squish.createState(squishRulesSchema.parse({ mode: 'advanced' }), 4);
    setupBoard(s);
    expect(boardText(s).join('\n')).toBe(
      [
        '##############',
        '#.....a......#',
        '#............#',
        '#..11....22..#',
        '#..11....22..#',
        '#............#',
        '#...........b#',
        '#d...........#',
        '#............#',
        '#..33....44..#',
        '#..33....44..#',
        '#............#',
        '#......c.....#',
        '##############',
      ].join('\n').replace(/[a-d]/g, (c) => c.toUpperCase()),
    );
  });

  it('start squares spread evenly clockwise round the edge for 2-8 players', () => {
    expect(defaultStarts(12, 12, 2)).toEqual([
      { x: 5, y: 0 },
      { x: 6, y: 11 },
    ]);
    expect(defaultStarts(12, 12, 4)).toEqual([
      { x: 5, y: 0 },
      { x: 11, y: 5 },
      { x: 6, y: 11 },
      { x: 0, y: 6 },
    ]);
    for (let players = 2; players <= 8; players++) {
      for (const mode of ['simple', 'advanced']) expect(squish.checkSetup!(squishRulesSchema.parse({ mode }), players)).toBeNull();
      const starts = defaultStarts(12, 12, players);
      expect(new Set(starts.map((s) => `${s.x},${s.y}`)).size).toBe(players);
    }
  });

  it('the schema caps the board at 64 x 64 and 8 blocks', () => {
    expect(rejects({ width: 65 })).toEqual({ field: 'rules.width', problem: 'expected a value of at most 64, found 65' });
    expect(rejects({ height: 3 }).field).toBe('rules.height');
    expect(rejects({ blocks: Array.from({ length: 9 }, (_, i) => block(i, 5, 1, 1)) }).field).toBe('rules.blocks');
    expect(() => planOf({ game: 'squish', players: 8, rules: { width: 64, height: 64, mode: 'advanced' } })).not.toThrow();
  });
});

describe('bad boards are rejected with the field named', () => {
  it('overlapping blocks', () => {
    expect(rejects({ mode: 'advanced', blocks: [block(4, 4), block(5, 5), block(8, 8), block(1, 8)] })).toEqual({
      field: 'rules.blocks[1]',
      problem: 'overlaps block 0 at (5, 5)',
    });
  });

  it('a block larger than the board, or running off it', () => {
    expect(rejects({ blocks: [block(0, 0, 13, 2)] })).toEqual({ field: 'rules.blocks[0]', problem: 'block 0 is 13 x 2, larger than the 12 x 12 board' });
    expect(rejects({ blocks: [block(10, 4, 3, 3)] })).toEqual({
      field: 'rules.blocks[0]',
      problem: 'block 0 at (10, 4) of size 3 x 3 runs off the 12 x 12 board',
    });
  });

  it('block numbers that are not 1..K, each once', () => {
    expect(rejects({ blocks: [block(1, 1, 2, 2, 2), block(6, 6, 2, 2, 2)] })).toEqual({
      field: 'rules.blocks[1].number',
      problem: 'is 2, the same as block 0; blocks must be numbered 1-2, each once',
    });
    expect(rejects({ blocks: [block(1, 1, 2, 2, 3), block(6, 6)] }).field).toBe('rules.blocks[0].number');
  });

  it('start squares off the board, under a block, off the edge, or taken twice', () => {
    expect(rejects({ starts: [{ x: 0, y: 0 }, { x: 12, y: 3 }] })).toEqual({ field: 'rules.starts[1]', problem: '(12, 3) is off the 12 x 12 board' });
    expect(rejects({ blocks: [block(0, 4, 3, 3)], starts: [{ x: 5, y: 0 }, { x: 0, y: 5 }] })).toEqual({
      field: 'rules.starts[1]',
      problem: '(0, 5) is under block 0',
    });
    expect(rejects({ starts: [{ x: 5, y: 0 }, { x: 5, y: 5 }] })).toEqual({
      field: 'rules.starts[1]',
      problem: '(5, 5) is not on the edge of the 12 x 12 board; start squares lie along the walls',
    });
    expect(rejects({ starts: [{ x: 5, y: 0 }, { x: 0, y: 5 }, { x: 5, y: 0 }] }, 3)).toEqual({
      field: 'rules.starts[2]',
      problem: '(5, 0) is the same square as start 0',
    });
  });

  it('too few start squares for the players', () => {
    expect(rejects({ starts: [{ x: 5, y: 0 }, { x: 0, y: 5 }] }, 3)).toEqual({
      field: 'rules.starts',
      problem: '2 start square(s) for 3 players; give at least one per player',
    });
  });

  it('a default layout that does not fit a small board', () => {
    const e = rejects({ width: 4, height: 4 });
    expect(e.field).toBe('rules.starts');
    expect(e.problem).toMatch(/under default block 1/);
  });

  it('a scenario file reports the file, the field and a line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'squish-setup-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      ['game: squish', 'seats:', '  - policy: random', '  - policy: random', 'rules:', '  blocks:', '    - { x: 4, y: 4, w: 2, h: 2 }', '    - { x: 5, y: 5, w: 2, h: 2 }', ''].join('\n'),
    );
    try {
      expect(() => loadScenario(file, registry)).toThrow(/bad\.yaml:\d+: rules\.blocks\[1\]: overlaps block 0 at \(5, 5\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('setup: random', () => {
  const seatSquares = (setup: 'fixed' | 'random', games: number) => {
    const s = squish.createState(squishRulesSchema.parse({ setup }), 4);
    const rng = new Rng();
    const seen = new Set<string>();
    const first = new Set<number>();
    for (let g = 0; g < games; g++) {
      rng.seedGame(1, 0, g);
      squish.reset(s, rng);
      for (let p = 0; p < 4; p++) {
        // reset already rolls the first block (it may push markers), so check the assignment itself.
        expect(s.startCell[p]).toBe(s.layoutStartCell[s.startOrder[p]!]);
        seen.add(`${p}:${s.startOrder[p]}`);
      }
      first.add(s.firstSeat);
    }
    return { seen: seen.size, first: first.size };
  };

  it('gives every seat every start square and every seat the first move over a few games', () => {
    expect(seatSquares('random', 200)).toEqual({ seen: 16, first: 4 });
  });

  it('fixed keeps seat i on start square i and seat 0 first', () => {
    expect(seatSquares('fixed', 50)).toEqual({ seen: 4, first: 1 });
  });
});
