/**
 * The quality figures (src/sim/stats/quality.ts, docs/quality.md) on hand-made standings
 * sequences with known answers, their folding into the accumulator, and the summary's intervals.
 */
import { describe, it, expect } from 'vitest';
import { gameQuality, GameQuality } from '../../../src/sim/stats/quality.js';
import { qualitySummary, lengthSpread } from '../../../src/sim/stats/quality-summary.js';
import { Accumulator } from '../../../src/sim/stats/accumulator.js';
import { wilson } from '../../../src/sim/stats/intervals.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { summarise } from '../../../src/sim/stats/summary.js';
import { worms } from '../../../src/games/worms/index.js';
import { planOf } from '../../helpers/plans.js';
import { runPlan } from '../../../src/runner/pool.js';
import { gameOf } from '../../../src/registry.js';

/** Standings one sample per turn (turn = sample index unless `turns` is given). */
function quality(rows: number[][], winner: number, turns?: number[]): GameQuality {
  const players = rows[0]!.length;
  return gameQuality(Float64Array.from(rows.flat()), Int32Array.from(turns ?? rows.map((_, j) => j)), rows.length, players, winner, new GameQuality());
}

describe('gameQuality on hand-made standings', () => {
  it('a see-saw won by seat 0: two lead changes, a comeback, drama 0.4, decided in the last quarter', () => {
    const q = quality(
      [
        [0.5, 0.5],
        [0.6, 0.4],
        [0.3, 0.7],
        [0.8, 0.2],
        [1, 0],
      ],
      0,
    );
    expect(q.leadChanges).toBe(2); // 0 -> 1 -> 0
    expect(q.decisiveness).toBeCloseTo(0.25, 12); // led for good from turn 3 of 4
    expect(q.drama).toBeCloseTo(0.4, 12); // 0.7 - 0.3 at turn 2
    expect(q.comeback).toBe(true); // behind at turn 2 = half of 4
    expect(q.blowout).toBe(false);
    expect(q.decided).toBe(true);
  });

  it('wire to wire: no lead change, no drama, a blow-out (led for good from turn 1 of 4)', () => {
    const q = quality(
      [
        [0.5, 0.5],
        [0.6, 0.4],
        [0.7, 0.3],
        [0.9, 0.1],
        [1, 0],
      ],
      0,
    );
    expect(q).toMatchObject({ leadChanges: 0, drama: 0, comeback: false, blowout: true });
    expect(q.decisiveness).toBeCloseTo(0.75, 12);
  });

  it('a winner behind until the end: the final position is its lead (one change), decisiveness 0', () => {
    const q = quality(
      [
        [0.5, 0.5],
        [0.6, 0.4],
        [0.7, 0.3],
        [0.6, 0.4],
      ],
      1,
    );
    expect(q.leadChanges).toBe(1);
    expect(q.decisiveness).toBe(0);
    expect(q.drama).toBeCloseTo(0.4, 12);
    expect(q.comeback).toBe(true);
  });

  it('a tie at the top is nobody lead: A, tie, A is no change; A, tie, B is one', () => {
    const a = quality(
      [
        [0.4, 0.3, 0.3],
        [0.4, 0.4, 0.2],
        [0.5, 0.3, 0.2],
      ],
      -1,
    );
    expect(a.leadChanges).toBe(0);
    const b = quality(
      [
        [0.4, 0.3, 0.3],
        [0.4, 0.4, 0.2],
        [0.3, 0.5, 0.2],
      ],
      -1,
    );
    expect(b.leadChanges).toBe(1);
    expect(b.decided).toBe(false); // a draw: no decisiveness, drama or comeback
    expect(b).toMatchObject({ decisiveness: 0, drama: 0, comeback: false, blowout: false });
  });

  it('uses the turn of each sample, not its index, for decisiveness and the half-way point', () => {
    // Samples at turns 0, 2, 8, 10: seat 1 leads at turn 2, seat 0 from turn 8 of 10.
    const q = quality(
      [
        [0.5, 0.5],
        [0.4, 0.6],
        [0.7, 0.3],
        [1, 0],
      ],
      0,
      [0, 2, 8, 10],
    );
    expect(q.decisiveness).toBeCloseTo(0.2, 12);
    expect(q.comeback).toBe(true); // the last sample at or before turn 5 is turn 2, where seat 0 was behind
    expect(q.drama).toBeCloseTo(0.2, 12);
  });
});

