/**
 * A scenario's `compareLevels` in `run`: the balance sheet under each level, rank agreement
 * beside the seed-to-seed ceiling, rows whose verdict changes marked, in summary.json,
 * summary.md, the terminal and report.html; the same numbers as `squabble levels`; the same
 * bytes for any worker count; one-line errors for bad input.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { registerRiggedLevelsGame } from '../../kit/rigged-levels-game.js';
import type { Summary, LevelSheet } from '../../../src/sim/stats/summary.js';

const tempDir = useTempDir('squabble-compare-levels-');

const SQUIRMISH = 'name: sq-levels\ngame: squirmish\nseats: [{ policy: greedy }, { policy: greedy }]\nseating: rotate\nrules:\n  edition: videogame\ngames: 120\nseed: 3\n';

function scenario(text: string, name = 'scenario.yaml'): string {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

let runs = 0;

async function runOf(file: string, workers: number, ...more: string[]): Promise<{ out: string; summary: Summary; stdout: string; text: string }> {
  const out = join(tempDir(), `out-${++runs}`);
  const r = await cli('run', file, '--workers', String(workers), '--out', out, '--quiet', ...more);
  expect(r.code, r.err).toBe(0);
  const text = readFileSync(join(out, 'summary.json'), 'utf8');
  return { out, summary: JSON.parse(text) as Summary, stdout: r.out, text };
}

const sheet = (s: Summary, id: string): LevelSheet => s.levels!.sheets.find((x) => x.id === id)!;

describe('compareLevels in run', () => {
  beforeAll(() => registerRiggedLevelsGame());

  it('rates every card row under each level, with rank agreement, the ceiling and marks, in every output', async () => {
    const file = scenario(`${SQUIRMISH}compareLevels: [random, skilled]\n`);
    const { out, summary, stdout } = await runOf(file, 0);
    const levels = summary.levels!;
    expect(levels.levels).toEqual([{ name: 'random', policy: 'random' }, { name: 'skilled', policy: 'greedy' }]);
    expect(levels.games).toBe(120);
    expect(levels.ceilingSeed).toBe('3-again');
    // skilled is greedy in every seat, seats rotating: the scenario's own games, not played again.
    expect(levels.sameAsScenario).toEqual(['skilled']);
    const placed = sheet(summary, 'cards.winRateWhenPlaced');
    expect(placed.rows.length).toBeGreaterThan(30);
    const own = new Map(summary.balance!.find((b) => b.id === 'cards.winRateWhenPlaced')!.rows.map((r) => [r.row, r]));
    for (const row of placed.rows) {
      expect(row.byLevel).toHaveLength(2);
      expect(row.byLevel[1]!.rate).toBe(own.get(row.row)!.rate);
      expect(row.verdictChanges).toBe(row.byLevel[0]!.verdict !== row.byLevel[1]!.verdict);
      expect(row.dependsOnBot).toBe(row.qValue <= placed.fdr);
    }
    // Whether some card's verdict changes in these 120 games is up to the games (it did before
    // issue 39 changed how confusions play); the loop above checks the mark's definition on every
    // row, and the rigged game below a card whose verdict the bot decides.
    expect(placed.corrected.map((a) => a.level)).toEqual(['skilled']);
    expect(placed.corrected[0]!.interval[0]).toBeLessThanOrEqual(placed.corrected[0]!.interval[1]);
    expect(placed.reliability).toHaveLength(2);
    expect(placed.agreement.map((a) => a.level)).toEqual(['skilled']);
    for (const a of [placed.ceiling, placed.agreement[0]!]) {
      expect(a.rows).toBe(placed.rows.length);
      expect(a.interval[0]).toBeLessThan(a.rho);
      expect(a.interval[1]).toBeGreaterThan(a.rho);
    }
    const marked = placed.rows.filter((r) => r.dependsOnBot).length;
    const dependence = marked === 0 ? `No dependence on the bot shown: 0 of ${placed.rows.length} rows flagged` : `${marked} of ${placed.rows.length} rows depend on the bot`;
    const sentence = new RegExp(`Agreement of the true rates with random, corrected for the rows' noise \\(95% interval\\): skilled .*Raw rank agreement \\(Spearman of the observed rates, lowered by their noise\\): skilled -?\\d\\.\\d\\d \\[-?\\d\\.\\d\\d, -?\\d\\.\\d\\d\\]; random with itself on another seed -?\\d\\.\\d\\d .*${dependence}`);
    expect(stdout).toMatch(sentence);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toMatch(/## Ratings under skill levels/);
    expect(md).toMatch(sentence);
    // Markdown has every row; the terminal only the marked ones.
    for (const row of placed.rows) expect(md).toContain(`| ${row.row} |`);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<section class="levels" id="levels">');
    expect((html.match(/<tr class="depends">/g) ?? []).length).toBe(placed.rows.filter((r) => r.dependsOnBot).length + sheetsMarked(summary, 'cards.winRateWhenPlaced'));
    // `squabble levels` plays the same runs and compares them the same way.
    const levelsOut = join(tempDir(), 'levels');
    const r = await cli('levels', file, '--levels', 'random,skilled', '--workers', '0', '--out', levelsOut, '--quiet');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(join(levelsOut, 'levels.json'), 'utf8'));
    expect(json.format).toBe('squabble-levels/3');
    expect(json.sheets).toEqual(levels.sheets);
  }, 300_000);

  it('gives the same summary.json for any worker count', async () => {
    // 60 games a run: the bytes must match whatever the count, and the suite stays short.
    const file = scenario(`${SQUIRMISH.replace('games: 120', 'games: 60')}compareLevels: [random, novice]\n`, 'workers.yaml');
    const runs = [];
    for (const workers of [0, 1, 2]) runs.push((await runOf(file, workers, '--no-report')).text);
    expect(JSON.parse(runs[0]!).levels.sheets.length).toBeGreaterThan(0);
    expect(runs[1]).toBe(runs[0]);
    expect(runs[2]).toBe(runs[0]);
  }, 300_000);

  it('marks a card whose verdict the bot decides (a level that throws the games it holds Ace in)', async () => {
    const cards = '[{ name: Ace, winRate: 0.8 }, { name: Brute, winRate: 0.45 }, { name: Chump, winRate: 0.4 }, { name: Dud, winRate: 0.35 }, { name: Eel, winRate: 0.3 }]';
    const file = scenario(`game: rigged-levels\nplayers: 2\nseats: [{ level: honest }]\nrules:\n  cards: ${cards}\ngames: 3000\nseed: 1\ncompareLevels: [honest, thrower]\n`, 'rigged.yaml');
    const { summary } = await runOf(file, 0, '--no-report');
    const placed = sheet(summary, 'cards.winRateWhenPlaced');
    const ace = placed.rows.find((r) => r.row === 'Ace')!;
    expect(ace.byLevel.map((b) => b.verdict)).toEqual(['above', 'below']);
    expect(ace.byLevel[1]!.rate).toBe(0);
    expect(ace.dependsOnBot).toBe(true);
    // Nothing the honest level does depends on the seed: its two seeds agree on every verdict and rank.
    expect(placed.ceiling.rho).toBe(1);
    expect(placed.ceilingChanges).toBe(0);
    expect(placed.agreement[0]!.rho).toBeLessThan(placed.ceiling.rho);
    // The hit rates do not depend on the throw: no row of that sheet is marked.
    expect(sheet(summary, 'attacks.hitRate').rows.every((r) => !r.dependsOnBot)).toBe(true);
  }, 120_000);

  it('plays each level for as many games as a run stopped by --until played', async () => {
    const file = scenario('game: rigged-levels\nplayers: 2\nseats: [{ level: honest }]\nseating: rotate\ngames: 20000\nseed: 2\ncompareLevels: [honest, thrower]\n', 'until.yaml');
    const { summary } = await runOf(file, 0, '--no-report', '--until', 'seat0.winRate ±0.05');
    expect(summary.games).toBeLessThan(20_000);
    expect(summary.levels!.games).toBe(summary.games);
    expect(summary.levels!.sameAsScenario).toEqual(['honest']);
    expect(sheet(summary, 'cards.winRateWhenPlaced').rows[0]!.byLevel[0]!.games).toBeLessThan(summary.games);
  }, 120_000);

  it('refuses bad levels and combinations with one line naming the file and field', async () => {
    const unknown = scenario(`${SQUIRMISH}compareLevels: [skilled, grandmaster]\n`, 'unknown.yaml');
    const bad = await cli('run', unknown, '--workers', '0', '--out', join(tempDir(), 'never'));
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/unknown\.yaml:\d+: compareLevels\[1\]: expected one of random, novice, skilled, expert for squirmish; found "grandmaster"/);
    const twice = await cli('run', scenario(`${SQUIRMISH}compareLevels: [skilled, skilled]\n`, 'twice.yaml'), '--workers', '0');
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/twice\.yaml:\d+: compareLevels\[1\]: "skilled" is listed twice/);
    const one = await cli('run', scenario(`${SQUIRMISH}compareLevels: [skilled]\n`, 'one.yaml'), '--workers', '0');
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/one\.yaml:\d+: compareLevels: expected at least 2 entries/);
    const sweep = await cli('run', scenario(`${SQUIRMISH}compareLevels: [skilled, expert]\nsweep:\n  rules.victoryTarget: [2, 3]\n`, 'sweep.yaml'), '--workers', '0');
    expect(sweep.code).toBe(2);
    expect(sweep.err).toMatch(/sweep\.yaml:\d+: compareLevels: does not combine with `sweep`/);
    const sharded = await cli('run', scenario(`${SQUIRMISH}compareLevels: [skilled, expert]\n`, 'shard.yaml'), '--shard', '1/2', '--workers', '0');
    expect(sharded.code).toBe(2);
    expect(sharded.err).toMatch(/shard\.yaml: compareLevels: .*does not combine with --shard or --redis/);
  }, 120_000);
});

/** Marked rows of the other sheets (the report shades every sheet's marked rows). */
function sheetsMarked(s: Summary, except: string): number {
  return s.levels!.sheets.filter((x) => x.id !== except).reduce((n, x) => n + x.rows.filter((r) => r.dependsOnBot).length, 0);
}

