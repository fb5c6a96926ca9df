/** Design assertions (`expect:`, issue 23 item 4): parsing, verdicts by interval, their error rate on known processes, and `check` failing on one. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { parseCondition } from '../../src/sim/scenario/expect.js';
import { evaluateAssertions, type Assertion } from '../../src/analysis/assertions.js';
import type { Summary } from '../../src/sim/stats/summary.js';
import { cli } from '../helpers/cli.js';

/** A summary holding just what assertions read: seat wins, first-player wins, draws, capped, length, one card table. */
function summary(o: { games: number; seat0: number; firstWins?: number; capped?: number; cards?: Record<string, [number, number]> }): Summary {
  const decided = o.games - (o.capped ?? 0);
  return {
    games: o.games,
    decided,
    draws: { count: 0, rate: 0, ci: [0, 0] },
    capped: { count: o.capped ?? 0, rate: (o.capped ?? 0) / o.games, ci: [0, 0] },
    seats: [
      { seat: 0, policy: 'random', wins: o.seat0, winRate: o.seat0 / o.games },
      { seat: 1, policy: 'random', wins: decided - o.seat0, winRate: (decided - o.seat0) / o.games },
    ],
    policies: [],
    firstPlayer: { wins: o.firstWins ?? o.seat0, decided },
    length: { turns: { mean: 20, sd: 5 }, rounds: { mean: 10, sd: 2 } },
    metrics: { game: {}, seats: [], tables: o.cards ? { cards: { description: '', columns: ['wins', 'games'], rows: o.cards, rates: [{ name: 'winRate', wins: 'wins', of: 'games', description: '' }] } } : {} },
  } as unknown as Summary;
}

const assertion = (path: string, value: unknown): Assertion => {
  const condition = parseCondition(value);
  if (typeof condition === 'string') throw new Error(condition);
  return { path, text: JSON.stringify(value), condition };
};

describe('conditions', () => {
  it('are a band [low, high] or a comparison; anything else says what was expected', () => {
    expect(parseCondition([0.45, 0.55])).toEqual({ kind: 'band', low: 0.45, high: 0.55 });
    expect(parseCondition('< 0.01')).toEqual({ kind: '<', value: 0.01 });
    expect(parseCondition('>=2')).toEqual({ kind: '>=', value: 2 });
    expect(parseCondition(' <= .5 ')).toEqual({ kind: '<=', value: 0.5 });
    expect(parseCondition('about 0.5')).toMatch(/expected \[low, high\] .* found "about 0.5"/);
    expect(parseCondition([0.6, 0.4])).toMatch(/low <= high, found \[0.6, 0.4\]/);
    expect(parseCondition([0.4])).toMatch(/found \[0.4\]/);
    expect(parseCondition(0.5)).toMatch(/found 0.5/);
  });
});

