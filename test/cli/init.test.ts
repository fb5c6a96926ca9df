/**
 * `squabble init` in process (the packed install is tested in test/install/install.test.ts):
 * what the starter holds, that its baseline names the scenario relatively, and that a failed
 * init leaves nothing behind.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-init-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('squabble init', () => {
  it('writes the starter with --package naming squabble, and a baseline of the given games', async () => {
    const project = join(dir, 'squall-study');
    const r = await cli('init', project, '--game', 'squall', '--games', '40', '--workers', '0', '--package', 'squabble@0.1.0');
    expect(r.err).toContain('baselines/my-squall.json (40 games)');
    expect(r.code).toBe(0);
    expect(readdirSync(project).sort()).toEqual(['.github', '.gitignore', 'README.md', 'baselines', 'package.json', 'scenarios']);
    expect(readdirSync(join(project, 'scenarios')).sort()).toEqual(['layouts', 'rosters', 'squall.yaml']);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; scripts: Record<string, string> };
    expect(manifest.devDependencies).toEqual({ squabble: 'squabble@0.1.0' });
    expect(manifest.scripts.gate).toBe('squabble check scenarios/*.yaml --baseline baselines');
    const baseline = JSON.parse(readFileSync(join(project, 'baselines/my-squall.json'), 'utf8')) as { scenario: string; games: number };
    expect(baseline).toMatchObject({ scenario: 'scenarios/squall.yaml', games: 40 });
    const readme = readFileSync(join(project, 'README.md'), 'utf8');
    expect(readme).toContain('| `scenarios/rosters/roster.yaml` | your characters');
    expect(readme).not.toMatch(/\{\{\w+\}\}/);
    expect(readFileSync(join(project, '.github/workflows/balance.yml'), 'utf8')).toBe(readFileSync('examples/ci/balance.yml', 'utf8'));
  }, 120_000);

  it('a bad option writes nothing', async () => {
    const r = await cli('init', join(dir, 'never'), '--game', 'worms', '--games', 'many');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--games');
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('a failure part-way (npm not found to pack squabble into vendor/) leaves neither the folder nor a temporary one', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(dir, 'no-programs-here');
    let r;
    try {
      r = await cli('init', join(dir, 'halfway'), '--game', 'worms', '--games', '10', '--workers', '0');
    } finally {
      process.env.PATH = path;
    }
    expect(r.code).toBe(2);
    expect(r.err).toContain('init: could not pack squabble into vendor/ with npm');
    expect(r.err).toContain('give --package with a version, URL or path instead');
    expect(readdirSync(dir).filter((f) => f.includes('halfway'))).toEqual([]);
  });
});
