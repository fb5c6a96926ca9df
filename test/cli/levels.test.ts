import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('squabble-levels-');

describe('squabble levels', () => {
  it('rates the card table under each level, with rank agreement, the seed-to-seed ceiling and bot-dependent rows marked', async () => {
    const out = join(tempDir(), 'out');
    const r = await cli('levels', 'scenarios/squirmish/classic-greedy.yaml', '--levels', 'random,skilled', '--games', '300', '--workers', '0', '--out', out, '--quiet');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'levels.json'), 'utf8'));
    expect(json.format).toBe('squabble-levels/3');
    const cards = json.sheets.find((t: { table: string; rate: string }) => t.table === 'cards' && t.rate === 'winRateWhenPlaced');
    expect(cards.rows.length).toBeGreaterThan(30);
    expect(cards.agreement.map((a: { level: string }) => a.level)).toEqual(['skilled']);
    for (const row of cards.rows) {
      expect(row.byLevel).toHaveLength(2);
      expect(row.verdictChanges).toBe(row.byLevel[0].verdict !== row.byLevel[1].verdict);
      expect(row.dependsOnBot).toBe(row.qValue <= cards.fdr);
    }
    // Agreement is over the rows measured under every run, with its interval round it.
    for (const a of [cards.ceiling, cards.agreement[0]]) {
      expect(a.rows).toBe(cards.rows.length);
      expect(a.interval[0]).toBeLessThan(a.rho);
      expect(a.interval[1]).toBeGreaterThan(a.rho);
    }
    expect(cards.ceilingChanges).toBeGreaterThanOrEqual(0);
    // The agreement corrected for noise, with its interval, and each level's reliability.
    const corrected = cards.corrected[0];
    expect(corrected.level).toBe('skilled');
    expect(corrected.interval[0]).toBeLessThanOrEqual(corrected.interval[1]);
    expect(cards.reliability).toHaveLength(2);
    expect(r.out).toMatch(/Agreement of the true rates with random, corrected for the rows' noise \(95% interval\): skilled (-?\d\.\d\d \[|not measurable)/);
    expect(r.out).toMatch(/Reliability, the share of each level's spread over these rows that is not noise: random \d\.\d\d, skilled \d\.\d\d/);
  });

  it('needs two levels of the game', async () => {
    const one = await cli('levels', 'scenarios/squirmish/classic-greedy.yaml', '--levels', 'skilled');
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/--levels: expected two or more level names/);
    const bad = await cli('levels', 'scenarios/squirmish/classic-greedy.yaml', '--levels', 'skilled,grandmaster', '--games', '2');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--levels: expected one of random, novice, skilled, expert for squirmish; found "grandmaster"/);
  });
});