describe('compareLevels in weights', () => {
  it('gives each weight under each level, with agreement and the ceiling, in weights.json and weights.md', async () => {
    const file = scenario(`${SQUIRMISH.replace('games: 120', 'games: 80')}compareLevels: [skilled, random]\n`, 'weights.yaml');
    const out = join(tempDir(), 'weights');
    const r = await cli('weights', file, '--only', 'Tiny Tim the Titan,Boar Boss Grunt,Swamp Hulk,Mudgrub', '--stat', 'hp', '--workers', '0', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'weights.json'), 'utf8'));
    const levels = json.levels as Summary['levels'] & object;
    expect(levels.levels.map((l) => l.name)).toEqual(['skilled', 'random']);
    expect(levels.sameAsScenario).toEqual(['skilled']);
    const hp = levels.sheets.find((s) => s.id === 'card.changePerHp')!;
    // The skilled column is the command's own weights (the scenario's seats are the skilled level).
    const own = new Map<string, number>(json.weights.filter((w: { estimate: unknown }) => w.estimate).map((w: { subject: string; estimate: { effect: number } }) => [w.subject, w.estimate.effect]));
    expect(hp.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of hp.rows) {
      expect(row.byLevel[0]!.rate).toBe(own.get(row.row));
      expect(row.dependsOnBot).toBe(row.byLevel[0]!.verdict !== row.byLevel[1]!.verdict);
    }
    expect(hp.agreement[0]!.level).toBe('random');
    expect(hp.ceiling.rows).toBe(hp.rows.length);
    const md = readFileSync(join(out, 'weights.md'), 'utf8');
    expect(md).toMatch(/## Ratings under skill levels/);
    expect(md).toMatch(/A weight's verdict is above \(stronger\) or below \(weaker\)/);
    for (const row of hp.rows) expect(md).toContain(`| ${row.row} |`);
  }, 300_000);
});

