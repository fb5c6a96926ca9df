/** `squabble tune` with a `tune:` block: several parameters, several targets, before and after on fresh seeds. */
import { describe, it, expect } from 'vitest';
import { cpSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import type { TuneOutcome } from '../../../src/studies/tune/targets.js';
import { loadScenario, readScenarioData, buildPlan } from '../../../src/sim/scenario/load.js';
import { registry } from '../../../src/registry.js';

const dir = useTempDir('squabble-tune-block-');

/** A Berserker-Knight duel (seats rotating) with this tune: block, beside copies of the shipped roster and layout. */
function scenario(name: string, tune: string, extra = ''): string {
  cpSync('scenarios/squall/rosters', join(dir(), 'rosters'), { recursive: true });
  cpSync('scenarios/squall/layouts', join(dir(), 'layouts'), { recursive: true });
  const file = join(dir(), `${name}.yaml`);
  writeFileSync(
    file,
    `name: ${name}
game: squall
seats: [{ policy: brawler }, { policy: brawler }]
seating: rotate
rules:
  setup: random
  roster: rosters/standard.yaml
  setupEdges: [[south], [north]]
  terrain: layouts/open.yaml
  characters: [Berserker, Knight]
games: 100
seed: 7
${extra}tune:
${tune}`,
  );
  return file;
}

const TWO_PARAMS = `  params:
    characters.Berserker.hp: [10, 24]
    characters.Knight.hp: [12, 24]
  targets:
    characters.Berserker.winRate: [0.75, 0.85]
  budget: 1000
  verifyGames: 300
`;

describe('squabble tune with a tune: block', () => {
  it('tunes two parameters and reports both, before and after on fresh seeds', async () => {
    const file = scenario('duel', TWO_PARAMS);
    const out = join(dir(), 'out');
    const r = await cli('tune', file, '--workers', '0', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/\[1\/10, \d+ s\] race 0: characters\.Berserker\.hp=15 characters\.Knight\.hp=18 on seed block 0: loss/);
    const o = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as TuneOutcome;
    expect(o.format).toBe('squabble-tune/1');
    expect(o.params.map((p) => [p.path, p.old])).toEqual([
      ['characters.Berserker.hp', 15],
      ['characters.Knight.hp', 18],
    ]);
    // The Berserker wins about 61% as written (docs/squall.md: the brawler holds back out of a
    // slower enemy's reach, so the faster Berserker strikes first); 75-85% needs more HP for it or less for the Knight.
    const [berserker, knight] = o.params;
    expect(berserker!.new - berserker!.old + (knight!.old - knight!.new)).toBeGreaterThan(0);
    expect(o.search.evaluations.length).toBeLessThanOrEqual(10);
    expect(o.search.gamesPlayed).toBe(o.search.evaluations.reduce((s, e) => s + e.scale, 0) * 100);
    // The verdict is measured on seeds the search never played.
    expect(new Set(o.search.evaluations.map((e) => e.seed)).has(o.verification.seed)).toBe(false);
    expect(o.verification.seed).toBe('7/fresh');
    for (const m of [o.verification.before, o.verification.after]) {
      const v = m.judged.results[0]!.values[0]!;
      expect(v.what).toBe('characters.Berserker.winRate');
      expect(v.interval[0]).toBeLessThan(v.estimate);
      expect(v.interval[1]).toBeGreaterThan(v.estimate);
    }
    expect(o.verification.before.values).toEqual([15, 18]);
    expect(o.verification.after.values).toEqual(o.params.map((p) => p.new));
    expect(o.verification.after.loss).toBeLessThan(o.verification.before.loss);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toMatch(/\| characters\.Berserker\.hp \| 10-24 \| 15 \| \d+ \|/);
    expect(md).toMatch(/fresh seeds \("7\/fresh"\), which the search never played, so the after figures are not flattered by luck it fitted: 300 games as written, [\d,]+ games as tuned/);
    // The after measurement takes looks of 300, 600, 1,200 and 2,400 fresh games in all, each at 1.25%, while a verdict is undecided.
    expect(o.verification.looks.map((l) => [l.games, l.alpha])).toEqual([300, 600, 1200, 2400].map((g) => [g, 0.0125]));
    const taken = o.verification.looks.filter((l) => l.taken);
    expect(o.verification.afterGames).toBe(taken[taken.length - 1]!.games);
    expect(o.verification.after.judged.results[0]!.values[0]!.n).toBe(o.verification.afterGames);
    expect(o.verification.after.judged.alpha).toBe(0.0125);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Targets before and after');
    expect(existsSync(join(out, 'charts', 'tune-targets.svg'))).toBe(true);
    expect(r.out).toContain('Parameters:');

    // Deterministic for a seed: the same search again.
    const again = await cli('tune', file, '--workers', '0', '--out', join(dir(), 'again'), '--quiet');
    expect(again.code, again.err).toBe(0);
    const o2 = JSON.parse(readFileSync(join(dir(), 'again', 'summary.json'), 'utf8')) as TuneOutcome;
    expect(o2.search.evaluations).toEqual(o.search.evaluations);
    expect(o2.verification.after.judged).toEqual(o.verification.after.judged);
  }, 120_000);

  it('pools a pair over both seatings for matchups.*.winRate', async () => {
    const file = scenario(
      'pairs',
      `  params:
    characters.Knight.hp: [17, 19]
  targets:
    matchups.*.winRate: [0.45, 0.55]
  budget: 200
  verifyGames: 200
`,
      '',
    );
    const r = await cli('tune', file, '--workers', '0', '--out', join(dir(), 'pairs-out'), '--quiet');
    expect(r.code, r.err).toBe(0);
    const o = JSON.parse(readFileSync(join(dir(), 'pairs-out', 'summary.json'), 'utf8')) as TuneOutcome;
    const values = o.verification.before.judged.results[0]!.values;
    // One value for the pair, from both seatings' rows (200 games between them).
    expect(values.map((v) => [v.what, v.n])).toEqual([['matchups.Berserker vs Knight.winRate', 200]]);
    expect(r.out).toMatch(/Win rate \(%\) of the row against the column/);
  }, 60_000);

  const refused: [string, string, RegExp][] = [
    ['an unknown character', TWO_PARAMS.replace('characters.Knight.hp: [12, 24]', 'characters.Nobody.hp: [12, 24]'), /duel-bad\.yaml:\d+: tune\.params\.characters\.Nobody\.hp: characters\.Nobody\.hp = 12: .*Nobody/],
    ['an illegal bound', TWO_PARAMS.replace('[10, 24]', '[0, 24]'), /tune\.params\.characters\.Berserker\.hp: characters\.Berserker\.hp = 0: /],
    ['bounds the wrong way round', TWO_PARAMS.replace('[10, 24]', '[24, 10]'), /tune\.params\.characters\.Berserker\.hp: expected \[min, max\] with min <= max, found \[24, 10\]/],
    ['bounds that leave out the scenario\u2019s value', TWO_PARAMS.replace('[12, 24]', '[20, 24]'), /tune\.params\.characters\.Knight\.hp: the scenario's value 18 is outside \[20, 24\]/],
    ['a fractional bound', TWO_PARAMS.replace('[10, 24]', '[10.5, 24]'), /tune\.params\.characters\.Berserker\.hp\[0\]: expected a whole number, found 10\.5/],
    ['no targets', TWO_PARAMS.replace('  targets:\n    characters.Berserker.winRate: [0.75, 0.85]\n', '  targets: {}\n'), /tune\.targets: expected at least one target/],
    ['no parameters', TWO_PARAMS.replace(/ {2}params:\n.*\n.*\n/, '  params: {}\n'), /tune\.params: expected at least one parameter/],
    ['a target nothing measures', TWO_PARAMS.replace('characters.Berserker.winRate', 'characters.Berserker.speed'), /tune\.targets\.characters\.Berserker\.speed: the characters table has no such rate/],
    ['an empty condition', TWO_PARAMS.replace('[0.75, 0.85]', '[]'), /tune\.targets\.characters\.Berserker\.winRate: expected \[low, high\]/],
    ['a budget of less than two evaluations', TWO_PARAMS.replace('budget: 1000', 'budget: 150'), /tune\.budget: 150 games is less than two evaluations of 100 games/],
    ['an unknown field of the block', `${TWO_PARAMS}  steps: 3\n`, /tune\.steps: unknown field; expected one of params, targets, budget, verifyGames/],
  ];
  for (const [what, tune, message] of refused)
    it(`refuses ${what} with one line naming the file and field (exit 2)`, async () => {
      const r = await cli('tune', scenario('duel-bad', tune), '--workers', '0', '--quiet');
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).toContain('duel-bad.yaml');
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });

  it('leaves what run plays alone: the block is not part of the scenario hash', () => {
    const file = scenario('hash', TWO_PARAMS);
    const { data } = readScenarioData(file);
    const without = { ...(data as Record<string, unknown>) };
    delete without.tune;
    expect(loadScenario(file, registry).scenarioHash).toBe(buildPlan(without, file, registry).scenarioHash);
  });

  it('refuses a scenario without a tune: block when no --param is given, and mixed options', async () => {
    const plain = await cli('tune', 'scenarios/squall/duel-open.yaml', '--workers', '0');
    expect(plain.code).toBe(2);
    expect(plain.err).toMatch(/duel-open\.yaml: tune: the scenario has no tune: block/);
    const mixed = await cli('tune', 'scenarios/squall/duel-open.yaml', '--target', 'seat0.winRate=0.5');
    expect(mixed.code).toBe(2);
    expect(mixed.err).toMatch(/--target: goes with --param/);
    const budget = await cli('tune', scenario('duel-flag', TWO_PARAMS), '--budget', '50', '--workers', '0');
    expect(budget.code).toBe(2);
    expect(budget.err).toMatch(/--budget: 50 games is less than two evaluations/);
  });
});
