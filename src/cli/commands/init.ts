/**
 * `squabble init <folder> --game <id>`: a designer's own project, outside this repository — a
 * scenario (with the `$schema` line), the game's content files to edit, a README, a baseline, a
 * package.json that names squabble, and a CI workflow running the gate. Everything is written
 * into a temporary folder beside the target and renamed into place at the end, so a failure
 * leaves nothing half-made; an existing folder is used only if it is empty.
 */
import type { Command } from 'commander';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '../../registry.js';
import { VERSION } from '../../version.js';
import { CliError, parseCount, type CliIO } from '../../studies/kit/io.js';
import { planFrom } from '../../studies/kit/plan.js';
import { workersFrom } from '../../studies/kit/options.js';
import { baselineFile, playBaseline } from '../../studies/gate/baseline.js';
import { baselineText } from '../../studies/gate/baseline-file.js';

/** The installed package's root (dist/cli/commands/ or src/cli/commands/ are three levels down). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A content file the starter copies from the shipped data: from (package), to (project's scenarios/), what it is. */
type ContentFile = readonly [from: string, to: string, what: string];

/**
 * What each game's starter holds beyond its scenario template (templates/<game>.yaml); `compare`
 * is the starter README's variant comparison: the B side of the command, and what to expect.
 */
const STARTERS: Readonly<Record<string, { files: readonly ContentFile[]; tryFirst: string; compare: readonly [variant: string, expect: string]; fair?: string }>> = {
  worms: {
    files: [],
    tryFirst: 'a rules field in the scenario, such as `runIncludesEqual: true`, or `--variant sudden-death`',
    compare: ['sudden-death', 'the scenario\'s `sudden-death` variant against its rules as written'],
  },
  squirmish: {
    compare: ['cards.Mudgrub.hp=7', 'Mudgrub with 7 HP instead of 5: its own rates first, then the cards that moved most'],
    files: [['scenarios/squirmish/decks/classic-70.yaml', 'decks/deck.yaml', 'your deck: every card with its HP, die faces and abilities (a copy of Classic 70)']],
    tryFirst: "a card's `hp` or one face of its die in `scenarios/decks/deck.yaml`",
    fair: 'on this deck (measured on 2026-11-28, one core, seeds 1 to 5): 45 to 51 HP edits bring all 70 cards within ±4 points of the fair line on fresh seeds on four seeds and 69 on the fifth (Mire Newt, whose 3 and 4 HP straddle the band), where 21 to 24 were outside, in 308,000 to 337,000 games and 142 to 162 s of CPU',
  },
  squall: {
    files: [
      ['scenarios/squall/rosters/standard.yaml', 'rosters/roster.yaml', 'your characters: MOVE, MELEE, RANGE, HP, SPECIAL and bonuses'],
      ['scenarios/squall/layouts/scattered.yaml', 'layouts/layout.yaml', 'your terrain: the obstacles on the board'],
    ],
    tryFirst: "the Archer's `range` in `scenarios/rosters/roster.yaml`, or an obstacle in `scenarios/layouts/layout.yaml`",
    compare: ['segment-cover', 'cover from the segment between the centres only (the scenario\'s `segment-cover` variant)'],
    fair: 'for your characters',
  },
  squish: {
    files: [['scenarios/squish/boards/quartered-12.yaml', 'boards/board.yaml', 'your board: its size, blocks and start squares']],
    tryFirst: 'a block or a start square in `scenarios/boards/board.yaml`',
    compare: [
      'forces-cumulative',
      'cumulative forces (every hit before a block moves adds to its force) against first-hit. On the starter\'s board of four touching blocks they move the blocks more (2,000 paired games, seed 1: +2.6 block steps per game [+0.7, +4.5], +0.34 block-on-block hits [+0.11, +0.58]) without moving a seat\'s win rate or the game length beyond noise (seat win rates −0.7 to +1.8 points, each interval holding 0; length +0.24 turns [−0.20, +0.69]). On a board with one block, blocks never hit blocks, so the two play identical games and compare says so in one line, naming `forces` and why',
    ],
  },
};

/** The starter README's section on `squabble fair`, for games with card or character stats. */
function fairSection(what: string): string {
  return [
    '## Fair stats for every card at once',
    '',
    '```sh',
    'npx squabble fair scenarios/{{scenario}}',
    '```',
    '',
    `finds the fewest whole-number stat edits across all of them that bring each one's strength (the`,
    `game's primary strength rate) within ±4 points of the fair line, accounting for how they move`,
    `together, confirms the result on fresh seeds with intervals, and writes a patch, an edited copy`,
    `and a diff beside your file (never over it): ${what}. More in`,
    '`node_modules/squabble/docs/fair.md`.',
    '',
    '',
  ].join('\n');
}

interface InitOptions {
  game: string;
  games?: string;
  workers?: string;
  package?: string;
}

