/**
 * The streaming accumulator of a run: every figure in summary.json is derived from it.
 *
 * It is one Float64Array of integer counts (exact up to 2^53), laid out in sections, so that:
 *  - memory is fixed by the scenario (players, policies, turn cap), never by the game count;
 *  - merging two partial results is element-wise addition: exact, associative and
 *    commutative, so the merged result is identical whatever the worker count, shard size or
 *    completion order;
 *  - a worker hands its partial result to the main thread by transferring one buffer.
 * The one section that is not a count is the last: example games (examples.ts), a few game
 * indices per set chosen by bottom-k sampling on the game index, merged by keeping the k
 * lowest — equally exact, associative and commutative.
 */
import type { GameState } from '../types.js';
import { exampleCells, clearExamples, mergeExamples } from './examples.js';
import { QUALITY_SCALE, type GameQuality } from './quality.js';

export interface AccumulatorShape {
  players: number;
  /** Distinct policy labels (seat configurations with the same policy and params share one). */
  labels: number;
  /** Largest game length in turns (the cap); sizes the length histograms. */
  maxTurns: number;
  counters: number;
  seatCounters: number;
  /** Cells (rows x columns) of each metric table, in order. */
  tableCells: readonly number[];
  /**
   * Per table, its rates' columns: [wins column, of column] for each rate the table declares.
   * Each (rate, row) keeps CLUSTER_SUMS per-game sums so its interval can treat the game, not
   * the event, as the independent unit (several events of one game are not independent).
   */
  rateColumns: readonly (readonly (readonly [number, number])[])[];
  /** Columns of each metric table (its rows are tableCells / width). */
  tableWidths: readonly number[];
  /**
   * Games whose outcome is kept one by one (0 for none): the balance gate's paired test needs
   * each game's result under the same seed before and after a change. Two slots per game
   * index, written only by the worker that plays it, so merging by addition still works.
   */
  gameRecords?: number;
  /** Example-game sets (src/sim/stats/examples.ts): the headline ones, then two per table-rate row (default none). */
  exampleSets?: number;
  /** The game has a standing: keep the quality sums (QualitySlot) of every game (default no). */
  quality?: boolean;
}

/**
 * The quality section (src/sim/stats/quality.ts): counts and integer sums over games. Lead
 * changes are summed over every game; the rest over decided games only (they need a winner).
 * Decisiveness and drama are in units of 1 / QUALITY_SCALE.
 */
export const QualitySlot = {
  games: 0,
  leadChanges: 1,
  leadChangesSq: 2,
  decided: 3,
  decisiveness: 4,
  decisivenessSq: 5,
  drama: 6,
  dramaSq: 7,
  comebacks: 8,
  blowouts: 9,
  /** Followed games that hit the turn cap (the others not decided were drawn). */
  capped: 10,
} as const;
export const QUALITY_SLOTS = 11;

/** Fold one game's quality figures into the quality sums at d[o .. o + QUALITY_SLOTS) (QualitySlot). */
export function addQuality(d: Float64Array, o: number, q: GameQuality): void {
  d[o + QualitySlot.games]!++;
  d[o + QualitySlot.leadChanges]! += q.leadChanges;
  d[o + QualitySlot.leadChangesSq]! += q.leadChanges * q.leadChanges;
  if (q.capped) d[o + QualitySlot.capped]!++;
  if (!q.decided) return;
  const decisiveness = Math.round(q.fractions[0]! * QUALITY_SCALE);
  const drama = Math.round(q.fractions[1]! * QUALITY_SCALE);
  d[o + QualitySlot.decided]!++;
  d[o + QualitySlot.decisiveness]! += decisiveness;
  d[o + QualitySlot.decisivenessSq]! += decisiveness * decisiveness;
  d[o + QualitySlot.drama]! += drama;
  d[o + QualitySlot.dramaSq]! += drama * drama;
  if (q.comeback) d[o + QualitySlot.comebacks]!++;
  if (q.blowout) d[o + QualitySlot.blowouts]!++;
}

/** Slot 1 of a game record: 1 + outcome (winner seat, or players for a draw, players + 1 for capped) + 8·first seat. */
export function outcomeCode(winner: number, capped: boolean, players: number, firstSeat: number): number {
  return 1 + (capped ? players + 1 : winner < 0 ? players : winner) + 8 * firstSeat;
}
/** Slot 2 of a game record: turns + 2^20·rounds. */
export const ROUNDS_SHIFT = 2 ** 20;

