/** `squabble tune` towards a level target (issue 23 item 5): the win matrix across skill levels, played as tournament pairings. */
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import type { TuneOutcome } from '../../../src/studies/tune/targets.js';

const dir = useTempDir('squabble-tune-level-');

/** Squirmish, novice against skilled, with this level target over victoryTarget (written 4). */
function scenario(name: string, levels: string, extra = ''): string {
  const file = join(dir(), `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}
game: squirmish
seats: [{ level: novice }, { level: skilled }]
seating: rotate
rules:
  victoryTarget: 4
games: 150
seed: 3
tune:
  params:
    rules.victoryTarget: [1, 6]
  targets:
    levels:
${levels}
${extra}  budget: 900
  verifyGames: 300
`,
  );
  return file;
}

// Skilled beats novice in about 94% of games at victoryTarget 6, 84% at 3 and 62% at 1 (docs/analysis.md): 62% asks for a short race.
const NEAR_EVEN = `      names: [novice, skilled]
      matrix: [[null, 0.38], [0.62, null]]
      tolerance: 0.04`;

describe('squabble tune with a level target', () => {
  it('moves the rules towards the wanted level matrix and reports it before and after', async () => {
    const out = join(dir(), 'out');
    const r = await cli('tune', scenario('skill', NEAR_EVEN), '--workers', '0', '--out', out);
    expect(r.code, r.err).toBe(0);
    const o = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as TuneOutcome;
    // Only the pairing is played (the scenario has no other target): 150 games an evaluation.
    expect(o.gamesPerEvaluation).toBe(150);
    expect(o.levels).toMatchObject({ names: ['novice', 'skilled'], gamesPerPairing: 150, playsScenario: false });
    expect(o.targets.map((t) => t.path)).toEqual(['levels.novice vs skilled.winRate', 'levels.skilled vs novice.winRate']);
    // The search shortens the race; were the level target ignored, nothing would move.
    const p = o.params[0]!;
    expect(p.old).toBe(4);
    expect(p.new).toBeLessThanOrEqual(2);
    const skilled = (m: TuneOutcome['verification']['before']) => m.judged.results[1]!.values[0]!;
    expect(skilled(o.verification.before).estimate).toBeGreaterThan(0.85);
    expect(skilled(o.verification.after).estimate).toBeLessThan(skilled(o.verification.before).estimate - 0.05);
    expect(skilled(o.verification.after).n).toBe(300);
    expect(o.verification.after.loss).toBeLessThan(o.verification.before.loss);
    // The report: the level matrix before → after, and every cell with its interval.
    expect(r.out).toMatch(/Level matrix: win rate \(%\) of the row level over the column level/);
    expect(r.out).toMatch(/skilled +\d+ → \d+ +·/);
    expect(r.out).toMatch(/levels\.skilled vs novice\.winRate 0\.62 ± 0\.04 +levels\.skilled vs novice\.winRate +\d+\.\d% \[\d+\.\d%, \d+\.\d%\]/);
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toMatch(/## Matrix: levels/);
    // One parameter: the search races (race.ts), and the report counts races, not passes.
    expect(o.method).toMatch(/^racing over the incumbent's neighbourhood/);
    expect(r.out).toMatch(/in \d+ races? on seed blocks? /);
  }, 120_000);

  it('rejects a bad level target at load, naming tune.targets.levels and the field', async () => {
    const bad = async (levels: string) => {
      const r = await cli('tune', scenario('bad', levels), '--workers', '0', '--out', join(dir(), 'bad-out'));
      expect(r.code).not.toBe(0);
      return r.err.trim();
    };
    const unknown = await bad(NEAR_EVEN.replace('skilled]', 'wizard]'));
    expect(unknown.split('\n')).toHaveLength(1);
    expect(unknown).toMatch(/bad\.yaml(:\d+)?: tune\.targets\.levels\.names\.1: no level "wizard" in squirmish; expected one of random, novice, skilled, expert$/);
    expect(await bad(NEAR_EVEN.replace('[[null, 0.38], [0.62, null]]', '[[null, 0.38, 0.2], [0.62, null, 0.3]]'))).toMatch(/tune\.targets\.levels\.matrix: expected a square matrix of 2 rows of 2/);
    expect(await bad(NEAR_EVEN.replace('0.62, null', '1.62, null'))).toMatch(/tune\.targets\.levels\.matrix\.1\.0: expected the win rate of skilled over novice, a number in \[0, 1\], found 1\.62$/);
  });
});
