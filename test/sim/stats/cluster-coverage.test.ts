/**
 * Coverage of rates pooled over events, on the rigged die game (test/kit) through the real
 * runner, accumulator and summary: each game holds 1-12 attacks split between the seats, and
 * each game has its own hit chance (0.2 or 0.6, equally likely), so attacks of one game are
 * correlated and each seat's true pooled hit rate is 0.4. Wilson over events ignores the
 * correlation and undercovers; the summary's interval (clusterWilson: the game as the unit,
 * from the per-game sums the accumulator keeps) holds its 95%.
 */
import { describe, it, expect } from 'vitest';
import { wilson, clusterWilson } from '../../../src/sim/stats/intervals.js';
import { registerRiggedGame, reseed } from '../../kit/rigged-game.js';
import { planOf } from '../../helpers/plans.js';
import { runPlan } from '../../../src/runner/pool.js';
import { summarise, tableRateRows } from '../../../src/sim/stats/summary.js';
import { gameOf } from '../../../src/registry.js';
import { balanceSheets } from '../../../src/analysis/balance.js';

registerRiggedGame();

describe('rates pooled over events: the game as the unit', () => {
  it('the summary interval covers the true rate about 95% of the time where Wilson over events does not', async () => {
    const truth = 0.4;
    const [reps, games] = [400, 300];
    let [cluster, events, deffSum, rows] = [0, 0, 0, 0];
    const clustered = planOf({ game: 'rigged', players: 2, rules: { maxEvents: 12, maxTurns: 24, setup: 'random' } }, { games });
    for (let r = 0; r < reps; r++) {
      const plan = reseed(clustered, `cluster-coverage-${r}`);
      const s = summarise(gameOf('rigged'), plan, await runPlan(plan, { workers: 0 }));
      const attacks = s.metrics.tables.attacks!;
      // The balance sheet (terminal, summary.md, summary.json) gives each row the same interval.
      const sheet = balanceSheets(s).find((b) => b.id === 'attacks.hitRate')!;
      for (const row of tableRateRows(attacks, attacks.rates![0]!, s.games)) {
        expect(sheet.rows.find((x) => x.row === row.row)!.interval).toEqual(row.interval);
        rows++;
        if (row.interval[0] <= truth && truth <= row.interval[1]) cluster++;
        const [lo, hi] = wilson(row.wins, row.games);
        if (lo <= truth && truth <= hi) events++;
        deffSum += row.deff;
      }
    }
    expect(rows).toBe(2 * reps);
    // 800 intervals (two seats x 400 replicates): sd of a 95% coverage estimate about 0.8 points.
    expect(cluster / rows).toBeGreaterThan(0.93);
    expect(cluster / rows).toBeLessThan(0.97);
    expect(events / rows).toBeLessThan(0.9);
    // Design effect 1 + (E[n²]/E[n] − 1)·ρ with ρ = 0.04 / 0.24 and a seat's 0-12 attacks per game.
    expect(deffSum / rows).toBeGreaterThan(1.4);
    expect(deffSum / rows).toBeLessThan(2);
  });

  it('is Wilson when every game holds at most one event, and stays in [0, 1]', () => {
    // 30 games of one event each, 12 won: Σw² = Σw·n = 12, Σn² = 30.
    const c = clusterWilson(12, 30, 12, 30, 12, 30);
    const [lo, hi] = wilson(12, 30);
    // v = G/(G−1)·Σ(w − r n)²/(Σn)² is the binomial variance times G/(G−1).
    expect(c.deff).toBeCloseTo(30 / 29, 9);
    expect(c.ci[0]).toBeCloseTo(lo, 2);
    expect(c.ci[1]).toBeCloseTo(hi, 2);
    expect(clusterWilson(0, 10, 0, 40, 0, 5).ci[0]).toBe(0);
    expect(clusterWilson(10, 10, 40, 40, 40, 5).ci[1]).toBe(1);
    expect(clusterWilson(0, 0, 0, 0, 0, 5).ci).toEqual([0, 1]);
  });

  it('never narrows below Wilson over events: a design effect measured on few games may fall far below 1 by chance', () => {
    // Two games, 2 of 4 and 1 of 3: each game sits near the pooled 3/7, so the spread over
    // games is tiny (a design effect of 0.19), though two games say almost nothing about it.
    const [w, n, w2, n2, wn] = [3, 7, 4 + 1, 16 + 9, 8 + 3];
    const c = clusterWilson(w, n, w2, n2, wn, 2);
    expect(c.deff).toBe(1);
    expect(c.ci).toEqual(wilson(3, 7));
  });
});
