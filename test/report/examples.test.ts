/** Example games: bottom-k sampling keyed on the game index, the same for any split into shards; each example shows what it claims; replay plays it. */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES_PER_SET, EXAMPLE_SET_SLOTS, clearExamples, examplePriority, examplesOf, mergeExamples, offerExample } from '../../src/sim/stats/examples.js';
import { createRunner } from '../../src/runner/create-runner.js';
import { metricTables } from '../../src/sim/batch.js';
import { planFrom } from '../../src/studies/kit/plan.js';
import type { Summary } from '../../src/sim/stats/summary.js';
import { exampleGame } from '../../src/report/examples.js';
import { playFixture } from '../golden/chart-fixtures.js';
import { cli } from '../helpers/cli.js';

describe('bottom-k sampling', () => {
  const candidates = Array.from({ length: 500 }, (_, i) => i * 7 + (i % 3));
  const sample = (shards: number[][]) => {
    const total = new Float64Array(EXAMPLE_SET_SLOTS);
    clearExamples(total, 0, total.length);
    for (const shard of shards) {
      const part = new Float64Array(EXAMPLE_SET_SLOTS);
      clearExamples(part, 0, part.length);
      for (const g of shard) offerExample(part, 0, examplePriority(g, 5), g);
      mergeExamples(total, part, 0, total.length);
    }
    return examplesOf(total, 0);
  };

  it('keeps the k candidates of lowest priority', () => {
    const expected = [...candidates].sort((a, b) => examplePriority(a, 5) - examplePriority(b, 5)).slice(0, EXAMPLES_PER_SET);
    expect(sample([candidates])).toEqual(expected);
  });

  it('gives the same games however the candidates are split and merged', () => {
    const whole = sample([candidates]);
    for (const size of [1, 7, 64, 499]) {
      const shards: number[][] = [];
      for (let i = 0; i < candidates.length; i += size) shards.push(candidates.slice(i, i + size));
      expect(sample(shards)).toEqual(whole);
      expect(sample(shards.reverse())).toEqual(whole);
    }
  });

  it('keeps fewer when there are fewer candidates, and none when there are none', () => {
    expect(sample([[42]])).toEqual([42]);
    expect(sample([])).toEqual([]);
  });
});

describe('a run keeps example games', () => {
  const SCENARIO = 'scenarios/squirmish/classic-greedy.yaml';
  const ARGS = [SCENARIO, '--games', '400', '--seed', '9'];
  let dir: string;
  let summary: Summary;
  beforeAll(async () => {
    dir = await playFixture(ARGS);
    summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
  }, 180_000); // classic-greedy's compareLevels plays the rollout expert in every seat

  it('identical with two workers', async () => {
    const out = join(dir, '..', 'two-workers');
    expect((await cli('run', ...ARGS, '--workers', '2', '--no-report', '--quiet', '--out', out)).code).toBe(0);
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(readFileSync(join(dir, 'summary.json'), 'utf8'));
  }, 180_000);

  it('that show what they claim: the longest games, first-player losses, and for a card its side winning and losing', () => {
    const runner = createRunner(planFrom(SCENARIO, { seed: 9 }, 'replay'));
    const h = summary.examples!.headline;
    expect(h.longest!.length).toBe(EXAMPLES_PER_SET);
    expect(runner.play(h.longest![0]!).turns).toBe(summary.length.turns.max);
    for (const g of h.firstPlayerLost!) {
      const s = runner.play(g);
      expect(s.winner).not.toBe(s.firstSeat);
      expect(s.winner).toBeGreaterThanOrEqual(0);
    }
    const tables = metricTables(runner.game, runner.plan);
    const cards = tables.findIndex((t) => t.name === 'cards');
    const columns = tables[cards]!.columns.map((c) => c.name);
    const scratch = tables.map((t) => new Float64Array(t.rows.length * t.columns.length));
    // The first sheet is the primary strength rate, the win rate when drawn (src/games/squirmish/metrics.ts).
    expect(summary.balance![0]!.id).toBe('cards.winRateWhenDrawn');
    const row = summary.balance![0]!.rows[0]!; // the strongest card when drawn
    expect(row.examples!.won.length).toBeGreaterThan(0);
    expect(row.examples!.lost.length).toBeGreaterThan(0);
    const r = tables[cards]!.rows.indexOf(row.row);
    const cell = (c: string) => scratch[cards]![r * columns.length + columns.indexOf(c)]!;
    for (const [games, won] of [[row.examples!.won, true], [row.examples!.lost, false]] as const)
      for (const g of games) {
        scratch.forEach((t) => t.fill(0));
        runner.game.metrics.recordTables!(runner.play(g), scratch);
        expect(cell('drawnGames'), `${row.row} game ${g}`).toBeGreaterThan(0);
        if (won) expect(cell('drawnWins')).toBeGreaterThan(0);
        else expect(cell('drawnWins')).toBeLessThan(cell('drawnGames'));
      }
  });

  it('listed in summary.md beside each row, and replayed by name', async () => {
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    const row = summary.balance![0]!.rows[0]!;
    expect(md).toContain(`won ${row.examples!.won.join(' ')} · lost ${row.examples!.lost.join(' ')}`);
    expect(md).toContain(`longest games: ${summary.examples!.headline.longest!.join(', ')}`);
    const longest = await cli('replay', dir, '--example', 'longest');
    expect(longest.code).toBe(0);
    expect(longest.out).toContain(`game ${summary.examples!.headline.longest![0]}, seed 9`);
    expect(longest.out.trim().split('\n').at(-1)).toMatch(new RegExp(`after ${summary.length.turns.max} turns`));
    expect(exampleGame(summary, `${row.row}/lost#2`)).toBe(row.examples!.lost[1]);
    const byRow = await cli('replay', dir, '--example', `cards.winRateWhenDrawn/${row.row}/lost`);
    expect(byRow.out).toContain(`game ${row.examples!.lost[0]},`);
  });

  it('refuses an unknown example or a directory without --example, in one line, exit 2', async () => {
    const bad = await cli('replay', dir, '--example', 'Nobody');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--example: no example named "Nobody"; expected longest, capped, draw, firstPlayerLost, or a row such as/);
    expect((await cli('replay', dir)).err).toMatch(/is a results directory: give --example NAME/);
    expect((await cli('replay', dir, '--example', 'capped')).err).toMatch(/no example game for capped/);
  });
});
