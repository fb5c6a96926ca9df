/** Rosters and terrain as data: loading, validation with located errors, set-up checks. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScenario } from '../../../src/sim/scenario/load.js';
import { registry } from '../../../src/registry.js';
import { planOf } from '../../helpers/plans.js';
import { rosterSchema, terrainSchema, DEFAULT_ROSTER, EFFECTS } from '../../../src/games/squall/params.js';
import { parseDocument } from 'yaml';
import { readFileSync } from 'node:fs';

let dir = '';
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const scenario = (rules: string) =>
  write(
    'scenario.yaml',
    `game: squall
seats: [{ policy: brawler }, { policy: sniper }]
rules:
${rules}
games: 10
`,
  );
const ROSTER = `characters:
  - name: Knight
    move: 4
    melee: 3
    range: 0
    hp: 20
    special: 4
    bonuses:
      - { name: Block, cost: 1, timing: defend, effect: extraDefenceDie }
  - name: Archer
    style: sniper
    move: 5
    melee: 1
    range: 3
    hp: 11
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'squall-data-'));
  mkdirSync(join(dir, 'rosters'));
  mkdirSync(join(dir, 'layouts'));
  write('rosters/ok.yaml', ROSTER);
  write('layouts/ok.yaml', 'obstacles:\n  - { shape: rect, x: 5, y: 5, width: 2, height: 1 }\n  - { shape: circle, x: 2, y: 9, radius: 0.5 }\n  - { shape: polygon, points: [[8, 8], [9, 8], [8.5, 9]] }\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loading rosters and layouts', () => {
  it('inlines the files a scenario names, so the plan is self-contained', () => {
    const plan = loadScenario(scenario('  roster: rosters/ok.yaml\n  terrain: layouts/ok.yaml\n  characters: [Knight, Archer]'), registry);
    const rules = plan.rules as { roster: { characters: { name: string; base: number }[] }; terrain: { obstacles: unknown[] } };
    expect(rules.roster.characters.map((c) => c.name)).toEqual(['Knight', 'Archer']);
    expect(rules.roster.characters[0]!.base).toBe(1); // default diameter
    expect(rules.terrain.obstacles).toHaveLength(3);
  });

  it('reports a mistake inside a roster with its file, field and line', () => {
    write('rosters/bad-timing.yaml', ROSTER.replace('timing: defend', 'timing: move'));
    expect(() => loadScenario(scenario('  roster: rosters/bad-timing.yaml'), registry)).toThrow(
      /rosters\/bad-timing\.yaml:9: characters\[0\]\.bonuses\[0\]\.timing: expected one of "defend" for effect "extraDefenceDie", found "move"/,
    );
    write('rosters/bad-hp.yaml', ROSTER.replace('hp: 11', 'hp: 0'));
    expect(() => loadScenario(scenario('  roster: rosters/bad-hp.yaml'), registry)).toThrow(/rosters\/bad-hp\.yaml:15: characters\[1\]\.hp: expected a value of at least 1, found 0/);
    write('rosters/twice.yaml', ROSTER.replace('name: Archer', 'name: Knight'));
    expect(() => loadScenario(scenario('  roster: rosters/twice.yaml'), registry)).toThrow(/twice\.yaml:10: characters\[1\]\.name: expected a unique name; "Knight" is used twice/);
    write('rosters/effect.yaml', ROSTER.replace('effect: extraDefenceDie', 'effect: teleport'));
    expect(() => loadScenario(scenario('  roster: rosters/effect.yaml'), registry)).toThrow(/effect\.yaml:9: characters\[0\]\.bonuses\[0\]\.effect: expected one of/);
  });

  it('reports a mistake inside a layout with its file, field and line', () => {
    write('layouts/concave.yaml', 'obstacles:\n  - { shape: circle, x: 2, y: 9, radius: 0.5 }\n  - shape: polygon\n    points: [[0, 0], [2, 1], [4, 0], [2, 3]]\n');
    expect(() => loadScenario(scenario('  terrain: layouts/concave.yaml'), registry)).toThrow(/layouts\/concave\.yaml:4: obstacles\[1\]\.points: expected the vertices of a convex polygon/);
    write('layouts/shape.yaml', 'obstacles:\n  - { shape: square, x: 2, y: 9 }\n');
    expect(() => loadScenario(scenario('  terrain: layouts/shape.yaml'), registry)).toThrow(/layouts\/shape\.yaml:2: obstacles\[0\]\.shape/);
    expect(() => loadScenario(scenario('  terrain: layouts/missing.yaml'), registry)).toThrow(/scenario\.yaml: rules\.terrain: cannot read .*missing\.yaml/);
  });

  it('checks characters, players and room to set up against the roster and layout', () => {
    expect(() => loadScenario(scenario('  roster: rosters/ok.yaml\n  characters: [Knight, Wizard]'), registry)).toThrow(/rules\.characters\[1\]: expected a character of the roster \(Knight, Archer\), found "Wizard"/);
    expect(() => loadScenario(scenario('  roster: rosters/ok.yaml\n  characters: [Knight]'), registry)).toThrow(/rules\.characters: expected at least 2 entries|rules\.characters: expected one entry per seat/);
    expect(() => loadScenario(scenario('  roster: rosters/ok.yaml\n  setupEdges: [[south], [north], [east]]'), registry)).toThrow(/rules\.setupEdges: expected one list of edges per seat \(2\), found 3/);
    write('layouts/walled.yaml', 'obstacles:\n  - { shape: rect, x: 0, y: 0, width: 12, height: 3.2 }\n');
    expect(() => loadScenario(scenario('  roster: rosters/ok.yaml\n  terrain: layouts/walled.yaml\n  setupEdges: [south]'), registry)).toThrow(/rules\.terrain: Knight \(seat 0\) has no room to set up along south/);
    expect(() => planOf({ game: 'squall', players: 3, rules: { matchups: 'all-pairs' } })).toThrow(/rules\.matchups: matchups need exactly 2 players, found 3/);
  });

  it('without files, the default roster (one all-round Fighter) and open ground apply', () => {
    const plan = planOf({ game: 'squall', players: 2 });
    expect((plan.rules as { roster: typeof DEFAULT_ROSTER }).roster).toEqual(DEFAULT_ROSTER);
    expect(rosterSchema.parse(DEFAULT_ROSTER)).toEqual(DEFAULT_ROSTER);
  });
});

describe('the shipped data', () => {
  const root = 'scenarios/squall';
  it('the standard roster has at least eight distinct characters of every style', () => {
    const roster = rosterSchema.parse(parseDocument(readFileSync(join(root, 'rosters/standard.yaml'), 'utf8')).toJS());
    expect(roster.characters.length).toBeGreaterThanOrEqual(8);
    for (const style of ['brawler', 'sniper', 'flanker']) expect(roster.characters.some((c) => c.style === style)).toBe(true);
    // Every effect of the vocabulary is used by some character.
    const used = new Set(roster.characters.flatMap((c) => c.bonuses.map((b) => b.effect)));
    for (const effect of Object.keys(EFFECTS)) expect(used.has(effect as never), effect).toBe(true);
  });

  it('at least four layouts, from open ground to dense', () => {
    const files = readdirSync(join(root, 'layouts'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const counts = files.map((f) => terrainSchema.parse(parseDocument(readFileSync(join(root, 'layouts', f), 'utf8')).toJS()).obstacles.length);
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(12);
  });
});
