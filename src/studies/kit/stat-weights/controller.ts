/**
 * Reading one finished game's controller counts (squabble weights): for a row of the game's
 * controller table (StatSpec.controller), how many seats had that card or character (the rate's
 * trials) and how many of them won (its wins) — in this game alone.
 */
import type { AnyGameModule, GameState } from '../../../sim/types.js';
import type { Plan } from '../../../sim/scenario/types.js';
import { metricTables } from '../../../sim/batch.js';
import { MOST_PLANS_PER_TASK } from '../../../runner/shard.js';

/** Most tweaks played beside one base game in a weights task: every plan a task may play but the base. */
export const WEIGHTS_BATCH = MOST_PLANS_PER_TASK - 1;

export class ControllerReader {
  private readonly scratch: Float64Array[];
  private readonly table: number;
  private readonly width: number;
  private readonly winsColumn: number;
  private readonly ofColumn: number;
  private readonly rows: readonly string[];

  constructor(
    private readonly game: AnyGameModule,
    plan: Plan,
    spec: { table: string; wins: string; of: string },
  ) {
    const tables = metricTables(game, plan);
    this.table = tables.findIndex((t) => t.name === spec.table);
    const t = tables[this.table];
    if (!t || !game.metrics.recordTables) throw new Error(`${game.id} has no metric table ${JSON.stringify(spec.table)}`);
    this.width = t.columns.length;
    this.winsColumn = t.columns.findIndex((c) => c.name === spec.wins);
    this.ofColumn = t.columns.findIndex((c) => c.name === spec.of);
    if (this.winsColumn < 0 || this.ofColumn < 0) throw new Error(`metric table ${spec.table} has no columns ${spec.wins} and ${spec.of}`);
    this.rows = t.rows;
    this.scratch = tables.map((x) => new Float64Array(x.rows.length * x.columns.length));
  }

  /** The row index of a subject (throws if this plan's table has no such row). */
  row(name: string): number {
    const r = this.rows.indexOf(name);
    if (r < 0) throw new Error(`metric table has no row ${JSON.stringify(name)}`);
    return r;
  }

  /** Take in one finished game (its counts replace the previous game's). */
  read(state: GameState): void {
    for (const t of this.scratch) t.fill(0);
    this.game.metrics.recordTables!(state, this.scratch);
  }

  wins(row: number): number {
    return this.scratch[this.table]![row * this.width + this.winsColumn]!;
  }

  held(row: number): number {
    return this.scratch[this.table]![row * this.width + this.ofColumn]!;
  }
}
