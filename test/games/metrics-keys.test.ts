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
import type { SquirmishState } from '../../src/games/squirmish/state.js';
import { GAME_COUNTERS, SEAT_COUNTERS, G_ATTACKS, G_HEALING, S_KOED, S_VICTORY } from '../../src/games/squirmish/counters.js';

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

describe('Squirmish counters by name', () => {
  it('reads each of the state’s counter slots exactly once, the slot its name says', () => {
    const plan = loadScenario('scenarios/squirmish/classic-greedy.yaml', registry, { games: 1 });
    const runner = createRunner(plan);
    const s = runner.play(0) as SquirmishState;
    s.gameCounters.forEach((_, i) => (s.gameCounters[i] = 1000 + i));
    s.seatCounters.forEach((_, i) => (s.seatCounters[i] = 1000 + i));
    const metrics = runner.game.metrics;
    const counters = new Float64Array(metrics.counters.length);
    const seat = new Float64Array(metrics.seatCounters.length * plan.players);
    metrics.record(s, counters, seat);
    expect(metrics.counters.length).toBe(GAME_COUNTERS);
    expect([...counters].sort((a, b) => a - b)).toEqual(Array.from({ length: GAME_COUNTERS }, (_, i) => 1000 + i));
    const at = (name: string) => metrics.counters.findIndex((c) => c.name === name);
    expect(counters[at('attacks')]).toBe(1000 + G_ATTACKS);
    expect(counters[at('healing')]).toBe(1000 + G_HEALING);
    const seatAt = (name: string) => metrics.seatCounters.findIndex((c) => c.name === name);
    expect(seat[SEAT_COUNTERS + seatAt('cardsLost')]).toBe(1000 + SEAT_COUNTERS + S_KOED);
    expect(seat[SEAT_COUNTERS + seatAt('victoryPile')]).toBe(s.victoryLen[1]);
    const fromSlots = Array.from(seat.subarray(0, SEAT_COUNTERS)).filter((_, k) => k !== seatAt('victoryPile'));
    const slots = Array.from({ length: SEAT_COUNTERS }, (_, k) => k).filter((k) => k !== S_VICTORY);
    expect(fromSlots.sort((a, b) => a - b)).toEqual(slots.map((k) => 1000 + k));
  });
});