describe('quality sums and their summary', () => {
  it('folds games into exact sums and reports means with standard errors over games and Wilson shares', () => {
    const acc = new Accumulator({ players: 2, labels: 1, maxTurns: 10, counters: 0, seatCounters: 0, tableCells: [], tableWidths: [], rateColumns: [], quality: true });
    const games: Partial<GameQuality>[] = [
      { leadChanges: 2, decided: true, decisiveness: 0.25, drama: 0.4, comeback: true, blowout: false },
      { leadChanges: 0, decided: true, decisiveness: 0.75, drama: 0, comeback: false, blowout: true },
      { leadChanges: 1, decided: true, decisiveness: 0, drama: 0.4, comeback: true, blowout: false },
      { leadChanges: 3, decided: false },
    ];
    for (const g of games) acc.recordQuality(Object.assign(new GameQuality(), g));
    const lengths = new Float64Array(11);
    lengths[4] = 2;
    lengths[8] = 2;
    const q = qualitySummary({ description: 'test', score: () => {} }, acc.qualityData()!, lengths, 4);
    expect(q).toMatchObject({ games: 4, decided: 3, draws: 1, capped: 0 });
    expect(q.followed).toBeUndefined();
    expect(q.leadChanges.mean).toBe(1.5);
    expect(q.leadChanges.n).toBe(4);
    // sd of (2, 0, 1, 3) = sqrt(5/3); se = sd / 2.
    expect(q.leadChanges.se).toBeCloseTo(Math.sqrt(5 / 3) / 2, 12);
    expect(q.decisiveness.mean).toBeCloseTo(1 / 3, 12);
    expect(q.decisiveness.n).toBe(3);
    expect(q.drama.mean).toBeCloseTo(0.8 / 3, 12);
    expect(q.comebacks).toEqual({ count: 2, n: 3, rate: 2 / 3, ci: wilson(2, 3) });
    expect(q.blowouts).toEqual({ count: 1, n: 3, rate: 1 / 3, ci: wilson(1, 3) });
    expect(q.length).toMatchObject({ q1: 4, median: 4, q3: 8, cv: 2 / 6 }); // lengths 4, 4, 8, 8: mean 6, population sd 2
  });

  it('gives the coefficient of variation of game length an interval that covers the truth', () => {
    // Lengths uniform on 1..99 in equal counts: cv = sd / mean of the discrete uniform.
    const counts = new Float64Array(100);
    for (let v = 1; v < 100; v++) counts[v] = 100;
    const spread = lengthSpread(counts);
    const mu = 50;
    const sd = Math.sqrt((99 * 99 - 1) / 12);
    expect(spread.cv).toBeCloseTo(sd / mu, 10);
    expect(spread.cvCI[0]).toBeLessThan(sd / mu);
    expect(spread.cvCI[1]).toBeGreaterThan(sd / mu);
    expect(spread.cvCI[1] - spread.cvCI[0]).toBeLessThan(0.02);
  });

  it('is not sampled by a game played without it (the paired, weights and replay paths fold no quality)', () => {
    const runner = createRunner(planOf({ game: 'worms', players: 3, games: 10 }));
    runner.play(5);
    expect(runner.standing!.samples).toBe(0);
  });

  it('samples a real game at the start, at every round\'s end and at the end, and merges shards to the one-piece quality', () => {
    const plan = planOf({ game: 'worms', players: 3, games: 600 });
    const runner = createRunner(plan);
    const state = runner.play(5, null, runner.standing); // as runRange passes it to a game that follows the standing
    const rec = runner.standing!;
    rec.finish(state); // as runRange does after every game
    const turns = Array.from(rec.turnAt.subarray(0, rec.samples));
    expect(turns[0]).toBe(0);
    expect(turns.at(-1)).toBe(state.turns);
    for (let j = 1; j < turns.length; j++) expect(turns[j]).toBeGreaterThan(turns[j - 1]!);
    // One sample per round started (the first at the start), and the final position if a round was under way.
    expect(rec.samples).toBeGreaterThanOrEqual(state.rounds);
    expect(rec.samples).toBeLessThanOrEqual(state.rounds + 1);
    expect(rec.samples).toBeLessThan(state.turns / 2); // far fewer samples than turns with 3 players
    const whole = newAccumulator(worms, plan);
    runner.runRange(whole, 0, 600);
    const merged = newAccumulator(worms, plan);
    for (const [a, b] of [
      [300, 600],
      [0, 300],
    ]) {
      const part = newAccumulator(worms, plan);
      createRunner(plan).runRange(part, a!, b!);
      merged.merge(part);
    }
    expect(summarise(worms, plan, merged).quality).toEqual(summarise(worms, plan, whole).quality);
    expect(summarise(worms, plan, whole).quality!.games).toBe(600);
  });
});

describe('following the standing in some games only (StandingSpec.followGames)', () => {
  it('follows Worms in games 0-4,095 and every 32nd after, whatever the worker count, and says so', async () => {
    const plan = planOf({ game: 'worms', players: 2, games: 5000, seed: 4 });
    const json: string[] = [];
    for (const workers of [0, 2]) {
      const s = summarise(gameOf('worms'), plan, await runPlan(plan, { workers }));
      // Games 0-4,095, then the indices 4,096, 4,128, ..., 4,992 (29 of them).
      expect(s.quality!.games).toBe(4096 + 29);
      expect(s.quality!.decided + s.quality!.draws + s.quality!.capped).toBe(s.quality!.games);
      expect(s.quality!.followed).toBe('games 0-4,095, then one game in 32 (the game indices divisible by 32)');
      json.push(JSON.stringify(s.quality));
    }
    expect(json[1]).toBe(json[0]);
  });

  it('follows every game of a game without the option (Squirmish), and says nothing about it', async () => {
    const plan = planOf({ game: 'squirmish', players: 2, games: 300, seed: 4 });
    const s = summarise(gameOf('squirmish'), plan, await runPlan(plan, { workers: 0 }));
    expect(s.quality!.games).toBe(300);
    expect(s.quality!.followed).toBeUndefined();
  });
});

