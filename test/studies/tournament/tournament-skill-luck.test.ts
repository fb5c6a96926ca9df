/** Skill and luck, and dominance among entrants, through a real tournament (issue 23 items 2 and 3). */
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('squabble-skill-luck-');

describe('tournament: skill and luck, dominance', () => {
  it('three Worms levels listed weakest first: each step and the extremes confirmed, a strict order with the top dominant', async () => {
    const file = join(tempDir(), 'ladder.yaml');
    writeFileSync(file, ['game: worms', 'seats: [{ policy: random }, { policy: random }]', 'entrants:', '  - { level: random }', '  - { level: novice }', '  - { level: skilled }', 'games: 300', ''].join('\n'));
    const out = join(tempDir(), 'out');
    const r = await cli('tournament', file, '--workers', '0', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8'));
    expect(json.skillAndLuck.map((x: { stronger: string; weaker: string; order: string }) => `${x.stronger}>${x.weaker} ${x.order}`)).toEqual(['novice>random confirmed', 'skilled>novice confirmed', 'skilled>random confirmed']);
    for (const row of json.skillAndLuck) {
      // Worms has no draws and no game here hits the cap: skill and luck add to one.
      expect(row.skill + row.upsets).toBeCloseTo(1, 12);
      expect(row.skillInterval[0]).toBeGreaterThan(0.5);
    }
    expect(json.dominance.dominance.dominant).toBe('skilled');
    expect(json.dominance.order.ranking).toEqual(['skilled', 'novice', 'random']);
    expect(r.out).toMatch(/Skill and luck\n/);
    expect(r.out).toMatch(/A strict order, no cycle: skilled > novice > random/);
    const md = readFileSync(join(out, 'tournament.md'), 'utf8');
    expect(md).toMatch(/## Skill and luck[\s\S]*\| skilled \| random \| 9\d\.\d% \|/);
    expect(md).toMatch(/## Dominance and diversity[\s\S]*Dominant: skilled beats every other entrant/);
  });

  it('levels listed strongest first: the ratings reverse the listed order, and the report says so instead of assuming it', async () => {
    const file = join(tempDir(), 'backwards.yaml');
    writeFileSync(file, ['game: worms', 'seats: [{ policy: random }, { policy: random }]', 'entrants:', '  - { level: skilled }', '  - { level: random }', 'games: 100', ''].join('\n'));
    const out = join(tempDir(), 'out2');
    const r = await cli('tournament', file, '--workers', '0', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8'));
    expect(json.skillAndLuck).toHaveLength(1);
    expect(json.skillAndLuck[0]).toMatchObject({ stronger: 'random', weaker: 'skilled', order: 'reversed' });
    expect(json.dominance).toBeUndefined();
    expect(r.out).toMatch(/The ratings REVERSE the listed order of random over skilled/);
  });
});
