/**
 * Card files and deck styles: validation messages name the file, the card, the field, the line
 * and what is wrong; the Classic 70 deck meets its brief; every deck style builds the deck the
 * rules doc describes.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import { loadScenario } from '../../../src/sim/scenario/load.js';
import { registry } from '../../../src/registry.js';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { deckFileSchema, deckIR } from '../../../src/games/squirmish/cards.js';
import type { SquirmishRules } from '../../../src/games/squirmish/params.js';
import { EFFECT_NAMES, TRIGGERS, TARGETS } from '../../../src/games/squirmish/vocabulary.js';
import { ScriptedRng, legal } from './position.js';
import { apply } from '../../../src/games/squirmish/rules.js';
import { PH_TURN } from '../../../src/games/squirmish/state-codes.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'squirmish-decks-'));
  mkdirSync(join(dir, 'decks'));
});

const scenario = (rules: string, extra = '') =>
  `game: squirmish\nseats: [{policy: random}, {policy: random}]\n${extra}rules:\n${rules}`;

function errorOf(deckYaml: string, rules = '  cards: decks/d.yaml\n'): string {
  writeFileSync(join(dir, 'decks', 'd.yaml'), deckYaml);
  writeFileSync(join(dir, 's.yaml'), scenario(rules));
  try {
    loadScenario(join(dir, 's.yaml'), registry);
  } catch (e) {
    return (e as Error).message.replace(dir, '<dir>');
  }
  return 'no error';
}

const goodCard = '  - { name: Blob, hp: 5, attack: [none, 1, 1, 2, 2, 3] }\n';
/** Twenty more valid cards, so a deck is big enough for the deal. */
const filler = Array.from({ length: 20 }, (_, k) => `  - { name: Filler${k}, hp: 5, attack: [1, 1, 1, 1, 1, 1] }\n`).join('');

