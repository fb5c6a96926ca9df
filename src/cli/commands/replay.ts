/**
 * `squabble replay <scenario> --game I`: one game, turn by turn, as readable text.
 * `squabble replay <results dir> --example NAME` plays one of a run's example games (the run's
 * scenario, seed and variant come from its run.json; the game from summary.json's examples).
 */
import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { readReportInput, ReportInputError } from '../../report/write-report.js';
import { exampleGame, ExampleError } from '../../report/examples.js';
import { createRunner } from '../../runner/create-runner.js';
import type { StepObserver } from '../../sim/engine.js';
import type { GameState } from '../../sim/types.js';
import { GameFailure } from '../../sim/batch.js';
import { CliError, EXIT, parseCount, type CliIO } from '../io.js';
import { planFrom, type ScenarioOptions } from '../plan.js';

interface ReplayOptions extends ScenarioOptions {
  game?: string;
  example?: string;
  checkInvariants?: boolean;
}

export function registerReplay(program: Command, io: CliIO): void {
  program
    .command('replay')
    .description('play one game of a scenario again and print every move')
    .argument('<scenario>', 'scenario file, or a results directory with --example')
    .option('--game <index>', 'game index (0-based, as in the run)')
    .option('--example <name>', 'with a results directory: one of its example games, e.g. longest, capped, draw, firstPlayerLost, "Swamp Hulk/lost" (summary.md lists them)')
    .option('--seed <seed>', 'master seed of the run (default: the scenario seed)')
    .option('--variant <name>', 'the named variant the run used')
    .option('--check-invariants', "check the game's invariants after every move")
    .action((file: string, options: ReplayOptions) => {
      const target = resolveReplay(file, options);
      io.out(replayTrace(target.file, target.options));
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
    return { file: run.scenario, options: { ...options, game: String(game), seed: String(run.seed), ...(run.variant ? { variant: run.variant } : {}) } };
  } catch (e) {
    if (e instanceof ReportInputError) throw new CliError(e.message);
    if (e instanceof ExampleError) throw new CliError(`${file}: --example: ${e.message}`);
    throw e;
  }
}

export function replayTrace(file: string, options: ReplayOptions & { game: string }): string {
  const plan = planFrom(file, options, 'replay');
  const index = parseCount(options.game, '--game', 0, Number.MAX_SAFE_INTEGER);
  const runner = createRunner(plan);
  const game = runner.game;
  const lines: string[] = [];
  // Valid once play() has seated the policies for this game (rotating seats move them).
  const labelOfSeat = (seat: number) => plan.labels[runner.seatLabel[seat]!]!;
  const seatName = (seat: number) => `seat ${seat} (${labelOfSeat(seat)})`;
  lines.push(`${plan.name}: ${game.title}, game ${index}, seed ${plan.seed}${plan.variant ? `, variant ${plan.variant}` : ''} (scenario ${plan.scenarioHash})`);
  const check = options.checkInvariants ? runner.invariantChecker(index) : null;
  let started = false;
  const tracer: StepObserver = {
    beforeMove(state: GameState, actions, n, chosen) {
      check?.beforeMove(state, actions, n, chosen);
      lines.push(`turn ${state.turns + 1} (round ${state.rounds}), ${seatName(state.toMove)}, ${n} legal: ${game.describeAction(state, actions[chosen]!)}`);
    },
    afterMove(state: GameState) {
      check?.afterMove(state);
      if (!started) {
        started = true;
        const seats = Array.from({ length: plan.players }, (_, s) => `seat ${s}: ${labelOfSeat(s)}`).join(', ');
        lines.push(`${seats}; seat ${state.firstSeat} moves first`, game.render(state));
        return;
      }
      lines.push(game.render(state));
    },
  };
  try {
    runner.play(index, tracer);
  } catch (e) {
    if (e instanceof GameFailure) throw new CliError(`${lines.join('\n')}\n${e.message}`, EXIT.gameFailed);
    throw e;
  }
  const s = runner.state;
  const result = s.capped ? `capped after ${s.turns} turns` : s.winner >= 0 ? `seat ${s.winner} (${labelOfSeat(s.winner)}) wins` : 'a draw';
  lines.push(`result: ${result} after ${s.turns} turns, ${s.rounds} rounds`);
  return `${lines.join('\n')}\n`;
}
