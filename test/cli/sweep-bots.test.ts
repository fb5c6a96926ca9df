import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('squabble-sweep-bots-');

describe('a sweep over a bot parameter', () => {
  it('reports each bot, not each seat', async () => {
    const file = join(tempDir(), 'dial.yaml');
    writeFileSync(file, ['game: worms', 'seats: [{ policy: builder }, { policy: random }]', 'seating: rotate', 'sweep:', '  seats[0].epsilon: [0, 1]', 'games: 400', ''].join('\n'));
    const out = join(tempDir(), 'out');
    const r = await cli('run', file, '--workers', '0', '--out', out, '--no-report', '--quiet');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/seats\[0\] \(builder\) wins +random wins +draws/);
    const sweep = JSON.parse(readFileSync(join(out, 'sweep.json'), 'utf8'));
    const rate = (cell: number, bot: number) => sweep.cells[cell].bots[bot].winRate as number;
    // builder beats random; with every move random it is random, and the two bots share the wins.
    expect(rate(0, 0)).toBeGreaterThan(0.75);
    expect(rate(1, 0)).toBeGreaterThan(0.4);
    expect(rate(1, 0)).toBeLessThan(0.6);
    expect(rate(0, 0) + rate(0, 1)).toBeCloseTo(1 - sweep.cells[0].draws.rate, 9);
  });
});
