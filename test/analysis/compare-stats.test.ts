/** squabble compare with a stat changed by name (--variant PATH=VALUE), and its chart of differences. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

describe('squabble compare --variant PATH=VALUE', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'squabble-compare-stats-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays the base against the base with one character stat changed, and draws the differences', async () => {
    const r = await cli('compare', 'scenarios/squall/duel-open.yaml', '--variant', 'base', '--variant', 'characters.Berserker.melee=5', '--games', '300', '--workers', '0', '--out', join(dir, 'c'), '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/base \(A\) vs characters\.Berserker\.melee=5 \(B\), 300 paired games/);
    const json = JSON.parse(readFileSync(join(dir, 'c', 'compare.json'), 'utf8'));
    expect(json.scenarioHashes.A).not.toBe(json.scenarioHashes.B);
    // Seat 0 fields the Berserker: two more MELEE is clearly better for it.
    const seat0 = json.rows.find((x: { name: string }) => x.name === 'seat 0 win rate');
    expect(seat0.interval[0]).toBeGreaterThan(0);
    for (const ext of ['vl.json', 'svg', 'png']) expect(existsSync(join(dir, 'c', 'charts', `compare-differences.${ext}`))).toBe(true);
  });

  it('names the file and the nearest names for a wrong stat, and refuses a malformed assignment', async () => {
    const bad = await cli('compare', 'scenarios/squall/duel-open.yaml', '--variant', 'base', '--variant', 'characters.Berzerker.melee=5', '--games', '10', '--workers', '0');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--variant characters\.Berzerker\.melee=5: scenarios\/squall\/duel-open\.yaml: rules\.statOverrides\.characters\.Berzerker\.melee: no character "Berzerker" in the roster \(rosters\/standard\.yaml\); nearest: "Berserker"/);
    const empty = await cli('compare', 'scenarios/squall/duel-open.yaml', '--variant', 'base', '--variant', 'characters.Knight.hp=');
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/--variant: expected a variant name, base, or PATH=VALUE/);
  });
});

describe('squabble tune with a stat path', () => {
  it('tunes a character\u2019s HP against its own win rate', async () => {
    const r = await cli('tune', 'scenarios/squall/duel-open.yaml', '--param', 'characters.Berserker.hp', '--integer', '--min', '12', '--max', '22', '--target', 'characters.Berserker.winRate=0.5', '--games', '200', '--workers', '0', '--quiet');
    expect(r.code, r.err).toBe(0);
    const m = /^characters\.Berserker\.hp = (\d+) brings Berserker winRate to ([\d.]+) \[/.exec(r.out);
    expect(m, r.out).not.toBeNull();
    // More HP, more wins: the Berserker wins about 61% at the roster's 15 (docs/squall.md: the
    // brawler holds back out of a slower enemy's reach, so the faster Berserker strikes first),
    // so a fair 50% lies below 15.
    expect(Number(m![1])).toBeLessThan(15);
    const unknown = await cli('tune', 'scenarios/squall/duel-open.yaml', '--param', 'characters.Berserker.hp', '--integer', '--min', '12', '--max', '22', '--target', 'characters.Nobody.winRate=0.5', '--games', '20', '--workers', '0', '--quiet');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--target: table characters has no row "Nobody"/);
  });
});
