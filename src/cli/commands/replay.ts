/**
 * `squabble replay <scenario> --game I`: one game, turn by turn, as readable text.
 * `squabble replay <results dir> --example NAME` plays one of a run's example games (the run's
 * scenario, seed and variant come from its run.json; the game from summary.json's examples).
 */
import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { readReportInput, ReportInputError } from '../../report/write-report.js';
import { exampleGame, ExampleError } from '../../report/examples.js';
import { replayGame, traceText, type ReplayGame } from '../../replay/steps.js';
import { replayHtml } from '../../replay/html.js';
import { writeAtomic } from '../../runner/results.js';
import { checkOwnedFile } from '../../runner/outdir.js';
import { GameFailure } from '../../sim/batch.js';
import { CliError, EXIT, parseCount, type CliIO } from '../../studies/kit/io.js';
import { planFrom, planOfRun } from '../../studies/kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../../studies/kit/options.js';

interface ReplayOptions extends PlayFlags {
  game?: string;
  example?: string;
  html?: string;
  checkInvariants?: boolean;
}

export function registerReplay(program: Command, io: CliIO): void {
  const command = program
    .command('replay')
    .description('play one game of a scenario again and print every move')
    .argument('<scenario>', 'scenario file, or a results directory with --example')
    .option('--game <index>', 'game index (0-based, as in the run)')
    .option('--example <name>', 'with a results directory: one of its example games, e.g. longest, capped, draw, firstPlayerLost, "Swamp Hulk/lost" (summary.md lists them)');
  addPlayOptions(command, ['seed', 'variant'], { seed: 'master seed of the run (default: the scenario seed)', variant: 'the named variant the run used' })
    .option('--check-invariants', "check the game's invariants after every move")
    .option('--html <file>', 'write a page that steps through the game (offline, self-contained) instead of printing the trace')
    .action((file: string, options: ReplayOptions) => {
      const target = resolveReplay(file, options);
      if (options.html === undefined) {
        io.out(replayTrace(target.file, target.options));
        return;
      }
      checkOwnedFile(options.html, '--html');
      const r = replayRecord(target.file, target.options);
      writeAtomic(options.html, replayHtml(r));
      io.out(`${options.html}: game ${r.index}, ${r.steps.length - 1} moves (${r.result})\n`);
    });
}

/** The scenario and options that replay a game: as given, or a run's example game. */
export function resolveReplay(file: string, options: ReplayOptions): { file: string; options: ReplayOptions & { game: string } } {
  const isDir = existsSync(file) && statSync(file).isDirectory();
  if (options.example === undefined) {
    if (isDir) throw new CliError(`${file} is a results directory: give --example NAME (e.g. --example longest), or replay its scenario file with --game`);
    if (options.game === undefined) throw new CliError('replay: give --game <index> (or a results directory and --example NAME)');
    return { file, options: { ...options, game: options.game } };
  }
  if (!isDir) throw new CliError(`--example needs a results directory written by \`squabble run\`; ${file} is not one`);
  if (options.game !== undefined || options.seed !== undefined || options.variant !== undefined) throw new CliError('--example takes the game, seed and variant from the run: give no --game, --seed or --variant');
  try {
    const { run, summary } = readReportInput(file);
    const game = exampleGame(summary, options.example);
    planOfRun(run); // refuses a scenario edited since the run: it would replay games the run never played
    return { file: run.scenario, options: { ...options, game: String(game), seed: String(run.seed), ...(run.variant ? { variant: run.variant } : {}) } };
  } catch (e) {
    if (e instanceof ReportInputError) throw new CliError(e.message);
    if (e instanceof ExampleError) throw new CliError(`${file}: --example: ${e.message}`);
    throw e;
  }
}

/** The game's steps; a game that fails is reported with its trace up to the failure. */
export function replayRecord(file: string, options: ReplayOptions & { game: string }): ReplayGame {
  const { seed, variant } = playArgs(options);
  const plan = planFrom(file, { ...(seed !== undefined ? { seed } : {}), ...(variant !== undefined ? { variant } : {}) }, 'replay');
  const index = parseCount(options.game, '--game', 0, Number.MAX_SAFE_INTEGER);
  let partial: ReplayGame | null = null;
  try {
    return replayGame(plan, index, options.checkInvariants ?? false, (p) => (partial = p));
  } catch (e) {
    if (e instanceof GameFailure) throw new CliError(`${traceText(partial!).join('\n')}\n${e.message}`, EXIT.gameFailed);
    throw e;
  }
}

export function replayTrace(file: string, options: ReplayOptions & { game: string }): string {
  const r = replayRecord(file, options);
  return `${[...traceText(r), `result: ${r.result}`].join('\n')}\n`;
}
