/**
 * Games finished so far in a local run, counted as they finish inside shards (a slow scenario's
 * first shard can take hours), for the cost warning (src/studies/kit/cost-warning.ts).
 *
 * Each shard task has its own slot on a SharedArrayBuffer and its worker writes the games it has
 * finished there with a plain store after each game. A shared counter would need an atomic
 * add per game (a runtime call, about 30 ns: a measurable part of a 14 µs Worms game), and
 * batching the adds would leave slow games unseen for a while; one writer per slot needs neither.
 * A shard played again after its thread died starts its slot from zero, so no game counts twice.
 */
export class FinishedGames {
  private slots: Int32Array = new Int32Array(new SharedArrayBuffer(0));
  /** Games finished in earlier calls (a sweep, a tournament or a compare plays several). */
  private before = 0;

  /** One slot per task of the call (runPlan and runPaired call this before handing out the tasks). */
  attach(tasks: number): Int32Array {
    this.before = this.count();
    this.slots = new Int32Array(new SharedArrayBuffer(Math.max(tasks, 1) * Int32Array.BYTES_PER_ELEMENT));
    return this.slots;
  }

  /** Every game finished so far, in this call and the earlier ones. */
  count(): number {
    let n = this.before;
    for (let i = 0; i < this.slots.length; i++) n += Atomics.load(this.slots, i);
    return n;
  }
}
