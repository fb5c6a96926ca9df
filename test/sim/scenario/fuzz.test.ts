/**
 * Hostile and broken input for the scenario loader: every input either loads or fails with one
 * line naming the file (and the field, where there is one) — never a stack trace, a hang or a
 * crash. A corpus of real-looking broken files, then fast-check over random text, random
 * structures and mutations of the shipped scenarios. The counts are printed.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify, parse } from 'yaml';
import { loadScenario } from '../../../src/sim/scenario/load.js';
import { ScenarioError } from '../../../src/sim/scenario/errors.js';
import { registry } from '../../../src/registry.js';

const CORPUS = 'test/fixtures/broken';
/** What each broken file must be told: the field (if any) and the gist. */
const EXPECTED: Record<string, string> = {
  'alias-bomb.yaml': 'not valid YAML: Excessive alias count',
  'bad-indentation.yaml': ':4: not valid YAML',
  'bad-variant.yaml': ':7: variants.quick.suddenDeath: expected true or false, found "yes please"',
  'binary.yaml': ': the file is not UTF-8 text',
  'deep-nesting.yaml': ': lists and mappings are nested more than 32 deep',
  'duplicate-key.yaml': ':2: not valid YAML: Map keys must be unique',
  'empty.yaml': ': the file is empty',
  'fractional-decks.yaml': ':6: rules.decks: expected "auto" or a whole number, found 1.5',
  'games-as-text.yaml': ':5: games: expected a number, found "100000"',
  'huge-games.yaml': ':5: games: expected a value of at most 10000000000',
  'js-function-tag.yaml': ':1: not valid YAML: Unresolved tag',
  'json-trailing-comma.json': ':1: seats: expected 2-8 players for worms, found 1',
  'latin1.yaml': ': the file is not valid UTF-8 text',
  'list-at-top.yaml': ':1: expected a mapping (key: value)',
  'missing-game.yaml': ':1: game: missing; expected ',
  'negative-games.yaml': ':5: games: expected a value of at least 1, found -5',
  'negative-seed.yaml': ':5: seed: expected a value of at least 0, found -1',
  'negative-weight.yaml': ':5: seats[0].params.safetyWeight: expected a value of at least 0, found -3',
  'no-seats.yaml': ':2: seats: expected at least 1 entry, found []',
  'only-comment.yaml': ': the file has no content',
  'policy-wrong-case.yaml': ':3: seats[0].policy: expected one of random, ismcts, greedy, builder, rollout, epsilon for worms; found "Random" (did you mean "random"?)',
  'python-tag.yaml': ':2: not valid YAML: Unresolved tag',
  'scalar-at-top.yaml': ':1: expected a mapping (key: value), found "worms"',
  'seat-field-typo.yaml': ':4: seats[1].polcy: unknown field; expected one of policy, level, params, epsilon, name (did you mean "policy"?)',
  'seats-not-a-list.yaml': ':2: seats: expected a list, found "random"',
  'squish-block-larger-than-board.yaml': ':12: rules.blocks[0]: block 0 is 12 x 2, larger than the 10 x 10 board',
  'squish-block-number-twice.yaml': ':12: rules.blocks[2].number: is 2, the same as block 1; blocks must be numbered 1-3, each once',
  'squish-block-overlap.yaml': ':13: rules.blocks[1]: overlaps block 0 at (6, 6)',
  'squish-board-too-big.yaml': ':9: rules.width: expected a value of at most 64, found 640',
  'squish-start-not-on-edge.yaml': ':12: rules.starts[2]: (5, 10) is not on the edge of the 12 x 12 board; start squares lie along the walls',
  'squish-start-under-block.yaml': ':14: rules.starts[0]: (5, 0) is under block 0',
  'squish-too-few-starts.yaml': ':9: rules.starts: 2 start square(s) for 4 players; give at least one per player',
  'squish-too-many-blocks.yaml': ':11: rules.blocks: expected at most 8 entries',
  'tab-indentation.yaml': ':2: not valid YAML: Tabs are not allowed as indentation',
  'too-many-players.yaml': ':2: players: expected 2-8 players for worms, found 12',
  'unknown-game.yaml': ':1: game: expected ',
  'unknown-param.yaml': ':5: seats[0].params.caution: unknown field; expected one of attackWeight, safetyWeight, killBonus',
  'utf16.yaml': ': the file is not UTF-8 text (it looks like UTF-16 or binary)',
  'zero-players.yaml': ':2: players: expected a value of at least 1, found 0',
  'zero-turn-cap.yaml': ':6: rules.maxTurns: expected a value of at least 1, found 0',
};

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-fuzz-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tally = { tried: 0, loaded: 0, rejected: 0, crashes: 0 };

