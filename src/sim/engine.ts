/**
 * Play one game through the contract. This loop is the hottest code in the project: it calls
 * only the module, the seat's policy and the rng, and allocates nothing.
 */
import type { GameModule, GameState, Policy } from './types.js';
import type { Rng } from './rng.js';
import type { StandingRecorder } from './stats/quality.js';

/** Hooks for traces and invariant checks; the batch path passes null. */
export interface StepObserver<S extends GameState = GameState> {
  /** Called before each move with the legal actions and the one chosen (an index into them). */
  beforeMove(state: S, actions: Int32Array, n: number, chosen: number): void;
  afterMove(state: S): void;
}

export class NoLegalActionError extends Error {}

export function playGame<S extends GameState>(
  game: GameModule<S>,
  state: S,
  seatPolicies: readonly Policy<S>[],
  rng: Rng,
  actions: Int32Array,
  observer: StepObserver<S> | null = null,
  standing: StandingRecorder<S> | null = null,
): void {
  game.reset(state, rng);
  if (observer !== null) observer.afterMove(state);
  if (standing !== null) standing.start(state);
  // A uniformly random seat of a game that can count its actions and name the k-th skips the
  // list (Squish! counts its ~56 moves a decision instead of writing them for one to be taken).
  // Not with an observer: traces and checks need the list. The draw is random's own rng.int(n).
  const counts = observer === null && game.countActions !== undefined && game.actionAt !== undefined;
  while (!state.terminal) {
    const policy = seatPolicies[state.toMove]!;
    if (counts && policy.uniform === true) {
      const n = game.countActions!(state);
      if (n <= 0) throw noLegalAction(state);
      game.apply(state, game.actionAt!(state, rng.int(n)), rng);
    } else {
      const n = game.legalActions(state, actions);
      if (n <= 0) throw noLegalAction(state);
      const chosen = policy.choose(state, actions, n, rng);
      if (observer !== null) observer.beforeMove(state, actions, n, chosen);
      game.apply(state, actions[chosen]!, rng);
      if (observer !== null) observer.afterMove(state);
    }
    // Once per round, not per move or turn: per turn cost Worms' random games a measurable
    // share of their time (bench/README.md "Measured costs").
    if (standing !== null && state.rounds !== standing.lastRound) standing.sample(state);
  }
}

function noLegalAction(state: GameState): NoLegalActionError {
  return new NoLegalActionError(`no legal action for seat ${state.toMove} at turn ${state.turns}`);
}
