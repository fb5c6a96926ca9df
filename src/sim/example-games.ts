/**
 * Which example games a run keeps (src/sim/stats/examples.ts has the sampling): the headline
 * sets, then for every rate of every metric table and every row, the games where the row's side
 * won and where it lost. A game is a candidate for a row when the row's trials (the rate's `of`
 * column) grew in it; it shows a win when the rate's wins grew, and a loss when fewer wins than
 * trials were added (a seat that held the card and did not win).
 */
import type { AnyGameModule, GameState } from './types.js';
import type { Plan } from './scenario/types.js';
import type { Accumulator } from './stats/accumulator.js';
import { HEADLINE_EXAMPLES, EXAMPLE_SET_SLOTS, examplePriority, longestPriority, offerExample } from './stats/examples.js';

interface RateColumns {
  /** `<table>.<rate>`, as the balance sheet names it. */
  id: string;
  table: number;
  width: number;
  wins: number;
  of: number;
  rows: readonly string[];
}

function rateColumns(game: AnyGameModule, plan: Plan): RateColumns[] {
  // The game's tables as metricTables (batch.ts) gives them, read here to keep batch -> this one-way.
  return (game.metrics.tables?.(plan.rules, plan.players) ?? []).flatMap((t, table) =>
    (t.rates ?? []).map((rate) => {
      const columns = t.columns.map((c) => c.name);
      return { id: `${t.name}.${rate.name}`, table, width: columns.length, wins: columns.indexOf(rate.wins), of: columns.indexOf(rate.of), rows: t.rows };
    }),
  );
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

/** Offers each finished game to the sets it belongs to; one per runner, no allocation per game. */
export class ExampleRecorder {
  private readonly rates: RateColumns[];
  /** The rate columns' totals before the current game, per rate: wins then trials of each row. */
  private readonly before: Float64Array[];
  private readonly cap: number;

  constructor(game: AnyGameModule, plan: Plan) {
    this.rates = rateColumns(game, plan);
    this.before = this.rates.map((r) => new Float64Array(2 * r.rows.length));
    this.cap = game.maxTurns(plan.rules) + 1;
  }

  /** Take the accumulator's current totals as the starting point (call before a range of games). */
  start(acc: Accumulator): void {
    this.rates.forEach((r, q) => {
      const t = acc.tables[r.table]!;
      const b = this.before[q]!;
      for (let row = 0; row < r.rows.length; row++) {
        b[2 * row] = t[row * r.width + r.wins]!;
        b[2 * row + 1] = t[row * r.width + r.of]!;
      }
    });
  }

  /** After the game is folded into acc (its tables included). */
  record(acc: Accumulator, state: GameState, index: number): void {
    const d = acc.data;
    const base = acc.oExamples;
    offerExample(d, base, longestPriority(index, 0, state.turns, this.cap), index);
    if (state.capped) offerExample(d, base + EXAMPLE_SET_SLOTS, examplePriority(index, 1), index);
    else if (state.winner < 0) offerExample(d, base + 2 * EXAMPLE_SET_SLOTS, examplePriority(index, 2), index);
    else if (state.winner !== state.firstSeat) offerExample(d, base + 3 * EXAMPLE_SET_SLOTS, examplePriority(index, 3), index);
    let set = HEADLINE_EXAMPLES.length;
    for (let q = 0; q < this.rates.length; q++) {
      const r = this.rates[q]!;
      const t = acc.tables[r.table]!;
      const b = this.before[q]!;
      for (let row = 0; row < r.rows.length; row++, set += 2) {
        const trials = t[row * r.width + r.of]! - b[2 * row + 1]!;
        if (trials <= 0) continue;
        const wins = t[row * r.width + r.wins]! - b[2 * row]!;
        if (wins > 0) offerExample(d, base + set * EXAMPLE_SET_SLOTS, examplePriority(index, set), index);
        if (wins < trials) offerExample(d, base + (set + 1) * EXAMPLE_SET_SLOTS, examplePriority(index, set + 1), index);
        b[2 * row] = b[2 * row]! + wins;
        b[2 * row + 1] = b[2 * row + 1]! + trials;
      }
    }
  }
}
