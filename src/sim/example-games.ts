/**
 * Which example games a run keeps (src/sim/stats/examples.ts has the sampling), and the per-game
 * sums of every rate row, both folded per game by PerGameRecorder. Examples: the headline
 * sets, then for every rate of every metric table and every row, the games where the row's side
 * won and where it lost. A game is a candidate for a row when the row's trials (the rate's `of`
 * column) grew in it; it shows a win when the rate's wins grew, and a loss when fewer wins than
 * trials were added (a seat that held the card and did not win).
 */
import type { AnyGameModule, GameState } from './types.js';
import type { Plan } from './scenario/types.js';
import { CLUSTER_SUMS, type Accumulator } from './stats/accumulator.js';
import { HEADLINE_EXAMPLES, EXAMPLE_SET_SLOTS, examplePriority, longestPriority, offerExample } from './stats/examples.js';

interface RateColumns {
  /** `<table>.<rate>`, as the balance sheet names it. */
  id: string;
  table: number;
  width: number;
  wins: number;
  of: number;
  rows: readonly string[];
  /** Where this rate's per-game sums start in the accumulator's `clusters[table]` (Accumulator.recordRateClusters's layout). */
  clusterBase: number;
}

/**
 * Every rate whose columns exist, in table and spec order: the same rates, in the same order,
 * as the accumulator's `rateColumns` (batch.ts), so the k-th rate of a table here owns the k-th
 * block of that table's per-game sums.
 */
function rateColumns(game: AnyGameModule, plan: Plan): RateColumns[] {
  // The game's tables as metricTables (batch.ts) gives them, read here to keep batch -> this one-way.
  return (game.metrics.tables?.(plan.rules, plan.players) ?? []).flatMap((t, table) => {
    const columns = t.columns.map((c) => c.name);
    return (t.rates ?? [])
      .map((rate) => ({ id: `${t.name}.${rate.name}`, table, width: columns.length, wins: columns.indexOf(rate.wins), of: columns.indexOf(rate.of), rows: t.rows }))
      .filter((r) => r.wins >= 0 && r.of >= 0)
      .map((r, k) => ({ ...r, clusterBase: k * r.rows.length * CLUSTER_SUMS }));
  });
}

export function exampleSetCount(game: AnyGameModule, plan: Plan): number {
  return HEADLINE_EXAMPLES.length + 2 * rateColumns(game, plan).reduce((n, r) => n + r.rows.length, 0);
}

/** Where each set lives, for reading a finished accumulator: headline sets by name, then per rate and row, won and lost. */
export function exampleSetIndex(game: AnyGameModule, plan: Plan): { headline: Record<string, number>; rows: { id: string; row: string; won: number; lost: number }[] } {
  const headline = Object.fromEntries(HEADLINE_EXAMPLES.map((name, i) => [name, i]));
  const rows: { id: string; row: string; won: number; lost: number }[] = [];
  let set = HEADLINE_EXAMPLES.length;
  for (const r of rateColumns(game, plan))
    for (const row of r.rows) {
      rows.push({ id: r.id, row, won: set, lost: set + 1 });
      set += 2;
    }
  return { headline, rows };
}

/**
 * Folds what a run keeps of each game beyond the game's own counters, from one pass over the
 * rows of every rate: the row's wins w and trials n added by this game give its per-game sums
 * (Σw², Σn², Σw·n, for intervals with the game as the unit; Accumulator.clusters) and decide
 * which example sets the game is offered to. The rows' totals before the game are kept per
 * rate column (two numbers a row), not as a copy of whole tables, and updated from the same
 * deltas. One per runner; no allocation per game.
 */
export class PerGameRecorder {
  /**
   * One entry per (rate, row), in example-set order: where the row's wins, trials and per-game
   * sums live in the accumulator's data (absolute indices, set by `start`), so a game is one
   * flat loop over typed arrays.
   */
  private readonly winsAt: Int32Array;
  private readonly trialsAt: Int32Array;
  private readonly sumsAt: Int32Array;
  /** Each row's wins and trials before the current game. */
  private readonly before: Float64Array;
  private readonly cap: number;

  constructor(
    game: AnyGameModule,
    plan: Plan,
    private readonly rates = rateColumns(game, plan),
  ) {
    const rows = rates.reduce((n, r) => n + r.rows.length, 0);
    this.winsAt = new Int32Array(rows);
    this.trialsAt = new Int32Array(rows);
    this.sumsAt = new Int32Array(rows);
    this.before = new Float64Array(2 * rows);
    this.cap = game.maxTurns(plan.rules) + 1;
  }

  /** Point at acc and take its current totals as the starting point (call before a range of games). */
  start(acc: Accumulator): void {
    const at = (view: Float64Array) => (view.byteOffset - acc.data.byteOffset) / Float64Array.BYTES_PER_ELEMENT;
    let k = 0;
    for (const r of this.rates) {
      const table = at(acc.tables[r.table]!);
      const sums = at(acc.clusters[r.table]!) + r.clusterBase;
      for (let row = 0; row < r.rows.length; row++, k++) {
        this.winsAt[k] = table + row * r.width + r.wins;
        this.trialsAt[k] = table + row * r.width + r.of;
        this.sumsAt[k] = sums + row * CLUSTER_SUMS;
        this.before[2 * k] = acc.data[this.winsAt[k]!]!;
        this.before[2 * k + 1] = acc.data[this.trialsAt[k]!]!;
      }
    }
  }

  /** After the game is folded into acc, the accumulator `start` was given (its tables included). */
  record(acc: Accumulator, state: GameState, index: number): void {
    const d = acc.data;
    const base = acc.oExamples;
    offerExample(d, base, longestPriority(index, 0, state.turns, this.cap), index);
    if (state.capped) offerExample(d, base + EXAMPLE_SET_SLOTS, examplePriority(index, 1), index);
    else if (state.winner < 0) offerExample(d, base + 2 * EXAMPLE_SET_SLOTS, examplePriority(index, 2), index);
    else if (state.winner !== state.firstSeat) offerExample(d, base + 3 * EXAMPLE_SET_SLOTS, examplePriority(index, 3), index);
    const b = this.before;
    const rows = this.winsAt.length;
    for (let k = 0; k < rows; k++) {
      const winsNow = d[this.winsAt[k]!]!;
      const trialsNow = d[this.trialsAt[k]!]!;
      const wins = winsNow - b[2 * k]!;
      const trials = trialsNow - b[2 * k + 1]!;
      if (wins === 0 && trials === 0) continue;
      b[2 * k] = winsNow;
      b[2 * k + 1] = trialsNow;
      const o = this.sumsAt[k]!;
      d[o]! += wins * wins;
      d[o + 1]! += trials * trials;
      d[o + 2]! += wins * trials;
      // A game is an example for a row when the row's trials grew in it: a win when its wins grew
      // too, a loss when fewer wins than trials were added. Row k's sets follow the headline ones.
      if (trials <= 0) continue;
      const set = HEADLINE_EXAMPLES.length + 2 * k;
      if (wins > 0) offerExample(d, base + set * EXAMPLE_SET_SLOTS, examplePriority(index, set), index);
      if (wins < trials) offerExample(d, base + (set + 1) * EXAMPLE_SET_SLOTS, examplePriority(index, set + 1), index);
    }
  }
}
