/**
 * Hostile and broken data files — Squirmish card pools, decklists and mini-decks, Squall rosters
 * and terrain layouts, and Squish boards (which live in the scenario) — named from an otherwise
 * good scenario. Every input either loads, and then a few games play with every invariant
 * checked, or is refused with one line that names the file (the data file itself, or the
 * scenario field that names or uses it) and the field; never a stack trace, a crash or a hang.
 *
 * Each input runs in a worker thread with a time limit, so a hang fails the test instead of
 * stopping it. First a corpus of real-looking broken files (test/fixtures/broken-data/), each
 * with the message it must get; then fast-check mutations of the shipped data files. The counts
 * are printed. SQUABBLE_FUZZ_SCALE=10 runs ten times as many mutations (a soak).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync, readdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import type { Job, Outcome } from '../../helpers/load-and-play-worker.js';

const SCALE = Math.max(0, Number(process.env.SQUABBLE_FUZZ_SCALE ?? 1)) || 1;
/** Per input: load, and if it loads, play GAMES games. Far above what any input needs; only a hang reaches it. */
const TIME_LIMIT_MS = 60_000;
const GAMES = 2;

// ---------------------------------------------------------------------------------------------
// The worker, restarted after a hang

class Player {
  private worker: Worker | null = null;
  private next = 0;

  private start(): Worker {
    // The worker module is TypeScript: a small script registers tsx in the thread, then imports it.
    const entry = new URL('../../helpers/load-and-play-worker.ts', import.meta.url).href;
    const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, { eval: true });
    worker.unref();
    return worker;
  }

  /** Load `scenario` and play; 'hang' if it takes longer than the limit (the worker is then replaced). */
  run(scenario: string): Promise<Outcome | { kind: 'hang' }> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        void worker.terminate();
        this.worker = null;
        resolve({ kind: 'hang' });
      }, TIME_LIMIT_MS);
      const onMessage = (o: Outcome) => {
        if (o.id !== id) return;
        cleanup();
        resolve(o);
      };
      const onError = (e: Error) => {
        cleanup();
        this.worker = null;
        reject(e);
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ id, scenario, games: GAMES } satisfies Job);
    });
  }

  async stop(): Promise<void> {
    if (this.worker) await this.worker.terminate();
    this.worker = null;
  }
}

// ---------------------------------------------------------------------------------------------
// Kinds of data file, each with the scenarios that name it

interface Kind {
  /** Name in the printed counts. */
  name: string;
  /** Shipped files whose mutations are tried. */
  shipped: string[];
  /** Scenarios naming the data file as DATA (a path relative to the scenario); each input uses one. */
  templates: string[];
  /** Other files the templates name, copied next to them. */
  companions?: Record<string, string>;
  runs: number;
  /** Squish: the "data file" is the scenario, and only its `rules` (the board) is mutated. */
  inline?: boolean;
}

const squirmish = (rules: string, seats = 'seats: [{ policy: greedy }, { policy: planner }]', extra = '') => `game: squirmish\n${seats}\n${extra}rules:\n${rules}\n`;
const squall = (rules: string, seats = 'seats: [{ policy: auto }, { policy: auto }]', extra = '') => `game: squall\n${seats}\n${extra}rules:\n${rules}\n`;

