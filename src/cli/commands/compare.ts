/**
 * `squabble compare <scenario> --variant A --variant B`: play the same games (same seeds) under
 * both variants and report the paired difference B − A of every headline metric with its 95%
 * interval, and how many times fewer games pairing needed than two independent samples.
 * `base` names the scenario's rules without a variant.
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { runPaired } from '../../runner/pool.js';
import { pairedQuantities, pairedRows, type PairedRow } from '../../analysis/paired.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { gameOf } from '../../registry.js';
import { textTable, markdownTable } from '../../report/format.js';
import { CliError, type CliIO } from '../io.js';
import { Progress } from '../progress.js';
import { planFrom, workersFrom } from '../plan.js';

interface CompareOptions {
  variant: string[];
  games?: string;
  seed?: string;
  workers?: string;
  out?: string;
  all?: boolean;
  quiet?: boolean;
}

const HEADER = ['metric', 'A', 'B', 'B − A [95% interval]', 'paired se', 'unpaired se', 'games saved'];

function fmt(r: PairedRow, x: number): string {
  return r.kind === 'proportion' ? `${(x * 100).toFixed(2)}%` : x.toFixed(3);
}
function signed(r: PairedRow, x: number): string {
  const t = r.kind === 'proportion' ? (x * 100).toFixed(2) : x.toFixed(3);
  return x >= 0 ? `+${t}` : t;
}
function cells(r: PairedRow): string[] {
  const unit = r.kind === 'proportion' ? ' pts' : '';
  const se = (x: number) => (r.kind === 'proportion' ? `${(x * 100).toFixed(3)} pts` : x.toFixed(4));
  const saved = r.gamesSaved === null ? '-' : Number.isFinite(r.gamesSaved) ? `${r.gamesSaved.toFixed(1)}x` : 'all (no variance)';
  return [r.name, fmt(r, r.a), fmt(r, r.b), `${signed(r, r.difference)}${unit} [${signed(r, r.interval[0])}, ${signed(r, r.interval[1])}]`, se(r.pairedSe), se(r.unpairedSe), saved];
}

export function registerCompare(program: Command, io: CliIO): void {
  program
    .command('compare')
    .description('play the same games under two variants and report paired differences with intervals')
    .argument('<scenario>', 'scenario file')
    .requiredOption('--variant <name>', 'a variant of the scenario, or "base" for its rules as written (give two)', (v: string, all: string[] = []) => [...all, v])
    .option('--games <n>', 'games per variant (overrides the scenario)')
    .option('--seed <seed>', 'master seed (overrides the scenario)')
    .option('--workers <n>', 'worker threads (0 = this thread)')
    .option('--out <dir>', 'where to write compare.json and compare.md (default results/<name>-<A>-vs-<B>)')
    .option('--all', "also show the game's own counters")
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, options: CompareOptions) => {
      if (options.variant.length !== 2) throw new CliError(`compare: give exactly two --variant options (a variant name or "base"), found ${options.variant.length}`);
      const [nameA, nameB] = options.variant as [string, string];
      const planOf = (variant: string) =>
        planFrom(file, { ...(options.games ? { games: options.games } : {}), ...(options.seed ? { seed: options.seed } : {}), ...(variant === 'base' ? {} : { variant }) });
      const a = planOf(nameA);
      const b = planOf(nameB);
      const game = gameOf(a.game);
      const progress = new Progress(io, a.games, !options.quiet);
      if (!options.quiet) io.err(`${a.name}: ${a.games.toLocaleString('en-US')} paired games of ${game.title}, ${nameA} vs ${nameB}, seed ${a.seed}\n`);
      const t0 = Date.now();
      const acc = await runPaired(a, b, { workers: workersFrom(options.workers), onProgress: (d) => progress.update(d) });
      progress.finish();
      const rows = pairedRows(pairedQuantities(game, a), acc);
      const headline = rows.filter((r, i) => options.all || i < a.players + 5);
      const title = `${a.name}: ${nameA} (A) vs ${nameB} (B), ${a.games.toLocaleString('en-US')} paired games, seed ${a.seed}`;
      const note =
        'Both variants play every game from the same seed; intervals come from the per-game differences. ' +
        '"games saved": how many times more games two independent samples would need for the same interval width.';
      io.out(`${title}\n\n${textTable(HEADER, headline.map(cells))}\n\n${note}\n`);
      const out = options.out ?? join('results', `${a.name}-${nameA}-vs-${nameB}`);
      mkdirSync(out, { recursive: true });
      writeJson(out, 'compare.json', { format: 'squabble-compare/1', scenario: file, scenarioHashes: { A: a.scenarioHash, B: b.scenarioHash }, variants: { A: nameA, B: nameB }, seed: a.seed, games: a.games, wallSeconds: (Date.now() - t0) / 1000, rows });
      writeAtomic(join(out, 'compare.md'), `# ${title}\n\n${markdownTable(HEADER, rows.map(cells))}\n\n${note}\n`);
      if (!options.quiet) io.err(`wrote ${out}/compare.json and compare.md\n`);
    });
}
