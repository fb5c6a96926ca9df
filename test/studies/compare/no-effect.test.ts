/**
 * Variants that matter, or a clear word that they don't (issue 32, item 3): compare finds two
 * variants that played identical games and says in one line which rules field had no effect and
 * why; on the Squish! starter's board, first-hit against cumulative forces differs, explained.
 * Also the game-quality figures side by side, and rule differences named down to the stat.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { PairedAccumulator } from '../../../src/studies/compare/paired.js';
import { identicalGames } from '../../../src/studies/compare/no-effect.js';
import { PAIR_SUMS, addPair } from '../../../src/analysis/paired-rates.js';
import { ruleDifferences, differenceText } from '../../../src/analysis/rule-diff.js';
import { squirmish } from '../../../src/games/squirmish/index.js';

interface CompareJson {
  identicalGames: boolean;
  noEffect?: string;
  rows: { name: string; difference: number; interval: [number, number] }[];
  quality?: { rows: { name: string; a: { value: number }; b: { value: number }; interval: [number, number]; paired: boolean }[]; A: { games: number } };
}

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-no-effect-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('identicalGames', () => {
  it('is true only when every quantity and every rate row is equal game by game', () => {
    const acc = new PairedAccumulator(2);
    const rows = new Float64Array(PAIR_SUMS);
    // Equal means but different games: 1,3 against 3,1 — not identical.
    acc.add(Float64Array.of(1, 5), Float64Array.of(3, 5));
    acc.add(Float64Array.of(3, 5), Float64Array.of(1, 5));
    expect(identicalGames(acc, rows, 0)).toBe(false);
    const same = new PairedAccumulator(2);
    same.add(Float64Array.of(1, 5), Float64Array.of(1, 5));
    same.add(Float64Array.of(3, 4), Float64Array.of(3, 4));
    expect(identicalGames(same, rows, 0)).toBe(true);
    // A rate row whose wins moved between two games (same totals) is a difference.
    addPair(rows, 0, 1, 2, 0, 2);
    addPair(rows, 0, 0, 2, 1, 2);
    expect(identicalGames(same, rows, 0)).toBe(false);
    // And the lead changes.
    expect(identicalGames(same, new Float64Array(PAIR_SUMS), 4)).toBe(false);
  });
});

describe('rule differences', () => {
  it('name the card and the stat of a deck edit, not "cards: changed"', () => {
    const cards = [
      { name: 'Mudgrub', hp: 5, group: 'BOG' },
      { name: 'Swamp Hulk', hp: 8, group: 'BOG' },
    ];
    const after = [cards[0], { ...cards[1], hp: 9 }];
    const d = ruleDifferences(undefined, { cards, victoryTarget: 3 }, { cards: after, victoryTarget: 4 });
    expect(d.map(differenceText)).toEqual(['cards.Swamp Hulk.hp: 8 -> 9', 'victoryTarget: 3 -> 4']);
  });

  it('name a stat override by its path with the value it replaced', () => {
    const rules = { deck: 'classic-70', statOverrides: {} };
    const d = ruleDifferences(squirmish, rules, { ...rules, statOverrides: { 'cards.Mudgrub.hp': 7 } });
    expect(d.map((x) => x.path)).toEqual(['cards.Mudgrub.hp']);
    expect(d[0]!.after).toBe('7');
  });

  it('name an override once when the game also applied it to its inlined deck', () => {
    const deck = (hp: number) => ({ name: 'd', cards: [{ name: 'Mudgrub', hp }] });
    const d = ruleDifferences(squirmish, { cards: deck(5) }, { cards: deck(7), statOverrides: { 'cards.Mudgrub.hp': 7 } });
    expect(d.map(differenceText)).toEqual(['cards.Mudgrub.hp: 5 -> 7']);
  });
});

describe('squabble compare, identical variants', () => {
  it('says in one line that forces had no effect on a one-block board, and why', async () => {
    const out = join(dir, 'simple');
    const r = await cli('compare', 'scenarios/squish/simple.yaml', '--variant', 'base', '--variant', 'rules.forces=cumulative', '--games', '60', '--workers', '0', '--quiet', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('No difference: forces: "first-hit" -> "cumulative" had no effect on this content; all 60 paired games played out the same');
    expect(r.out).toContain('forces changes play only on a board with two or more blocks');
    expect(r.out).toContain('this board has 1 block (mode: simple)');
    expect(r.out).not.toContain('seat 0 win rate');
    const json = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as CompareJson;
    expect(json.identicalGames).toBe(true);
    expect(readFileSync(join(out, 'compare.md'), 'utf8')).toContain('No difference: forces');
  }, 60_000);
});

describe('squabble compare in a fresh Squish! project', () => {
  it('first-hit against cumulative forces on the starter board: a non-zero, explained difference, with the quality figures', async () => {
    const project = join(dir, 'squish-study');
    const init = await cli('init', project, '--game', 'squish', '--games', '20', '--workers', '0', '--package', 'squabble@0.1.0');
    expect(init.code, init.err).toBe(0);
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('npx squabble compare scenarios/squish.yaml --variant base --variant forces-cumulative');
    const out = join(dir, 'starter');
    const r = await cli('compare', join(project, 'scenarios/squish.yaml'), '--variant', 'base', '--variant', 'forces-cumulative', '--games', '80', '--workers', '0', '--quiet', '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toContain('No difference');
    expect(r.out).toContain('Rules of B against A: forces: "first-hit" -> "cumulative".');
    const json = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as CompareJson;
    expect(json.identicalGames).toBe(false);
    const length = json.rows.find((x) => x.name === 'length (turns)')!;
    expect(length.difference).not.toBe(0);
    // The quality figures, both sides with intervals, lead changes paired.
    expect(r.out).toContain('game quality');
    const q = json.quality!;
    expect(q.A.games).toBe(80);
    expect(q.rows.map((x) => x.name)).toEqual(['lead changes per game', 'decisiveness', 'drama', 'comebacks', 'blow-outs (decisiveness >= 0.75)', 'length spread (cv of turns)']);
    expect(q.rows[0]!.paired).toBe(true);
    for (const row of q.rows) expect(row.interval[0]).toBeLessThanOrEqual(row.interval[1]);
  }, 240_000);
});

describe("run's what-changed after a deck edit", () => {
  it('names the card and the stat changed, as compare does', async () => {
    const project = join(dir, 'deck-edit');
    mkdirSync(join(project, 'decks'), { recursive: true });
    const deck = join(project, 'decks/deck.yaml');
    copyFileSync('scenarios/squirmish/decks/classic-70.yaml', deck);
    const scenario = join(project, 's.yaml');
    writeFileSync(scenario, 'name: deck-edit\ngame: squirmish\nseats:\n  - policy: random\n  - policy: random\nrules:\n  cards: decks/deck.yaml\ngames: 20\nseed: 1\n');
    const out = join(project, 'out');
    expect((await cli('run', scenario, '--workers', '0', '--no-report', '--out', out)).code).toBe(0);
    const text = readFileSync(deck, 'utf8');
    const edited = text.replace(/(- name: Mudgrub\n\s+hp: )5/, '$17');
    expect(edited).not.toBe(text);
    writeFileSync(deck, edited);
    const second = await cli('run', scenario, '--workers', '0', '--no-report', '--out', out);
    expect(second.code, second.err).toBe(0);
    expect(second.out).toContain('Rules changed: cards.Mudgrub.hp: 5 -> 7.');
    expect(second.out).not.toContain('cards: changed');
  }, 180_000);
});
