/**
 * Every cap that keeps a typo from starting a run that never ends or fills memory or the disk:
 * each is refused with one line naming the file and the field, just above the cap (and the
 * shipped scenarios are all within them: test/sim/scenario/schema.test.ts loads every one).
 * docs/reliability.md lists the caps; this file proves each.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadCells } from '../../../src/sim/scenario/load.js';
import { LIMITS } from '../../../src/sim/scenario/schema.js';
import { ScenarioError } from '../../../src/sim/scenario/errors.js';
import { registry } from '../../../src/registry.js';
import { searchWarning, SEARCH_WARNING_ITERATIONS } from '../../../src/studies/kit/plan.js';
import { MAX_ITERATIONS } from '../../../src/policies/ismcts.js';
import { planOf } from '../../helpers/plans.js';
import { MAX_POOL, MAX_HP, MAX_NAME, MAX_TEXT, MAX_SPECIALS, MAX_EFFECTS, MAX_ABILITIES_PER_CARD, MAX_GROUPS } from '../../../src/games/squirmish/card-ir.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-limits-'));
  mkdirSync(join(dir, 'data'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one-line message for a scenario (and its data files), without the folder; 'loaded' if it loads. */
function messageOf(scenario: Record<string, unknown> | string, files: Record<string, unknown> = {}): string {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'data', name), typeof content === 'string' ? content : stringify(content));
  const file = join(dir, 'scenario.yaml');
  writeFileSync(file, typeof scenario === 'string' ? scenario : stringify(scenario));
  try {
    loadCells(file, registry);
    return 'loaded';
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    expect(e.message.split('\n')).toHaveLength(1);
    return e.message.replaceAll(`${dir}/`, '');
  }
}

const worms = (more: Record<string, unknown> = {}) => ({ game: 'worms', seats: [{ policy: 'random' }, { policy: 'random' }], ...more });
const card = (name: string, more: Record<string, unknown> = {}) => ({ name, hp: 3, attack: [1, 1, 1, 1, 1, 1], ...more });
const pool = (n: number, more: (i: number) => Record<string, unknown> = () => ({})) => ({ cards: Array.from({ length: n }, (_, i) => card(`Card ${i}`, more(i))) });
const squirmish = (rules: Record<string, unknown>) => ({ game: 'squirmish', seats: [{ policy: 'random' }, { policy: 'random' }], rules });
const squall = (rules: Record<string, unknown>, players = 2) => ({ game: 'squall', players, seats: [{ policy: 'random' }], rules });
const circle = (i: number) => ({ shape: 'circle', x: 1 + (i % 10), y: 1 + Math.floor(i / 10) * 0.5, radius: 0.1 });

