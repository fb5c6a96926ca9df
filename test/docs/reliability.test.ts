/** docs/reliability.md names the test that proves each guarantee: every one it names must exist. */
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';

const DOC = 'docs/reliability.md';

/** Each `test/....test.ts` reference in the page, with the test names written after it (› a; b…). */
function references(): { file: string; names: string[] }[] {
  const out: { file: string; names: string[] }[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    if (!line.startsWith('|')) continue;
    const cell = line.split(' | ').at(-1)!;
    for (const m of cell.matchAll(/`(test\/[^`]+\.test\.ts)`(?: › ([^`|]*))?/g)) {
      const names = (m[2] ?? '')
        .split('; ')
        .map((n) => n.replace(/\s*\|?\s*$/, '').replace(/\s*\([^)]*\)?$/, '').replace(/…$/, '').trim())
        .filter((n) => n !== '' && !n.startsWith('the corpora') && !n.startsWith('same'));
      out.push({ file: m[1]!, names });
    }
  }
  return out;
}

describe('docs/reliability.md', () => {
  it('names only test files and tests that exist', () => {
    const refs = references();
    expect(refs.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const { file, names } of refs) {
      if (!existsSync(file)) {
        missing.push(file);
        continue;
      }
      const source = readFileSync(file, 'utf8');
      // A test or describe title starts with the name (titles are quoted with ', " or `).
      for (const name of names) if (!source.includes(`'${name}`) && !source.includes(`"${name}`) && !source.includes(`\`${name}`) && !source.includes(name.replace(/'/g, "\\'"))) missing.push(`${file} › ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
