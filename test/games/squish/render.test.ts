/** Squish! traces (render, describeAction) and determinism: the same seed plays the same game. */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { PHASE_MOVE } from '../../../src/games/squish/state.js';
import { moveTo } from '../../../src/games/squish/markers.js';
import { replayTrace } from '../../../src/cli/commands/replay.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { planOf } from '../../helpers/plans.js';
import { board, roll } from './position.js';

describe('render', () => {
  it("draws the board and tells the last roll event by event (the seed's example 3)", () => {
    const s = board({
      rules: { mode: 'advanced', width: 10 },
      blocks: [
        [1, 4, 2, 2],
        [4, 4, 2, 2],
        [6, 4, 2, 2],
        [1, 8, 2, 2],
      ],
      starts: [
        [0, 11],
        [9, 11],
      ],
      markers: [
        [8, 4],
        [9, 11],
      ],
    });
    roll(s, 1, 3, 6);
    const text = squish.render(s);
    expect(text).toContain(
      'roll: seat 0 (A) rolled 3 (E), force 6, block 1: block 1 starts E with force 6 at (1, 4); block 1 hits block 2 with 5 E; ' +
        'block 1 bounces E -> W off block 2 with 5 left; block 1 bounces W -> E off the wall with 3 left; ' +
        'block 1 hits block 2 with 1 E, no effect (already hit); block 1 bounces E -> W off block 2 with 1 left; block 1 stops at (1, 4); ' +
        'block 2 is blocked E and passes 5 on to block 3; block 2 hits block 3 with 5 E; block 3 starts E with force 5 at (6, 4); ' +
        'block 3 squishes A at (9, 4); block 3 bounces E -> W off the wall with 3 left; block 3 hits block 2 with 1 W, no effect (already moved); ' +
        'block 3 bounces W -> E off block 2 with 1 left; block 3 stops at (7, 4) [11 steps, 5 bounces, 4 hits, 2 blocks moved; squished A]',
    );
    expect(text).toContain(
      ['############', '#..........#', '#..........#', '#..........#', '#..........#', '#.11.22.33.#', '#.11.22.33.#'].join('\n  '),
    );
    expect(text).toContain('shards: A ---- | B ----');
  });

  it('names the decision', () => {
    const s = board({ players: 3, starts: [[0, 11], [5, 0], [11, 5]], markers: [[4, 9], [5, 9], [11, 5]] });
    s.phase = PHASE_MOVE;
    s.mp = 2;
    expect(squish.describeAction(s, moveTo(s, 5, 9, 4))).toBe('seat 0 (A) moves (4, 9) -> (5, 9), pushing seat 1 (B) SE (2 MP)');
    const t = board({ rules: { mode: 'advanced' }, starts: [[0, 0], [11, 11]], markers: [[1, 1], [11, 11]] });
    t.phase = PHASE_MOVE;
    t.mp = 1;
    expect(squish.describeAction(t, moveTo(t, 1, 1, 0, 1))).toBe('seat 0 (A) stays at (1, 1), collecting shard 1 (1 MP)');
  });
});

describe('determinism', () => {
  it('the same scenario, seed and game index replay the same game, move by move', () => {
    for (const file of ['scenarios/squish/simple.yaml', 'scenarios/squish/advanced-simultaneous.yaml']) {
      const a = replayTrace(file, { game: '3', checkInvariants: true });
      const b = replayTrace(file, { game: '3' });
      expect(a).toBe(b);
      expect(a).toMatch(/result: /);
      expect(replayTrace(file, { game: '4' })).not.toBe(a);
    }
  });

  it('results do not depend on which games were played before in the same worker state', () => {
    const plan = planOf({ game: 'squish', players: 4, rules: { mode: 'advanced', maxTurns: 300 }, seats: [{ policy: 'seeker' }, { policy: 'random' }, { policy: 'safe' }, { policy: 'bully' }] });
    const fresh = (i: number) => {
      const s = createRunner(plan).play(i);
      return [s.winner, s.turns, s.capped];
    };
    const runner = createRunner(plan);
    const sequence = [5, 2, 9].map((i) => {
      const s = runner.play(i);
      return [s.winner, s.turns, s.capped];
    });
    expect(sequence).toEqual([5, 2, 9].map(fresh));
  });
});