const KINDS: Kind[] = [
  {
    name: 'deck',
    shipped: ['scenarios/squirmish/decks/classic-70.yaml'],
    templates: [
      squirmish('  cards: DATA'),
      squirmish('  cards: DATA\n  edition: tabletop', 'seats: [{ policy: random }]', 'players: 3\n'),
      squirmish('  cards: DATA\n  deckStyle: group-monte', 'seats: [{ policy: greedy }, { policy: random }]'),
      squirmish('  cards: DATA\n  drafting: true\n  edition: tabletop', 'seats: [{ policy: planner }, { policy: greedy }]'),
    ],
    runs: 240,
  },
  {
    name: 'decklist',
    shipped: ['scenarios/squirmish/decks/wild-things.yaml', 'scenarios/squirmish/decks/spooky-town.yaml'],
    templates: [squirmish('  deckStyle: custom\n  decklist: DATA'), squirmish('  deckStyle: custom\n  decklist: DATA\n  edition: tabletop', 'seats: [{ policy: random }]', 'players: 4\n')],
    runs: 80,
  },
  {
    name: 'mini-deck',
    shipped: ['scenarios/squirmish/decks/mini-swamp.yaml', 'scenarios/squirmish/decks/mini-haunt.yaml', 'scenarios/squirmish/decks/mini-night.yaml', 'scenarios/squirmish/decks/mini-playground.yaml'],
    templates: [squirmish('  deckStyle: mini\n  miniDecks: [DATA]'), squirmish('  deckStyle: constructed-mini\n  miniDecks: [DATA, mini-haunt.yaml]', 'seats: [{ policy: greedy }, { policy: random }]')],
    companions: { 'mini-haunt.yaml': 'scenarios/squirmish/decks/mini-haunt.yaml' },
    runs: 80,
  },
  {
    name: 'roster',
    shipped: ['scenarios/squall/rosters/standard.yaml'],
    templates: [
      squall('  roster: DATA\n  terrain: scattered.yaml\n  matchups: all-pairs'),
      squall('  roster: DATA\n  terrain: ruins.yaml\n  characters: [Archer, Knight]\n  setupEdges: [[south], [north]]', 'seats: [{ policy: sniper }, { policy: brawler }]'),
      squall('  roster: DATA\n  terrain: ruins.yaml\n  characters: [[Knight, Archer], [Rogue, Mage]]'),
      squall('  roster: DATA\n  terrain: scattered.yaml', 'seats: [{ policy: auto }]', 'players: 4\n'),
    ],
    companions: { 'scattered.yaml': 'scenarios/squall/layouts/scattered.yaml', 'ruins.yaml': 'scenarios/squall/layouts/ruins.yaml' },
    runs: 240,
  },
  {
    name: 'layout',
    shipped: ['scenarios/squall/layouts/scattered.yaml', 'scenarios/squall/layouts/ruins.yaml', 'scenarios/squall/layouts/dense.yaml', 'scenarios/squall/layouts/open.yaml'],
    templates: [
      squall('  roster: standard.yaml\n  terrain: DATA\n  characters: [Archer, Knight]\n  setupEdges: [[south], [north]]', 'seats: [{ policy: sniper }, { policy: brawler }]'),
      squall('  roster: standard.yaml\n  terrain: DATA', 'seats: [{ policy: auto }]', 'players: 4\n'),
      squall('  terrain: DATA\n  board: { width: 16, height: 10 }', 'seats: [{ policy: random }, { policy: flanker }]'),
    ],
    companions: { 'standard.yaml': 'scenarios/squall/rosters/standard.yaml' },
    runs: 240,
  },
  {
    name: 'squish board',
    shipped: readdirSync('scenarios/squish').filter((f) => f.endsWith('.yaml')).map((f) => join('scenarios/squish', f)),
    templates: [],
    runs: 240,
    inline: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Mutations

const NASTY: unknown[] = [
  -1, 0, 1, -1e9, 1e9, 1e300, -1e-9, 0.5, 2 ** 53, NaN, Infinity, -Infinity,
  'NaN', '.nan', 'Infinity', '1e999', '-0', '', ' ', 'x'.repeat(3000), 'two\nlines', 'tab\there', '\u2028', 'Ω≈ç√',
  '../../../etc/passwd', '/etc/passwd', 'none', 'roll', 'special', 'heal 2', 'special:Nope', 'Mudgrub', 'Knight', 'polygon',
  true, false, null, [], {}, [1, 2, 3], [[0, 0]], { a: 1 }, { name: 'X' },
];
const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 12 }),
  fc.array(fc.integer({ min: -5, max: 30 }), { maxLength: 7 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 2 }),
);
// Weighted so that about a third of the inputs still load: those then play, with unusual data.
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('replace' as const), value }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('duplicate' as const) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('nudge' as const), by: fc.constantFrom(-1, 1, -10, 10, 0.5, -0.25, 100) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unknown-key' as const), key: fc.constantFrom('colour', 'hpp', 'extra', '__proto__', 'constructor', 'x') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deep' as const), levels: fc.constantFrom(5, 33, 60) }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('crossover' as const), from: fc.array(fc.nat(), { minLength: 1, maxLength: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('as-text' as const) }) },
);
const edit = fc.record({ path: fc.array(fc.nat(), { minLength: 1, maxLength: 7 }), change: op });
const textOp = fc.oneof(
  { weight: 40, arbitrary: fc.constant({ text: 'none' as const }) },
  fc.record({ text: fc.constant('json' as const) }),
  fc.record({ text: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ text: fc.constant('bytes' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ text: fc.constant('latin1' as const), at: fc.nat() }),
  fc.record({ text: fc.constant('utf16' as const) }),
  fc.record({ text: fc.constant('empty' as const) }),
  fc.record({ text: fc.constant('comments-only' as const) }),
  fc.record({ text: fc.constant('alias-bomb' as const) }),
  fc.record({ text: fc.constant('tag' as const), at: fc.nat(), tag: fc.constantFrom('!!js/function', '!!js/undefined', '!!python/object/apply:os.system', '!!binary', '!!set', '!!timestamp', '!custom') }),
  fc.record({ text: fc.constant('duplicate-line' as const), at: fc.nat() }),
  fc.record({ text: fc.constant('huge' as const) }),
);
const mutationOf = (kind: Kind) =>
  fc.record({
    file: fc.nat({ max: kind.shipped.length - 1 }),
    template: fc.nat({ max: Math.max(0, kind.templates.length - 1) }),
    edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
    text: textOp,
  });
type Mutation = ReturnType<typeof mutationOf> extends fc.Arbitrary<infer T> ? T : never;

/** The parent and key `path` leads to (each step picks a child, modulo the number of children). */
function locate(root: unknown, path: readonly number[]): { parent: Record<string | number, unknown>; key: string | number } | null {
  let parent: Record<string | number, unknown> | null = null;
  let key: string | number = 0;
  let node = root;
  for (const step of path) {
    if (node === null || typeof node !== 'object') break;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0) break;
    parent = node as Record<string | number, unknown>;
    key = keys[step % keys.length]!;
    node = parent[key];
  }
  return parent === null ? null : { parent, key };
}

