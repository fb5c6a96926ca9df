/**
 * Error rates of `run --until` on known processes: a rate of known value, looked at every
 * 1,000 games as a run looks after each shard — first as Bernoulli draws checked by the rule
 * directly (cheap enough for the narrow band 0.5±0.02 of docs/results.md), then through the
 * real runner on the rigged die game (test/kit).
 */
import { describe, it, expect } from 'vitest';
import { parseRule, type Decision } from '../../src/analysis/stopping.js';
import { registerRiggedGame, reseed } from '../kit/rigged-game.js';
import { planOf } from '../helpers/plans.js';
import { runPlan } from '../../src/runner/pool.js';
import { summarise, type Summary } from '../../src/sim/stats/summary.js';
import { gameOf } from '../../src/registry.js';
import type { Accumulator } from '../../src/sim/stats/accumulator.js';
import { Rng } from '../../src/sim/rng.js';

/** Play Bernoulli(p) "games" in shards of 1,000 until the rule decides or the budget runs out. */
function runUntil(rule: string, p: number, rng: Rng, budget: number): { text: string | null; games: number; wins: number } {
  const r = parseRule(rule, 2);
  let wins = 0;
  let games = 0;
  const acc = { get games() { return games; }, seatWins: () => wins } as unknown as Accumulator;
  while (games < budget) {
    for (let i = 0; i < 1000; i++) if (rng.next() < p) wins++;
    games += 1000;
    const d = r.check(acc);
    if (d) return { text: d.text, games, wins };
  }
  return { text: null, games, wins };
}

function seeded(seed: number): Rng {
  const rng = new Rng();
  rng.seedGame(seed, 18, 4);
  return rng;
}

/** How often the band test answers each way, over `reps` runs on a rate of true value p. */
function answers(p: number, reps: number, seed: number): Record<'within' | 'above' | 'below' | 'undecided', number> {
  const rng = seeded(seed);
  const count = { within: 0, above: 0, below: 0, undecided: 0 };
  for (let i = 0; i < reps; i++) {
    const text = runUntil('seat0.winRate within 0.5±0.02', p, rng, 400_000).text;
    const answer = text === null ? 'undecided' : (/is (within|above|below) 0\.5±0\.02/.exec(text)![1] as 'within' | 'above' | 'below');
    count[answer]++;
  }
  return count;
}

registerRiggedGame();

describe('--until "within P±D": a band test whose error rate holds', () => {
  it('answers wrongly at most 5% of the time with the truth halfway to the edge (was 47.5%)', () => {
    const r = answers(0.51, 200, 1);
    expect((r.above + r.below) / 200).toBeLessThanOrEqual(0.05);
    expect(r.undecided / 200).toBeLessThan(0.05);
  });

  it('calls a rate outside the band outside, and one in the middle within, almost always', () => {
    expect(answers(0.53, 100, 2).above).toBeGreaterThan(95);
    expect(answers(0.47, 100, 3).below).toBeGreaterThan(95);
    expect(answers(0.5, 100, 4).within).toBeGreaterThan(95);
  });
});

/**
 * Through the runner on the rigged die game (test/kit), as `run --until` plays: the rule is
 * checked after each merged shard of 1,000 games (the game's shard size), and the run stops at
 * the first shard after which it decides. Seat 0 wins `rate` of the games by construction.
 */
async function untilOnRigged(rule: string, rate: number, seeds: string, reps: number, budget: number): Promise<{ text: string | null; summary: Summary }[]> {
  const parsed = parseRule(rule, 2);
  const plan = planOf({ game: 'rigged', players: 2, rules: { cards: [{ name: 'Even', winRate: rate }] } }, { games: budget });
  const out = [];
  for (let i = 0; i < reps; i++) {
    const p = reseed(plan, `${seeds}-${i}`);
    let decision: Decision | null = null;
    const acc = await runPlan(p, { workers: 0, stopWhen: (total) => (decision = parsed.check(total)) !== null });
    out.push({ text: (decision as Decision | null)?.text ?? null, summary: summarise(gameOf('rigged'), p, acc) });
  }
  return out;
}

describe('--until on the rigged game, through the runner', () => {
  it('"METRIC ±H": the interval printed at the stop covers the true rate about 95% of the time', async () => {
    // Seat 0 wins 30%; ±0.025 stops after 2,000 games. 300 runs: sd of the estimate about 1.3 points.
    const runs = await untilOnRigged('seat0.winRate ±0.025', 0.3, 'until-target', 300, 100_000);
    let covered = 0;
    for (const r of runs) {
      expect(r.text).toMatch(/target ±0\.025/);
      const [lo, hi] = r.summary.seats[0]!.winRateCI;
      expect(hi - lo).toBeLessThanOrEqual(0.05);
      if (lo <= 0.3 && 0.3 <= hi) covered++;
    }
    expect(covered / runs.length).toBeGreaterThan(0.92);
    expect(covered / runs.length).toBeLessThan(0.98);
  });

  it('"within P±D": wrong at most 5% of the time halfway to the edge; right almost always beyond it and in the middle', async () => {
    // Seat 0 wins 45%. Band 0.425±0.05: the truth is halfway from the middle to the edge 0.475.
    const tally = (runs: { text: string | null }[], band: string) => {
      const count = { within: 0, above: 0, below: 0, undecided: 0 };
      for (const r of runs) count[r.text === null ? 'undecided' : (new RegExp(`is (within|above|below) ${band.replace('.', '\\.')}`).exec(r.text)![1] as 'within' | 'above' | 'below')]++;
      return count;
    };
    const halfway = tally(await untilOnRigged('seat0.winRate within 0.425±0.05', 0.45, 'until-halfway', 100, 100_000), '0.425±0.05');
    expect((halfway.above + halfway.below) / 100).toBeLessThanOrEqual(0.05);
    expect(halfway.undecided / 100).toBeLessThan(0.05);
    // 40 runs each: a rule right 99% of the time misses 2 or more of 40 with probability 0.06.
    expect(tally(await untilOnRigged('seat0.winRate within 0.375±0.05', 0.45, 'until-above', 40, 100_000), '0.375±0.05').above).toBeGreaterThanOrEqual(39);
    expect(tally(await untilOnRigged('seat0.winRate within 0.525±0.05', 0.45, 'until-below', 40, 100_000), '0.525±0.05').below).toBeGreaterThanOrEqual(39);
    expect(tally(await untilOnRigged('seat0.winRate within 0.45±0.05', 0.45, 'until-middle', 40, 100_000), '0.45±0.05').within).toBeGreaterThanOrEqual(39);
  });
});