describe('verdicts', () => {
  it('pass only when the whole interval keeps the assertion, fail only when it wholly breaks it, else undecided', () => {
    const s = summary({ games: 10_000, seat0: 5_000, capped: 0 });
    const r = evaluateAssertions([assertion('seats.0.winRate', [0.45, 0.55]), assertion('seats.0.winRate', [0.495, 0.505]), assertion('seats.0.winRate', '> 0.55'), assertion('capped.rate', '< 0.01'), assertion('length.turns.mean', '>= 19.5')], s);
    expect(r.results.map((x) => x.verdict)).toEqual(['pass', 'undecided', 'fail', 'pass', 'pass']);
    expect(r.passed).toBe(false);
    expect(r.checked).toBe(5);
    expect(r.confidence).toBeCloseTo(0.99, 10);
    expect(r.results[2]!.statement).toMatch(/^seats\.0\.winRate "> 0\.55": FAIL — seats\.0\.winRate = 50\.00% \[/);
    expect(r.results[1]!.statement).toMatch(/UNDECIDED .* play more games/);
  });

  it('judge the quality figures by their intervals: means by the standard error over games, shares by Wilson', () => {
    const s = summary({ games: 1000, seat0: 500 });
    const mean = (m: number, se: number, n: number) => ({ mean: m, se, ci: [m - 1.96 * se, m + 1.96 * se], n });
    s.quality = {
      standing: 'test',
      games: 1000,
      decided: 1000,
      draws: 0,
      capped: 0,
      leadChanges: mean(1.5, 0.05, 1000),
      decisiveness: mean(0.3, 0.01, 1000),
      drama: mean(0.2, 0.005, 1000),
      comebacks: { count: 300, n: 1000, rate: 0.3, ci: [0, 1] },
      blowouts: { count: 100, n: 1000, rate: 0.1, ci: [0, 1] },
      blowoutThreshold: 0.75,
      length: { q1: 10, median: 15, q3: 20, cv: 0.5, cvSE: 0.01, cvCI: [0.48, 0.52] },
    } as Summary['quality'];
    const r = evaluateAssertions(
      [assertion('quality.leadChanges', '>= 1'), assertion('quality.leadChanges', '>= 1.5'), assertion('quality.decisiveness', '> 0.4'), assertion('quality.drama', [0.1, 0.3]), assertion('quality.comebacks', [0.25, 0.35]), assertion('quality.blowouts', '< 0.05'), assertion('quality.length.cv', '< 1')],
      s,
    );
    expect(r.results.map((x) => x.verdict)).toEqual(['pass', 'undecided', 'fail', 'pass', 'pass', 'fail', 'pass']);
    // The interval is mean ± z·se at the run's Bonferroni z (7 values: 99.29%).
    const v = r.results[0]!.values[0]!;
    expect(v.interval[0]).toBeCloseTo(1.5 - 2.6901 * 0.05, 3);
    expect(r.results[0]!.statement).toMatch(/^quality\.leadChanges ">= 1": pass — quality\.leadChanges = 1\.50 \[1\.37, 1\.63\]/);
    expect(r.results[4]!.statement).toMatch(/quality\.comebacks = 30\.00% \[/);
    // Without a standing (no quality in the summary) nothing measures them.
    delete s.quality;
    expect(evaluateAssertions([assertion('quality.drama', '< 1')], s).results[0]!.verdict).toBe('undecided');
  });

  it('check every row of a wildcard, each counted in the Bonferroni family, the failing rows first', () => {
    const cards: Record<string, [number, number]> = { A: [500, 1000], B: [510, 1000], C: [300, 1000] };
    const r = evaluateAssertions([assertion('cards.*.winRate', [0.4, 0.6])], summary({ games: 1000, seat0: 500, cards }));
    expect(r.checked).toBe(3);
    expect(r.results[0]!.verdict).toBe('fail');
    expect(r.results[0]!.values[0]!.what).toBe('cards.C.winRate');
    expect(r.results[0]!.values.map((v) => v.verdict)).toEqual(['fail', 'pass', 'pass']);
  });

  it('are wrong in at most 5% of runs together, with each value at the edge of what it asserts (known binomial truths)', () => {
    // Four values, each true rate exactly on its limit: the worst case for a wrong verdict.
    const rng = seedrandom('assertions');
    const binomial = (n: number, p: number) => {
      let k = 0;
      for (let i = 0; i < n; i++) if (rng() < p) k++;
      return k;
    };
    const trials = 1000;
    const n = 400;
    let wrongSimultaneous = 0;
    let wrongEach = 0;
    for (let t = 0; t < trials; t++) {
      const cards: Record<string, [number, number]> = { A: [binomial(n, 0.4), n], B: [binomial(n, 0.6), n], C: [binomial(n, 0.4), n], D: [binomial(n, 0.6), n] };
      const s = summary({ games: n, seat0: n / 2, cards });
      // Truth keeps [0.4, 0.6] (on its edge): any 'fail' is wrong.
      const wrong = (alpha: number, checkedAlone: boolean) => {
        const a = [assertion('cards.*.winRate', [0.4, 0.6])];
        if (!checkedAlone) return evaluateAssertions(a, s, alpha).results[0]!.values.some((v) => v.verdict === 'fail');
        // Without the simultaneous correction: each row at 95% on its own.
        return ['A', 'B', 'C', 'D'].some((row) => evaluateAssertions([assertion(`cards.${row}.winRate`, [0.4, 0.6])], s, alpha).results[0]!.verdict === 'fail');
      };
      if (wrong(0.05, false)) wrongSimultaneous++;
      if (wrong(0.05, true)) wrongEach++;
    }
    // Each edge can only be crossed on one side: at most 4 x 2.5% / 4 = 2.5% in theory, 5% promised.
    expect(wrongSimultaneous / trials).toBeLessThan(0.05);
    // Four 95% intervals checked alone err about 4 x 2.5% = 10% of the time: the correction matters.
    expect(wrongEach / trials).toBeGreaterThan(0.06);
  });
});

describe('in run and check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-expect-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('run reports each assertion; check passes while they hold and fails (exit 1) when one is broken', async () => {
    // The shipped file's own assertions are replaced by the test's.
    const base = readFileSync('scenarios/worms/random-2p.yaml', 'utf8').replace(/^games: .*$/m, 'games: 4000').replace(/\n# Design assertions[\s\S]*$/, '\n');
    const file = join(dir, 'worms.yaml');
    writeFileSync(file, `${base}\nexpect:\n  capped.rate: "< 0.01"\n  seats.0.winRate: [0.5, 0.6]\n  length.turns.mean: ">= 20"\n`);
    const run = await cli('run', file, '--workers', '0', '--no-report', '--out', join(dir, 'run'));
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/3 of 3 design assertions pass/);
    const json = JSON.parse(readFileSync(join(dir, 'run', 'summary.json'), 'utf8')) as Summary;
    expect(json.assertions!.results.map((r) => r.verdict)).toEqual(['pass', 'pass', 'pass']);
    // summary.md writes < and > outside code as entities (issue 35, F15: no raw HTML from names).
    expect(readFileSync(join(dir, 'run', 'summary.md'), 'utf8')).toMatch(/## Design assertions[\s\S]*- capped\.rate &lt; 0\.01: pass/);
    expect((await cli('baseline', file, '--workers', '0', '--out', join(dir, 'baselines'))).code).toBe(0);
    const ok = await cli('check', file, '--workers', '0', '--baseline', join(dir, 'baselines'));
    expect(ok.code, ok.out + ok.err).toBe(0);
    expect(ok.out).toMatch(/PASS: every design assertion of 1 scenario passed/);
    // Seat 0 wins about 54%: asserting at most 50% is broken, and the build fails.
    writeFileSync(file, `${base}\nexpect:\n  capped.rate: "< 0.01"\n  seats.0.winRate: "<= 0.5"\n`);
    const broken = await cli('check', file, '--workers', '0', '--baseline', join(dir, 'baselines'));
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/seats\.0\.winRate <= 0\.5: FAIL — seats\.0\.winRate = 5\d\.\d\d% \[/);
    expect(broken.out).toMatch(/FAIL: 1 of 1 scenarios with design assertions/);
    // A mistake in the block is a one-line error naming the field, before anything plays.
    writeFileSync(file, `${base}\nexpect:\n  seats.0.winrate: [0.4, 0.6]\n`);
    const typo = await cli('check', file, '--workers', '0', '--baseline', join(dir, 'baselines'));
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/worms\.yaml:\d+: expect\.seats\.0\.winrate: not something a run measures.*did you mean seats\.0\.winRate\?/);
  });

  it('are judged at the scenario\u2019s own game count: its baseline plays every game, past the 20,000 others are cut to', async () => {
    const base = readFileSync('scenarios/worms/random-2p.yaml', 'utf8').replace(/^games: .*$/m, 'games: 25000').replace(/\n# Design assertions[\s\S]*$/, '\n');
    const withExpect = join(dir, 'sized.yaml');
    const without = join(dir, 'unsized.yaml');
    writeFileSync(withExpect, `${base.replace(/^name: .*$/m, 'name: sized')}\nexpect:\n  capped.rate: "< 0.01"\n`);
    writeFileSync(without, base.replace(/^name: .*$/m, 'name: unsized'));
    const r = await cli('baseline', withExpect, without, '--out', join(dir, 'sized-baselines'));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/sized\.json: \d+ metrics from 25,000 games/);
    expect(r.err).toMatch(/unsized\.json: \d+ metrics from 20,000 games/);
  });

  it('check passes a quality assertion that holds and fails (exit 1) one that is broken', async () => {
    const base = readFileSync('scenarios/worms/random-2p.yaml', 'utf8').replace(/^games: .*$/m, 'games: 4000').replace(/\n# Design assertions[\s\S]*$/, '\n');
    const file = join(dir, 'quality.yaml');
    // Worms 2p with random play changes lead about once a game (read at round ends).
    writeFileSync(file, `${base}\nexpect:\n  quality.leadChanges: ">= 0.5"\n  quality.comebacks: "< 0.5"\n`);
    expect((await cli('baseline', file, '--workers', '0', '--out', join(dir, 'quality-baselines'))).code).toBe(0);
    const ok = await cli('check', file, '--workers', '0', '--baseline', join(dir, 'quality-baselines'));
    expect(ok.code, ok.out + ok.err).toBe(0);
    expect(ok.out).toMatch(/quality\.leadChanges >= 0\.5: pass — quality\.leadChanges = 1\.\d\d \[/);
    writeFileSync(file, `${base}\nexpect:\n  quality.leadChanges: ">= 2"\n`);
    const broken = await cli('check', file, '--workers', '0', '--baseline', join(dir, 'quality-baselines'));
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/quality\.leadChanges >= 2: FAIL — quality\.leadChanges = 1\.\d\d \[/);
    writeFileSync(file, `${base}\nexpect:\n  quality.leadchanges: ">= 1"\n`);
    const typo = await cli('check', file, '--workers', '0', '--baseline', join(dir, 'quality-baselines'));
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/expect\.quality\.leadchanges: not something a run measures.*did you mean quality\.leadChanges\?/);
  }, 120_000);
});
