/**
 * Input that reaches the user raw: control characters and terminal escapes in names are shown
 * escaped on the terminal and in summary.md; CSV cells and headers that a spreadsheet would read
 * as formulas are neutralised; messages read right at their bounds.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as aq from 'arquero';
import { cli } from '../helpers/cli.js';
import { escapeControls } from '../../src/report/escape.js';
import { tableToCsv } from '../../src/report/tables.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-escape-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// eslint-disable-next-line no-control-regex -- what must not appear
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

describe('control characters in names', () => {
  it('are escaped in escapeControls, keeping line feeds and tabs', () => {
    expect(escapeControls('a\x1b[2Jb\x07c\rd\u202ee\nf\tg')).toBe('a\\x1b[2Jb\\x07c\\x0dd\\u202ee\nf\tg');
  });

  it('reach neither the terminal nor summary.md raw', async () => {
    const file = join(dir, 'evil.yaml');
    writeFileSync(file, 'name: evil\ngame: worms\nseats:\n  - policy: random\n    name: "red\\e]0;pwned\\a\\e[2J"\n  - policy: greedy\n    name: "\\u202Eesrever"\ngames: 50\n');
    const out = join(dir, 'evil');
    const r = await cli('run', file, '--workers', '0', '--out', out, '--no-report');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('red\\x1b]0;pwned\\x07\\x1b[2J');
    expect(r.out).toContain('\\u202eesrever');
    expect(r.out).not.toMatch(RAW);
    expect(r.err).not.toMatch(RAW);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toContain('red\\x1b]0;pwned\\x07\\x1b[2J');
    expect(md).not.toMatch(RAW);
  });
});

describe('CSV', () => {
  it('neutralises formula cells and formula headers (a card name is a column of the knockouts table)', () => {
    const table = aq.table({ row: ['=1+1', 'fine', '@SUM(A1)'], '=HYPERLINK("http://x")': [1, 2, 3], '-cmd': [4, 5, 6], plain: [7, 8, 9] });
    const [header, ...rows] = tableToCsv(table).trim().split('\n');
    expect(header).toBe(`row,"'=HYPERLINK(""http://x"")",'-cmd,plain`);
    expect(rows).toEqual(["'=1+1,1,4,7", 'fine,2,5,8', "'@SUM(A1),3,6,9"]);
  });
});

describe('messages read right for every value', () => {
  it('an exclusive bound says "above", not "at least 0, found 0"', async () => {
    const file = join(dir, 'fov.yaml');
    writeFileSync(file, readFileSync('scenarios/squall/duel-open.yaml', 'utf8').replace('rules:', 'rules:\n  fov: 0').replace(/rosters\//, `${process.cwd()}/scenarios/squall/rosters/`).replace(/layouts\//, `${process.cwd()}/scenarios/squall/layouts/`));
    process.env.SQUABBLE_DATA_ROOTS = join(process.cwd(), 'scenarios');
    try {
      const r = await cli('validate', file);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/rules\.fov: expected a value above 0, found 0/);
      expect(r.err).not.toMatch(/at least 0/);
    } finally {
      delete process.env.SQUABBLE_DATA_ROOTS;
    }
  });
});
