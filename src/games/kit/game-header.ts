/**
 * The fields every game state carries for the engine and the statistics (GameState in
 * src/sim/types.ts), declared once (issue 19's game kit). Each game's state class extends it, so
 * the seven fields are own fields of every instance, first in its layout: `copyState` still
 * finds them (Object.entries lists inherited class fields, which are defined on the instance),
 * and the engine, which reads them on every move, meets them at the same place in every game.
 */
import { NO_WINNER } from '../../sim/types.js';

export class GameHeader {
  toMove = 0;
  terminal = false;
  winner = NO_WINNER;
  capped = false;
  turns = 0;
  rounds = 0;
  firstSeat = 0;

  /**
   * Rewind the header for a new game: seat 0 to move and first, nothing played, not over. A game
   * sets toMove and firstSeat afterwards when its set-up decides them.
   * @param firstRound `rounds` before the first turn: 1 where play starts at once (Worms,
   * Squish), 0 where a set-up phase comes first (Squall's placement, Squirmish's weigh-in or
   * draft), which sets it to 1 when the first turn starts.
   */
  resetHeader(firstRound: number): void {
    this.toMove = 0;
    this.terminal = false;
    this.winner = NO_WINNER;
    this.capped = false;
    this.turns = 0;
    this.rounds = firstRound;
    this.firstSeat = 0;
  }
}
