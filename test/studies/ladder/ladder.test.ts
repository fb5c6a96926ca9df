/**
 * `squabble ladder` end to end through cli(): on a shipped scenario (its verdict in ladder.json,
 * keyed by the content hash); on the rigged-levels game, whose upper level throws some games, so
 * its one step cannot hold: the warning then reaches `run`'s output, summary.json, summary.md and
 * report.html, and `compare`'s, for that content and no other; on a project made by `squabble
 * init`; and its one-line errors.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { registerRiggedGame } from '../../kit/rigged-game.js';
import { registerRiggedLevelsGame } from '../../kit/rigged-levels-game.js';
import { planFrom } from '../../../src/studies/kit/plan.js';
import { contentHash, LADDER_FORMAT, type LadderVerdict } from '../../../src/studies/kit/ladder-verdict.js';
import { defaultGamesPerStep } from '../../../src/studies/ladder/size.js';

const tempDir = useTempDir('squabble-ladder-');

function scenario(text: string, name: string): string {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

const verdictsIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'ladder.json'), 'utf8')) as { format: string; verdicts: Record<string, LadderVerdict> };

const RIGGED = 'name: rigged-ladder\ngame: rigged-levels\nplayers: 2\nseats: [{ level: honest }]\nseating: rotate\ngames: 300\nseed: 1\nvariants:\n  drawn: { drawRate: 0.3 }\n';
const WARNING = 'on this content thrower does not beat honest: figures may describe the bots';

describe('squabble ladder', () => {
  beforeAll(() => {
    registerRiggedGame();
    registerRiggedLevelsGame();
  });

  it('plays each step of a shipped scenario, says whether it holds, and records the verdict by content hash', async () => {
    const file = 'scenarios/squall/skill-ladder.yaml';
    const out = join(tempDir(), 'squall');
    const r = await cli('ladder', file, '--games', '60', '--workers', '0', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('novice vs random: 60 games, seats rotating');
    expect(r.err).toContain('expert vs skilled: 60 games');
    expect(r.out).toMatch(/novice v random +\d+\.\d% +\[\d+\.\d%, \d+\.\d%\] .* yes/);
    expect(r.out).toContain('skilled v novice');
    const file1 = verdictsIn(out);
    expect(file1.format).toBe(LADDER_FORMAT);
    const hash = contentHash(planFrom(file, {}, 'test'));
    const v = file1.verdicts[hash]!;
    expect(v.gamesPerStep).toBe(60);
    expect(v.steps.map((s) => `${s.upper}>${s.lower}`)).toEqual(['novice>random', 'skilled>novice', 'expert>skilled']);
    for (const s of v.steps) {
      expect(s.upperWins + s.lowerWins + s.draws + s.capped).toBe(60);
      expect(s.interval[0]).toBeLessThan(s.score);
      expect(s.holds).toBe(s.interval[0] > 0.5);
    }
    // Random against novice on one Fighter each: novice wins most games (about 78% over 1,000).
    expect(v.steps[0]!.holds).toBe(true);
  }, 60_000);

  it('a step that does not hold: the warning reaches run (terminal, summary, report.html) and compare, for that content only', async () => {
    const file = scenario(RIGGED, 'rigged.yaml');
    const out = join(tempDir(), 'rigged');
    const r = await cli('ladder', file, '--games', '400', '--workers', '0', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`${WARNING.replace(/^o/, 'O')}.`);
    const step = Object.values(verdictsIn(out).verdicts)[0]!.steps[0]!;
    expect(step.holds).toBe(false);
    expect(step.draws).toBeGreaterThan(0); // shown, counted half
    expect(step.capped).toBeGreaterThan(0); // shown, left out
    expect(step.upperWins + step.lowerWins + step.draws + step.capped).toBe(400);

    const run = await cli('run', file, '--games', '100', '--workers', '0', '--out', out, '--quiet');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(WARNING);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).botWarnings[0]).toContain(WARNING);
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(WARNING);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(WARNING);
    // The verdict outlives the run's files: another run into the folder (the first moved to history/) still finds it.
    const again = await cli('run', file, '--games', '60', '--workers', '0', '--out', out, '--quiet', '--no-report', '--force');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain(WARNING);
    expect(existsSync(join(out, 'ladder.json'))).toBe(true);

    // Another content (a variant changes the rules): no verdict, no warning.
    const other = await cli('run', file, '--variant', 'drawn', '--games', '50', '--workers', '0', '--out', join(tempDir(), 'rigged-drawn'), '--quiet', '--no-report');
    expect(other.code, other.err).toBe(0);
    expect(other.out).not.toContain('figures may describe the bots');

    // compare finds it in the scenario's results folder (results/<name> by default: here given to ladder as --out there).
    const cwd = process.cwd();
    process.chdir(tempDir());
    try {
      mkdirSync('results', { recursive: true });
      expect((await cli('ladder', file, '--games', '100', '--workers', '0', '--quiet')).code).toBe(0);
      const cmp = await cli('compare', file, '--variant', 'base', '--variant', 'drawn', '--games', '60', '--workers', '0', '--quiet');
      expect(cmp.code, cmp.err).toBe(0);
      expect(cmp.out).toContain(`warning (base): ${WARNING}`);
      expect(cmp.out).not.toContain('warning (drawn)');
    } finally {
      process.chdir(cwd);
    }
  }, 120_000);

  it('works in a project made by squabble init', async () => {
    const project = join(tempDir(), 'project');
    const init = await cli('init', project, '--game', 'squirmish', '--games', '10', '--workers', '0', '--package', 'squabble@0.1.0');
    expect(init.code, init.err).toBe(0);
    const out = join(project, 'results', 'ladder');
    const r = await cli('ladder', join(project, 'scenarios', 'squirmish.yaml'), '--games', '30', '--workers', '0', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    const v = Object.values(verdictsIn(out).verdicts)[0]!;
    expect(v.game).toBe('squirmish');
    expect(v.steps).toHaveLength(3);
    // Greedy with half its moves random against random, on the starter's deck: a step that holds on 30 games.
    expect(v.steps[0]!.holds).toBe(true);
  }, 120_000);

  it('bad input: one line, exit 2, nothing written', async () => {
    const out = join(tempDir(), 'bad');
    const cases: [string[], RegExp][] = [
      [['ladder', join(tempDir(), 'missing.yaml')], /missing\.yaml/],
      [['ladder', scenario('game: rigged\nplayers: 2\nseats: [{ policy: random }]\ngames: 10\n', 'no-levels.yaml')], /no-levels\.yaml: game: rigged has no skill levels; the ladder needs two or more/],
      [['ladder', 'scenarios/squall/skill-ladder.yaml', '--games', '1'], /--games: expected a whole number from 2 to/],
      [['ladder', 'scenarios/squall/skill-ladder.yaml', '--games', 'many'], /--games: expected a whole number .* found "many"/],
      [['ladder', 'scenarios/squall/skill-ladder.yaml', '--variant', 'nope'], /variant/],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(...argv, '--workers', '0', '--out', out);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
    }
    // A folder holding someone else's files, or a ladder.json squabble did not write: refused before playing.
    const foreign = join(tempDir(), 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'mine');
    const f = await cli('ladder', 'scenarios/squall/skill-ladder.yaml', '--workers', '0', '--out', foreign);
    expect(f.code).toBe(2);
    expect(f.err).toMatch(/holds files squabble did not write \("notes\.txt"\)/);
    const notOurs = join(tempDir(), 'not-ours');
    mkdirSync(notOurs);
    writeFileSync(join(notOurs, 'ladder.json'), '{"mine": true}');
    const n = await cli('ladder', 'scenarios/squall/skill-ladder.yaml', '--workers', '0', '--out', notOurs);
    expect(n.code).toBe(2);
    expect(n.err).not.toContain('games, seats rotating'); // refused before a game was played
    // A ladder.json the folder's manifest does not prove squabble wrote is kept and refused (issue 35).
    expect(n.err).toMatch(/holds files at squabble's names that squabble did not write.*not-ours\/ladder\.json"\); they are kept/);
    expect(readFileSync(join(notOurs, 'ladder.json'), 'utf8')).toBe('{"mine": true}');
  }, 60_000);

  it('sizes its default per game (and Squish! mode), fewer games for more players', () => {
    expect(defaultGamesPerStep('squall', 4)).toBeLessThan(defaultGamesPerStep('squall', 2));
    expect(defaultGamesPerStep('rigged', 2)).toBeGreaterThan(0);
    expect(defaultGamesPerStep('squish', 2, { mode: 'simple' })).toBeGreaterThan(defaultGamesPerStep('squish', 2, { mode: 'advanced' }));
  });
});
