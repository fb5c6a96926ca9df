/**
 * The installable package: `npm pack` gives a tarball with the compiled code, the JSON Schema,
 * the shipped decks, rosters, layouts, boards and scenarios and the rules docs, and nothing of
 * the tests or sources; installed globally into an empty folder (npm's `-g` with a private
 * prefix) it puts a `squabble` on the PATH that runs without tsx or this repository.
 * Dependencies come from npm's cache (`--prefer-offline`); the first run may fetch them.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const REPO = resolve('.');
let dir: string;
let tarball: string;
let files: string[];
/** The environment of a shell whose PATH has the installed squabble first, and nothing of the repo. */
let env: NodeJS.ProcessEnv;

function sh(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Run the installed squabble expecting it to fail: its exit code and stderr. */
function shFails(args: string[], cwd: string): { code: number; err: string } {
  try {
    sh('squabble', args, cwd);
  } catch (e) {
    const failure = e as { status: number; stderr: string };
    return { code: failure.status, err: failure.stderr };
  }
  throw new Error(`squabble ${args.join(' ')} succeeded`);
}

beforeAll(() => {
  if (!existsSync(join(REPO, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'squabble-install-'));
  // dist/ is built by the test run; --ignore-scripts packs it as it is instead of building again.
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string; files: { path: string }[] }[];
  tarball = join(dir, packed[0]!.filename);
  files = packed[0]!.files.map((f) => f.path);
  const prefix = join(dir, 'global');
  execFileSync('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: dir, stdio: 'ignore' });
  env = { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`, NODE_OPTIONS: '' };
  delete env.NODE_PATH;
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm pack', () => {
  it('carries the compiled code, the schema, the shipped data and scenarios, and the rules docs', () => {
    for (const f of ['bin/squabble.js', 'dist/cli/main.js', 'dist/runner/worker.js', 'scenarios/schema.json', 'scenarios/squirmish/decks/classic-70.yaml', 'scenarios/squall/rosters/standard.yaml', 'scenarios/squall/layouts/ruins.yaml', 'scenarios/squish/boards/symmetric-12.yaml', 'scenarios/worms/random-2p.yaml', 'docs/rules/worms.md', 'package.json', 'README.md'])
      expect(files, f).toContain(f);
  });

  it('carries nothing of the tests, sources, results or source maps', () => {
    // The docs the README and docs/ link to are shipped (test/install/links.test.ts): the game modules' READMEs, the replay pages' golden pictures and the benchmark history.
    const linkedDocs = (f: string) => /^src\/games\/\w+\/README\.md$/.test(f) || /^test\/replay\/golden\/\w+\.png$/.test(f) || f === 'bench/README.md';
    const unwanted = files.filter((f) => (/^(test|src|results|baselines|bench|scripts|node_modules)\//.test(f) && !linkedDocs(f)) || f.endsWith('.map') || f.endsWith('.ts'));
    expect(unwanted).toEqual([]);
  });
});

describe('the installed command', () => {
  it('is on the PATH and runs from an empty folder, outside the repository', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(sh('squabble', ['--version'], empty).trim()).toBe((JSON.parse(execFileSync('npm', ['pkg', 'get', 'version'], { cwd: REPO, encoding: 'utf8' })) as string));
    expect(sh('squabble', ['list'], empty)).toContain('worms: Worms, 2-8 players (rules: docs/rules/worms.md)');
    expect(readdirSync(empty)).toEqual([]);
  });

  it('plays a shipped scenario from the installed package, writing only where told', () => {
    const work = join(dir, 'work');
    mkdirSync(work);
    const shipped = join(dir, 'global/lib/node_modules/squabble/scenarios/worms/random-2p.yaml');
    sh('squabble', ['run', shipped, '--games', '500', '--workers', '1', '--out', 'res'], work);
    expect(readdirSync(work)).toEqual(['res']);
    expect(readdirSync(join(work, 'res'))).toEqual(expect.arrayContaining(['summary.json', 'run.json', 'report.html']));
    expect((JSON.parse(readFileSync(join(work, 'res/summary.json'), 'utf8')) as { games: number }).games).toBe(500);
  }, 120_000);
});

describe('squabble init, then every command from the new folder with relative paths', () => {
  const GAMES = ['worms', 'squirmish', 'squall', 'squish'];

  for (const game of GAMES) {
    it(`${game}: init, run the scenario, build a baseline and pass check`, () => {
      const home = join(dir, `home-${game}`);
      mkdirSync(home);
      sh('squabble', ['init', 'study', '--game', game, '--games', '100', '--workers', '1'], home);
      const project = join(home, 'study');
      const scenario = `scenarios/${game}.yaml`;
      expect(readFileSync(join(project, scenario), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../node_modules/squabble/scenarios/schema.json');
      for (const f of ['README.md', 'package.json', '.github/workflows/balance.yml', '.gitignore', `baselines/my-${game}.json`]) expect(existsSync(join(project, f)), f).toBe(true);
      expect(readdirSync(join(project, 'vendor'))).toEqual([basename(tarball)]);

      // The content files the game needs, each valid on its own.
      const content = { worms: [], squirmish: ['scenarios/decks/deck.yaml'], squall: ['scenarios/rosters/roster.yaml', 'scenarios/layouts/layout.yaml'], squish: ['scenarios/boards/board.yaml'] }[game]!;
      expect(sh('squabble', ['validate', scenario, ...content], project).trim().split('\n')).toHaveLength(1 + content.length);

      sh('squabble', ['run', scenario, '--games', '150', '--workers', '1', '--out', 'results/first'], project);
      expect((JSON.parse(readFileSync(join(project, 'results/first/summary.json'), 'utf8')) as { games: number }).games).toBe(150);
      sh('squabble', ['baseline', scenario, '--out', 'baselines', '--games', '120', '--workers', '1'], project);
      expect((JSON.parse(readFileSync(join(project, `baselines/my-${game}.json`), 'utf8')) as { games: number }).games).toBe(120);
      expect(sh('squabble', ['check', scenario, '--baseline', 'baselines', '--workers', '1'], project)).toContain('PASS');
    }, 400_000);
  }

  it('the project installs squabble as a dev dependency from its vendor/ tarball, and that squabble (node_modules/.bin, what npx runs) works', () => {
    const home = join(dir, 'home-dev');
    mkdirSync(home);
    sh('squabble', ['init', 'study', '--game', 'worms', '--games', '50', '--workers', '1'], home);
    const project = join(home, 'study');
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies.squabble).toBe(`file:vendor/${basename(tarball)}`);
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project, env, stdio: 'ignore' });
    // Only the project's own squabble: node_modules/.bin, with the global one off the PATH.
    const local = { ...env, PATH: `${join(project, 'node_modules/.bin')}:${process.env.PATH ?? ''}` };
    expect(execFileSync('squabble', ['validate', 'scenarios/worms.yaml'], { cwd: project, env: local, encoding: 'utf8' })).toContain('ok  scenarios/worms.yaml: worms');
    expect(existsSync(join(project, 'node_modules/squabble/scenarios/schema.json'))).toBe(true);
  }, 400_000);

  it('refuses a folder that already holds files, and an unknown game, writing nothing', () => {
    const home = join(dir, 'home-refuse');
    mkdirSync(join(home, 'taken'), { recursive: true });
    writeFileSync(join(home, 'taken', 'notes.txt'), 'mine\n');
    const taken = shFails(['init', 'taken', '--game', 'worms'], home);
    expect(taken.code).toBe(2);
    expect(taken.err).toContain('taken: the folder already holds files (notes.txt); init writes only into a new or empty folder');
    const unknown = shFails(['init', 'fresh', '--game', 'chess'], home);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--game: expected one of worms, squirmish, squall, squish, found "chess"');
    expect(readdirSync(home).sort()).toEqual(['taken']);
    expect(readdirSync(join(home, 'taken'))).toEqual(['notes.txt']);
  });
});
