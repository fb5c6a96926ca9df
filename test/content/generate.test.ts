/**
 * The content generators (src/content/generate.ts): every content the normal loader accepts
 * (the game's own set-up checks included), a pure function of (game, seed, k), drawn over the
 * promised range (Squall's three densities and 2-4 players from the shipped roster, Squish!'s
 * boards and block counts in both modes, Squirmish decklists of Classic 70 in both editions with
 * 2-4 players at the tabletop, Worms with 2-4 players).
 */
import { describe, it, expect } from 'vitest';
import { generateContent, contentPlan, classic70, squallRoster, CONTENT_GAMES, type GeneratedContent } from '../../src/content/generate.js';

const N = 12;
// Generating validates each content with the loader (a Squall set-up check or a Squirmish deck
// costs a few hundred milliseconds), so each game's contents are drawn once for the whole file.
const drawn = new Map<string, GeneratedContent[]>();
const all = (game: (typeof CONTENT_GAMES)[number]) => {
  if (!drawn.has(game)) drawn.set(game, Array.from({ length: N }, (_, k) => generateContent(game, 7, k)));
  return drawn.get(game)!;
};

describe('content generators', () => {
  it('give contents the loader accepts (each is checked by it as it is drawn), the same for the same seed and different for another', () => {
    for (const game of CONTENT_GAMES) {
      const contents = all(game);
      for (const c of contents.slice(0, 2)) {
        const plan = contentPlan(c, [{ policy: 'random' }]);
        expect(plan.game).toBe(game);
        expect(plan.players).toBe(c.players);
      }
      expect(generateContent(game, 7, 3)).toEqual(contents[3]);
      if (game !== 'worms') expect(JSON.stringify(generateContent(game, 8, 3).data)).not.toBe(JSON.stringify(contents[3]!.data));
    }
  });

  it('Squall: three densities, 2-4 players, characters from the shipped roster', () => {
    const contents = all('squall');
    const obstacles = new Set(contents.map((c) => ((c.data.rules as { terrain: { obstacles: unknown[] } }).terrain.obstacles.length)));
    expect([...obstacles].sort((a, b) => a - b)).toEqual([3, 6, 10]);
    expect(new Set(contents.map((c) => c.players))).toEqual(new Set([2, 3, 4]));
    const roster = squallRoster();
    for (const c of contents) {
      const characters = (c.data.rules as { characters: string[] }).characters;
      expect(characters).toHaveLength(c.players);
      for (const name of characters) expect(roster).toContain(name);
    }
  });

  it('Squish!: boards of 8-14 squares a side, 1-4 blocks, both modes, 2-4 players', () => {
    const rules = all('squish').map((c) => ({ ...(c.data.rules as { mode: string; width: number; height: number; blocks: unknown[] }), players: c.players }));
    expect(new Set(rules.map((r) => r.mode))).toEqual(new Set(['simple', 'advanced']));
    expect(new Set(rules.map((r) => r.players))).toEqual(new Set([2, 3, 4]));
    for (const r of rules) {
      expect(r.width).toBeGreaterThanOrEqual(8);
      expect(r.height).toBeLessThanOrEqual(14);
      expect(r.blocks.length).toBeGreaterThanOrEqual(1);
      expect(r.blocks.length).toBeLessThanOrEqual(4);
    }
    expect(new Set(rules.map((r) => r.blocks.length)).size).toBeGreaterThan(2);
  });

  it('Squirmish: 36-50 distinct cards of Classic 70, both editions, the tabletop edition with 2-4 players', () => {
    const contents = all('squirmish');
    const pool = classic70();
    expect(pool).toHaveLength(70);
    for (const c of contents) {
      const rules = c.data.rules as { edition: string; decklist: string[] };
      expect(rules.decklist.length).toBeGreaterThanOrEqual(36);
      expect(rules.decklist.length).toBeLessThanOrEqual(50);
      expect(new Set(rules.decklist).size).toBe(rules.decklist.length);
      for (const card of rules.decklist) expect(pool).toContain(card);
      if (rules.edition === 'videogame') expect(c.players).toBe(2);
    }
    const tabletop = contents.filter((c) => (c.data.rules as { edition: string }).edition === 'tabletop');
    expect(tabletop).toHaveLength(N / 2);
    expect(new Set(tabletop.map((c) => c.players))).toEqual(new Set([2, 3, 4]));
  });

  it('Worms: 2-4 players', () => {
    expect(new Set(all('worms').map((c) => c.players))).toEqual(new Set([2, 3, 4]));
  });

  it('an unknown game is an error naming the games it has', () => {
    expect(() => generateContent('chess' as never, 1, 0)).toThrow(/no content generator for game "chess" \(have squall, squish, squirmish, worms\)/);
  });
});
