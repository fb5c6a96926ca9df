/**
 * One game, step by step: the position after the set-up and after every move, each with the
 * move that led to it, who made it and the game's text rendering. `squabble replay` prints it
 * as a trace; `replay --html` turns it into a page (src/replay/html.ts).
 */
import { createRunner } from '../runner/create-runner.js';
import type { StepObserver } from '../sim/engine.js';
import type { GameState } from '../sim/types.js';
import type { Plan } from '../sim/scenario/types.js';

export interface ReplayStep {
  /** null for the opening position. */
  move: { turn: number; round: number; seat: number; label: string; legal: number; text: string } | null;
  /** The game's text rendering after the move (GameModule.render). */
  picture: string;
  /** The position as plain data for the page's drawing (GameModule.scene); null for a game without one. */
  scene: object | null;
}

export interface ReplayGame {
  title: string;
  game: string;
  gameTitle: string;
  index: number;
  seats: string[];
  firstSeat: number;
  steps: ReplayStep[];
  result: string;
}

/**
 * Play game `index` of the plan and record every step, with the game's invariants checked after
 * every move if asked; a failure is thrown after `onPartial` gets the steps so far.
 */
export function replayGame(plan: Plan, index: number, checkInvariants = false, onPartial?: (steps: ReplayGame) => void): ReplayGame {
  const runner = createRunner(plan);
  const observer = checkInvariants ? runner.invariantChecker(index) : null;
  const game = runner.game;
  // The text and the scene show each move's events, which play does not record.
  if (runner.state.eventLog) runner.state.eventLog.on = true;
  // Valid once play() has seated the policies for this game (rotating seats move them).
  const labelOfSeat = (seat: number) => plan.labels[runner.seatLabel[seat]!]!;
  const record: ReplayGame = { title: `${plan.name}: ${game.title}, game ${index}, seed ${plan.seed}${plan.variant ? `, variant ${plan.variant}` : ''} (scenario ${plan.scenarioHash})`, game: plan.game, gameTitle: game.title, index, seats: [], firstSeat: 0, steps: [], result: '' };
  let pending: ReplayStep['move'] = null;
  const tracer: StepObserver = {
    beforeMove(state: GameState, actions, n, chosen) {
      observer?.beforeMove(state, actions, n, chosen);
      pending = { turn: state.turns + 1, round: state.rounds, seat: state.toMove, label: labelOfSeat(state.toMove), legal: n, text: game.describeAction(state, actions[chosen]!) };
    },
    afterMove(state: GameState) {
      observer?.afterMove(state);
      if (record.steps.length === 0) {
        record.seats = Array.from({ length: plan.players }, (_, s) => labelOfSeat(s));
        record.firstSeat = state.firstSeat;
        record.steps.push({ move: null, picture: game.render(state), scene: game.scene?.(state) ?? null });
        return;
      }
      record.steps.push({ move: pending, picture: game.render(state), scene: game.scene?.(state) ?? null });
    },
  };
  try {
    runner.play(index, tracer);
  } catch (e) {
    onPartial?.(record);
    throw e;
  }
  const s = runner.state;
  const outcome = s.capped ? `capped after ${s.turns} turns` : s.winner >= 0 ? `seat ${s.winner} (${labelOfSeat(s.winner)}) wins` : 'a draw';
  record.result = `${outcome} after ${s.turns} turns, ${s.rounds} rounds`;
  return record;
}

/** The text trace of `squabble replay` (its golden files pin this format). */
export function traceText(r: ReplayGame): string[] {
  const lines = [r.title];
  r.steps.forEach((step, i) => {
    const m = step.move;
    if (m) lines.push(`turn ${m.turn} (round ${m.round}), seat ${m.seat} (${m.label}), ${m.legal} legal: ${m.text}`);
    if (i === 0) lines.push(`${r.seats.map((label, s) => `seat ${s}: ${label}`).join(', ')}; seat ${r.firstSeat} moves first`);
    lines.push(step.picture);
  });
  return lines;
}