describe('scenario limits (LIMITS in src/sim/scenario/schema.ts)', () => {
  it('games: at most 10,000,000,000', () => {
    expect(messageOf(worms({ games: LIMITS.games }))).toBe('loaded');
    expect(messageOf(worms({ games: LIMITS.games + 1 }))).toMatch(/^scenario\.yaml:\d+: games: expected a value of at most 10000000000, found 10000000001$/);
  });

  it('players: each game\'s own range; seat entries: at most 64', () => {
    expect(messageOf(worms({ players: 9, seats: [{ policy: 'random' }] }))).toMatch(/players: expected 2-8 players for worms, found 9/);
    expect(messageOf({ game: 'squirmish', players: 5, seats: [{ policy: 'random' }] })).toMatch(/players: expected 2-4 players for squirmish, found 5/);
    expect(messageOf({ game: 'squish', players: 9, seats: [{ policy: 'random' }] })).toMatch(/players: expected 2-8 players for squish, found 9/);
    expect(messageOf({ game: 'squall', players: 7, seats: [{ policy: 'random' }] })).toMatch(/players: expected 2-6 players for squall, found 7/);
    expect(messageOf(worms({ seats: Array.from({ length: LIMITS.seats + 1 }, () => ({ policy: 'random' })) }))).toMatch(/seats: expected at most 64 entries/);
  });

  it('variants: at most 100', () => {
    const variants = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, { suddenDeath: true }]));
    expect(messageOf(worms({ variants: variants(LIMITS.variants) }))).toBe('loaded');
    expect(messageOf(worms({ variants: variants(LIMITS.variants + 1) }))).toMatch(/variants: expected at most 100 variants, found 101; split the scenario$/);
    expect(messageOf(worms({ variants: { ['v'.repeat(81)]: {} } }))).toMatch(/variants\.v+: expected a valid name here \(at most 80 characters\)/);
  });

  it('sweeps: at most 100 values per field, 1,000 cells, and field paths of at most 200 characters with list positions below 100', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i / n);
    expect(messageOf(worms({ sweep: { 'seats[0].params.x': values(LIMITS.sweepValues + 1) } }))).toMatch(/sweep\.seats\[0\]\.params\.x: expected at most 100 entries/);
    const grid = { 'rules.maxTurns': values(40).map((_, i) => 100 + i), 'seats[1].params.safetyWeight': values(26) };
    expect(messageOf({ ...worms({ seats: [{ policy: 'random' }, { policy: 'builder' }] }), sweep: grid })).toMatch(/^scenario\.yaml:\d+: sweep: 1040 cells; a sweep may have at most 1000$/);
    expect(messageOf(worms({ sweep: { 'seats[4000000000].policy': ['random'] } }))).toMatch(/sweep\.seats\[4000000000\]\.policy: expected a valid name here/);
    expect(messageOf(worms({ sweep: { [`rules${'.a'.repeat(100)}`]: [1] } }))).toMatch(/expected a valid name here \(at most 200 characters\)/);
  });

  it('file size: at most 1,000,000 bytes (scenario and data files); YAML aliases: 100; nesting: 32 levels', () => {
    expect(messageOf(`game: worms\n# ${'x'.repeat(LIMITS.fileBytes)}\n`)).toBe('scenario.yaml: the file is 1000015 bytes; a scenario file may be at most 1000000');
    expect(messageOf(squirmish({ cards: 'data/big.yaml' }), { 'big.yaml': `cards: []\n# ${'x'.repeat(LIMITS.fileBytes)}\n` })).toBe('data/big.yaml: the file is 1000013 bytes; a data file may be at most 1000000');
    const aliases = `a: &a 1\nlist: [${Array(LIMITS.yamlAliases + 1).fill('*a').join(', ')}]\n`;
    expect(messageOf(squirmish({ cards: 'data/aliases.yaml' }), { 'aliases.yaml': aliases })).toMatch(/^data\/aliases\.yaml: not valid YAML: Excessive alias count/);
    expect(messageOf(`game: worms\nx: ${'['.repeat(LIMITS.depth + 1)}${']'.repeat(LIMITS.depth + 1)}\n`)).toMatch(/nested more than 32 deep/);
  });

  it('a 40,000-key mapping with one key twice is read (in one pass) and the duplicate named', () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `  v${i}: {}`).join('\n');
    expect(messageOf(`game: worms\nvariants:\n${keys}\n  v7: {}\n`)).toBe('scenario.yaml:40003: not valid YAML: Map keys must be unique; "v7" is given twice');
  });
});

