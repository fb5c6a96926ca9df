import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editDeckSource, unifiedDiff, signed, provenSigned, writeBeside, deckFileOf, type PathEdit } from '../../../src/studies/fair/files.js';

const DECK = `# yaml-language-server: $schema=x.json
# A comment the copy keeps.
name: Test
cards:
  - name: Mudgrub
    hp: 2   # tough little thing
    attack: [1, 1, 2, "damage 2", heal 1, special]
  - name: Boss
    hp: 12
    attack: [none, 2, 2, 3, 3, 4]
`;

const edits: PathEdit[] = [
  { path: 'cards.Mudgrub.hp', subject: 'Mudgrub', from: 2, to: 4 },
  { path: 'cards.Mudgrub.faces.4', subject: 'Mudgrub', from: 2, to: 3 },
  { path: 'cards.Boss.hp', subject: 'Boss', from: 12, to: 9 },
];

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-fair-files-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fair: the files beside the deck', () => {
  it('the edited copy changes only the edited numbers, keeping every comment and line', () => {
    const r = editDeckSource(DECK, 'cards', edits);
    if ('problem' in r) throw new Error(r.problem);
    expect(r.text).toBe(DECK.replace('hp: 2   #', 'hp: 4   #').replace('"damage 2"', '"damage 3"').replace('hp: 12', 'hp: 9'));
  });

  it('says why when an edit has no place in the file', () => {
    expect(editDeckSource(DECK, 'cards', [{ path: 'cards.Nobody.hp', subject: 'Nobody', from: 1, to: 2 }])).toEqual({ problem: 'no card named "Nobody" in the file' });
    expect(editDeckSource(DECK, 'cards', [{ path: 'cards.Boss.hp', subject: 'Boss', from: 7, to: 8 }])).toEqual({ problem: 'cards.Boss.hp: the file says 12, not 7' });
  });

  it('the diff shows each changed line with context', () => {
    const r = editDeckSource(DECK, 'cards', edits) as { text: string };
    const d = unifiedDiff(DECK, r.text, 'deck.yaml', 'deck.fair.yaml', 1);
    expect(d).toContain('--- deck.yaml\n+++ deck.fair.yaml\n');
    expect(d).toContain('-    hp: 2   # tough little thing\n+    hp: 4   # tough little thing\n');
    expect(d).toContain('-    hp: 12\n+    hp: 9\n');
    expect(d.match(/^@@/gm)!.length).toBeGreaterThanOrEqual(1);
  });

  it('a signed file is proven; an edited one is not', () => {
    const text = signed('statOverrides: {}\n', 'test');
    expect(provenSigned(Buffer.from(text))).toBe(true);
    expect(provenSigned(Buffer.from(text.replace('{}', '{ a: 1 }')))).toBe(false);
    expect(provenSigned(Buffer.from('statOverrides: {}\n'))).toBe(false);
  });

  it('writes patch, copy and diff beside the deck, never over it, and refuses a file it did not write', () => {
    const project = join(dir, 'p');
    mkdirSync(join(project, 'decks'), { recursive: true });
    const scenario = join(project, 'game.yaml');
    writeFileSync(scenario, 'game: squirmish\nrules:\n  cards: decks/deck.yaml\n');
    writeFileSync(join(project, 'decks/deck.yaml'), DECK);
    const deck = deckFileOf(scenario, 'cards');
    expect(deck).toBe(join(project, 'decks/deck.yaml'));
    const w = writeBeside(scenario, deck, 'cards', edits, 'test');
    expect(w.note).toBeNull();
    expect(readFileSync(join(project, 'decks/deck.yaml'), 'utf8')).toBe(DECK);
    expect(readFileSync(w.copy!, 'utf8')).toContain('hp: 9');
    expect(readFileSync(w.patch, 'utf8')).toContain('"cards.Boss.hp": 9   # was 12');
    // Its own files are replaced on the next run...
    expect(() => writeBeside(scenario, deck, 'cards', edits.slice(0, 1), 'test')).not.toThrow();
    expect(readFileSync(w.copy!, 'utf8')).toContain('hp: 12');
    // ...but not once the designer has changed one.
    writeFileSync(w.copy!, `${readFileSync(w.copy!, 'utf8')}# mine\n`);
    expect(() => writeBeside(scenario, deck, 'cards', edits, 'test')).toThrow(/did not write it/);
    expect(readFileSync(w.copy!, 'utf8')).toContain('# mine');
  });
});
