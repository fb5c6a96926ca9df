/** `squabble replay <scenario> --game I`: one game, turn by turn, as readable text. */
import type { Command } from 'commander';
import { createRunner } from '../../runner/create-runner.js';
import type { StepObserver } from '../../sim/engine.js';
import type { GameState } from '../../sim/types.js';
import { GameFailure } from '../../sim/batch.js';
import { CliError, EXIT, parseCount, type CliIO } from '../io.js';
import { planFrom } from '../plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../options.js';

interface ReplayOptions extends PlayFlags {
  game: string;
  checkInvariants?: boolean;
}

export function registerReplay(program: Command, io: CliIO): void {
  const command = program
    .command('replay')
    .description('play one game of a scenario again and print every move')
    .argument('<scenario>', 'scenario file')
    .requiredOption('--game <index>', 'game index (0-based, as in the run)');
  addPlayOptions(command, ['seed', 'variant'], { seed: 'master seed of the run (default: the scenario seed)', variant: 'the named variant the run used' })
    .option('--check-invariants', "check the game's invariants after every move")
    .action((file: string, options: ReplayOptions) => {
      io.out(replayTrace(file, options));
    });
}

export function replayTrace(file: string, options: ReplayOptions): string {
  const { seed, variant } = playArgs(options);
  const index = parseCount(options.game, '--game', 0, Number.MAX_SAFE_INTEGER);
  const plan = planFrom(file, { ...(seed !== undefined ? { seed } : {}), ...(variant !== undefined ? { variant } : {}) }, 'replay');
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