describe('turn caps and search budgets', () => {
  it('maxTurns: 1-100,000 in every game', () => {
    for (const game of ['worms', 'squirmish', 'squish', 'squall']) {
      expect(messageOf({ game, seats: [{ policy: 'random' }, { policy: 'random' }], rules: { maxTurns: 100_000 } }), game).toBe('loaded');
      expect(messageOf({ game, seats: [{ policy: 'random' }, { policy: 'random' }], rules: { maxTurns: 100_001 } }), game).toMatch(/rules\.maxTurns: expected a value of at most 100000, found 100001$/);
    }
  });

  it('ismcts: at most 100,000 iterations per decision (1e9 is refused); a large budget times many games gets a warning', () => {
    expect(MAX_ITERATIONS).toBe(100_000);
    expect(messageOf(worms({ seats: [{ policy: 'ismcts', params: { iterations: 1e9 } }, { policy: 'random' }] }))).toMatch(/seats\[0\]\.params\.iterations: expected a value of at most 100000, found 1000000000$/);
    const search = planOf({ game: 'worms', seats: [{ policy: 'ismcts', params: { iterations: 10_000 } }, { policy: 'random' }] });
    expect(searchWarning([search], 1_000_000)).toMatch(/^warning: at least 1\.0e\+10 search iterations .* may take days/);
    expect(searchWarning([search], SEARCH_WARNING_ITERATIONS / 10_000)).toBeNull();
    expect(searchWarning([planOf({ game: 'worms', players: 2 })], 1e10)).toBeNull();
    // A search behind the strength dial still counts.
    const dialled = planOf({ game: 'worms', seats: [{ policy: 'ismcts', params: { iterations: 10_000 }, epsilon: 0.1 }, { policy: 'random' }] });
    expect(searchWarning([dialled], 1_000_000)).toMatch(/^warning: at least 1\.0e\+10 search iterations/);
    expect(searchWarning([planOf({ game: 'worms', seats: [{ policy: 'ismcts', params: { iterations: 300 }, epsilon: 0.1 }, { level: 'random' }] })], 1e6)).toMatch(/^warning: at least 3\.0e\+8 search iterations/);
    // compare plays both variants, a tournament every pairing: each plan's iterations count.
    const plain = planOf({ game: 'worms', players: 2 });
    expect(searchWarning([search, plain], 6_000, 'variants', 'Lower --games or the iterations.')).toBeNull();
    expect(searchWarning([search, search], 6_000, 'variants', 'Lower --games or the iterations.')).toBe(
      'warning: at least 1.2e+8 search iterations (ismcts iterations per decision x 6,000 games x 2 variants); a search plays a few thousand iterations a second, so this run may take days. Lower --games or the iterations.\n',
    );
  });
});

describe('Squish boards (src/games/squish/params.ts)', () => {
  const squish = (rules: Record<string, unknown>) => ({ game: 'squish', seats: [{ policy: 'random' }, { policy: 'random' }], rules });
  it('board: 4-64 squares a side; blocks: at most 8; start squares: at most 8', () => {
    expect(messageOf(squish({ width: 64, height: 64 }))).toBe('loaded');
    expect(messageOf(squish({ width: 65 }))).toMatch(/rules\.width: expected a value of at most 64, found 65$/);
    expect(messageOf(squish({ height: 3 }))).toMatch(/rules\.height: expected a value of at least 4, found 3$/);
    const blocks = (n: number) => Array.from({ length: n }, (_, i) => ({ x: 2 + 2 * i, y: 5, w: 1, h: 1 }));
    expect(messageOf(squish({ width: 20, blocks: blocks(8) }))).toBe('loaded');
    expect(messageOf(squish({ width: 20, blocks: blocks(9) }))).toMatch(/rules\.blocks: expected at most 8 entries/);
    expect(messageOf(squish({ starts: Array.from({ length: 9 }, (_, i) => ({ x: i, y: 0 })) }))).toMatch(/rules\.starts: expected at most 8 entries/);
  });
});

