/** Tournaments report capped games per pairing and leave them out of the scores (not half a win each). */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'squabble-tournament-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a tournament whose games hit the cap', () => {
  it('counts the capped games per pairing, says how they are scored, and scores only finished games', async () => {
    const file = join(dir, 'short.yaml');
    // Worms games last hundreds of turns: a 40-turn cap stops most of them.
    writeFileSync(file, 'name: short\ngame: worms\nseats:\n  - policy: greedy\n  - policy: random\nrules:\n  maxTurns: 40\ngames: 60\nseed: 1\n');
    const out = join(dir, 'out');
    const r = await cli('tournament', file, '--workers', '0', '--out', out, '--quiet');
    expect(r.code).toBe(0);
    expect(r.out).toContain('capped games are not scored');
    expect(r.out).toMatch(/Capped games per pairing/);
    const t = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8')) as { wins: number[][]; games: number[][]; capped: number[][] };
    const capped = t.capped[0]![1]!;
    expect(capped).toBeGreaterThan(0);
    expect(t.capped[1]![0]).toBe(capped);
    // Scored games are the finished ones; wins (draws half) add up to them.
    expect(t.games[0]![1]).toBe(60 - capped);
    expect(t.wins[0]![1]! + t.wins[1]![0]!).toBe(60 - capped);
  });
});