describe('validation of card files', () => {
  it('names the deck file, the line, the card, the field and what is wrong', () => {
    const deck = `cards:\n${goodCard}  - name: Grumpus\n    hp: 120\n    attack: [none, 1, 1, 2, 2, 3]\n${filler}`;
    expect(errorOf(deck)).toBe('<dir>/decks/d.yaml:4: cards[1].hp: card "Grumpus": expected hit points, a whole number from 1 to 99, found 120');
  });

  it('an attack table that is not six faces', () => {
    const deck = `cards:\n  - name: Shorty\n    hp: 4\n    attack: [1, 2, 3]\n`;
    expect(errorOf(deck)).toMatch(/d\.yaml:4: cards\[0\]\.attack: card "Shorty": expected the basic attack as a list of 6 die faces/);
  });

  it('a face naming a special the card does not have, with a suggestion', () => {
    const deck = `cards:\n  - name: Chomper\n    hp: 4\n    attack: [1, 2, 3, 4, 5, "special:Chmop"]\n    special: { name: Chomp, damage: 3 }\n`;
    expect(errorOf(deck)).toMatch(/cards\[0\]\.attack\[5\]: card "Chomper": no special attack named "Chmop"; expected one of Chomp/);
  });

  it('an unknown effect, trigger, target or condition, with did-you-mean', () => {
    const ab = (a: string) => `cards:\n  - name: Oddball\n    hp: 4\n    attack: [1, 2, 3, 4, 5, 6]\n    abilities:\n      - ${a}\n`;
    expect(errorOf(ab('{ when: attacked, do: [avoyd] }'))).toMatch(/cards\[0\]\.abilities\[0\]\.do\[0\]: card "Oddball", ability "ability 1": unknown effect; .*\(did you mean "avoid"\?\)/);
    expect(errorOf(ab('{ when: atacked, do: [avoid] }'))).toMatch(/\.when: card "Oddball", ability "ability 1": expected when to be one of .*\(did you mean "attacked"\?\)/);
    expect(errorOf(ab('{ when: attack, do: [{ damage: 1, to: adjacent-enemy }] }'))).toMatch(/\.do\[0\]\.to: .*did you mean "adjacent-enemies"/);
    expect(errorOf(ab('{ when: attack, if: { face-roll: 6 }, do: [{ add: 1 }] }'))).toMatch(/\.if\.face-roll: .*unknown condition/);
  });

  it('a number out of range: a d6 face of 9 in a face or roll condition', () => {
    const deck = `cards:\n  - name: Lucky Larry\n    hp: 5\n    attack: [none, 1, 1, 2, 2, 3]\n    abilities:\n      - name: Dodge\n        when: attacked\n        if: { face: [5, 9] }\n        do: [avoid]\n${filler}`;
    expect(errorOf(deck)).toBe(
      '<dir>/decks/d.yaml:8: cards[0].abilities[0].if.face: card "Lucky Larry", ability "Dodge": condition face: expected d6 faces from 1 to 6 (a face, [low, high] or {min, max}), but 9 is not a face of a d6, found [5,9]',
    );
    expect(errorOf(deck.replace('face: [5, 9]', 'roll: 0'))).toMatch(/d\.yaml:8: cards\[0\]\.abilities\[0\]\.if\.roll: card "Lucky Larry", ability "Dodge": condition roll: .* but 0 is not a face of a d6/);
    expect(errorOf(deck.replace('face: [5, 9]', 'roll: { min: 5 }'))).toBe('no error');
  });

  it('one line, naming the file, the card and the field', () => {
    const deck = `cards:\n  - name: Oddball\n    hp: 4\n    attack: [1, 2, 3, 4, 5, 6]\n    abilities:\n      - { when: attacked, do: [avoyd] }\n${filler}`;
    const message = errorOf(deck);
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^<dir>\/decks\/d\.yaml:6: cards\[0\]\.abilities\[0\]\.do\[0\]: card "Oddball"/);
  });

  it('effects where they cannot work', () => {
    const ab = (a: string) => `cards:\n  - name: Oddball\n    hp: 4\n    attack: [1, 2, 3, 4, 5, 6]\n    abilities:\n      - ${a}\n`;
    expect(errorOf(ab('{ when: attack, do: [avoid] }'))).toMatch(/avoid only works when this card is attacked/);
    expect(errorOf(ab('{ when: your-turn, do: [{ damage: 1, to: target }] }'))).toMatch(/target needs an attack/);
    expect(errorOf(ab('{ when: attack, do: [reach-any] }'))).toMatch(/reach-any only works in an always-on ability/);
  });

  it('unknown groups, duplicate names, unknown fields', () => {
    expect(errorOf(`cards:\n  - { name: Blob, hp: 5, group: BOGG, attack: [1, 1, 1, 1, 1, 1] }\ngroups: [{ id: BOG }, { id: SKY }]\n`)).toMatch(/cards\[0\]\.group: card "Blob": expected a group defined under groups \(BOG, SKY\) \(did you mean "BOG"\?\), found "BOGG"/);
    expect(errorOf(`cards:\n${goodCard}${goodCard}`)).toMatch(/cards\[1\]\.name: card "Blob" is defined twice/);
    expect(errorOf(`cards:\n  - { name: Blob, hp: 5, atack: [1, 1, 1, 1, 1, 1], attack: [1, 1, 1, 1, 1, 1] }\n`)).toMatch(/cards\[0\]\.atack: card "Blob": unknown field; .*did you mean "attack"/);
  });

  it('decklists: names must be in the pool, 36-70 cards', () => {
    const pool = `cards:\n${Array.from({ length: 40 }, (_, k) => `  - { name: C${k}, hp: 5, attack: [1, 1, 1, 1, 1, 1] }`).join('\n')}\n`;
    writeFileSync(join(dir, 'decks', 'list.yaml'), `cards: [${Array.from({ length: 35 }, (_, k) => `C${k}`).join(', ')}, Cx9]\n`);
    expect(errorOf(pool, '  cards: decks/d.yaml\n  deckStyle: custom\n  decklist: decks/list.yaml\n')).toMatch(/list\.yaml:1: cards\[35\]: no card of that name in the card pool/);
    writeFileSync(join(dir, 'decks', 'list.yaml'), `cards: [${Array.from({ length: 20 }, (_, k) => `C${k}`).join(', ')}]\n`);
    expect(errorOf(pool, '  cards: decks/d.yaml\n  deckStyle: custom\n  decklist: decks/list.yaml\n')).toMatch(/list\.yaml:1: cards: expected at least 36 entries/);
  });
});

