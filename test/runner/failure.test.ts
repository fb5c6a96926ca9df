/**
 * A game that throws stops the run with its replay key and a command that reproduces it; a
 * worker that fails outside a game is reported, not hung on; neither leaves a result that
 * looks complete.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { worms } from '../../src/games/worms/index.js';
import type { PolicySpec } from '../../src/sim/types.js';
import { GameFailure } from '../../src/sim/batch.js';
import { createRunner } from '../../src/runner/create-runner.js';
import { loadScenario } from '../../src/sim/scenario/load.js';
import { registry } from '../../src/registry.js';
import { cli } from '../helpers/cli.js';

// A policy, known only in this test's thread, that throws on the first move of its 4th game (index 3).
const explode: PolicySpec = {
  description: 'test only: throws on the first move of game 3',
  paramsSchema: z.strictObject({}),
  create: () => {
    let gamesStarted = 0;
    return {
      choose(state) {
        if (state.turns === 0 && ++gamesStarted === 4) throw new Error('boom');
        return 0;
      },
    };
  },
};

let dir: string;
let scenario: string;
beforeAll(() => {
  (worms.policies as Record<string, PolicySpec>).explode = explode;
  dir = mkdtempSync(join(tmpdir(), 'squabble-fail-'));
  scenario = join(dir, 'explode.yaml');
  writeFileSync(scenario, 'game: worms\nseats: [{policy: explode}, {policy: random}]\ngames: 50\nseed: 9\n');
});
afterAll(() => {
  delete (worms.policies as Record<string, PolicySpec>).explode;
  rmSync(dir, { recursive: true, force: true });
});

describe('a game that throws', () => {
  it('is a GameFailure carrying its replay key and turn', () => {
    const runner = createRunner(loadScenario(scenario, registry));
    for (let i = 0; i < 3; i++) runner.play(i);
    let failure: unknown;
    try {
      runner.play(3);
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(GameFailure);
    const f = failure as GameFailure;
    expect(f.key).toMatchObject({ seed: 9, cell: 0, gameIndex: 3 });
    expect([f.kind, f.turn, f.reason]).toEqual(['crash', 0, 'boom']);
    expect(f.detail).toMatch(/Error: boom\n\s+at Object.choose/);
  });

  it('stops the run with exit 3, the replay key and the command, and writes no results', async () => {
    const out = join(dir, 'out');
    const r = await cli('run', scenario, '--workers', '0', '--out', out, '--quiet');
    expect(r.code).toBe(3);
    expect(r.err).toContain('game 3 crashed at turn 0: boom');
    expect(r.err).toMatch(/replay key: scenario [0-9a-f]{16}, seed 9, cell 0, game 3/);
    expect(r.err).toContain(`reproduce with: squabble replay ${scenario} --game 3 --seed "9"`);
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    expect(existsSync(join(out, 'run.json'))).toBe(false);
  });
});

describe('an invariant broken mid-game', () => {
  it('is reported with its replay key under --check-invariants', () => {
    const plan = loadScenario('scenarios/worms/random-2p.yaml', registry, { games: 5 });
    const runner = createRunner(plan);
    const original = worms.checkInvariants;
    worms.checkInvariants = (s) => (s.turns === 7 ? 'a card went missing' : original(s));
    try {
      expect(() => runner.play(2, runner.invariantChecker(2))).toThrow(/game 2 broke an invariant at turn 7: a card went missing/);
    } finally {
      worms.checkInvariants = original;
    }
  });
});

describe('a worker that fails outside a game', () => {
  it('is reported (exit 1) rather than hung on, and nothing is written', async () => {
    // The worker threads load their own registry, which has no `explode` policy.
    const out = join(dir, 'worker');
    const r = await cli('run', scenario, '--workers', '1', '--out', out, '--quiet');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/a worker failed on shard 0 \(games 0-49\), twice: .*explode/);
    expect(existsSync(join(out, 'run.json'))).toBe(false);
  });
});
