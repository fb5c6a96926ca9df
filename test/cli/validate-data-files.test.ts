/**
 * `squabble validate` on a data file alone: it recognises a deck, decklist, mini-deck, roster,
 * terrain layout or Squish! board by its keys, and gives the same one-line messages a run
 * would (file, line, field, what was expected), exit 2.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-validate-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validate recognises each kind of data file', () => {
  it.each([
    ['scenarios/squirmish/decks/classic-70.yaml', 'squirmish deck, 70 cards'],
    ['scenarios/squirmish/decks/spooky-town.yaml', 'squirmish decklist, 38 cards'],
    ['scenarios/squirmish/decks/mini-swamp.yaml', 'squirmish mini-deck, 12 cards'],
    ['scenarios/squall/rosters/standard.yaml', 'squall roster, 10 characters (Knight, Berserker'],
    ['scenarios/squall/layouts/ruins.yaml', 'squall terrain layout, 7 obstacles'],
    ['scenarios/squish/boards/symmetric-12.yaml', 'squish board, 12 x 12, 1 block, 8 start squares'],
    ['scenarios/worms/random-2p.yaml', 'worms, 2 players'],
  ])('%s', async (file, summary) => {
    const r = await cli('validate', file);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`ok  ${file}: ${summary}${r.out.slice(`ok  ${file}: ${summary}`.length)}`);
    expect(r.out.trim().split('\n')).toHaveLength(1);
  });
});

/** A broken data file, the message validate must give (after the temporary folder). */
const BROKEN: [kind: string, file: string, message: string][] = [
  ['deck', 'test/fixtures/broken-data/deck-hp-as-text.yaml', 'deck-hp-as-text.yaml:24: cards[6].hp: card "Cinder Newt": expected hit points, a whole number from 1 to 99, found "four"'],
  ['deck', 'test/fixtures/broken-data/deck-duplicate-card.yaml', 'deck-duplicate-card.yaml:33: cards[9].name: card "Moss Golem" is defined twice; names must be unique'],
  ['decklist', 'test/fixtures/broken-data/decklist-misspelt-card.yaml', 'decklist-misspelt-card.yaml:7: cards[3]: no card of that name in the card pool (did you mean "Swamp Hulk"?), found "Swamp Hulck"'],
  ['mini-deck', 'test/fixtures/broken-data/minideck-eleven-cards.yaml', 'minideck-eleven-cards.yaml:3: cards: expected at least 12 entries'],
  ['roster', 'test/fixtures/broken-data/roster-negative-hp.yaml', 'roster-negative-hp.yaml:20: characters[1].hp: expected a value of at least 1, found -12'],
  ['roster', 'test/fixtures/broken-data/roster-wrong-timing.yaml', 'roster-wrong-timing.yaml:13: characters[0].bonuses[0].timing: expected one of "defend" for effect "extraDefenceDie", found "move"'],
  ['layout', 'test/fixtures/broken-data/layout-not-convex.yaml', 'layout-not-convex.yaml:6: obstacles[2].points: expected the vertices of a convex polygon'],
  ['layout', 'test/fixtures/broken-data/layout-walls-on-every-edge.yaml', 'layout-walls-on-every-edge.yaml: rules.terrain: Fighter (seat 0) has no room to set up along north, east, south, west'],
];

describe('validate gives one-line errors for broken data files', () => {
  it.each(BROKEN)('%s: %s', async (_kind, fixture, message) => {
    const name = fixture.split('/').at(-1)!;
    const file = join(dir, name);
    copyFileSync(fixture, file);
    const r = await cli('validate', file);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err.replaceAll(`${dir}/`, '')).toContain(message);
  });

  it('a Squish! board: overlapping blocks (named at the board file line), a bad field, a field set in both places', async () => {
    const board = join(dir, 'board.yaml');
    writeFileSync(board, 'width: 10\nheight: 10\nblocks:\n  - { x: 2, y: 2, w: 3, h: 3 }\n  - { x: 4, y: 4, w: 2, h: 2 }\n');
    let r = await cli('validate', board);
    expect(r.code).toBe(2);
    expect(r.err.replaceAll(`${dir}/`, '')).toMatch(/^board\.yaml:5: blocks\[1\]: overlaps block 0 at \(4, 4\)\n$/);

    writeFileSync(board, 'width: 10\nheight: 10\nblocks:\n  - { x: 2, y: 2, w: 3, h: three }\n');
    r = await cli('validate', board);
    expect(r.err.replaceAll(`${dir}/`, '')).toMatch(/^board\.yaml:4: blocks\[0\]\.h: expected a number/);

    writeFileSync(board, 'width: 10\nheight: 10\n');
    const scenario = join(dir, 'squish.yaml');
    writeFileSync(scenario, 'game: squish\nseats: [{ policy: random }, { policy: random }]\nrules:\n  board: board.yaml\n  width: 12\n');
    r = await cli('validate', scenario);
    expect(r.code).toBe(2);
    expect(r.err.replaceAll(`${dir}/`, '')).toContain('squish.yaml:5: rules.width: is also given by the board file board.yaml; keep it in one place');
  });

  it('a file of no known kind says what each kind looks like', async () => {
    const file = join(dir, 'mystery.yaml');
    writeFileSync(file, 'monsters: []\n');
    const r = await cli('validate', file);
    expect(r.code).toBe(2);
    expect(r.err.replaceAll(`${dir}/`, '')).toContain('mystery.yaml: expected a scenario (with game:) or a data file; a squall roster (characters), a squall terrain layout (obstacles), a squish board (width, height, blocks, starts), a squirmish deck');
    expect(r.err).toContain('found the keys monsters');
  });
});
