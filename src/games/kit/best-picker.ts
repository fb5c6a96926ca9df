/**
 * The best-action picker every game's heuristic policies share (issue 19's game kit): offer each
 * candidate's score, read back the best index; equal scores are chosen between uniformly by
 * reservoir sampling, with the policy's own rng, so which of several equal moves a bot makes is
 * random but seeded. Allocated once in a policy's `create`, reset with `start()` per decision:
 * nothing is allocated on the hot path.
 */
import type { Rng } from '../../sim/rng.js';

/** Exact ties: scores are equal only when they are the same number. */
export class BestPicker {
  best = -Infinity;
  index: number;
  ties = 0;
  /**
   * @param none the index read back before any candidate is offered (Squall's policies use -1 to
   * tell "nothing offered" apart; the others 0, the first action).
   */
  constructor(private readonly none = 0) {
    this.index = none;
  }
  start(): void {
    this.best = -Infinity;
    this.index = this.none;
    this.ties = 0;
  }
  offer(i: number, score: number, rng: Rng): void {
    if (score > this.best) {
      this.best = score;
      this.index = i;
      this.ties = 1;
    } else if (score === this.best && rng.int(++this.ties) === 0) this.index = i;
  }
}

/**
 * Ties within 1e-9: for scores summed from probabilities in different orders (Squirmish's
 * expected damage), where two equal moves can differ in the last bits.
 */
export class NearBestPicker {
  best = -Infinity;
  index = 0;
  ties = 0;
  start(): void {
    this.best = -Infinity;
    this.index = 0;
    this.ties = 0;
  }
  offer(i: number, score: number, rng: Rng): void {
    if (score > this.best + 1e-9) {
      this.best = score;
      this.index = i;
      this.ties = 1;
    } else if (score > this.best - 1e-9 && rng.int(++this.ties) === 0) this.index = i;
  }
}