/** Per-game sums kept per (rate, row): Σw², Σn², Σw·n, with w and n one game's wins and trials of the row. */
export const CLUSTER_SUMS = 3;

export class Accumulator {
  readonly data: Float64Array;
  // Section offsets into data.
  private readonly oSeatWins: number;
  private readonly oSeatFirst: number;
  private readonly oLabelWins: number;
  private readonly oLabelGames: number;
  private readonly oPairGames: number;
  private readonly oPairWins: number;
  private readonly oTurns: number;
  private readonly oRounds: number;
  private readonly oCounters: number;
  private readonly oSeatCounters: number;
  private readonly oGameRecords: number;
  private readonly oQuality: number;
  /** Scratch views handed to the game's metrics.record (subarrays share the buffer). */
  readonly counters: Float64Array;
  readonly seatCounters: Float64Array;
  readonly tables: Float64Array[];
  /** Per table: [rate][row][Σw², Σn², Σwn] (see AccumulatorShape.rateColumns); folded per game by PerGameRecorder (src/sim/example-games.ts). */
  readonly clusters: Float64Array[];
  /** Where the example-game section starts (it runs to the end of data). */
  readonly oExamples: number;

  // Fixed slots at the start of data.
  static readonly GAMES = 0;
  static readonly DRAWS = 1;
  static readonly CAPPED = 2;
  static readonly FIRST_MOVER_WINS = 3;
  private static readonly FIXED = 4;

  constructor(
    readonly shape: AccumulatorShape,
    data?: Float64Array,
  ) {
    const { players, labels, maxTurns } = shape;
    let o = Accumulator.FIXED;
    this.oSeatWins = o;
    o += players;
    this.oSeatFirst = o;
    o += players;
    // Per label and seat: wins and games, so per-policy and policy-by-seat rates both follow.
    this.oLabelWins = o;
    o += labels * players;
    this.oLabelGames = o;
    o += labels * players;
    // Head to head, per ordered pair of labels (a, b): seat pairs where a sat against b, and a's wins there.
    this.oPairGames = o;
    o += labels * labels;
    this.oPairWins = o;
    o += labels * labels;
    this.oTurns = o;
    o += maxTurns + 1;
    this.oRounds = o;
    o += maxTurns + 1;
    this.oCounters = o;
    o += shape.counters;
    this.oSeatCounters = o;
    o += shape.seatCounters * players;
    const tableOffsets: number[] = [];
    for (const cells of shape.tableCells) {
      tableOffsets.push(o);
      o += cells;
    }
    const clusterOffsets: number[] = [];
    shape.tableCells.forEach((_, t) => {
      clusterOffsets.push(o);
      o += this.clusterCells(t);
    });
    this.oGameRecords = o;
    o += 2 * (shape.gameRecords ?? 0);
    this.oQuality = o;
    o += shape.quality ? QUALITY_SLOTS : 0;
    this.oExamples = o;
    o += exampleCells(shape.exampleSets ?? 0);
    if (data && data.length !== o) throw new Error(`accumulator buffer has ${data.length} slots, expected ${o}`);
    this.data = data ?? new Float64Array(o);
    if (!data) clearExamples(this.data, this.oExamples, o);
    this.counters = this.data.subarray(this.oCounters, this.oCounters + shape.counters);
    this.seatCounters = this.data.subarray(this.oSeatCounters, this.oSeatCounters + shape.seatCounters * players);
    this.tables = shape.tableCells.map((cells, t) => this.data.subarray(tableOffsets[t]!, tableOffsets[t]! + cells));
    this.clusters = shape.tableCells.map((_, t) => this.data.subarray(clusterOffsets[t]!, clusterOffsets[t]! + this.clusterCells(t)));
  }

  private clusterCells(t: number): number {
    const rates = this.shape.rateColumns[t]?.length ?? 0;
    return rates === 0 ? 0 : (rates * CLUSTER_SUMS * this.shape.tableCells[t]!) / this.shape.tableWidths[t]!;
  }

