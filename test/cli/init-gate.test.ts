/**
 * The gate in a fresh `squabble init` project, as a designer meets it (issue 32): at the Squirmish
 * starter's own size, tripling one card's hit points fails `check` naming that card; in a Squish!
 * project, moving the block off-centre fails it through the start squares' squish rates.
 * The Squirmish case plays the starter's 7,000 games for the baseline and twice that for the
 * check (the edited deck and the baseline's stored one, paired): about 80 s on two workers.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-init-gate-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const edit = (path: string, from: RegExp, to: string) => {
  const text = readFileSync(path, 'utf8');
  expect(text).toMatch(from);
  writeFileSync(path, text.replace(from, to));
};

describe('the gate of a fresh project', () => {
  it("Squirmish, at the starter's size: a 1 → 3 HP edit of one card fails check (exit 1) naming that card", async () => {
    const project = join(dir, 'squirmish');
    const made = await cli('init', project, '--game', 'squirmish', '--workers', '2', '--package', 'squabble@0.1.0');
    expect(made.code, made.err).toBe(0);
    expect(made.err).toContain('baselines/my-squirmish.json (7000 games)');
    edit(join(project, 'scenarios/decks/deck.yaml'), /(- name: Tiny Tim the Titan\n\s+hp:) 1\n/, '$1 3\n');
    const r = await cli('check', join(project, 'scenarios/squirmish.yaml'), '--baseline', join(project, 'baselines'), '--workers', '2');
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('content edited: the baseline');
    expect(r.out).toMatch(/^cards\[Tiny Tim the Titan\]\.winRateWhenPlaced .* paired +DRIFT$/m);
  }, 400_000);

  it('Squish!: the block moved off-centre fails check through the start squares', async () => {
    const project = join(dir, 'squish');
    const made = await cli('init', project, '--game', 'squish', '--games', '1000', '--workers', '2', '--package', 'squabble@0.1.0');
    expect(made.code, made.err).toBe(0);
    const baseline = JSON.parse(readFileSync(join(project, 'baselines/my-squish.json'), 'utf8')) as { metrics: { id: string }[] };
    expect(baseline.metrics.map((m) => m.id).filter((id) => id.startsWith('startSquares'))).toEqual([0, 1, 2, 3].map((i) => `startSquares[start ${i} (${['5, 0', '11, 5', '6, 11', '0, 6'][i]})].squishRate`));
    // Three squares north, beside start 0's wall.
    edit(join(project, 'scenarios/boards/board.yaml'), /\{ x: 4, y: 4, w: 4, h: 4 \}/, '{ x: 4, y: 1, w: 4, h: 4 }');
    const r = await cli('check', join(project, 'scenarios/squish.yaml'), '--baseline', join(project, 'baselines'), '--workers', '2');
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^startSquares\[start 0 \(5, 0\)\]\.squishRate .* paired +DRIFT$/m);
  }, 200_000);
});
