/** Scenario loading: valid files resolve with defaults; every mistake gets one line naming file, field and line. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScenario } from '../../../src/sim/scenario/load.js';
import { ScenarioError } from '../../../src/sim/scenario/errors.js';
import { registry } from '../../../src/registry.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-scenario-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The one-line message a broken file gets. */
function errorOf(text: string, name = 'bad.yaml', overrides = {}): string {
  const file = write(name, text);
  try {
    loadScenario(file, registry, overrides);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    const message = (e as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message.startsWith(file)).toBe(true);
    return message.slice(file.length);
  }
  throw new Error('expected the scenario to be rejected');
}

const GOOD = `game: worms
seats:
  - policy: random
  - policy: builder
    params: { safetyWeight: 2 }
games: 500
seed: 7
`;

describe('a valid scenario', () => {
  it('resolves every default and labels policies by their non-default parameters', () => {
    const plan = loadScenario(write('good.yaml', GOOD), registry);
    expect(plan.name).toBe('good');
    expect(plan.players).toBe(2);
    expect(plan.rules).toEqual({ decks: 'auto', firstSeat: 0, setup: 'fixed', runIncludesEqual: false, suddenDeath: false, maxTurns: 2000 });
    expect(plan.seats.map((s) => s.label)).toEqual(['random', 'builder(safetyWeight=2)']);
    expect(plan.seats[1]!.params).toEqual({ attackWeight: 1, safetyWeight: 2, killBonus: 3, shareGain: true });
    expect(plan.seating).toBe('fixed');
    expect([plan.games, plan.seed, plan.masterSeed]).toEqual([500, 7, 7]);
    expect(plan.scenarioHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is accepted as JSON too', () => {
    const plan = loadScenario(write('good.json', JSON.stringify({ game: 'worms', seats: [{ policy: 'random' }], players: 3 })), registry);
    expect(plan.players).toBe(3);
    expect(plan.seats).toHaveLength(3);
  });

  it('has a hash that changes with what decides play, not with the game count, seed or name', () => {
    const a = loadScenario(write('a.yaml', GOOD), registry);
    const b = loadScenario(write('b.yaml', `name: other\n${GOOD.replace('games: 500', 'games: 9')}`), registry, { seed: 'x' });
    const c = loadScenario(write('c.yaml', `${GOOD}rules: { suddenDeath: true }\n`), registry);
    expect(b.scenarioHash).toBe(a.scenarioHash);
    expect(c.scenarioHash).not.toBe(a.scenarioHash);
  });

  it('applies a named variant on top of the rules, and the overrides', () => {
    const file = write('v.yaml', `${GOOD}variants:\n  sd: { suddenDeath: true }\n`);
    const plan = loadScenario(file, registry, { variant: 'sd', games: 42, seed: 'text seed' });
    expect(plan.rules.suddenDeath).toBe(true);
    expect(plan.variant).toBe('sd');
    expect(plan.games).toBe(42);
    expect(plan.seed).toBe('text seed');
  });
});

describe('mistakes get one line naming the file, the field, what was expected and what was found', () => {
  it('a typo in a policy name, with a suggestion', () => {
    expect(errorOf(GOOD.replace('policy: random', 'policy: randon'))).toBe(
      ':3: seats[0].policy: expected one of random, ismcts, greedy, builder, rollout, epsilon for worms; found "randon" (did you mean "random"?)',
    );
  });

  it('an unknown field, with a suggestion', () => {
    expect(errorOf(`${GOOD}sead: 3\n`)).toMatch(/^:8: sead: unknown field; expected one of name, .*seed.* \(did you mean "seed"\?\)$/);
  });

  it('an unknown rules field', () => {
    expect(errorOf(`${GOOD}rules:\n  suddendeath: true\n`)).toMatch(/^:9: rules\.suddendeath: unknown field; .*\(did you mean "suddenDeath"\?\)$/);
  });

  it('a wrong type', () => {
    expect(errorOf(GOOD.replace('games: 500', 'games: lots'))).toBe(':6: games: expected a number, found "lots"');
    expect(errorOf(`${GOOD}rules: { suddenDeath: "yes" }\n`)).toBe(':8: rules.suddenDeath: expected true or false, found "yes"');
    expect(errorOf(GOOD.replace('safetyWeight: 2', 'safetyWeight: high'))).toBe(':5: seats[1].params.safetyWeight: expected a number, found "high"');
  });

  it('an impossible player count', () => {
    expect(errorOf(`${GOOD}players: 9\n`)).toBe(':8: players: expected 2-8 players for worms, found 9');
    expect(errorOf('game: worms\nseats:\n  - policy: random\n')).toBe(':2: seats: expected 2-8 players for worms, found 1');
    expect(errorOf(`${GOOD}players: 3\n`)).toBe(':2: seats: expected 3 seat entries (one per player) or a single entry for all, found 2');
    expect(errorOf('game: worms\nplayers: 5\nseats: [{ policy: random }]\nrules: { decks: 1 }\n')).toBe(':4: rules.decks: 5 players need 60 cards to deal, but 1 deck(s) hold 52');
  });

  it('an unknown game, an out-of-range value, an enum', () => {
    expect(errorOf(GOOD.replace('game: worms', 'game: wurms'))).toMatch(/^:1: game: expected (one of )?("\w+", )*"worms"(, "\w+")*, found "wurms"( \(did you mean "worms"\?\))?$/);
    expect(errorOf(GOOD.replace('games: 500', 'games: 0'))).toBe(':6: games: expected a value of at least 1, found 0');
    expect(errorOf(`${GOOD}rules: { decks: 12 }\n`)).toBe(':8: rules.decks: expected a value of at most 8, found 12');
    expect(errorOf(`${GOOD}rules: { decks: many }\n`)).toBe(':8: rules.decks: expected "auto" or a number, found "many"');
    expect(errorOf(`${GOOD}seating: shuffle\n`)).toBe(':8: seating: expected one of "fixed", "rotate", found "shuffle"');
  });

  it('a missing required field', () => {
    expect(errorOf('seats:\n  - policy: random\n')).toMatch(/^:1: game: missing; expected (one of )?("\w+", )*"worms"/);
    expect(errorOf('game: worms\n')).toBe(':1: seats: missing; expected a list');
  });

  it('a bad variant, and a variant that does not exist', () => {
    expect(errorOf(`${GOOD}variants:\n  sd: { suddenDeth: true }\n`)).toMatch(/^:9: variants\.sd\.suddenDeth: unknown field/);
    expect(errorOf(`${GOOD}variants:\n  sd: { suddenDeath: true }\n`, 'v.yaml', { variant: 'dd' })).toBe(
      ': --variant: no variant "dd" in this scenario; expected one of sd',
    );
  });

  it('files that are not scenarios at all', () => {
    expect(errorOf('')).toBe(': the file is empty; expected a scenario (see scenarios/schema.json)');
    expect(errorOf('game: worms\n  seats: [\n')).toMatch(/^:\d+: not valid YAML: /);
    expect(errorOf('game: worms\ngame: worms\n')).toMatch(/not valid YAML: Map keys must be unique/);
    expect(errorOf('- 1\n- 2\n')).toBe(':1: expected a mapping (key: value), found [1,2]');
    expect(errorOf('game: !!js/function "function () {}"\n')).toMatch(/not valid YAML: .*tag/i);
  });

  it('a file that does not exist', () => {
    expect(() => loadScenario(join(dir, 'missing.yaml'), registry)).toThrow(/missing\.yaml: cannot read the file \(ENOENT\)/);
  });

  it('an alias bomb', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 9 }, (_, i) => `${'bcdefghij'[i]}: &${'bcdefghij'[i]} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(', ')}]`), 'game: worms', 'seats: [{policy: random}, {policy: random}]'].join('\n');
    expect(errorOf(bomb)).toMatch(/not valid YAML: .*alias/i);
  });
});

