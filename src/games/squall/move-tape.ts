/**
 * A recording of one brawler `bestMove` (policy-brain.ts), so that the same question asked again
 * within one decision is answered by replaying its offers instead of scoring every move afresh.
 *
 * chooseMove asks bestMove for the plain allowance before weighing a longer move, and asks it
 * again for the plain allowance at the end: the same state, actions and allowance, so the same
 * scores offered in the same order; only the rng has moved on, and the picker draws from it on
 * ties. Replaying the recorded (action, score) offers through the picker makes exactly the draws
 * and the choice that scoring afresh would make. Which offers are made, and everything bestMove
 * decides besides the picked index (whether any move was offered, whether to hold back), depends
 * on the scores only, never on the rng, so it is recorded as it came out.
 */
import { BestPicker } from '../kit/best-picker.js';
import type { Rng } from '../../sim/rng.js';

/** A BestPicker that, while `recording`, also writes every offer into its tape, in order. */
export class TapedPicker extends BestPicker {
  recording = false;
  /** Offers recorded: action index and score, [0 .. count). */
  count = 0;
  idx = new Int32Array(128);
  score = new Float64Array(128);

  override offer(i: number, score: number, rng: Rng): void {
    if (this.recording) {
      if (this.count === this.idx.length) this.grow();
      this.idx[this.count] = i;
      this.score[this.count++] = score;
    }
    super.offer(i, score, rng);
  }

  /** Replay offers [from, to) of the tape (not recording), after `start()` as the original did. */
  replay(from: number, to: number, rng: Rng): void {
    this.start();
    for (let k = from; k < to; k++) super.offer(this.idx[k]!, this.score[k]!, rng);
  }

  private grow(): void {
    const idx = new Int32Array(2 * this.idx.length);
    const score = new Float64Array(2 * this.score.length);
    idx.set(this.idx);
    score.set(this.score);
    this.idx = idx;
    this.score = score;
  }
}

/** What one brawler bestMove did, beyond its offers (kept in the picker's tape). */
export class MoveTape {
  /** A recording of the current decision's bestMove for `allowance[0]` is held. */
  valid = false;
  readonly allowance = new Float64Array(1);
  /** Offers [0, closeEnd) were the close-in search's, [closeEnd, holdEnd) the hold-back search's. */
  closeEnd = 0;
  holdEnd = 0;
  /** What the close-in search returned when it offered nothing (found without the rng). */
  fallback = 0;
  /** The hold-back search ran (it depends on the close-in search's best score, not on the rng). */
  heldBack = false;
}
