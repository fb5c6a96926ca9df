/**
 * The replay scenes (GameModule.scene): plain JSON data that describes the position, and for
 * Squish! a bounce path rebuilt from the roll's events that is geometrically possible — every
 * leg along one of the eight directions, every corner on the board, ending where the block stopped.
 */
import { describe, it, expect } from 'vitest';
import { replayRecord } from '../../src/cli/commands/replay.js';
import { drawSteps } from '../../src/replay/draw/index.js';
import type { SquishScene } from '../../src/games/squish/scene.js';
import type { WormsScene } from '../../src/games/worms/scene.js';
import type { SquirmishScene } from '../../src/games/squirmish/scene.js';
import type { SquallScene } from '../../src/games/squall/scene.js';

describe('Squish! scene', () => {
  it.each([
    ['scenarios/squish/simple.yaml', '0'],
    ['scenarios/squish/advanced.yaml', '25'],
  ])('%s game %s: every bounce path is a chain of compass legs on the board ending at the block', (scenario, game) => {
    const r = replayRecord(scenario, { game });
    let legs = 0;
    r.steps.forEach((step, i) => {
      const sc = step.scene as SquishScene;
      expect(JSON.parse(JSON.stringify(sc))).toEqual(sc);
      for (const path of sc.paths) {
        const b = sc.blocks[path.block - 1]!;
        for (const [x, y] of path.points) {
          expect(x, `step ${i} block ${path.block}`).toBeGreaterThanOrEqual(0);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(x + b.w).toBeLessThanOrEqual(sc.width);
          expect(y + b.h).toBeLessThanOrEqual(sc.height);
        }
        for (let k = 1; k < path.points.length; k++) {
          const dx = path.points[k]![0] - path.points[k - 1]![0];
          const dy = path.points[k]![1] - path.points[k - 1]![1];
          expect(dx === 0 || dy === 0 || Math.abs(dx) === Math.abs(dy), `step ${i} block ${path.block} leg ${k}: (${dx}, ${dy})`).toBe(true);
          legs++;
        }
      }
      // The last path of a block in the step ends where the block now stands (unless it moved again in a later roll of the same step).
      const lastOf = new Map(sc.paths.map((p) => [p.block, p]));
      for (const [block, path] of lastOf) {
        const [x, y] = path.points[path.points.length - 1]!;
        expect([x, y], `step ${i} block ${block}`).toEqual([sc.blocks[block - 1]!.x, sc.blocks[block - 1]!.y]);
      }
    });
    expect(legs).toBeGreaterThan(10);
  });
});

describe('Worms and Squirmish scenes', () => {
  it('Worms: every card of the deal is in a worm, the deck or the discard pile at every step', () => {
    const r = replayRecord('scenarios/worms/random-2p.yaml', { game: '3' });
    const count = (sc: WormsScene) => sc.deck + sc.discard + sc.seats.reduce((n, seat) => n + seat.worms.reduce((m, w) => m + w.length, 0), 0);
    const total = count(r.steps[0]!.scene as WormsScene);
    expect(total).toBe(52);
    for (const step of r.steps) expect(count(step.scene as WormsScene)).toBe(total);
  });

  it('Squirmish: each card on the grid has its HP left within 0..HP and its own square', () => {
    const r = replayRecord('scenarios/squirmish/classic-greedy.yaml', { game: '2' });
    let seen = 0;
    for (const step of r.steps) {
      const sc = step.scene as SquirmishScene;
      const squares = new Set(sc.cards.map((c) => `${c.col},${c.row}`));
      expect(squares.size).toBe(sc.cards.length);
      for (const c of sc.cards) {
        expect(c.hpLeft).toBeGreaterThanOrEqual(0);
        expect(c.hpLeft).toBeLessThanOrEqual(c.hp);
        expect(c.col).toBeLessThan(sc.cols);
        expect(c.row).toBeLessThan(sc.rows);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(50);
  });
});

describe('Squall scene', () => {
  it('bases stand on the table, facings are unit vectors, and each shot is drawn with the cover the log gives it', () => {
    const r = replayRecord('scenarios/squall/sniper-vs-brawler-ruins.yaml', { game: '0' });
    const kinds = new Set<string>();
    r.steps.forEach((step, i) => {
      const sc = step.scene as SquallScene;
      expect(sc.obstacles.length).toBe(7);
      for (const c of sc.characters.filter((c) => c.onTable)) {
        expect(c.x - c.r, `step ${i} ${c.name}`).toBeGreaterThanOrEqual(-1e-9);
        expect(c.x + c.r).toBeLessThanOrEqual(sc.width + 1e-9);
        expect(c.y - c.r).toBeGreaterThanOrEqual(-1e-9);
        expect(c.y + c.r).toBeLessThanOrEqual(sc.height + 1e-9);
        expect(Math.hypot(c.fx, c.fy)).toBeCloseTo(1, 6);
      }
      for (const a of sc.attacks) {
        kinds.add(a.kind);
        const line = sc.log.find((l) => l.startsWith(`${sc.characters[a.from]!.name} shoots ${sc.characters[a.to]!.name}`) || l.includes('in melee'));
        expect(line, `step ${i}`).toBeDefined();
        if (a.kind === 'covered') expect(line).toContain('(covered)');
        if (a.kind === 'clear') expect(line).not.toContain('covered');
      }
    });
    expect([...kinds].sort()).toEqual(['clear', 'covered', 'melee']);
  });
});

describe('Squall drawing across steps', () => {
  it("keeps the turn's last move drawn, faded, in the later steps of that turn only", () => {
    const r = replayRecord('scenarios/squall/sniper-vs-brawler-ruins.yaml', { game: '0' });
    const svgs = drawSteps('squall', r.steps, r.seats);
    let carried = 0;
    let movedEarlier = false;
    r.steps.forEach((step, i) => {
      const sc = step.scene as SquallScene;
      if (i > 0 && step.move?.turn !== r.steps[i - 1]!.move?.turn) movedEarlier = false;
      const faded = svgs[i]!.includes("stroke-dasharray='6 4' opacity='0.5'");
      expect(faded, `step ${i}`).toBe(sc.moves.length === 0 && movedEarlier);
      if (faded) carried++;
      if (sc.moves.length) movedEarlier = true;
    });
    expect(carried).toBeGreaterThan(5);
  });
});
