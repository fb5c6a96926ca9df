/**
 * A project has its docs (issue 32, item 5): every link and pointer in a packed project resolves.
 * The package is packed as it ships (`npm pack`) and unpacked where a project's `npm install`
 * puts it (node_modules/squabble); a project of each game is made by `squabble init` beside it.
 * Then every Markdown link (`[text](target)`, images too) in every Markdown file of the package
 * and of the projects, every `node_modules/squabble/...` pointer in a project's files (scenario
 * comments, README) and every `$schema=` line must name a file that is there.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { cli } from '../helpers/cli.js';

const REPO = resolve('.');
const GAMES = ['worms', 'squirmish', 'squall', 'squish'];
let dir: string;
let pkg: string;

beforeAll(async () => {
  if (!existsSync(join(REPO, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  dir = mkdtempSync(join(tmpdir(), 'squabble-links-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string }[];
  const tarball = join(dir, packed[0]!.filename);
  for (const game of GAMES) {
    const project = join(dir, game);
    const r = await cli('init', project, '--game', game, '--games', '4', '--workers', '0', '--package', `file:${tarball}`);
    if (r.code !== 0) throw new Error(r.err);
    // Where `npm install` in the project puts squabble (dependencies are not needed to read files).
    mkdirSync(join(project, 'node_modules/squabble'), { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', join(project, 'node_modules/squabble'), '--strip-components', '1']);
  }
  pkg = join(dir, 'worms/node_modules/squabble');
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file below a folder, skipping the folders named. */
function filesBelow(root: string, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) {
      if (!skip.includes(name)) out.push(...filesBelow(path, skip));
    } else out.push(path);
  }
  return out;
}

/** The local targets of a Markdown file's links (no URLs, no same-page anchors), without their #anchor. */
function markdownTargets(text: string): string[] {
  // Code blocks and spans may show link syntax without being links.
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURIComponent(t.split('#')[0]!));
}

/** Each broken link or pointer of the files, as "file: target"; `project` is the folder node_modules/squabble/... pointers start from. */
function broken(files: readonly string[], project: string): string[] {
  const out: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: [string, string][] = [];
    if (file.endsWith('.md')) for (const t of markdownTargets(text)) targets.push([t, resolve(dirname(file), t)]);
    // A data file's schema line (in Markdown it is an example of one, not a pointer of the page).
    if (!file.endsWith('.md')) for (const m of text.matchAll(/\$schema=(\S+)/g)) if (!/^[a-z]+:/.test(m[1]!)) targets.push([m[1]!, resolve(dirname(file), m[1]!)]);
    for (const m of text.matchAll(/node_modules\/squabble\/[\w./-]*\w/g)) targets.push([m[0], join(project, m[0])]);
    for (const [shown, path] of targets) if (!existsSync(path)) out.push(`${relative(dir, file)}: ${shown}`);
  }
  return out;
}

describe('every link and pointer in a packed project resolves', () => {
  it('in the package: every Markdown link of its docs and READMEs, and their node_modules/squabble pointers', () => {
    const markdown = filesBelow(pkg).filter((f) => f.endsWith('.md'));
    expect(markdown.length).toBeGreaterThan(20);
    expect(markdown.map((f) => relative(pkg, f))).toEqual(expect.arrayContaining(['README.md', 'docs/scenarios.md', 'docs/scenario-reference.md', 'docs/rules/squish.md']));
    expect(broken(markdown, join(pkg, '../..'))).toEqual([]);
  });

  it.each(GAMES)('in a %s project: its README, scenario and data files', (game) => {
    const project = join(dir, game);
    const own = filesBelow(project, ['node_modules', 'vendor']).filter((f) => /\.(md|ya?ml)$/.test(f));
    expect(own.map((f) => relative(project, f))).toEqual(expect.arrayContaining(['README.md', `scenarios/${game}.yaml`]));
    // The starter names what it points to (so the walk below has something to check).
    expect(readFileSync(join(project, `scenarios/${game}.yaml`), 'utf8')).toContain('node_modules/squabble/docs/');
    expect(broken(own, project)).toEqual([]);
  });

  it('finds a broken link when there is one', () => {
    const bad = join(dir, 'bad.md');
    execFileSync('sh', ['-c', `printf '[x](docs/none.md) and node_modules/squabble/docs/gone.md\\n' > ${bad}`]);
    expect(broken([bad], dir)).toEqual(['bad.md: docs/none.md', 'bad.md: node_modules/squabble/docs/gone.md']);
  });
});
