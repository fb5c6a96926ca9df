/** `dominant: none` and `viable:` design assertions (issue 23 item 3): parsing, verdicts, and `check` failing on a broken one through the real pipeline. */
import { describe, it, expect } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCondition } from '../../src/sim/scenario/expect.js';
import { evaluateAssertions, type Assertion } from '../../src/analysis/assertions.js';
import type { Summary } from '../../src/sim/stats/summary.js';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('squabble-dominance-');

/** A summary holding only a Squall-shaped `matchups` table: a beats b p_ab of `games` games (A seat), and so on. */
function matrixSummary(rates: Record<string, number>, games: number): Summary {
  const rows: Record<string, number[]> = {};
  for (const [pair, p] of Object.entries(rates)) rows[pair] = [games, Math.round(p * games), games - Math.round(p * games), 0, 0];
  return { games: games * Object.keys(rates).length, metrics: { game: {}, seats: [], tables: { matchups: { description: '', columns: ['games', 'aWins', 'bWins', 'draws', 'capped'], rows, rates: [] } } } } as unknown as Summary;
}

const assertion = (path: string, value: unknown): Assertion => {
  const condition = parseCondition(value, path);
  if (typeof condition === 'string') throw new Error(condition);
  return { path, text: String(value), condition };
};

describe('dominant and viable assertions', () => {
  it('`dominant` takes only none', () => {
    expect(parseCondition('none', 'dominant')).toEqual({ kind: '<=', value: 0 });
    expect(parseCondition('no', 'dominant')).toBe('expected none (no choice beats every other), found "no"');
    expect(parseCondition('none', 'viable')).toMatch(/^expected \[low, high\]/);
  });

  it('rock-paper-scissors passes `dominant: none` and `viable: ">= 3"`; a dominant row fails the first', () => {
    const cycle = matrixSummary({ 'a vs b': 0.7, 'b vs c': 0.7, 'c vs a': 0.7 }, 1000);
    const r = evaluateAssertions([assertion('dominant', 'none'), assertion('viable', '>= 3')], cycle);
    expect(r.results.map((x) => x.verdict)).toEqual(['pass', 'pass']);
    expect(r.results[0]!.statement).toBe('dominant none: pass — dominant characters = 0 [0, 0] (every one has a clear counter)');
    const top = matrixSummary({ 'a vs b': 0.7, 'a vs c': 0.7, 'b vs c': 0.5 }, 1000);
    const t = evaluateAssertions([assertion('dominant', 'none')], top);
    expect(t.results[0]!.verdict).toBe('fail');
    expect(t.results[0]!.statement).toMatch(/FAIL — dominant characters = 1 \[1, 1\] \(a beats every other\)/);
    // All even, few games: nothing shown either way.
    const even = evaluateAssertions([assertion('dominant', 'none')], matrixSummary({ 'a vs b': 0.5, 'b vs c': 0.5, 'c vs a': 0.5 }, 100));
    expect(even.results[0]!.verdict).toBe('undecided');
  });

  it('through run and check: the matrix in every output, and check fails (exit 1) on a broken assertion', async () => {
    const base = readFileSync('scenarios/squall/matchups-open.yaml', 'utf8').replace(/^games: .*$/m, 'games: 2000').replace(/\n# Design assertions[\s\S]*$/, '\n');
    // The copy lives elsewhere: its roster and layouts beside it.
    for (const d of ['rosters', 'layouts']) cpSync(join('scenarios/squall', d), join(tempDir(), d), { recursive: true });
    const file = join(tempDir(), 'matchups.yaml');
    // The standard roster scores 2-6 characters viable on open ground (docs/results.md); at 2,000
    // games the count's interval reaches 8 of 10 at most, so 9 is broken.
    writeFileSync(file, `${base}\nexpect:\n  viable: ">= 9"\n`);
    const run = await cli('run', file, '--workers', '0', '--no-report', '--out', join(tempDir(), 'run'));
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/Dominance and diversity of 10 characters/);
    const json = JSON.parse(readFileSync(join(tempDir(), 'run', 'summary.json'), 'utf8')) as Summary;
    expect(json.dominance!.counts.names).toHaveLength(10);
    expect(readFileSync(join(tempDir(), 'run', 'summary.md'), 'utf8')).toMatch(/## Dominance and diversity[\s\S]*\| choice \| against the field \|/);
    expect((await cli('baseline', file, '--workers', '0', '--out', join(tempDir(), 'baselines'))).code).toBe(0);
    const broken = await cli('check', file, '--workers', '0', '--baseline', join(tempDir(), 'baselines'));
    expect(broken.code, broken.out + broken.err).toBe(1);
    expect(broken.out).toMatch(/viable >= 9: FAIL — viable characters = \d+ \[\d+, [0-8]\]/);
    // Without a matchup matrix the assertion is a one-line error naming the field.
    const worms = join(tempDir(), 'worms.yaml');
    writeFileSync(worms, 'game: worms\nseats: [{ policy: random }, { policy: random }]\ngames: 10\nexpect:\n  dominant: none\n');
    const none = await cli('run', worms, '--workers', '0', '--no-report', '--out', join(tempDir(), 'w'));
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/worms\.yaml:\d+: expect\.dominant: needs a matchup matrix of three or more choices/);
  });
});
