/**
 * The rows of every table rate, read game by game in both arms of a paired run (squabble
 * compare, and the gate's check of edited content), so each card's or character's rate gets a
 * paired difference with its interval (src/analysis/what-changed.ts, src/studies/gate/analysis.ts).
 * Rows are matched by name; a row only one arm has is left out.
 */
import type { AnyGameModule, GameState } from '../../sim/types.js';
import type { Plan } from '../../sim/scenario/types.js';
import { metricTables } from '../../sim/batch.js';
import { PAIR_SUMS, addPair } from '../../analysis/paired-rates.js';

/** One rate of one table, with the rows both arms have and their indices in each arm's table. */
export interface RatePairs {
  table: string;
  rate: string;
  rows: string[];
  /** Per arm: the table's index, its width, the rate's two columns, and each row's index. */
  a: { table: number; width: number; wins: number; of: number; rows: number[] };
  b: { table: number; width: number; wins: number; of: number; rows: number[] };
}

function side(game: AnyGameModule, plan: Plan, table: string, wins: string, of: string) {
  const tables = metricTables(game, plan);
  const index = tables.findIndex((t) => t.name === table);
  const t = tables[index];
  if (!t) return null;
  const columns = t.columns.map((c) => c.name);
  return { table: index, width: columns.length, wins: columns.indexOf(wins), of: columns.indexOf(of), names: t.rows };
}

/** Every rate of A's metric tables that B has too, with the rows they share. */
export function ratePairs(game: AnyGameModule, a: Plan, b: Plan): RatePairs[] {
  if (!game.metrics.recordTables) return [];
  const pairs: RatePairs[] = [];
  for (const t of metricTables(game, a)) {
    for (const rate of t.rates ?? []) {
      const sa = side(game, a, t.name, rate.wins, rate.of);
      const sb = side(game, b, t.name, rate.wins, rate.of);
      if (!sa || !sb || sb.wins < 0 || sb.of < 0) continue;
      const rows = sa.names.filter((n) => sb.names.includes(n));
      const { names: namesA, ...restA } = sa;
      const { names: namesB, ...restB } = sb;
      pairs.push({ table: t.name, rate: rate.name, rows, a: { ...restA, rows: rows.map((n) => namesA.indexOf(n)) }, b: { ...restB, rows: rows.map((n) => namesB.indexOf(n)) } });
    }
  }
  return pairs;
}

/** How many sums the pairs take: PAIR_SUMS per row. */
export function ratePairSums(pairs: readonly RatePairs[]): number {
  return PAIR_SUMS * pairs.reduce((n, p) => n + p.rows.length, 0);
}

/** Folds one pair of finished games' table rows into sums (scratch tables allocated once). */
export class RatePairFolder {
  private readonly scratchA: Float64Array[];
  private readonly scratchB: Float64Array[];

  constructor(
    private readonly gameA: AnyGameModule,
    private readonly gameB: AnyGameModule,
    planA: Plan,
    planB: Plan,
    private readonly pairs: readonly RatePairs[],
  ) {
    this.scratchA = metricTables(gameA, planA).map((t) => new Float64Array(t.rows.length * t.columns.length));
    this.scratchB = metricTables(gameB, planB).map((t) => new Float64Array(t.rows.length * t.columns.length));
  }

  fold(stateA: GameState, stateB: GameState, sums: Float64Array, offset: number): void {
    for (const t of this.scratchA) t.fill(0);
    for (const t of this.scratchB) t.fill(0);
    this.gameA.metrics.recordTables!(stateA, this.scratchA);
    this.gameB.metrics.recordTables!(stateB, this.scratchB);
    let o = offset;
    for (const p of this.pairs) {
      const ta = this.scratchA[p.a.table]!;
      const tb = this.scratchB[p.b.table]!;
      for (let r = 0; r < p.rows.length; r++, o += PAIR_SUMS) {
        const ra = p.a.rows[r]! * p.a.width;
        const rb = p.b.rows[r]! * p.b.width;
        addPair(sums, o, ta[ra + p.a.wins]!, ta[ra + p.a.of]!, tb[rb + p.b.wins]!, tb[rb + p.b.of]!);
      }
    }
  }
}