  /**
   * Fold one finished game in. seatLabel[s] is the policy label that played seat s in this game.
   * Hot per game (not per move): no allocation.
   */
  recordGame(state: GameState, seatLabel: Int32Array, index = -1): void {
    const d = this.data;
    const n = this.shape.players;
    if (index >= 0 && index < (this.shape.gameRecords ?? 0)) {
      d[this.oGameRecords + 2 * index] = outcomeCode(state.winner, state.capped, n, state.firstSeat);
      d[this.oGameRecords + 2 * index + 1] = state.turns + ROUNDS_SHIFT * state.rounds;
    }
    d[Accumulator.GAMES]!++;
    if (state.capped) d[Accumulator.CAPPED]!++;
    else if (state.winner < 0) d[Accumulator.DRAWS]!++;
    else {
      d[this.oSeatWins + state.winner]!++;
      d[this.oLabelWins + seatLabel[state.winner]! * n + state.winner]!++;
      if (state.winner === state.firstSeat) d[Accumulator.FIRST_MOVER_WINS]!++;
    }
    d[this.oSeatFirst + state.firstSeat]!++;
    const labels = this.shape.labels;
    for (let s = 0; s < n; s++) {
      const a = seatLabel[s]!;
      d[this.oLabelGames + a * n + s]!++;
      for (let t = 0; t < n; t++) {
        if (t === s) continue;
        const pair = a * labels + seatLabel[t]!;
        d[this.oPairGames + pair]!++;
        if (state.winner === s) d[this.oPairWins + pair]!++;
      }
    }
    d[this.oTurns + Math.min(state.turns, this.shape.maxTurns)]!++;
    d[this.oRounds + Math.min(state.rounds, this.shape.maxTurns)]!++;
  }

  /** Fold one finished game's quality figures in (hot per game: no allocation). */
  recordQuality(q: GameQuality): void {
    addQuality(this.data, this.oQuality, q);
  }

  /** The quality sums (QualitySlot), or null when the game has no standing. */
  qualityData(): Float64Array | null {
    return this.shape.quality ? this.data.subarray(this.oQuality, this.oQuality + QUALITY_SLOTS) : null;
  }

  merge(other: Accumulator): void {
    this.mergeData(other.data);
  }

  /** Merge another accumulator's buffer of the same shape: counts add, example sets keep their k lowest. */
  mergeData(b: Float64Array): void {
    const a = this.data;
    if (a.length !== b.length) throw new Error('cannot merge accumulators of different shapes');
    for (let i = 0; i < this.oExamples; i++) a[i]! += b[i]!;
    mergeExamples(a, b, this.oExamples, a.length);
  }

  get games(): number {
    return this.data[Accumulator.GAMES]!;
  }
  get draws(): number {
    return this.data[Accumulator.DRAWS]!;
  }
  get capped(): number {
    return this.data[Accumulator.CAPPED]!;
  }
  get firstMoverWins(): number {
    return this.data[Accumulator.FIRST_MOVER_WINS]!;
  }
  seatWins(seat: number): number {
    return this.data[this.oSeatWins + seat]!;
  }
  seatFirst(seat: number): number {
    return this.data[this.oSeatFirst + seat]!;
  }
  labelWins(label: number, seat: number): number {
    return this.data[this.oLabelWins + label * this.shape.players + seat]!;
  }
  labelGames(label: number, seat: number): number {
    return this.data[this.oLabelGames + label * this.shape.players + seat]!;
  }
  /** Seat pairs in which label a sat against label b, and how many of those a won. */
  pairGames(a: number, b: number): number {
    return this.data[this.oPairGames + a * this.shape.labels + b]!;
  }
  pairWins(a: number, b: number): number {
    return this.data[this.oPairWins + a * this.shape.labels + b]!;
  }
  /** The per-game records (two slots per game; 0 where a game was not kept). */
  gameRecordData(): Float64Array {
    return this.data.subarray(this.oGameRecords, this.oGameRecords + 2 * (this.shape.gameRecords ?? 0));
  }
  turnCounts(): Float64Array {
    return this.data.subarray(this.oTurns, this.oTurns + this.shape.maxTurns + 1);
  }
  roundCounts(): Float64Array {
    return this.data.subarray(this.oRounds, this.oRounds + this.shape.maxTurns + 1);
  }
}