function applyEdit(root: unknown, { path, change }: Mutation['edits'][number]): void {
  const at = locate(root, path);
  if (!at) return;
  const { parent, key } = at;
  const current = parent[key];
  switch (change.op) {
    case 'replace':
      parent[key] = structuredClone(change.value);
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'duplicate':
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(current));
      else if (Array.isArray(current) && current.length > 0) current.push(structuredClone(current[0]));
      break;
    case 'nudge':
      if (typeof current === 'number') parent[key] = current + change.by;
      else if (Array.isArray(current)) parent[key] = current.map((v) => (typeof v === 'number' ? v + change.by : v));
      break;
    case 'unknown-key':
      if (current !== null && typeof current === 'object' && !Array.isArray(current)) Object.defineProperty(current, change.key, { value: 1, enumerable: true, writable: true, configurable: true });
      else if (!Array.isArray(parent)) Object.defineProperty(parent, change.key, { value: current, enumerable: true, writable: true, configurable: true });
      break;
    case 'deep': {
      let v: unknown = current;
      for (let i = 0; i < change.levels; i++) v = [v];
      parent[key] = v;
      break;
    }
    case 'crossover': {
      // Copy another part of the same file here: a face, an ability or a bonus moved to another
      // card or character, mostly still valid, so the games that follow play unusual data.
      const from = locate(root, change.from);
      if (from) parent[key] = structuredClone(from.parent[from.key]);
      break;
    }
    case 'as-text':
      parent[key] = typeof current === 'string' ? current : JSON.stringify(current);
      break;
  }
}

