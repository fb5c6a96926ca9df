/**
 * The optional pair `countActions` / `actionAt` (src/sim/types.ts), for every game that offers
 * it: in every position of seeded games, shipped scenarios and rule variants that change the move
 * set, the count is `legalActions`' n and `actionAt(k)` is its k-th action for every k; and games
 * played through the pair (the engine's path for the uniform `random` policy) are the games
 * played through the list, move for move and draw for draw.
 */
import { describe, it, expect } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '../../src/games/index.js';
import { loadScenario } from '../../src/sim/scenario/load.js';
import { registry } from '../../src/registry.js';
import { GameRunner } from '../../src/sim/batch.js';
import type { StepObserver } from '../../src/sim/engine.js';
import type { AnyGameModule, GameState } from '../../src/sim/types.js';
import type { Plan } from '../../src/sim/scenario/types.js';
import type { SquishState } from '../../src/games/squish/state.js';
import { isDirectionAction, actionPush, actionShard } from '../../src/games/squish/actions.js';
import { planOf } from '../helpers/plans.js';
import { stateDifference } from '../helpers/state-equal.js';

/** Positions checked per config (every k of each); games stop once the budget is spent. */
const POSITION_BUDGET = 6_000;
const GAMES_COMPARED = 6;

/** The module with its pair counted, so a test can tell which path the engine took. */
function counting(game: AnyGameModule): { game: AnyGameModule; calls: { count: number } } {
  const calls = { count: 0 };
  const countActions = (state: GameState): number => {
    calls.count++;
    return game.countActions!(state);
  };
  return { game: { ...game, countActions }, calls };
}

function runnerOf(game: AnyGameModule, plan: Plan): GameRunner {
  const available = registry.policiesFor(game);
  return new GameRunner(game, plan, plan.seats.map((seat) => available[seat.policy]!));
}

/** Play games under an observer (the list path) and check the pair in every position; the positions checked. */
function checkPositions(game: AnyGameModule, plan: Plan): { positions: number; actions: number[] } {
  const runner = runnerOf(game, plan);
  const seen: number[] = [];
  let positions = 0;
  const observer: StepObserver = {
    beforeMove: (s, actions, n) => {
      positions++;
      const counted = game.countActions!(s);
      if (counted !== n) throw new Error(`turn ${s.turns}: countActions ${counted}, legalActions ${n}`);
      for (let k = 0; k < n; k++) {
        const action = game.actionAt!(s, k);
        if (action !== actions[k]) throw new Error(`turn ${s.turns}: actionAt(${k}) = ${action}, legalActions wrote ${actions[k]} (of ${n})`);
        seen.push(action);
      }
    },
    afterMove: () => {},
  };
  for (let i = 0; positions < POSITION_BUDGET && i < 500; i++) runner.play(i, observer);
  return { positions, actions: seen };
}

/** Play the same games with the pair (no observer) and with the list (a no-op observer): identical. */
function checkSameGames(game: AnyGameModule, plan: Plan): number {
  const { game: counted, calls } = counting(game);
  const fast = runnerOf(counted, plan);
  const listed = runnerOf(counted, plan);
  const noop: StepObserver = { beforeMove: () => {}, afterMove: () => {} };
  const before = calls.count;
  for (let i = 0; i < GAMES_COMPARED; i++) {
    const a = fast.play(i);
    const drawsA = fast.rng.next();
    const fastCalls = calls.count;
    const b = listed.play(i, noop);
    const drawsB = listed.rng.next();
    expect(calls.count, 'an observed game does not count its actions').toBe(fastCalls);
    expect(stateDifference(a, b), `game ${i}`).toBeNull();
    expect(drawsA, `game ${i}: the rng is at the same place after the game`).toBe(drawsB);
  }
  return calls.count - before;
}

const offering = Object.values(games).filter((g) => g.countActions !== undefined || g.actionAt !== undefined);

it('a game offers both countActions and actionAt or neither', () => {
  for (const game of offering) expect([game.id, game.countActions !== undefined, game.actionAt !== undefined]).toEqual([game.id, true, true]);
});

for (const game of offering) {
  describe(`countActions and actionAt: ${game.id}`, () => {
    const dir = join('scenarios', game.id);
    const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f));
    for (const file of files) {
      it(`match legalActions in every position of ${file}`, () => {
        expect(checkPositions(game, loadScenario(join(dir, file), registry, {})).positions).toBeGreaterThan(0);
      });
    }
    for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
      it(`match legalActions with ${players} random players`, () => {
        expect(checkPositions(game, planOf({ game: game.id, players })).positions).toBeGreaterThan(0);
      });
    }
    it('play the same games as the list, and the random policy takes them', () => {
      expect(checkSameGames(game, planOf({ game: game.id, players: 3 }))).toBeGreaterThan(0);
    });
    it('are not used for the epsilon wrapper, which plays p = 1 through the list as random does', () => {
      const { game: counted, calls } = counting(game);
      const wrapped = runnerOf(counted, planOf({ game: game.id, players: 2, seats: [{ policy: 'random', epsilon: 1 }] }));
      const plain = runnerOf(counted, planOf({ game: game.id, players: 2 }));
      for (let i = 0; i < GAMES_COMPARED; i++) {
        const before = calls.count;
        const a = wrapped.play(i);
        expect(calls.count, 'epsilon asks for the list').toBe(before);
        const copy = counted.createState(wrapped.plan.rules, 2);
        counted.copy(copy, a);
        expect(stateDifference(copy, plain.play(i)), `game ${i}`).toBeNull();
      }
      expect(calls.count).toBeGreaterThan(0);
    });
  });
}

describe('countActions and actionAt: squish move sets', () => {
  const squish = games.squish!;
  const variants: Record<string, Record<string, unknown>> = {
    'advanced, cumulative forces, simultaneous resolution, 6 players': { mode: 'advanced', forces: 'cumulative', resolution: 'simultaneous' },
    'advanced, last marker standing, 8 players': { mode: 'advanced', objective: 'last-marker-standing' },
    'advanced on a 7 x 7 board, 5 players': { mode: 'advanced', width: 7, height: 7, blocks: [{ x: 1, y: 1, w: 2, h: 2, number: 1 }, { x: 4, y: 4, w: 2, h: 2, number: 2 }] },
    'simple on a 20 x 9 board, 8 players': { width: 20, height: 9 },
  };
  const players = [6, 8, 5, 8];
  Object.entries(variants).forEach(([name, rules], v) => {
    it(`match legalActions, pushes and shard collections included: ${name}`, () => {
      const plan = planOf({ game: 'squish', players: players[v], rules: { setup: 'random', ...rules } });
      const { actions } = checkPositions(squish, plan);
      const s = squish.createState(plan.rules, plan.players) as SquishState;
      const moves = actions.filter((a) => !isDirectionAction(a, s.blockCount, s.squares));
      expect(moves.length, 'some direction choices').toBeLessThan(actions.length);
      expect(moves.some((a) => actionPush(a) !== 0), 'some pushes').toBe(true);
      if (s.advanced) expect(moves.some((a) => actionShard(a, s.squares) !== 0), 'some shard collections').toBe(true);
      expect(checkSameGames(squish, plan)).toBeGreaterThan(0);
    });
  });
});
