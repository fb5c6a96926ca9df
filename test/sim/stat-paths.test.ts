/** Card and character stats by name: applied through rules.statOverrides, hashed, swept, and refused with the nearest names. */
import { describe, it, expect } from 'vitest';
import { readScenarioData, buildPlan, buildCells, setScenarioPath, withStatOverrides } from '../../src/sim/scenario/load.js';
import { registry } from '../../src/registry.js';
import { tableOf, builtinDeck, type SquirmishRules } from '../../src/games/squirmish/params.js';
import { rosterOf, type SquallRules } from '../../src/games/squall/params.js';
import type { Plan } from '../../src/sim/scenario/types.js';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

const MINI = 'scenarios/squirmish/mini-decks.yaml';
const DUEL = 'scenarios/squall/duel-open.yaml';

const dataOf = (file: string) => readScenarioData(file).data as Record<string, unknown>;
function planWith(file: string, sets: Record<string, unknown>): Plan {
  const data = dataOf(file);
  for (const [path, value] of Object.entries(sets)) setScenarioPath(data, path, value, registry);
  return buildPlan(data, file, registry);
}
function errorOf(file: string, sets: Record<string, unknown>): string {
  try {
    planWith(file, sets);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the scenario to be refused');
}
const card = (plan: Plan, name: string) => (plan.rules as SquirmishRules & { cards: { cards: { name: string; hp: number; attack: unknown[] }[] } }).cards.cards.find((c) => c.name === name)!;

describe('Squirmish card stats by name', () => {
  const base = buildPlan(dataOf(MINI), MINI, registry);

  it('set a card\u2019s HP and a die face in the prepared rules and the compiled table, and change the hash', () => {
    const tweaked = planWith(MINI, { 'cards.Swamp Hulk.hp': 9, 'cards.Swamp Hulk.faces.3': 4 });
    expect(card(base, 'Swamp Hulk').hp).toBe(14);
    expect(card(tweaked, 'Swamp Hulk').hp).toBe(9);
    expect(card(tweaked, 'Swamp Hulk').attack[2]).toBe(4);
    const table = tableOf(tweaked.rules as SquirmishRules);
    const k = table.names.indexOf('Swamp Hulk');
    expect(table.hp[k]).toBe(9);
    expect(table.faceAmount[k * 6 + 2]).toBe(4);
    expect(tweaked.scenarioHash).not.toBe(base.scenarioHash);
    expect(tweaked.rules.statOverrides).toEqual({ 'cards.Swamp Hulk.hp': 9, 'cards.Swamp Hulk.faces.3': 4 });
    // Every other card is untouched.
    expect(card(tweaked, 'Mudgrub')).toEqual(card(base, 'Mudgrub'));
  });

  it('leave rules without overrides (and so every existing scenario hash) as they were', () => {
    expect('statOverrides' in base.rules).toBe(false);
  });

  it('give the same plan whether written in the scenario or added to a loaded plan (squabble weights)', () => {
    const fromFile = planWith(MINI, { 'cards.Swamp Hulk.hp': 15 });
    const derived = withStatOverrides(base, registry, { 'cards.Swamp Hulk.hp': 15 });
    expect(derived.scenarioHash).toBe(fromFile.scenarioHash);
    expect(derived.rules).toEqual(fromFile.rules);
    expect(derived.masterSeed).toBe(base.masterSeed);
  });

  it('never change the built-in pool', () => {
    const before = JSON.stringify(builtinDeck());
    const data = { game: 'squirmish', seats: [{ policy: 'random' }, { policy: 'random' }], rules: { statOverrides: { 'cards.Mudgrub.hp': 1 } } };
    const p = buildPlan(data, 'inline.yaml', registry);
    expect(card(p, 'Mudgrub').hp).toBe(1);
    expect(JSON.stringify(builtinDeck())).toBe(before);
  });

  it('are refused with the file, the field and the nearest names', () => {
    expect(errorOf(MINI, { 'cards.Swamp Hulc.hp': 9 })).toBe(
      'scenarios/squirmish/mini-decks.yaml: rules.statOverrides.cards.Swamp Hulc.hp: no card "Swamp Hulc" in the card pool (decks/classic-70.yaml); nearest: "Swamp Hulk", "Scrap Hound", "Dive Gull"',
    );
    expect(errorOf(MINI, { 'cards.Mudgrub.hpp': 9 })).toMatch(/rules\.statOverrides\.cards\.Mudgrub\.hpp: card "Mudgrub" has no stat "hpp"; expected one of hp, faces\.1 \.\.\. faces\.6 \(did you mean "hp"\?\)/);
    expect(errorOf(MINI, { 'cards.Mudgrub.faces': 2 })).toMatch(/faces needs one more part/);
    expect(errorOf(MINI, { 'cards.Mudgrub.faces.7': 2 })).toMatch(/card "Mudgrub": expected a face number from 1 to 6 after faces, found "7"/);
    expect(errorOf(MINI, { 'cards.Mudgrub.faces.2': 'heel 2' })).toMatch(/card "Mudgrub": face 2: expected a die face: .*, found "heel 2"/);
    expect(errorOf(MINI, { 'cards.Mudgrub.faces.2': 'special:Nope' })).toMatch(/no special attack named "Nope"; expected one of Gulp/);
    expect(errorOf(MINI, { 'cards.Mudgrub.hp': 0 })).toMatch(/card "Mudgrub": expected hit points, a whole number from 1 to 99, found 0/);
  });

  it('point at the line of a scenario file that writes them', () => {
    const data = dataOf(MINI);
    (data.rules as Record<string, unknown>).statOverrides = { 'cards.Mudgrubb.hp': 3 };
    const { lineOf } = readScenarioData(MINI);
    expect(() => buildPlan(data, MINI, registry, {}, lineOf)).toThrow(/^scenarios\/squirmish\/mini-decks\.yaml:\d+: rules\.statOverrides\.cards\.Mudgrubb\.hp: no card "Mudgrubb" .*nearest: "Mudgrub"/);
  });

  it('sweep by name: every cell has its HP, its own hash and the same seed', () => {
    const data = { ...dataOf(MINI), sweep: { 'cards.Swamp Hulk.hp': [10, 14, 18], 'rules.victoryTarget': [3, 4] } };
    const cells = buildCells(data, MINI, registry);
    expect(cells).toHaveLength(6);
    expect(cells.map((c) => card(c, 'Swamp Hulk').hp)).toEqual([10, 10, 14, 14, 18, 18]);
    expect(cells[0]!.cellValues).toEqual({ 'cards.Swamp Hulk.hp': 10, 'rules.victoryTarget': 3 });
    expect(new Set(cells.map((c) => c.scenarioHash)).size).toBe(6);
    expect(new Set(cells.map((c) => c.masterSeed)).size).toBe(1);
  });

  it('name the sweep cell of a bad value', () => {
    const data = { ...dataOf(MINI), sweep: { 'cards.Swamp Hulk.hp': [10, 100] } };
    expect(() => buildCells(data, MINI, registry)).toThrow(/rules\.statOverrides\.cards\.Swamp Hulk\.hp: in the sweep cell cards\.Swamp Hulk\.hp = 100: card "Swamp Hulk": expected hit points, a whole number from 1 to 99, found 100/);
  });

  it('are checked in every sweep cell by squabble validate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squabble-stat-sweep-'));
    try {
      const file = join(dir, 'sweep.yaml');
      const text = (name: string) => `game: squirmish\nseats: [{ policy: greedy }, { policy: greedy }]\nsweep:\n  cards.${name}.hp: [10, 14]\ngames: 10\n`;
      writeFileSync(file, text('Swamp Hulk'));
      const ok = await cli('validate', file);
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out).toMatch(/sweep of 2 cells/);
      writeFileSync(file, text('Swamp Hulx'));
      const bad = await cli('validate', file);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/sweep\.yaml:3: rules\.statOverrides\.cards\.Swamp Hulx\.hp: in the sweep cell cards\.Swamp Hulx\.hp = 10: no card "Swamp Hulx" in the built-in Classic 70 card pool; nearest: "Swamp Hulk"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('work in named variants (squabble compare --variant)', () => {
    const data = { ...dataOf(MINI), variants: { 'tough-hulk': { statOverrides: { 'cards.Swamp Hulk.hp': 20 } } } };
    const p = buildPlan(data, MINI, registry, { variant: 'tough-hulk' });
    expect(card(p, 'Swamp Hulk').hp).toBe(20);
    const bad = { ...dataOf(MINI), variants: { typo: { statOverrides: { 'cards.Swamp Hlk.hp': 20 } } } };
    expect(() => buildPlan(bad, MINI, registry)).toThrow(/variants\.typo\.statOverrides\.cards\.Swamp Hlk\.hp: no card "Swamp Hlk"/);
  });

  it('in a variant add to the scenario’s own stat changes (a variant is the scenario with its changes)', () => {
    const data = dataOf(MINI);
    const rules = { ...(data.rules as Record<string, unknown>), statOverrides: { 'cards.Swamp Hulk.hp': 12, 'cards.Swamp Hulk.faces.3': 4 } };
    const withVariant = { ...data, rules, variants: { 'tough-hulk': { statOverrides: { 'cards.Swamp Hulk.hp': 20 } } } };
    const p = buildPlan(withVariant, MINI, registry, { variant: 'tough-hulk' });
    expect(card(p, 'Swamp Hulk').hp).toBe(20); // the variant's value wins
    expect(card(p, 'Swamp Hulk').attack[2]).toBe(4); // the scenario's face change stays
    expect((p.rules as { statOverrides: unknown }).statOverrides).toEqual({ 'cards.Swamp Hulk.hp': 20, 'cards.Swamp Hulk.faces.3': 4 });
    const plain = buildPlan({ ...data, rules }, MINI, registry);
    expect(card(plain, 'Swamp Hulk').hp).toBe(12);
  });

  it('are read, bumped and listed by the game\u2019s stat hooks', () => {
    const stats = registry.games.squirmish!.stats!;
    const rules = base.rules as SquirmishRules;
    expect(stats.read(rules, 'cards.Swamp Hulk.hp')).toBe(14);
    expect(stats.read(rules, 'cards.Swamp Hulk.faces.6')).toBe('special');
    expect(() => stats.read(rules, 'cards.Swamp Hulc.hp')).toThrow(/nearest: "Swamp Hulk"/);
    // Swamp Hulk: [none, none, 1, 2, 3, special]: the numeric faces go up by one, the rest stay.
    expect(stats.bump(rules, 'Swamp Hulk', 'damage')).toEqual({ overrides: { 'cards.Swamp Hulk.faces.3': 2, 'cards.Swamp Hulk.faces.4': 3, 'cards.Swamp Hulk.faces.5': 4 } });
    expect(stats.bump(rules, 'Swamp Hulk', 'hp')).toEqual({ overrides: { 'cards.Swamp Hulk.hp': 15 } });
    // The subjects are the mini-decks' 24 cards, the rows of the card table.
    const subjects = stats.subjects(rules, 2);
    expect(subjects).toHaveLength(24);
    expect(subjects.find((s) => s.name === 'Swamp Hulk')!.group).toBe('Bog Cousins');
  });
});

