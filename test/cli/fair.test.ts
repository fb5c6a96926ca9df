/**
 * `squabble fair` end to end, small: it writes the patch, the edited copy and the diff beside the
 * deck and never changes the deck; the edited copy, played, gives the confirmation's own figures;
 * a second invocation with the same --out resumes from the checkpoint instead of playing again.
 * (The full-size figures on the `init` starter are in docs/fair.md.)
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-fair-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('squabble fair', () => {
  it('edits beside the deck, confirms on fresh seeds, and resumes from its checkpoint', async () => {
    mkdirSync(join(dir, 'decks'));
    copyFileSync('scenarios/squirmish/decks/classic-70.yaml', join(dir, 'decks/deck.yaml'));
    const deck = readFileSync(join(dir, 'decks/deck.yaml'), 'utf8');
    const scenario = join(dir, 'fair.yaml');
    writeFileSync(scenario, 'name: fair-test\ngame: squirmish\nseats:\n  - policy: greedy\n  - policy: greedy\nseating: rotate\nrules:\n  cards: decks/deck.yaml\ngames: 100\nseed: 3\n');
    const args = ['fair', scenario, '--games', '300', '--band', '8', '--rounds', '2', '--workers', '1', '--out', join(dir, 'out')];
    const r = await cli(...args);
    expect(r.code, r.err).toBe(0);
    // The search on the study's seed, then the fine phase on fresh seeds with four times the games.
    expect(r.out).toMatch(/Search: [12] rounds? of 300 games on seed 3 \(stopped: .*\); fine phase: \d+ rounds? of 1,200 games, each on fresh seeds/);
    expect(r.out).toMatch(/Confirmation on fresh seeds \(seed 3:fair-confirm(-[23])?\): the edited deck on [\d,]+ games .*the original deck on the first 1,200 of the same seeds/);
    expect(r.out).toMatch(/edited: {3}fair line \d+\.\d\d% = pooled cards\.winRateWhenDrawn of all 70 rows/);
    expect(r.out).toMatch(/Budget: [\d,]+ of 600,000 games/);
    const result = JSON.parse(readFileSync(join(dir, 'out/fair.json'), 'utf8')) as { confirmSeed: string; confirmGames: number; edits: { path: string; from: number; to: number }[]; rows: unknown[]; files: string[]; fairLine: { wins: number; trials: number } };
    expect(result.rows).toHaveLength(70);
    expect(result.edits.length).toBeGreaterThan(0);
    // The designer's deck is untouched; the copy differs from it only in the edited numbers.
    expect(readFileSync(join(dir, 'decks/deck.yaml'), 'utf8')).toBe(deck);
    const copy = readFileSync(join(dir, 'decks/deck.fair.yaml'), 'utf8');
    expect(copy.split('\n').length).toBe(deck.split('\n').length + 1);
    expect(readFileSync(join(dir, 'decks/deck.fair.diff'), 'utf8')).toContain('+++ deck.fair.yaml');
    expect(readFileSync(join(dir, 'decks/deck.fair-patch.yaml'), 'utf8')).toContain(`${JSON.stringify(result.edits[0]!.path)}: ${result.edits[0]!.to}`);

    // The edited copy, played on the confirmation's seeds, gives the confirmation's fair line.
    writeFileSync(join(dir, 'fair-edited.yaml'), readFileSync(scenario, 'utf8').replace('decks/deck.yaml', 'decks/deck.fair.yaml'));
    const played = await cli('run', join(dir, 'fair-edited.yaml'), '--games', String(result.confirmGames), '--seed', result.confirmSeed, '--workers', '1', '--out', join(dir, 'played'));
    expect(played.code, played.err).toBe(0);
    expect(played.out).toContain(`(${result.fairLine.wins.toLocaleString('en-US')} wins / ${result.fairLine.trials.toLocaleString('en-US')} trials;`);

    // Again with the same --out: resumed from fair-state.json, nothing played, the same answer.
    const again = await cli(...args);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toMatch(/resuming from .*fair-state\.json: \d+ rounds? done/);
    expect(again.err).not.toMatch(/round \d+: the deck/);
    expect(JSON.parse(readFileSync(join(dir, 'out/fair.json'), 'utf8')).edits).toEqual(result.edits);
  }, 900_000);
});