describe('Squirmish card pools (src/games/squirmish/card-ir.ts)', () => {
  it(`pool: at most ${MAX_POOL} cards; groups: at most ${MAX_GROUPS}`, () => {
    expect(messageOf({ ...squirmish({ cards: 'data/pool.yaml', deckStyle: 'custom', decklist: Array.from({ length: 36 }, (_, i) => `Card ${i}`) }) }, { 'pool.yaml': pool(MAX_POOL) })).toBe('loaded');
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(MAX_POOL + 1) })).toMatch(/^data\/pool\.yaml:\d+: cards: expected at most 500 entries/);
    const groups = Array.from({ length: MAX_GROUPS + 1 }, (_, i) => ({ id: `G${i}` }));
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': { groups, ...pool(20) } })).toMatch(/^data\/pool\.yaml:\d+: groups: expected at most 30 entries/);
  });

  it(`hp: 1-${MAX_HP}; names: at most ${MAX_NAME} characters; texts: at most ${MAX_TEXT}`, () => {
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 4 ? { hp: MAX_HP + 1 } : {})) })).toMatch(/^data\/pool\.yaml:\d+: cards\[4\]\.hp: card "Card 4": expected hit points, a whole number from 1 to 99, found 100$/);
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 2 ? { name: 'N'.repeat(MAX_NAME + 1) } : {})) })).toMatch(/cards\[2\]\.name: card 3: expected a name of at most 60 characters/);
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 2 ? { text: 't'.repeat(MAX_TEXT + 1) } : {})) })).toMatch(/cards\[2\]\.text: card "Card 2": expected text of at most 1000 characters/);
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 2 ? { cry: 'c'.repeat(MAX_TEXT + 1) } : {})) })).toMatch(/cards\[2\]\.cry: card "Card 2": expected the battle cry as text of at most 1000 characters/);
    const ability = { name: 'A'.repeat(MAX_NAME + 1), when: 'attack', do: [{ add: 1 }] };
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 2 ? { abilities: [ability] } : {})) })).toMatch(/cards\[2\]\.abilities\[0\]\.name: .*expected a name, text of at most 60 characters/);
  });

  it(`per card: at most ${MAX_SPECIALS} special attacks and ${MAX_ABILITIES_PER_CARD} abilities; at most ${MAX_EFFECTS} effects in a list`, () => {
    const specials = Array.from({ length: MAX_SPECIALS + 1 }, (_, k) => ({ name: `S${k}`, damage: 1 }));
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 1 ? { specials } : {})) })).toMatch(/cards\[1\]\.specials: card "Card 1": at most 6 special attacks, found 7$/);
    const abilities = Array.from({ length: MAX_ABILITIES_PER_CARD + 1 }, () => ({ when: 'attack', do: [{ add: 1 }] }));
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 1 ? { abilities } : {})) })).toMatch(/cards\[1\]\.abilities: card "Card 1": at most 8 abilities \(group abilities included\)/);
    const effects = { when: 'attack', do: Array.from({ length: MAX_EFFECTS + 1 }, () => ({ add: 1 })) };
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(20, (i) => (i === 1 ? { abilities: [effects] } : {})) })).toMatch(/cards\[1\]\.abilities\[0\]\.do: .*at most 16 effects in one list, found 17$/);
  });

  it('decks: at most 70 cards; custom decklists 36-70; mini-decks 12', () => {
    expect(messageOf(squirmish({ cards: 'data/pool.yaml' }), { 'pool.yaml': pool(71) })).toMatch(/rules\.cards: a deck may hold at most 70 cards; the pool has 71 \(use deckStyle custom to pick some\) \(in data\/pool\.yaml\)$/);
    const list = (n: number) => ({ cards: Array.from({ length: n }, () => 'Mudgrub') });
    expect(messageOf(squirmish({ deckStyle: 'custom', decklist: 'data/list.yaml' }), { 'list.yaml': list(71) })).toMatch(/^data\/list\.yaml:\d+: cards: expected at most 70 entries/);
    expect(messageOf(squirmish({ deckStyle: 'mini', miniDecks: ['data/list.yaml'] }), { 'list.yaml': list(13) })).toMatch(/^data\/list\.yaml:\d+: cards: expected at most 12 entries/);
  });
});