describe('Squall character stats by name', () => {
  const base = buildPlan(dataOf(DUEL), DUEL, registry);
  const knight = (p: Plan) => rosterOf(p.rules as SquallRules).characters.find((c) => c.name === 'Knight')!;

  it('set a stat in the roster and change the hash', () => {
    const tweaked = planWith(DUEL, { 'characters.Knight.hp': 25, 'characters.Knight.move': 4.5 });
    expect(knight(base).hp).toBe(18);
    expect(knight(tweaked).hp).toBe(25);
    expect(knight(tweaked).move).toBe(4.5);
    expect(tweaked.scenarioHash).not.toBe(base.scenarioHash);
  });

  it('are refused with the nearest names and the stat\u2019s range', () => {
    expect(errorOf(DUEL, { 'characters.Knigt.hp': 3 })).toBe(
      'scenarios/squall/duel-open.yaml: rules.statOverrides.characters.Knigt.hp: no character "Knigt" in the roster (rosters/standard.yaml); nearest: "Knight", "Mage", "Ogre"',
    );
    expect(errorOf(DUEL, { 'characters.Knight.melee': 1.5 })).toMatch(/character "Knight": melee: expected a whole number from 0 to 50, found 1\.5/);
    expect(errorOf(DUEL, { 'characters.Knight.armour': 1 })).toMatch(/character "Knight" has no stat "armour"; expected one of hp, melee, range, move, special, base/);
  });

  it('apply to the default roster when the scenario names none', () => {
    const p = buildPlan({ game: 'squall', seats: [{ policy: 'random' }, { policy: 'random' }], rules: { statOverrides: { 'characters.Fighter.range': 4 } } }, 'inline.yaml', registry);
    expect(rosterOf(p.rules as SquallRules).characters[0]!.range).toBe(4);
  });

  it('bump +1 damage as +1 MELEE, and +1 RANGE only for a character that shoots', () => {
    const stats = registry.games.squall!.stats!;
    const rules = base.rules as SquallRules;
    expect(stats.bump(rules, 'Knight', 'damage')).toEqual({ overrides: { 'characters.Knight.melee': 4 } });
    const sniper = buildPlan(dataOf('scenarios/squall/sniper-vs-brawler-open.yaml'), 'scenarios/squall/sniper-vs-brawler-open.yaml', registry);
    const archer = rosterOf(sniper.rules as SquallRules).characters.find((c) => c.name === 'Archer')!;
    expect(stats.bump(sniper.rules as SquallRules, 'Archer', 'damage')).toEqual({ overrides: { 'characters.Archer.melee': archer.melee + 1, 'characters.Archer.range': archer.range + 1 } });
    // Subjects: the characters fielded (Berserker and Knight), not the whole roster.
    expect(stats.subjects(rules, 2).map((s) => s.name)).toEqual(['Knight', 'Berserker']);
  });
});