describe('data files referenced from a scenario (RulesContext)', () => {
  it('loads and validates a file below the scenario folder, reporting mistakes in that file', async () => {
    const { rulesContext } = await import('../../../src/sim/scenario/files.js');
    const { z } = await import('zod');
    const schema = z.array(z.strictObject({ name: z.string(), hp: z.number().int().min(1) }));
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'decks'), { recursive: true });
    writeFileSync(join(dir, 'decks', 'ok.yaml'), '- { name: Gobbler, hp: 6 }\n- { name: Nibbler, hp: 2 }\n');
    writeFileSync(join(dir, 'decks', 'bad.yaml'), '- { name: Gobbler, hp: 6 }\n- { name: Nibbler, hp: -2 }\n');
    const ctx = rulesContext(join(dir, 'scenario.yaml'));
    expect(ctx.load('decks/ok.yaml', schema, 'rules.deck')).toEqual([{ name: 'Gobbler', hp: 6 }, { name: 'Nibbler', hp: 2 }]);
    expect(() => ctx.load('decks/bad.yaml', schema, 'rules.deck')).toThrow(`${join(dir, 'decks', 'bad.yaml')}:2: [1].hp: expected a value of at least 1, found -2`);
    expect(() => ctx.load('decks/none.yaml', schema, 'rules.deck')).toThrow(/scenario\.yaml: rules\.deck: cannot read .*none\.yaml \(ENOENT\)/);
    expect(() => ctx.load('../../etc/passwd', schema, 'rules.deck')).toThrow(/rules\.deck: "\.\.\/\.\.\/etc\/passwd" is outside the scenario's folder/);
    expect(() => ctx.load('/etc/passwd', schema, 'rules.deck')).toThrow(/outside the scenario's folder/);
  });
});
