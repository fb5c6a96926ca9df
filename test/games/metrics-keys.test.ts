/**
 * Every counter a game declares is written by its `record` (the game kit's keyed counters,
 * src/games/kit/counters.ts: one written but not declared fails to compile). A finished game of
 * each game's shipped scenarios is recorded through counters that note every index written, and
 * every declared index, whole-game and per seat, must be among them, with nothing written past
 * the end. A write counts even when it adds 0, so a counter that is rarely non-zero still passes.
 */
import { describe, it, expect } from 'vitest';
import { games } from '../../src/games/index.js';
import { registry } from '../../src/registry.js';
import { loadScenario } from '../../src/sim/scenario/load.js';
import { createRunner } from '../../src/runner/create-runner.js';
import { defineCounters } from '../../src/games/kit/counters.js';

/** A Float64Array of n zeros that notes each index assigned. */
function noting(n: number): { array: Float64Array; written: Set<number> } {
  const written = new Set<number>();
  const target = new Float64Array(n);
  const array = new Proxy(target, {
    set(t, key, value: number) {
      if (typeof key === 'string' && /^\d+$/.test(key)) written.add(Number(key));
      return Reflect.set(t, key, value);
    },
    get(t, key) {
      const v = Reflect.get(t, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
  return { array, written };
}

const SCENARIOS: Record<string, string> = {
  worms: 'scenarios/worms/sudden-death.yaml',
  squirmish: 'scenarios/squirmish/classic-greedy.yaml',
  squish: 'scenarios/squish/advanced.yaml',
  squall: 'scenarios/squall/duel-open.yaml',
};

describe('keyed metric counters', () => {
  it('names a scenario for every registered game', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(Object.keys(games).sort());
  });

  for (const [id, file] of Object.entries(SCENARIOS)) {
    it(`${id}: record writes every declared counter and seat counter`, () => {
      const plan = loadScenario(file, registry, { games: 1 });
      const runner = createRunner(plan);
      const state = runner.play(0);
      const metrics = runner.game.metrics;
      const counters = noting(metrics.counters.length);
      const seat = noting(metrics.seatCounters.length * plan.players);
      metrics.record(state, counters.array, seat.array);
      const missing = metrics.counters.filter((_, i) => !counters.written.has(i)).map((c) => c.name);
      expect(missing).toEqual([]);
      for (let p = 0; p < plan.players; p++) {
        const k = metrics.seatCounters.length;
        const missingSeat = metrics.seatCounters.filter((_, i) => !seat.written.has(p * k + i)).map((c) => c.name);
        expect(missingSeat, `seat ${p}`).toEqual([]);
      }
      expect(Math.max(...counters.written)).toBeLessThan(metrics.counters.length);
      expect(Math.max(...seat.written)).toBeLessThan(metrics.seatCounters.length * plan.players);
    });
  }

  it('a counter left unwritten is caught', () => {
    const C = defineCounters({ a: 'written', b: 'forgotten' });
    const counters = noting(C.size);
    counters.array[C.at.a]! += 1;
    expect(C.list.filter((_, i) => !counters.written.has(i)).map((c) => c.name)).toEqual(['b']);
  });

  it('keeps the declaration order and refuses integer-like names', () => {
    const C = defineCounters({ zeta: 'z', alpha: 'a', mid: 'm' });
    expect(C.list.map((c) => c.name)).toEqual(['zeta', 'alpha', 'mid']);
    expect(C.at).toEqual({ zeta: 0, alpha: 1, mid: 2 });
    expect(() => defineCounters({ x: 'x', '7': 'seven' })).toThrow(/looks like an integer/);
  });
});
