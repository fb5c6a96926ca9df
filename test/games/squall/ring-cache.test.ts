/**
 * The World's cache of ring points and routes (src/games/squall/ring-cache.ts): after any change
 * of what they depend on (the enemy's position or facing, the mover's position, which character
 * moves), what a state sharing the warm cache resolves is exactly what a cold World resolves.
 */
import { describe, it, expect } from 'vitest';
import { rules, position, type Placement } from './position.js';
import { OUT_WORDS } from '../../../src/games/squall/route.js';
import { resolveMove, ringPointFree } from '../../../src/games/squall/moves.js';
import { ringCandidate } from '../../../src/games/squall/actions.js';
import { Rng } from '../../../src/sim/rng.js';

const terrain = {
  terrain: {
    obstacles: [
      { shape: 'circle', x: 3, y: 8, radius: 0.7 },
      { shape: 'rect', x: 5.25, y: 5.5, width: 1.5, height: 1 },
      { shape: 'rect', x: 2, y: 4, width: 0.4, height: 3 },
      { shape: 'polygon', points: [[6, 9], [7, 9.5], [6.5, 10.3]] },
    ],
  },
};

describe('ring point and route cache', () => {
  it('answers as a cold World after enemies move and turn, the mover moves, or the mover changes', () => {
    const warmRules = rules(terrain);
    const rng = new Rng();
    rng.seedGame(11, 0, 0);
    const places: Placement[] = [
      { x: 2, y: 2 },
      { x: 9, y: 9, facing: 30 },
    ];
    const warm = position(warmRules, places);
    const xyWarm = new Float64Array(2);
    const xyCold = new Float64Array(2);
    const outWarm = new Float64Array(OUT_WORDS);
    const outCold = new Float64Array(OUT_WORDS);
    let compared = 0;
    let cachedRouteUsed = 0;
    for (let step = 0; step < 120; step++) {
      // Change one thing (or nothing) the cache depends on, in the warm state only.
      const change = rng.int(4);
      const c = rng.int(2);
      if (change === 0) {
        warm.x[c] = 0.5 + 11 * rng.next();
        warm.y[c] = 0.5 + 11 * rng.next();
      } else if (change === 1) {
        const b = 2 * Math.PI * rng.next();
        warm.fx[c] = Math.sin(b);
        warm.fy[c] = Math.cos(b);
      }
      const m = rng.int(2);
      const e = 1 - m;
      // The cold reference: the same position in a World of its own (a new rules object).
      const now = [0, 1].map((i) => ({ x: warm.x[i]!, y: warm.y[i]!, facing: (Math.atan2(warm.fx[i]!, warm.fy[i]!) * 180) / Math.PI }));
      const cold = position(rules(terrain), now);
      for (let i = 0; i < 2; i++) {
        cold.fx[i] = warm.fx[i]!;
        cold.fy[i] = warm.fy[i]!;
      }
      const allowance = 1 + 8 * rng.next();
      for (let k = 0; k < 8; k++) {
        const freeWarm = ringPointFree(warm, m, e, k, xyWarm);
        expect(freeWarm).toBe(ringPointFree(cold, m, e, k, xyCold));
        expect(Array.from(xyWarm)).toEqual(Array.from(xyCold));
        if (!freeWarm) continue;
        const routeGen = warm.world.rings.routeGen;
        const cached = warm.world.rings.routeStamp[e * 8 + k] === routeGen;
        resolveMove(warm, m, ringCandidate(e, k), allowance, outWarm);
        resolveMove(cold, m, ringCandidate(e, k), allowance, outCold);
        expect(Array.from(outWarm)).toEqual(Array.from(outCold));
        if (cached) cachedRouteUsed++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
    // Steps that changed nothing, or only the mover's own facing, reuse the stored routes.
    expect(cachedRouteUsed).toBeGreaterThan(50);
  });
});
