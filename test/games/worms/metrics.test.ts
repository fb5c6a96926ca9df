/** Worms metrics add up: counters agree with each other and with the outcomes. */
import { describe, it, expect } from 'vitest';
import { worms } from '../../../src/games/worms/index.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { summarise } from '../../../src/sim/stats/summary.js';
import { planOf } from '../../helpers/plans.js';

describe('worms metrics', () => {
  const games = 3000;
  const plan = planOf({ game: 'worms', players: 3, games, rules: { suddenDeath: true } });
  const acc = newAccumulator(worms, plan);
  createRunner(plan).runRange(acc, 0, games);
  const s = summarise(worms, plan, acc);

  it('deal three worms per seat, and the winner owns three of them', () => {
    const top = s.metrics.tables.topCards!;
    const dealt = Object.values(top.rows).reduce((a, r) => a + r[0]!, 0);
    const ownerWins = Object.values(top.rows).reduce((a, r) => a + r[1]!, 0);
    expect(dealt).toBe(games * 3 * 3);
    expect(ownerWins).toBe(s.decided * 3);
    const aces = s.metrics.tables.acesOnTop!;
    expect(Object.values(aces.rows).reduce((a, r) => a + r[0]!, 0)).toBe(games * 3);
    expect(Object.values(aces.rows).reduce((a, r) => a + r[1]!, 0)).toBe(s.decided);
    // Aces dealt on top per seat agree with the seat counter.
    const byTable = Object.entries(aces.rows).reduce((a, [k, r]) => a + Number(k) * r[0]!, 0);
    const bySeat = s.metrics.seats.reduce((a, r) => a + r.acesOnTopAtDeal!.total, 0);
    expect(byTable).toBe(bySeat);
    expect(top.rows.A![0]).toBe(bySeat);
  });

  it('count attacks and darksides per seat that add up to the game totals', () => {
    const sum = (k: string) => s.metrics.seats.reduce((a, r) => a + r[k]!.total, 0);
    expect(sum('attacks')).toBe(s.metrics.game.attacks!.total);
    expect(sum('darksides')).toBe(s.metrics.game.darksides!.total);
    expect(sum('wormsKilled')).toBe(s.metrics.game.wormsKilled!.total);
    // Every turn is an attack, a darkside or a pass.
    const turns = s.length.turns.mean * games;
    expect(Math.round(turns)).toBe(s.metrics.game.attacks!.total + s.metrics.game.darksides!.total + s.metrics.game.passes!.total);
    // With three players: a won game eliminates two seats; a sudden-death draw eliminates all three.
    expect(s.capped.count).toBe(0);
    expect(s.draws.count).toBeGreaterThan(0);
    expect(sum('eliminated')).toBe(2 * s.decided + 3 * s.draws.count);
  });
});