/** The card-language words added in issue 17: the Classic 70 stays as it was, Storm Front uses them. */
const NEW_WORDS = ['splash', 'attack-another', 'reroll-any', 're-lay', 'draw-and-place', 'turn-start'];

/** The targets added in issue 39 (damage around this card but its target): used by Storm Front, not the Classic 70. */
const ROUND3_TARGETS = ['adjacent-all-but-target', 'adjacent-enemies-but-target', 'adjacent-own-but-target'];

describe('Storm Front, the second shipped deck', () => {
  const text = readFileSync('scenarios/squirmish/decks/storm-front.yaml', 'utf8');
  const deck = deckIR(deckFileSchema.parse(parse(text)));

  it('is a valid pool of at least 36 cards that uses every word added in issue 17', () => {
    expect(deck.cards.length).toBeGreaterThanOrEqual(36);
    for (const word of NEW_WORDS.filter((w) => w !== 'turn-start')) expect(text, `effect ${word}`).toMatch(new RegExp(`[\\s\\[{]${word}[:\\],\\s}]`));
    expect(text).toMatch(/when: turn-start\b/);
    expect(text).toMatch(/confuse: credit/);
    expect(text).toMatch(/to: adjacent-enemies-but-target\b/);
    expect(text).toMatch(/to: adjacent-all-but-target\b/);
    expect(text).toMatch(/re-lay: controller/);
    expect(text).toMatch(/reroll-any: any-roll/);
    expect(text).toMatch(/status: cannot-attack-me/);
    expect(text).toMatch(/base: -1, per: own-in-play/);
    for (const count of ['in-play', 'discard-pile']) expect(text, `count ${count}`).toMatch(new RegExp(`[{\\s]${count}: `));
  });
});