const BOMB = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefghij'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(', ')}]`)].join('\n');

function applyText(text: string, m: Mutation['text']): string | Uint8Array {
  const at = (n: number) => (text.length === 0 ? 0 : n % text.length);
  switch (m.text) {
    case 'none':
      return text;
    case 'json':
      return text; // handled by the caller (it serialises as JSON)
    case 'truncate':
      return text.slice(0, at(m.at));
    case 'bytes': {
      const bytes = Buffer.from(text, 'utf8');
      const i = bytes.length === 0 ? 0 : m.at % bytes.length;
      return Buffer.concat([bytes.subarray(0, i), Buffer.from(m.bytes), bytes.subarray(i)]);
    }
    case 'latin1':
      return Buffer.from(`${text.slice(0, at(m.at))}Pok\u00e9mon${text.slice(at(m.at))}`, 'latin1');
    case 'utf16':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'empty':
      return '';
    case 'comments-only':
      return text.split('\n').map((l) => `# ${l}`).join('\n');
    case 'alias-bomb':
      return `${BOMB}\n${text}`;
    case 'tag': {
      const spots = [...text.matchAll(/: (?=\S)/g)];
      if (spots.length === 0) return text;
      const i = spots[m.at % spots.length]!.index! + 2;
      return `${text.slice(0, i)}${m.tag} ${text.slice(i)}`;
    }
    case 'duplicate-line': {
      const lines = text.split('\n');
      const i = lines.length === 0 ? 0 : m.at % lines.length;
      lines.splice(i, 0, lines[i] ?? '');
      return lines.join('\n');
    }
    case 'huge':
      return `${text}\n# ${'x'.repeat(1_000_100)}\n`;
  }
}

