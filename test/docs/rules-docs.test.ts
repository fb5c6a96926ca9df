/**
 * docs/rules/<game>.md is the rules text each game module plays: it exists for every registered
 * game, names every rules field (each variant), and every worked example it lists names a test
 * file and a test title that exist, so an example cannot be documented without being tested.
 */
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { games } from '../../src/games/index.js';
import { fieldsOf } from '../../src/sim/scenario/describe.js';

/** Rules fields the loader fills in itself, which a designer never writes. */
const INTERNAL_FIELDS = new Set(['statOverrides']);

/** The rows of the "Worked examples" table: the test file and the start of the test's title. */
function workedExamples(doc: string): { file: string; title: string }[] {
  const section = doc.split('## Worked examples')[1] ?? '';
  return [...section.matchAll(/^\|.*\| `(test\/[^`]+\.test\.ts)` › (.+?) \|$/gm)].map((m) => ({ file: m[1]!, title: m[2]! }));
}

describe('docs/rules', () => {
  for (const game of Object.values(games)) {
    describe(game.id, () => {
      const path = `docs/rules/${game.id}.md`;

      it('is the module\'s rules doc and exists', () => {
        expect(game.rulesDoc).toBe(path);
        expect(existsSync(path)).toBe(true);
      });

      it('names every rules field', () => {
        const doc = readFileSync(path, 'utf8');
        const missing = fieldsOf(game.rulesSchema)
          .map((f) => f.name)
          .filter((name) => !INTERNAL_FIELDS.has(name) && !doc.includes(`\`${name}\``) && !doc.includes(`**\`${name}\`**`));
        expect(missing).toEqual([]);
      });

      it('links every worked example to a test that exists', () => {
        const examples = workedExamples(readFileSync(path, 'utf8'));
        expect(examples.length).toBeGreaterThanOrEqual(5);
        const missing = examples.filter(({ file, title }) => {
          if (!existsSync(file)) return true;
          const source = readFileSync(file, 'utf8');
          return !['\'', '"', '`'].some((quote) => source.includes(quote + title) || source.includes(quote + title.replace(/'/g, "\\'")));
        });
        expect(missing).toEqual([]);
      });
    });
  }
});