describe('the Classic 70', () => {
  const data = parse(readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8'));
  const deck = deckIR(deckFileSchema.parse(data));
  const text = readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8');

  it('holds 70 cards with HP from 1 to 16 and at least six groups with group abilities', () => {
    expect(deck.cards).toHaveLength(70);
    const hps = deck.cards.map((c) => c.hp);
    expect(Math.min(...hps)).toBe(1);
    expect(Math.max(...hps)).toBe(16);
    for (let hp = 1; hp <= 16; hp++) expect(hps, `HP ${hp}`).toContain(hp);
    expect(deck.groups.length).toBeGreaterThanOrEqual(6);
    for (const g of data.groups) expect(g.abilities?.length, g.id).toBeGreaterThan(0);
  });

  it('uses every effect, trigger, target and count of the card language (but the words of issue 17, see Storm Front)', () => {
    // add, multiply and divide are also written as modify: "+1", "x2", "/2".
    for (const word of EFFECT_NAMES.filter((w) => w !== 'multiply' && w !== 'divide' && !NEW_WORDS.includes(w))) expect(text, `effect ${word}`).toMatch(new RegExp(`[\\s\\[{]${word}[:\\],\\s}]`));
    for (const word of Object.keys(TRIGGERS).filter((w) => !NEW_WORDS.includes(w))) expect(text, `trigger ${word}`).toMatch(new RegExp(`when: ${word}\\b`));
    for (const word of Object.keys(TARGETS)) if (word !== 'chosen' && word !== 'all-own' && word !== 'all' && word !== 'target' && !ROUND3_TARGETS.includes(word)) expect(text, `target ${word}`).toMatch(new RegExp(`to: ${word}\\b`));
    for (const word of ['face', 'roll', 'group-in-play', 'target-owner-in-play', 'target-owner-victory', 'opponent-victory', 'own-victory', 'target-hp'])
      expect(text, `count ${word}`).toMatch(new RegExp(`${word}[:,\\s}]`));
    for (const word of ['target', 'target-group', 'target-moved', 'first-attack', 'once-per-turn', 'target-damaged']) expect(text, `condition ${word}`).toMatch(new RegExp(`${word}: `));
    expect(text).toMatch(/attack: \[.*roll\]/);
    expect(text).toMatch(/damage: roll/);
    expect(text).toMatch(/modify: x2/);
    expect(text).toMatch(/modify: \/2/);
  });

  it('has no sure win: every card is knocked out sometimes and none wins every game it is placed in', async () => {
    const { createRunner } = await import('../../../src/runner/create-runner.js');
    const { newAccumulator } = await import('../../../src/sim/batch.js');
    const { planOf } = await import('../../helpers/plans.js');
    const plan = planOf({ game: 'squirmish', seats: [{ policy: 'greedy' }, { policy: 'greedy' }], games: 1500 });
    const runner = createRunner(plan);
    const acc = newAccumulator(runner.game, plan);
    runner.runRange(acc, 0, 1500);
    const table = acc.tables[0]!;
    const cols = 18;
    for (let r = 0; r < 70; r++) {
      const placed = table[r * cols + 2]!;
      const placedWins = table[r * cols + 3]!;
      if (placed >= 100) expect(placedWins / placed, deck.cards[r]!.name).toBeLessThan(0.8);
    }
  });
});

describe('deck styles', () => {
  const stateFor = (rules: string) => {
    writeFileSync(join(dir, 's.yaml'), scenario(rules));
    const plan = loadScenario(join(dir, 's.yaml'), registry);
    const s = squirmish.createState(plan.rules as SquirmishRules, plan.players);
    squirmish.reset(s, new ScriptedRng());
    return s;
  };
  const names = (s: ReturnType<typeof stateFor>) => Array.from(s.instCard.subarray(0, s.nInst)).map((c) => s.table.names[c]!);
  const cp = (f: string) => {
    mkdirSync(join(dir, 'decks'), { recursive: true });
    writeFileSync(join(dir, 'decks', f), readFileSync(join('scenarios/squirmish/decks', f)));
  };

  it('classic: every card of the pool once', () => {
    cp('classic-70.yaml');
    const s = stateFor('  cards: decks/classic-70.yaml\n');
    expect(s.nInst).toBe(70);
    expect(new Set(names(s)).size).toBe(70);
  });

  it('custom: the decklist', () => {
    cp('classic-70.yaml');
    cp('wild-things.yaml');
    const s = stateFor('  cards: decks/classic-70.yaml\n  deckStyle: custom\n  decklist: decks/wild-things.yaml\n');
    const list = parse(readFileSync('scenarios/squirmish/decks/wild-things.yaml', 'utf8')).cards;
    expect(names(s).sort()).toEqual([...list].sort());
    // Metric rows are the distinct cards of the decklist.
    expect(squirmish.metrics.tables!(s.rules, 2)[0]!.rows).toHaveLength(list.length);
  });

  it('mini: the seats\' 12-card mini-decks shuffled together', () => {
    cp('classic-70.yaml');
    cp('mini-swamp.yaml');
    cp('mini-haunt.yaml');
    const s = stateFor('  cards: decks/classic-70.yaml\n  deckStyle: mini\n  miniDecks: [decks/mini-swamp.yaml, decks/mini-haunt.yaml]\n');
    expect(s.nInst).toBe(24);
  });

  it('group-monte: every card of the named groups, filled at random to 36', () => {
    cp('classic-70.yaml');
    const s = stateFor('  cards: decks/classic-70.yaml\n  deckStyle: group-monte\n  monteGroups: [TUSK, SPOOK]\n');
    expect(s.nInst).toBe(36);
    const t = s.table;
    const groups = Array.from(s.instCard.subarray(0, s.nInst)).map((c) => t.groupIds[t.group[c]!] ?? '-');
    expect(groups.filter((g) => g === 'TUSK')).toHaveLength(7);
    expect(groups.filter((g) => g === 'SPOOK')).toHaveLength(7);
    expect(new Set(names(s)).size).toBe(36);
  });

  it('constructed-mini: both mini-decks plus a random fill to 36', () => {
    cp('classic-70.yaml');
    cp('mini-playground.yaml');
    cp('mini-night.yaml');
    const s = stateFor('  cards: decks/classic-70.yaml\n  deckStyle: constructed-mini\n  miniDecks: [decks/mini-playground.yaml, decks/mini-night.yaml]\n');
    expect(s.nInst).toBe(36);
    const all = names(s);
    for (const f of ['mini-playground.yaml', 'mini-night.yaml']) for (const n of parse(readFileSync(join('scenarios/squirmish/decks', f), 'utf8')).cards) expect(all).toContain(n);
  });

  it('drafting: the seats take turns picking their starting hands from the turned-up cards', () => {
    cp('classic-70.yaml');
    const s = stateFor('  cards: decks/classic-70.yaml\n  drafting: true\n  draftPool: 14\n');
    const rng = new ScriptedRng();
    expect(s.draftLen).toBe(14);
    const first = s.toMove;
    apply(s, legal(s)[0]!, rng);
    expect(s.toMove).toBe(1 - first);
    while (s.draftLen > 2) apply(s, legal(s)[0]!, rng);
    // Twelve picked, two go back; then the weigh-in.
    expect([s.handLen[0], s.handLen[1]]).toEqual([6, 6]);
    expect(s.phase).not.toBe(PH_TURN);
    expect(squirmish.checkInvariants(s)).toBeNull();
  });

  it('checks the setup: a deck too small for the deal, wrong list sizes, unknown groups', () => {
    cp('classic-70.yaml');
    const bad = (rules: string, players = 2) => {
      const text = players === 2 ? scenario(rules) : scenario(rules, `players: ${players}\n`).replace('seats: [{policy: random}, {policy: random}]', 'seats: [{policy: random}]');
      writeFileSync(join(dir, 's.yaml'), text);
      try {
        loadScenario(join(dir, 's.yaml'), registry);
        return 'no error';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(bad('  cards: decks/classic-70.yaml\n  deckStyle: group-monte\n  monteGroups: [TUSK, SPOKE]\n')).toMatch(/monteGroups\[1\]: no group "SPOKE" in the card pool; .*did you mean "SPOOK"/);
    expect(bad('  cards: decks/classic-70.yaml\n  deckStyle: custom\n')).toMatch(/decklist: deckStyle custom needs a decklist/);
    expect(bad('  cards: decks/classic-70.yaml\n  drafting: true\n  draftPool: 80\n')).toMatch(/draftPool/);
    expect(bad('  cards: decks/classic-70.yaml\n  edition: videogame\n', 3)).toMatch(/videogame edition is for 2 players/);
  });
});

describe('deck.schema.json', () => {
  it('is what `npm run schema` generates', async () => {
    const { deckJsonSchema, DECK_SCHEMA_FILE } = await import('../../../src/games/squirmish/deck-schema.js');
    expect(JSON.parse(readFileSync(DECK_SCHEMA_FILE, 'utf8'))).toEqual(deckJsonSchema());
  });

  it('accepts every shipped card pool', async () => {
    const validate = new Ajv2020.default({ strict: false }).compile(JSON.parse(readFileSync('scenarios/squirmish/decks/deck.schema.json', 'utf8')));
    expect(validate(parse(readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
  });
});