describe('Squall rosters, layouts and boards (src/games/squall/params.ts)', () => {
  const fighter = (name: string, more: Record<string, unknown> = {}) => ({ name, move: 4, melee: 2, range: 1, hp: 10, ...more });
  it('roster: at most 64 characters, 8 bonuses each; at most 8 characters in play, 4 per team', () => {
    expect(messageOf(squall({ roster: 'data/roster.yaml' }), { 'roster.yaml': { characters: Array.from({ length: 65 }, (_, i) => fighter(`F${i}`)) } })).toMatch(/^data\/roster\.yaml:\d+: characters: expected at most 64 entries/);
    const bonuses = Array.from({ length: 9 }, (_, i) => ({ name: `B${i}`, cost: 1, timing: 'melee', effect: 'extraDamage' }));
    expect(messageOf(squall({ roster: 'data/roster.yaml' }), { 'roster.yaml': { characters: [fighter('A', { bonuses })] } })).toMatch(/^data\/roster\.yaml:\d+: characters\[0\]\.bonuses: expected at most 8 entries/);
    expect(messageOf(squall({ characters: [['Fighter', 'Fighter', 'Fighter', 'Fighter', 'Fighter'], ['Fighter']] }))).toMatch(/rules\.characters\[0\]: expected text or at most 4 entries/);
    const teams = Array.from({ length: 3 }, () => ['Fighter', 'Fighter', 'Fighter']);
    expect(messageOf(squall({ characters: teams }, 3))).toMatch(/rules\.characters: at most 8 characters can play, found 9$/);
  });

  it('layout: at most 64 obstacles, 32 vertices a polygon; board: 4-120 inches a side; bases: at most 4 inches', () => {
    expect(messageOf(squall({ terrain: 'data/layout.yaml' }), { 'layout.yaml': { obstacles: Array.from({ length: 64 }, (_, i) => circle(i)) } })).toBe('loaded');
    expect(messageOf(squall({ terrain: 'data/layout.yaml' }), { 'layout.yaml': { obstacles: Array.from({ length: 65 }, (_, i) => circle(i)) } })).toMatch(/^data\/layout\.yaml:\d+: obstacles: expected at most 64 entries/);
    const ring = (n: number) => Array.from({ length: n }, (_, k) => [6 + Math.cos((2 * Math.PI * k) / n), 6 + Math.sin((2 * Math.PI * k) / n)]);
    expect(messageOf(squall({ terrain: 'data/layout.yaml' }), { 'layout.yaml': { obstacles: [{ shape: 'polygon', points: ring(32) }] } })).toBe('loaded');
    expect(messageOf(squall({ terrain: 'data/layout.yaml' }), { 'layout.yaml': { obstacles: [{ shape: 'polygon', points: ring(33) }] } })).toMatch(/obstacles\[0\]\.points: expected at most 32 entries/);
    expect(messageOf(squall({ board: { width: 121 } }))).toMatch(/rules\.board\.width: expected a value of at most 120, found 121$/);
    expect(messageOf(squall({ roster: 'data/roster.yaml' }), { 'roster.yaml': { characters: [fighter('A', { base: 4.5 })] } })).toMatch(/characters\[0\]\.base: expected a value of at most 4, found 4\.5$/);
  });

  it('every character is sure of a set-up spot: refused when the bases set up before it could cover all its spots', () => {
    const roster = { characters: [fighter('Giant', { base: 4 })] };
    // Six giants on one 12-inch edge: the spots run out.
    expect(messageOf(squall({ roster: 'data/roster.yaml', setupEdges: ['south'] }, 6), { 'roster.yaml': roster })).toMatch(
      /^scenario\.yaml:\d+: rules\.terrain: Giant \(seat \d\) can be left with no room to set up along south: the \d base\(s\) set up before it can cover all \d+ of its free spots/,
    );
    expect(messageOf(squall({ roster: 'data/roster.yaml' }, 2), { 'roster.yaml': roster })).toBe('loaded');
  });
});
