/**
 * The gate in a fresh `squabble init` project, as a designer meets it (issue 32): at the Squirmish
 * starter's own size, tripling one card's hit points fails `check` naming that card. The Squish!
 * starter is sized so a 5-point move of any start square's squish rate fails the gate: checked
 * here against the gate's own formula (playing it would take 12,000 slow Squish! games; on the
 * four-block board, moving the blocks does not move a start square's rate beyond noise,
 * docs/balance-gate.md).
 * The Squirmish case plays the starter's 7,000 games for the baseline and twice that for the
 * check (the edited deck and the baseline's stored one, paired): about 80 s on two workers.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { cli } from '../helpers/cli.js';
import { detectableProportion, detectionZ, DEFAULT_GATE } from '../../src/studies/gate/analysis.js';

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
    // Its primary strength rate too (the rate `fair` and the balance sheet lead with).
    expect(r.out).toMatch(/^cards\[Tiny Tim the Titan\]\.winRateWhenDrawn .* paired +DRIFT$/m);
  }, 400_000);

  it("Squish!, at the starter's size: a 5-point move of any start square's squish rate is caught", () => {
    const games = (parse(readFileSync('templates/squish.yaml', 'utf8')) as { games: number; players: number }).games;
    // The starter's gate tests 9 headline metrics and one squish rate per start square in use (4 players).
    const k = detectionZ(DEFAULT_GATE, 9 + 4);
    // The squish rates are about 40%; the worst case for a proportion is 50%.
    for (const p of [0.4, 0.5]) expect(detectableProportion(p, games, k)).toBeLessThan(0.05);
  });
});