export function registerInit(program: Command, io: CliIO): void {
  program
    .command('init')
    .description("start a project of your own: a scenario, the game's files to edit, a README, a baseline and a CI workflow")
    .argument('<folder>', 'a new or empty folder')
    .requiredOption('--game <id>', `the game: ${Object.keys(STARTERS).join(', ')}`)
    .option('--games <n>', "games for the baseline (default: the scenario's)")
    .option('--workers <n>', 'worker threads for the baseline')
    .option('--package <spec>', 'how the project names squabble in package.json (a version, URL or path); default: a tarball of this squabble in vendor/')
    .action(async (folder: string, options: InitOptions) => {
      const starter = Object.hasOwn(STARTERS, options.game) ? STARTERS[options.game] : undefined;
      if (!starter || !Object.hasOwn(registry.games, options.game)) throw new CliError(`--game: expected one of ${Object.keys(STARTERS).join(', ')}, found ${JSON.stringify(options.game)}`);
      const target = resolve(folder);
      if (existsSync(target) && !statSync(target).isDirectory()) throw new CliError(`${folder}: a file is there; init writes only into a new or empty folder`);
      if (existsSync(target) && readdirSync(target).length > 0)
        throw new CliError(`${folder}: the folder already holds files (${readdirSync(target).slice(0, 3).join(', ')}); init writes only into a new or empty folder`);
      const games = options.games === undefined ? undefined : parseCount(options.games, '--games', 1, 10_000_000);
      const workers = workersFrom(options.workers);
      // A new folder of its own (mkdtemp never reuses one): only this folder is ever removed.
      mkdirSync(dirname(target), { recursive: true });
      const work = mkdtempSync(join(dirname(target), `.${basename(target)}.init-`));
      try {
        const written = await writeStarter(work, options.game, starter, { games, workers, packageSpec: options.package });
        if (existsSync(target)) rmdirSync(target); // empty, checked above
        renameSync(work, target);
        io.err(`${folder}: ${written.join(', ')}\n`);
        io.out(`Next, in ${folder}:\n  npm install\n  npx squabble run scenarios/${options.game}.yaml\n  npx squabble watch scenarios/${options.game}.yaml\n`);
      } catch (e) {
        rmSync(work, { recursive: true, force: true }); // our own temporary folder, never the target
        throw e;
      }
    });
}

async function writeStarter(
  dir: string,
  game: string,
  starter: (typeof STARTERS)[string],
  options: { games: number | undefined; workers: number; packageSpec: string | undefined },
): Promise<string[]> {
  const scenario = `scenarios/${game}.yaml`;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write(scenario, readFileSync(join(PACKAGE_ROOT, 'templates', `${game}.yaml`), 'utf8'));
  for (const [from, to] of starter.files) write(`scenarios/${to}`, withSchemaFrom(from, `scenarios/${to}`));
  const rows = starter.files.map(([, to, what]) => `| \`scenarios/${to}\` | ${what} |\n`).join('');
  write(
    'README.md',
    readFileSync(join(PACKAGE_ROOT, 'templates', 'README.md'), 'utf8')
      // First: the section holds placeholders of its own.
      .replaceAll('{{fair}}', starter.fair ? fairSection(starter.fair) : '')
      .replaceAll('{{title}}', registry.games[game]!.title)
      .replaceAll('{{game}}', game)
      .replaceAll('{{scenario}}', `${game}.yaml`)
      .replaceAll('{{files}}', rows)
      .replaceAll('{{try}}', starter.tryFirst)
      .replaceAll('{{variant}}', starter.compare[0])
      .replaceAll('{{variantWhat}}', starter.compare[1]),
  );
  write('.github/workflows/balance.yml', readFileSync(join(PACKAGE_ROOT, 'examples/ci/balance.yml'), 'utf8'));
  write('.gitignore', 'node_modules/\nresults/\n');
  const spec = options.packageSpec ?? vendorTarball(dir);
  const manifest = {
    name: `${game}-balance`,
    private: true,
    description: `A ${registry.games[game]!.title} balance study made with squabble ${VERSION}`,
    scripts: {
      play: `squabble run ${scenario}`,
      watch: `squabble watch ${scenario}`,
      gate: 'squabble check scenarios/*.yaml --baseline baselines',
      baselines: 'squabble baseline scenarios/*.yaml --out baselines',
    },
    devDependencies: { squabble: spec },
  };
  write('package.json', `${JSON.stringify(manifest, null, 2)}\n`);
  // The baseline is played from the files just written, exactly as `squabble baseline` would.
  const plan = { ...planFrom(join(dir, scenario), options.games === undefined ? {} : { games: options.games }, 'init'), recordGames: true };
  const baseline = await playBaseline(plan, options.workers);
  mkdirSync(join(dir, 'baselines'), { recursive: true });
  writeFileSync(join(dir, 'baselines', basename(baselineFile('', plan.name, null))), baselineText({ ...baseline, scenario }));
  return [scenario, ...starter.files.map(([, to]) => `scenarios/${to}`), 'README.md', 'package.json', '.github/workflows/balance.yml', `baselines/${plan.name}.json (${plan.games} games)`];
}

/**
 * A shipped data file for the project, its `$schema` line (if any) pointing at the same schema
 * in the project's node_modules/squabble, so the editor still completes and checks it.
 */
function withSchemaFrom(from: string, to: string): string {
  const text = readFileSync(join(PACKAGE_ROOT, from), 'utf8');
  return text.replace(/^(# yaml-language-server: \$schema=)(\S+)/, (_, head: string, ref: string) => {
    const installed = join('node_modules/squabble', dirname(from), ref);
    return head + relative(dirname(to), installed);
  });
}

/** Pack the running squabble into the project's vendor/ and return the package.json spec for it. */
function vendorTarball(dir: string): string {
  mkdirSync(join(dir, 'vendor'), { recursive: true });
  let packed: { filename: string }[];
  try {
    // --ignore-scripts: pack the compiled code as it is (an installed package cannot build).
    const json = execFileSync('npm', ['pack', PACKAGE_ROOT, '--ignore-scripts', '--json', '--pack-destination', join(dir, 'vendor')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    packed = JSON.parse(json) as { filename: string }[];
  } catch (e) {
    throw new CliError(`init: could not pack squabble into vendor/ with npm (${(e as Error).message.split('\n')[0]}); give --package with a version, URL or path instead`);
  }
  return `file:vendor/${packed[0]!.filename}`;
}