describe('compareLevels in compare', () => {
  beforeAll(() => registerRiggedLevelsGame());

  // A variant that helps one bot and hurts the other: it takes 30 points from Ace (which the
  // thrower always throws, so Ace's rate does not matter to it) and gives 15 to Brute. Under
  // honest seat 0 loses (−30 + 15) / 5 = −3 points; under thrower it gains 15 / 5 = +3.
  const cards = (ace: number, brute: number) => `[{ name: Ace, winRate: ${ace} }, { name: Brute, winRate: ${brute} }, { name: Chump, winRate: 0.4 }, { name: Dud, winRate: 0.35 }, { name: Eel, winRate: 0.3 }]`;
  const RIGGED = `game: rigged-levels\nplayers: 2\nseats: [{ level: honest }]\nseating: rotate\nrules:\n  cards: ${cards(0.8, 0.45)}\nvariants:\n  shift:\n    cards: ${cards(0.5, 0.6)}\ngames: 3000\nseed: 1\ncompareLevels: [honest, thrower]\n`;

  it('gives every difference under each level and marks the rows whose sign or significance the bot decides', async () => {
    const file = scenario(RIGGED, 'compare-rigged.yaml');
    const out = join(tempDir(), 'compare-rigged');
    const r = await cli('compare', file, '--variant', 'base', '--variant', 'shift', '--workers', '0', '--out', out);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8'));
    const levels = json.levels as NonNullable<Summary['levels']>;
    expect(levels.levels.map((l) => l.name)).toEqual(['honest', 'thrower']);
    // honest in every seat, seats rotating, is the scenario itself: its comparison is not played again.
    expect(levels.sameAsScenario).toEqual(['honest']);
    expect(r.err).toMatch(/honest: the comparison's own 3,000 paired games/);
    expect(r.err).toMatch(/thrower: 3,000 paired games, base vs shift, every seat thrower, seats rotating, seed 1/);
    expect(r.err).toMatch(/honest on seed "1-again" \(the ceiling\): 3,000 paired games/);
    const rates = levels.sheets.find((s) => s.id === 'headline.rates')!;
    const seat0 = rates.rows.find((x) => x.row === 'seat 0 win rate')!;
    // The honest column is the comparison's own headline row.
    expect(seat0.byLevel[0]!.rate).toBe(json.rows.find((x: { name: string }) => x.name === 'seat 0 win rate').difference);
    expect(seat0.byLevel[0]!.rate).toBeLessThan(-0.02);
    expect(seat0.byLevel[1]!.rate).toBeGreaterThan(0.02);
    expect(seat0.byLevel.map((b) => b.verdict)).toEqual(['below', 'above']);
    expect(seat0.dependsOnBot).toBe(true);
    const placed = levels.sheets.find((s) => s.id === 'cards.winRateWhenPlaced')!;
    const row = (name: string) => placed.rows.find((x) => x.row === name)!;
    // Ace: −30 points when played straight, exactly nothing when always thrown.
    expect(row('Ace').byLevel.map((b) => b.verdict)).toEqual(['below', 'within']);
    expect(row('Ace').byLevel[1]!.rate).toBe(0);
    expect(row('Ace').dependsOnBot).toBe(true);
    expect(row('Brute').byLevel.map((b) => b.verdict)).toEqual(['above', 'above']);
    expect(row('Brute').dependsOnBot).toBe(false);
    expect(row('Chump').byLevel.every((b) => b.rate === 0 && b.verdict === 'within')).toBe(true);
    expect(placed.ceiling.rows).toBe(5);
    // The terminal lists the marked rows, compare.md every row, both with the agreement sentence.
    const sentence = /Agreement of the true rates with honest, corrected for the rows' noise \(95% interval\): thrower .*Raw rank agreement .*; honest with itself on another seed .*(\d of 5 rows depend on the bot|0 of 5 rows flagged).*Balance-sheet verdicts change for \d rows with the level/;
    expect(r.out).toMatch(sentence);
    expect(r.out).toMatch(/seat 0 win rate +-\d\.\d+ pts \[[^\]]+\] below +\+\d\.\d+ pts \[[^\]]+\] above +\*/);
    // Thrown in every game of both arms: 0, inside the rule-of-three bound of no discordant game.
    expect(r.out).toMatch(/\nAce +-\d\d\.\d+ pts \[[^\]]+\] below +\+0\.0+ pts \[-\d\.\d+, \+\d\.\d+\] within +\*/);
    expect(r.out).not.toMatch(/\nChump +\+0/);
    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    expect(md).toMatch(/## Ratings under skill levels/);
    expect(md).toMatch(/Every row is a paired difference B − A/);
    expect(md).toMatch(sentence);
    for (const name of ['Ace', 'Brute', 'Chump', 'Dud', 'Eel']) expect(md).toContain(`| ${name} |`);
  }, 120_000);

  it('refuses bad levels, and variants that differ only in their seats, with one line before playing', async () => {
    const unknown = await cli('compare', scenario(`${SQUIRMISH}compareLevels: [skilled, grandmaster]\n`, 'c-unknown.yaml'), '--variant', 'base', '--variant', 'rules.victoryTarget=2', '--workers', '0');
    expect(unknown.code).toBe(2);
    expect(unknown.err.trim().split('\n')).toHaveLength(1);
    expect(unknown.err).toMatch(/c-unknown\.yaml:\d+: compareLevels\[1\]: expected one of random, novice, skilled, expert for squirmish; found "grandmaster"/);
    const twice = await cli('compare', scenario(`${SQUIRMISH}compareLevels: [expert, expert]\n`, 'c-twice.yaml'), '--variant', 'base', '--variant', 'rules.victoryTarget=2', '--workers', '0');
    expect(twice.code).toBe(2);
    expect(twice.err.trim().split('\n')).toHaveLength(1);
    expect(twice.err).toMatch(/c-twice\.yaml:\d+: compareLevels\[1\]: "expert" is listed twice/);
    const out = join(tempDir(), 'c-seats');
    const seats = await cli('compare', scenario(`${SQUIRMISH}compareLevels: [skilled, expert]\n`, 'c-seats.yaml'), '--variant', 'base', '--variant', 'seats[0].epsilon=0.5', '--workers', '0', '--out', out);
    expect(seats.code).toBe(2);
    expect(seats.err.trim().split('\n')).toHaveLength(1);
    expect(seats.err).toMatch(/c-seats\.yaml: compareLevels: base and seats\[0\]\.epsilon=0\.5 differ only in their seats, which every level replaces/);
    // Nothing was played or written.
    expect(seats.err).not.toMatch(/paired games/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
