/**
 * One fair line (issue 32, item 2): for the same games (scenario, seed and game count), the run
 * report, `weights`, `tune` and the gate print the same fair line, word for word, from one
 * function (src/analysis/fair-line.ts), and the balance sheet leads with the primary strength rate.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-fair-line-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINE = /fair line \d+\.\d\d% = pooled cards\.winRateWhenDrawn of all \d+ rows \([\d,]+ wins \/ [\d,]+ trials; draws and capped games count as trials won by nobody\)/g;

function lines(text: string): string[] {
  return [...new Set(text.match(LINE) ?? [])];
}

describe('one fair line', () => {
  it('run, weights, tune and check print the same fair line for the same games', async () => {
    const scenario = join(dir, 'fair-line.yaml');
    writeFileSync(scenario, 'name: fair-line\ngame: squirmish\nseats:\n  - policy: random\n  - policy: random\nseating: rotate\ngames: 100\nseed: 11\n');
    const run = await cli('run', scenario, '--workers', '1', '--out', join(dir, 'run'));
    expect(run.code, run.err).toBe(0);
    const fromRun = lines(run.out);
    expect(fromRun).toHaveLength(1);
    // The balance sheet leads with the primary strength rate.
    expect(run.out.indexOf('Balance: cards: win rate when drawn (primary strength rate)')).toBeGreaterThan(0);
    expect(run.out.indexOf('Balance: cards: win rate when drawn')).toBeLessThan(run.out.indexOf('Balance: cards: win rate when placed'));

    const weights = await cli('weights', scenario, '--only', 'Mire Newt', '--stat', 'hp', '--workers', '1', '--out', join(dir, 'weights'));
    expect(weights.code, weights.err).toBe(0);
    expect(lines(weights.out)).toEqual(fromRun);

    const tune = await cli('tune', scenario, '--param', 'cards.Mire Newt.hp', '--integer', '--min', '1', '--max', '3', '--target', 'cards.Mire Newt.winRateWhenDrawn=fair', '--workers', '1', '--quiet');
    expect(tune.code, tune.err).toBe(0);
    expect(lines(tune.out)).toEqual(fromRun);

    const made = await cli('baseline', scenario, '--out', join(dir, 'baselines'), '--workers', '1');
    expect(made.code, made.err).toBe(0);
    const check = await cli('check', scenario, '--baseline', join(dir, 'baselines'), '--workers', '1');
    expect(check.code, check.out + check.err).toBe(0);
    expect(lines(check.out)).toEqual(fromRun);
  }, 900_000);
});
