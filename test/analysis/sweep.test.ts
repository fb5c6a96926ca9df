/** Sweeps: a grid of cells over scenario fields, all on the same seeds. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCells } from '../../src/sim/scenario/load.js';
import { registry } from '../../src/registry.js';
import { cli } from '../helpers/cli.js';

const base = { game: 'worms', seats: [{ policy: 'random' }, { policy: 'random' }], games: 100 };

describe('buildCells', () => {
  it('makes one cell per combination, last field fastest, each validated with its own hash', () => {
    const cells = buildCells({ ...base, sweep: { 'rules.suddenDeath': [false, true], 'rules.maxTurns': [50, 100, 200] } }, 's.yaml', registry);
    expect(cells.map((c) => c.cellValues)).toEqual([
      { 'rules.suddenDeath': false, 'rules.maxTurns': 50 },
      { 'rules.suddenDeath': false, 'rules.maxTurns': 100 },
      { 'rules.suddenDeath': false, 'rules.maxTurns': 200 },
      { 'rules.suddenDeath': true, 'rules.maxTurns': 50 },
      { 'rules.suddenDeath': true, 'rules.maxTurns': 100 },
      { 'rules.suddenDeath': true, 'rules.maxTurns': 200 },
    ]);
    expect(cells.map((c) => c.cell)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(cells.map((c) => c.scenarioHash)).size).toBe(6);
    expect(new Set(cells.map((c) => c.masterSeed)).size).toBe(1);
    expect(cells[4]!.rules).toMatchObject({ suddenDeath: true, maxTurns: 100 });
  });

  it('reports a bad value with its field and cell, and refuses huge grids', () => {
    expect(() => buildCells({ ...base, sweep: { 'rules.maxTurns': [50, -1] } }, 's.yaml', registry)).toThrow(
      's.yaml: rules.maxTurns: in the sweep cell rules.maxTurns = -1: expected a value of at least 1, found -1',
    );
    expect(() => buildCells({ ...base, sweep: { 'rules.suddendeath': [true] } }, 's.yaml', registry)).toThrow(/rules\.suddendeath: in the sweep cell .*unknown field/);
    const many = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(() => buildCells({ ...base, sweep: { 'rules.maxTurns': many, 'seats[0].params.x': many } }, 's.yaml', registry)).toThrow(/1600 cells; a sweep may have at most 1000/);
  });
});

describe('run with a sweep', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-sweep-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays each cell on the same seeds: a cell equals the plain run of its rules, byte for byte', async () => {
    const scenario = join(dir, 'sd.yaml');
    writeFileSync(scenario, `${readFileSync('scenarios/worms/random-2p.yaml', 'utf8')}sweep:\n  rules.suddenDeath: [false, true]\n`);
    const r = await cli('run', scenario, '--games', '5000', '--workers', '2', '--out', join(dir, 'sweep'), '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/sweep over rules\.suddenDeath, 5,000 games per cell/);
    const plain = await cli('run', 'scenarios/worms/random-2p.yaml', '--games', '5000', '--workers', '0', '--out', join(dir, 'plain'), '--quiet', '--no-report');
    expect(plain.code).toBe(0);
    expect(readFileSync(join(dir, 'sweep', 'cells', '0', 'summary.json'), 'utf8')).toBe(readFileSync(join(dir, 'plain', 'summary.json'), 'utf8'));
    const sweep = JSON.parse(readFileSync(join(dir, 'sweep', 'sweep.json'), 'utf8'));
    expect(sweep.cells.map((c: { values: unknown }) => c.values)).toEqual([{ 'rules.suddenDeath': false }, { 'rules.suddenDeath': true }]);
    expect(sweep.cells[1].draws.count).toBeGreaterThan(0);
    for (const f of ['report.html', 'charts/sweep-win-rate.svg', 'charts/sweep-length.png', 'sweep.md']) expect(existsSync(join(dir, 'sweep', f)), f).toBe(true);
  });

  it('ships study scenarios that validate', async () => {
    const r = await cli('validate', 'scenarios/worms/studies/builder-caution.yaml', 'scenarios/worms/studies/rules-grid.yaml');
    expect(r.code, r.err).toBe(0);
  });
});