/** Load a file; it must load, or fail with a ScenarioError of one line that starts with the file name. */
function loadOrOneLine(file: string): string | null {
  tally.tried++;
  try {
    loadScenario(file, registry);
    tally.loaded++;
    return null;
  } catch (e) {
    const fail = (why: string): never => {
      tally.crashes++;
      throw new Error(`${file}: ${why}`);
    };
    if (!(e instanceof ScenarioError)) return fail(`not a ScenarioError: ${(e as Error)?.stack ?? String(e)}`);
    const message = e.message;
    if (message.includes('\n')) fail(`message of more than one line: ${message}`);
    if (!message.startsWith(file)) fail(`message does not name the file: ${message}`);
    if (/\bat .*\.(ts|js):\d+/.test(message)) fail(`message holds a stack trace: ${message}`);
    tally.rejected++;
    return message.slice(file.length);
  }
}

function writeInput(content: string | Uint8Array, ext = 'yaml'): string {
  const file = join(dir, `input.${ext}`);
  writeFileSync(file, content);
  return file;
}

describe('the broken-file corpus', () => {
  it('gets the expected one-line message for every file', () => {
    const files = readdirSync(CORPUS).sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    for (const f of files) {
      const message = loadOrOneLine(join(CORPUS, f));
      expect(message, f).not.toBeNull();
      expect(message, f).toContain(EXPECTED[f]);
    }
  });
});

describe('fuzzing the loader (fast-check)', () => {
  it('survives random text and random bytes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 400 })), (text) => {
        loadOrOneLine(writeInput(text));
      }),
      { numRuns: 1500, seed: 1 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        loadOrOneLine(writeInput(bytes));
      }),
      { numRuns: 500, seed: 2 },
    );
  }, 300_000);

  const anyValue = fc.oneof(fc.anything({ maxDepth: 3 }), fc.constantFrom(0, -1, 1e300, -1e-9, Number.MAX_SAFE_INTEGER, '', 'random', 'worms', true, null, [], {}));
  const scenarioish = fc.record(
    {
      game: fc.oneof(fc.constantFrom('worms', 'squish', 'squall', 'wurms'), anyValue),
      players: fc.oneof(fc.integer({ min: -2, max: 12 }), anyValue),
      seats: fc.oneof(fc.array(fc.record({ policy: fc.oneof(fc.constantFrom('random', 'greedy', 'builder', 'safe'), anyValue), params: fc.oneof(fc.dictionary(fc.string(), anyValue), anyValue) }, { requiredKeys: [] }), { maxLength: 10 }), anyValue),
      rules: fc.oneof(fc.dictionary(fc.constantFrom('decks', 'firstSeat', 'suddenDeath', 'maxTurns', 'runIncludesEqual', 'x'), anyValue), anyValue),
      games: fc.oneof(fc.integer(), anyValue),
      seed: fc.oneof(fc.integer(), fc.string(), anyValue),
      variants: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.dictionary(fc.string({ maxLength: 12 }), anyValue)), anyValue),
    },
    { requiredKeys: [] },
  );

  it('survives random scenario-shaped structures, as YAML and as JSON', () => {
    fc.assert(
      fc.property(scenarioish, fc.boolean(), (value, asJson) => {
        let text: string;
        try {
          text = asJson ? JSON.stringify(value) : stringify(value);
        } catch {
          return; // not serialisable (e.g. a BigInt): not an input a file can hold
        }
        loadOrOneLine(writeInput(text ?? '', asJson ? 'json' : 'yaml'));
      }),
      { numRuns: 1500, seed: 3 },
    );
  }, 300_000);

  it('survives random mutations of every shipped scenario', () => {
    const shipped = readdirSync('scenarios', { recursive: true })
      .map(String)
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => parse(readFileSync(join('scenarios', f), 'utf8')) as Record<string, unknown>)
      .filter((d) => d !== null && typeof d === 'object' && 'game' in d);
    expect(shipped.length).toBeGreaterThan(3);
    const mutation = fc.tuple(fc.nat(), fc.array(fc.tuple(fc.nat(), fc.constantFrom('delete', 'replace', 'add'), anyValue), { minLength: 1, maxLength: 4 }));
    fc.assert(
      fc.property(mutation, ([which, edits]) => {
        const scenario = structuredClone(shipped[which % shipped.length]!);
        for (const [at, op, value] of edits) {
          // Walk to a random object inside the scenario and edit one of its keys.
          let target: Record<string, unknown> = scenario;
          for (let depth = 0; depth < 3; depth++) {
            const keys = Object.keys(target).filter((k) => target[k] !== null && typeof target[k] === 'object');
            if (keys.length === 0 || (at >> depth) % 3 === 0) break;
            target = target[keys[(at >> (depth + 2)) % keys.length]!] as Record<string, unknown>;
          }
          const keys = Object.keys(target);
          const key = op === 'add' || keys.length === 0 ? `extra${at % 5}` : keys[at % keys.length]!;
          if (op === 'delete') delete target[key];
          else target[key] = value;
        }
        let text: string;
        try {
          text = stringify(scenario);
        } catch {
          return;
        }
        loadOrOneLine(writeInput(text));
      }),
      { numRuns: 1500, seed: 4 },
    );
  }, 300_000);

  afterAll(() => {
    console.log(`scenario loader fuzz: ${tally.tried} inputs tried, ${tally.loaded} loaded, ${tally.rejected} rejected with a one-line message, ${tally.crashes} crashes or bad messages`);
  });
});