function serialise(doc: unknown, asJson: boolean): string {
  try {
    return asJson ? (JSON.stringify(doc) ?? '') : stringify(doc, { aliasDuplicateObjects: false });
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// What an outcome must look like

/** Problems with a whole file, which rightly name no field. */
const FILE_LEVEL = /not valid YAML|the file is empty|has no content|not (valid )?UTF-8|nested more than|bytes; a (data|scenario) file may be at most|^expected a mapping \(key: value\)/;

interface Tally {
  tried: number;
  played: number;
  inData: number;
  inScenario: number;
  failures: string[];
}
const newTally = (): Tally => ({ tried: 0, played: 0, inData: 0, inScenario: 0, failures: [] });

/**
 * Check one outcome. `data` is the data file's path as messages show it (the scenario itself for
 * Squish). Returns the message without the folder, for the corpus to compare.
 */
function judge(tally: Tally, outcome: Outcome | { kind: 'hang' }, scenario: string, data: string, input: () => string): string | null {
  tally.tried++;
  const fail = (why: string) => {
    tally.failures.push(`${why}\n--- input (first 1500 characters) ---\n${input().slice(0, 1500)}`);
    return null;
  };
  if (outcome.kind === 'hang') return fail(`no answer within ${TIME_LIMIT_MS / 1000} s (a hang)`);
  if (outcome.kind === 'crash') return fail(`a crash, not a one-line message: ${outcome.message}`);
  if (outcome.kind === 'played') {
    tally.played++;
    return null;
  }
  const { message, file, field } = outcome;
  if (message.includes('\n')) return fail(`a message of more than one line: ${message}`);
  if (/\bat .*\.(ts|js):\d+/.test(message)) return fail(`a stack trace in the message: ${message}`);
  const problem = message.slice(message.indexOf(': ', file.length) + 2).slice(field === '' ? 0 : field.length + 2);
  if (field === '' && !FILE_LEVEL.test(problem)) return fail(`a message naming no field: ${message}`);
  if (file === data && message.startsWith(data)) tally.inData++;
  else if (file === scenario && message.startsWith(scenario) && (data === scenario || field.startsWith('rules.'))) tally.inScenario++;
  else return fail(`a message that names neither the data file nor the scenario field that uses it: ${message}`);
  return message;
}

// ---------------------------------------------------------------------------------------------

let dir: string;
const player = new Player();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-data-fuzz-'));
});
afterAll(async () => {
  await player.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder holding the kind's companion files; the scenario template is written as scenario.yaml. */
function folderFor(kind: Kind, name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  for (const [to, from] of Object.entries(kind.companions ?? {})) copyFileSync(from, join(folder, to));
  return folder;
}

const CORPUS = 'test/fixtures/broken-data';
/** The message each corpus file must get (after the temporary folder): file, line, field and gist. */
const EXPECTED: Record<string, string> = {
  'deck-alias-bomb.yaml': 'data/deck-alias-bomb.yaml: not valid YAML: Excessive alias count',
  'deck-binary-tag.yaml': 'data/deck-binary-tag.yaml:8: not valid YAML: Unresolved tag: tag:yaml.org,2002:binary',
  'deck-d6-face-nine.yaml': 'data/deck-d6-face-nine.yaml:32: cards[7].abilities[0].if.roll: card "Fog Wisp", ability "Drift Away": condition roll: expected d6 faces from 1 to 6 (a face, [low, high] or {min, max}), but 9 is not a face of a d6, found [5,9]',
  'deck-cards-not-a-list.yaml': 'data/deck-cards-not-a-list.yaml:3: cards: expected a list, found "Mudskipper, Reed Hopper, Gravel Gnome"',
  'deck-duplicate-card.yaml': 'data/deck-duplicate-card.yaml:33: cards[9].name: card "Moss Golem" is defined twice; names must be unique',
  'deck-empty.yaml': 'data/deck-empty.yaml: the file is empty; expected the data for rules.cards',
  'deck-face-without-special.yaml': 'data/deck-face-without-special.yaml:10: cards[1].attack[4]: card "Reed Hopper": face 5 is a special attack, but the card defines no special',
  'deck-five-faces.yaml': 'data/deck-five-faces.yaml:20: cards[4].attack: card "Puddle Drake": expected the basic attack as a list of 6 die faces (face 1 first), found ["none",1,2,3,"roll"]',
  'deck-hp-as-text.yaml': 'data/deck-hp-as-text.yaml:24: cards[6].hp: card "Cinder Newt": expected hit points, a whole number from 1 to 99, found "four"',
  'deck-huge-hp.yaml': 'data/deck-huge-hp.yaml:21: cards[5].hp: card "Moss Golem": expected hit points, a whole number from 1 to 99, found 1200000',
  'deck-js-function-tag.yaml': 'data/deck-js-function-tag.yaml:8: not valid YAML: Unresolved tag: tag:yaml.org,2002:js/function',
  'deck-long-name.yaml': 'data/deck-long-name.yaml:32: cards[9].name: card 10: expected a name of at most 60 characters',
  'deck-negative-hp.yaml': 'data/deck-negative-hp.yaml:12: cards[2].hp: card "Gravel Gnome": expected hit points, a whole number from 1 to 99, found -3',
  'deck-only-comments.yaml': 'data/deck-only-comments.yaml: the file has no content (only comments?); expected the data for rules.cards',
  'deck-too-many-cards.yaml': 'data/deck-too-many-cards.yaml:4: cards: expected at most 500 entries',
  'deck-too-many-specials.yaml': 'data/deck-too-many-specials.yaml:47: cards[13].specials: card "Hollow Owl": at most 6 special attacks, found 7',
  'deck-unknown-effect.yaml': 'data/deck-unknown-effect.yaml:33: cards[7].abilities[0].do[0]: card "Fog Wisp", ability "Drift Away": unknown effect; expected one of damage, heal,',
  'deck-unknown-group.yaml': 'data/deck-unknown-group.yaml:17: cards[3].group: card "Thistle Imp": expected a group defined under groups (none is defined), found "IMPS"',
  'decklist-misspelt-card.yaml': 'data/decklist-misspelt-card.yaml:7: cards[3]: no card of that name in the card pool (did you mean "Swamp Hulk"?), found "Swamp Hulck"',
  'decklist-too-short.yaml': 'data/decklist-too-short.yaml:3: cards: expected at least 36 entries',
  'layout-deep-nesting.yaml': 'data/layout-deep-nesting.yaml: lists and mappings are nested more than 32 deep',
  'layout-negative-radius.yaml': 'data/layout-negative-radius.yaml:5: obstacles[1].radius: expected a value above 0, found -0.6',
  'layout-not-convex.yaml': 'data/layout-not-convex.yaml:6: obstacles[2].points: expected the vertices of a convex polygon, in order, with no three in a line, found [[5,5],[7,5],[6,5.5],[7,7],[5,7]]',
  'layout-obstacle-off-board.yaml': 'data/layout-obstacle-off-board.yaml:6: obstacles[2]: "pond" lies wholly off the 12 x 12 board (x 0-12, y 0-12)',
  'layout-too-many-vertices.yaml': 'data/layout-too-many-vertices.yaml:6: obstacles[2].points: expected at most 32 entries',
  'layout-unknown-shape.yaml': 'data/layout-unknown-shape.yaml:6: obstacles[2].shape: expected one of "rect", "circle", "polygon", found "triangle"',
  'layout-utf16.yaml': 'data/layout-utf16.yaml: the file is not UTF-8 text (it looks like UTF-16 or binary); save it as UTF-8',
  'layout-walls-on-every-edge.yaml': 'scenario.yaml:4: rules.terrain: Fighter (seat 0) has no room to set up along north, east, south, west (in data/layout-walls-on-every-edge.yaml)',
  'minideck-eleven-cards.yaml': 'data/minideck-eleven-cards.yaml:3: cards: expected at least 12 entries',
  'minideck-numbers.yaml': 'data/minideck-numbers.yaml:2: cards[0]: expected text, found 1',
  'roster-base-larger-than-any-board.yaml': 'data/roster-base-larger-than-any-board.yaml:11: characters[0].base: expected a value of at most 4, found 5',
  'roster-duplicate-name.yaml': 'data/roster-duplicate-name.yaml:25: characters[2].name: expected a unique name; "Knight" is used twice',
  'roster-move-as-text.yaml': 'data/roster-move-as-text.yaml:6: characters[0].move: expected a number, found "4 inches"',
  'roster-nan-move.yaml': 'data/roster-nan-move.yaml:6: characters[0].move: expected a number, found NaN',
  'roster-negative-hp.yaml': 'data/roster-negative-hp.yaml:20: characters[1].hp: expected a value of at least 1, found -12',
  'roster-python-tag.yaml': 'data/roster-python-tag.yaml:4: not valid YAML: Unresolved tag: tag:yaml.org,2002:python/object/apply:os.system',
  'roster-too-many-bonuses.yaml': 'data/roster-too-many-bonuses.yaml:23: characters[1].bonuses: expected at most 8 entries',
  'roster-too-many-characters.yaml': 'data/roster-too-many-characters.yaml:3: characters: expected at most 64 entries',
  'roster-unknown-effect.yaml': 'data/roster-unknown-effect.yaml:24: characters[1].bonuses[0].effect: expected one of "extraDamage", "extraAttackDie", "heal", "longerMove", "extraMove", "extraAttack", "reroll", ',
  'roster-wrong-timing.yaml': 'data/roster-wrong-timing.yaml:13: characters[0].bonuses[0].timing: expected one of "defend" for effect "extraDefenceDie", found "move"',
};

/** The scenario each corpus file is named from, by the file's name. */
function corpusScenario(file: string): string {
  const data = `data/${file}`;
  if (file.startsWith('deck-')) return squirmish(`  cards: ${data}`, 'seats: [{ policy: greedy }, { policy: greedy }]');
  if (file.startsWith('decklist-')) return squirmish(`  deckStyle: custom\n  decklist: ${data}`, 'seats: [{ policy: greedy }, { policy: greedy }]');
  if (file.startsWith('minideck-')) return squirmish(`  deckStyle: mini\n  miniDecks: [${data}]`, 'seats: [{ policy: greedy }, { policy: greedy }]');
  if (file.startsWith('roster-')) return squall(`  roster: ${data}`);
  if (file.startsWith('layout-')) return squall(`  terrain: ${data}`);
  throw new Error(`${file}: name it deck-, decklist-, minideck-, roster- or layout-`);
}

describe('the broken data-file corpus', () => {
  it('gets the expected one-line message, naming the data file and the field, for every file', async () => {
    const files = readdirSync(CORPUS).sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    const tally = newTally();
    const folder = join(dir, 'corpus');
    mkdirSync(join(folder, 'data'), { recursive: true });
    const scenario = join(folder, 'scenario.yaml');
    for (const f of files) {
      copyFileSync(join(CORPUS, f), join(folder, 'data', f));
      writeFileSync(scenario, corpusScenario(f));
      const outcome = await player.run(scenario);
      const message = judge(tally, outcome, scenario, join(folder, 'data', f), () => readFileSync(join(CORPUS, f), 'latin1'));
      expect(tally.failures, f).toEqual([]);
      expect(message, `${f} loaded`).not.toBeNull();
      expect(message!.replaceAll(`${folder}/`, ''), f).toContain(EXPECTED[f]);
    }
    console.log(`data-file corpus: ${tally.tried} broken files tried, ${tally.inData} named in the data file, ${tally.inScenario} at the scenario field that names it`);
  }, 300_000);
});

describe('fuzzing the data files (fast-check mutations of the shipped files)', () => {
  for (const [k, kind] of KINDS.entries()) {
    it(`${kind.name} files: every mutation loads and plays, or gets one line naming the file and field`, async () => {
      const folder = folderFor(kind, `kind-${k}`);
      mkdirSync(join(folder, 'data'), { recursive: true });
      const originals = kind.shipped.map((f) => parse(readFileSync(f, 'utf8')) as Record<string, unknown>);
      const tally = newTally();
      const runs = Math.round(kind.runs * SCALE);
      const samples = fc.sample(mutationOf(kind), { numRuns: runs, seed: 1000 + k });
      for (const m of samples) {
        const doc = structuredClone(originals[m.file]!);
        // Squish boards live in the scenario: mutate its rules (and keep its games and seats).
        const target = kind.inline ? ((doc.rules ??= {}) as Record<string, unknown>) : doc;
        for (const e of m.edits) applyEdit(target, e);
        const content = applyText(serialise(doc, m.text.text === 'json'), m.text);
        const data = kind.inline ? join(folder, 'scenario.yaml') : join(folder, 'data', m.file === 0 ? 'file.yaml' : `file-${m.file}.yaml`);
        writeFileSync(data, content);
        const scenario = kind.inline ? data : join(folder, 'scenario.yaml');
        if (!kind.inline) writeFileSync(scenario, kind.templates[m.template]!.replace('DATA', `data/${data.slice(data.lastIndexOf('/') + 1)}`));
        const input = () => `${kind.inline ? '' : `scenario:\n${readFileSync(scenario, 'utf8')}\ndata file:\n`}${typeof content === 'string' ? content : Buffer.from(content).toString('latin1')}`;
        judge(tally, await player.run(scenario), scenario, data, input);
        if (tally.failures.length >= 3) break;
      }
      console.log(
        `fuzz: ${tally.tried} ${kind.name} inputs tried, ${tally.played} loaded and played (${GAMES} games each, invariants checked), ` +
          `${tally.inData + tally.inScenario} rejected with a message (` +
          (kind.inline ? 'naming the scenario and the field), ' : `${tally.inData} naming the data file, ${tally.inScenario} the scenario field that uses it), `) +
          `${tally.failures.length} crashes, hangs or bad messages`,
      );
      expect(tally.failures).toEqual([]);
      expect(tally.played, 'some mutations must load and play').toBeGreaterThan(0);
    }, 900_000);
  }
});
