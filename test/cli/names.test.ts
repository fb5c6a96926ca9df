/**
 * User names that are also names of Object.prototype's members (constructor, toString,
 * hasOwnProperty, valueOf, __proto__) as policy labels, variant, card, group and character
 * names: every command plays them and writes its report, or (for __proto__, which cannot be a
 * key) refuses with one line. Each case is a corpus entry: a name and where it goes.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

export const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-names-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORMS = `name: names
game: worms
seats:
${PROTOTYPE_NAMES.map((n, i) => `  - policy: ${['random', 'greedy', 'builder', 'random'][i]}\n    name: ${n}`).join('\n')}
games: 60
variants:
${PROTOTYPE_NAMES.map((n) => `  ${n}: { suddenDeath: true }`).join('\n')}
`;

function squirmish(): string {
  const folder = join(dir, 'squirmish');
  mkdirSync(join(folder, 'decks'), { recursive: true });
  const deck = readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8')
    .replace(/^ {2}- name: Mudgrub$/m, '  - name: constructor')
    .replace(/^ {2}- name: Bogwort the Stinker$/m, '  - name: toString')
    .replace(/\bBOG\b/g, 'hasOwnProperty');
  expect(deck).toContain('name: constructor');
  writeFileSync(join(folder, 'decks', 'names.yaml'), deck);
  const file = join(folder, 'names.yaml');
  writeFileSync(file, 'name: sq-names\ngame: squirmish\nseats:\n  - policy: greedy\n  - policy: random\nrules:\n  edition: videogame\n  cards: decks/names.yaml\n  deckStyle: classic\ngames: 40\n');
  return file;
}

describe('names of Object.prototype members', () => {
  // Six runs with their reports (replay pages included), a compare and a tournament: over a minute on a loaded machine.
  it('as seat labels and variant names: run (with its report), compare and tournament', async () => {
    const file = join(dir, 'worms.yaml');
    writeFileSync(file, WORMS);
    for (const variant of [null, ...PROTOTYPE_NAMES]) {
      const out = join(dir, `run-${variant ?? 'base'}`);
      const r = await cli('run', file, '--workers', '0', '--out', out, '--quiet', ...(variant ? ['--variant', variant] : []));
      expect(r.code, `${variant}: ${r.err}`).toBe(0);
      expect(existsSync(join(out, 'report.html'))).toBe(true);
      expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('hasOwnProperty');
    }
    const c = await cli('compare', file, '--variant', 'constructor', '--variant', 'toString', '--workers', '0', '--out', join(dir, 'cmp'), '--quiet');
    expect(c.code, c.err).toBe(0);
    const t = await cli('tournament', file, '--games', '10', '--workers', '0', '--out', join(dir, 'tour'), '--quiet');
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(/constructor/);
  }, 180_000);

  it('--variant __proto__ (or any member name the file does not define) is no variant', async () => {
    const file = join(dir, 'worms.yaml');
    writeFileSync(file, WORMS.replace(/variants:[\s\S]*$/, 'variants:\n  fast: { suddenDeath: true }\n'));
    for (const name of ['__proto__', ...PROTOTYPE_NAMES]) {
      const r = await cli('run', file, '--workers', '0', '--variant', name, '--out', join(dir, 'never'));
      expect(r.code, name).toBe(2);
      expect(r.err).toMatch(new RegExp(`--variant: no variant "${name}" in this scenario; expected one of fast\\n$`));
    }
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('as card and group names: run with its report (CSV and Arrow tables), weights and compare by stat path', async () => {
    const file = squirmish();
    const r = await cli('run', file, '--workers', '0', '--out', join(dir, 'sq'), '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(dir, 'sq', 'tables', 'table-knockouts.arrow'))).toBe(true);
    expect(readFileSync(join(dir, 'sq', 'tables', 'table-knockouts.csv'), 'utf8').split('\n')[0]).toMatch(/^row,constructor,toString,/);
    const w = await cli('weights', file, '--games', '6', '--only', 'constructor,toString', '--stat', 'hp', '--workers', '0', '--out', join(dir, 'sqw'), '--quiet');
    expect(w.code, w.err).toBe(0);
    expect(w.out).toMatch(/constructor/);
    const c = await cli('compare', file, '--variant', 'base', '--variant', 'cards.constructor.hp=9', '--games', '10', '--workers', '0', '--out', join(dir, 'sqc'), '--quiet');
    expect(c.code, c.err).toBe(0);
  });
});
