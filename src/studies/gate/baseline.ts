/** `squabble baseline <scenario...> --out baselines/`: run each scenario and store its headline metrics. */
import type { Command } from 'commander';
import { checkOutPath, makeOutDir, pathName, writeOwned } from '../../runner/outdir.js';
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { runPlan } from '../../runner/pool.js';
import { summarise } from '../../sim/stats/summary.js';
import { baselineOf, type Baseline } from './analysis.js';
import { encodeGameRecords } from './game-records.js';
import { detectableText } from './report.js';
import { baselineText, isBaseline } from './baseline-file.js';
import type { Plan } from '../../sim/scenario/types.js';
import { gameOf } from '../../registry.js';
import { VERSION } from '../../version.js';
import { CliError, type CliIO } from '../kit/io.js';
import { planFrom, searchWarning } from '../kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../kit/options.js';

/** A check replays this many games at most per scenario (or fewer, if the scenario asks for fewer). */
export const DEFAULT_GATE_GAMES = 20_000;

/**
 * How many games a baseline (and so `check`) plays of a scenario: its own count, at most
 * DEFAULT_GATE_GAMES, except for a scenario with design assertions (`expect:`), which plays its
 * own count in full: the designer sized those assertions for it, and at fewer games a band that
 * holds would be judged UNDECIDED and fail the build.
 */
function gateGames(scenario: Plan): number {
  return scenario.expect?.length ? scenario.games : Math.min(scenario.games, DEFAULT_GATE_GAMES);
}

/** Where a scenario's baseline is: `<dir>/<name>[-<variant>].json`, the name through the one sanitiser (`bl`, `bl/` and `./bl` are one folder). */
export const baselineFile = (dir: string, name: string, variant: string | null) => join(dir, `${pathName(variant ? `${name}-${variant}` : name)}.json`);

/** Play a plan's games and return its baseline (the headline metrics `check` compares). */
export async function playBaseline(plan: Plan, workers: number): Promise<Baseline> {
  const acc = await runPlan(plan, { workers });
  return baselineOf(plan, summarise(gameOf(plan.game), plan, acc), VERSION, encodeGameRecords(acc.gameRecordData()));
}

export function registerBaseline(program: Command, io: CliIO): void {
  const command = program
    .command('baseline')
    .description('run scenarios and store their headline metrics as baselines for `squabble check`')
    .argument('<scenario...>', 'scenario files')
    .requiredOption('--out <dir>', 'directory for the baseline files (commit it)');
  addPlayOptions(command, ['games', 'seed', 'workers'], { games: `games per scenario (default: the scenario's, at most ${DEFAULT_GATE_GAMES.toLocaleString('en-US')} unless it has design assertions)` })
    .action(async (files: string[], options: PlayFlags & { out: string }) => {
      const { workers, games, seed } = playArgs(options);
      checkOutPath(options.out);
      // Every scenario is loaded before anything is played or written: a mistake in the last
      // file must not leave a half-made baselines folder.
      const plans = files.map((file) => {
        const choice = seed !== undefined ? { seed } : {};
        const scenario = planFrom(file, choice, 'baseline');
        // Each game's outcome is kept so `check` can test game by game (the paired test).
        return { ...planFrom(file, { ...choice, games: games ?? gateGames(scenario) }, 'baseline'), recordGames: true };
      });
      for (const plan of plans) {
        const slow = searchWarning([plan], plan.games, 'cells', 'Lower --games or the iterations.');
        if (slow) io.err(`${plan.file}: ${slow}`);
      }
      // A file of the user's at a baseline's name is refused before anything is played.
      for (const plan of plans) {
        const path = baselineFile(options.out, plan.name, plan.variant);
        if (existsSync(path) && !isBaseline(readFileSync(path))) throw new CliError(`--out: ${path} exists and is not a squabble baseline; it is kept: move it away or choose another --out`);
      }
      makeOutDir(options.out);
      for (const plan of plans) {
        const baseline = await playBaseline(plan, workers);
        const path = baselineFile(options.out, plan.name, plan.variant);
        // No manifest in a baselines folder (it is committed): a file there is replaced only when it proves itself a baseline.
        writeOwned(path, baselineText(baseline), { manifest: false, proof: isBaseline });
        io.err(`${path}: ${baseline.metrics.length} metrics from ${plan.games.toLocaleString('en-US')} games\n`);
        io.out(detectableText(baseline));
      }
    });
}
