/**
 * Paired comparison of two variants of a scenario on the same games (common random numbers):
 * game i is played under A and under B from the same seed, and every per-game quantity q
 * (seat k won, draw, capped, first player won, length, the game's counters) is folded into
 * exact sums ΣqA, ΣqB, ΣqA², ΣqB², ΣqA·qB. From them: each mean, the paired difference B − A
 * with its interval from the variance of the per-game differences, and how much pairing saved
 * against two independent samples: (var A + var B) / var(B − A) times fewer games for the same
 * interval width.
 */
import type { AnyGameModule, GameState } from '../../sim/types.js';
import type { Plan } from '../../sim/scenario/types.js';
import { Z95 } from '../../sim/stats/intervals.js';

export interface PairedQuantity {
  name: string;
  kind: 'proportion' | 'mean';
}

export function pairedQuantities(game: AnyGameModule, plan: Plan): PairedQuantity[] {
  const q: PairedQuantity[] = [];
  for (let s = 0; s < plan.players; s++) q.push({ name: `seat ${s} win rate`, kind: 'proportion' });
  q.push({ name: 'draw rate', kind: 'proportion' }, { name: 'capped rate', kind: 'proportion' }, { name: 'first player win rate', kind: 'proportion' });
  q.push({ name: 'length (turns)', kind: 'mean' }, { name: 'length (rounds)', kind: 'mean' });
  for (const c of game.metrics.counters) q.push({ name: `${c.name} per game`, kind: 'mean' });
  for (let s = 0; s < plan.players; s++) for (const c of game.metrics.seatCounters) q.push({ name: `seat ${s} ${c.name} per game`, kind: 'mean' });
  return q;
}

/** Reads one finished game's quantities into a vector, without allocating. */
export class QuantityReader {
  readonly values: Float64Array;
  private readonly counters: Float64Array;
  private readonly seatCounters: Float64Array;

  constructor(
    private readonly game: AnyGameModule,
    private readonly players: number,
    size: number,
  ) {
    this.values = new Float64Array(size);
    this.counters = new Float64Array(game.metrics.counters.length);
    this.seatCounters = new Float64Array(game.metrics.seatCounters.length * players);
  }

  read(state: GameState): Float64Array {
    const v = this.values;
    const n = this.players;
    let k = 0;
    for (let s = 0; s < n; s++) v[k++] = !state.capped && state.winner === s ? 1 : 0;
    v[k++] = !state.capped && state.winner < 0 ? 1 : 0;
    v[k++] = state.capped ? 1 : 0;
    v[k++] = !state.capped && state.winner === state.firstSeat ? 1 : 0;
    v[k++] = state.turns;
    v[k++] = state.rounds;
    this.counters.fill(0);
    this.seatCounters.fill(0);
    this.game.metrics.record(state, this.counters, this.seatCounters);
    for (let i = 0; i < this.counters.length; i++) v[k++] = this.counters[i]!;
    for (let i = 0; i < this.seatCounters.length; i++) v[k++] = this.seatCounters[i]!;
    return v;
  }
}

/** [games, then per quantity: ΣA, ΣB, ΣA², ΣB², ΣAB]; merged by addition like every accumulator. */
export class PairedAccumulator {
  readonly data: Float64Array;
  constructor(
    readonly quantities: number,
    data?: Float64Array,
  ) {
    this.data = data ?? new Float64Array(1 + 5 * quantities);
    if (this.data.length !== 1 + 5 * quantities) throw new Error('paired accumulator of the wrong size');
  }
  add(a: Float64Array, b: Float64Array): void {
    const d = this.data;
    d[0]!++;
    for (let q = 0, o = 1; q < this.quantities; q++, o += 5) {
      const x = a[q]!;
      const y = b[q]!;
      d[o]! += x;
      d[o + 1]! += y;
      d[o + 2]! += x * x;
      d[o + 3]! += y * y;
      d[o + 4]! += x * y;
    }
  }
  get games(): number {
    return this.data[0]!;
  }
}

export interface PairedRow {
  name: string;
  kind: PairedQuantity['kind'];
  a: number;
  b: number;
  /** B − A, paired: mean of the per-game differences. */
  difference: number;
  interval: [number, number];
  pairedSe: number;
  /** The standard error two independent samples of the same size would have had. */
  unpairedSe: number;
  /** (var A + var B) / var(B − A): how many times more games unpaired sampling needs for the same interval width. */
  gamesSaved: number | null;
}

export function pairedRows(quantities: PairedQuantity[], acc: PairedAccumulator, z = Z95): PairedRow[] {
  const n = acc.games;
  return quantities.map((q, i) => {
    const o = 1 + 5 * i;
    const [sa, sb, saa, sbb, sab] = [acc.data[o]!, acc.data[o + 1]!, acc.data[o + 2]!, acc.data[o + 3]!, acc.data[o + 4]!];
    const a = sa / n;
    const b = sb / n;
    const varA = n > 1 ? (saa - (sa * sa) / n) / (n - 1) : 0;
    const varB = n > 1 ? (sbb - (sb * sb) / n) / (n - 1) : 0;
    // Σ(B−A)² = ΣB² + ΣA² − 2ΣAB, all exact integers.
    const sdd = sbb + saa - 2 * sab;
    const sd = sb - sa;
    const varD = n > 1 ? Math.max(0, (sdd - (sd * sd) / n) / (n - 1)) : 0;
    const pairedSe = Math.sqrt(varD / n);
    const unpairedSe = Math.sqrt((varA + varB) / n);
    const difference = b - a;
    return {
      name: q.name,
      kind: q.kind,
      a,
      b,
      difference,
      interval: [difference - z * pairedSe, difference + z * pairedSe],
      pairedSe,
      unpairedSe,
      gamesSaved: varD > 0 ? (varA + varB) / varD : varA + varB > 0 ? Infinity : null,
    };
  });
}

/**
 * Quantity i's relative change B / A − 1 (of the means), with its interval from the ratio
 * estimator linearised per game, e = (B − R·A) / mean A with R = ΣB / ΣA, whose mean is exactly
 * 0: var ≈ Σe² / (n(n − 1)), Σ(B − R·A)² = ΣB² − 2R·ΣAB + R²·ΣA² from the exact sums. Scale-free,
 * so quantities in different units (turns, counters) can be ranked together; null when A's mean
 * is not positive.
 */
export function relativeChange(acc: PairedAccumulator, i: number, z = Z95): { change: number; interval: [number, number] } | null {
  const n = acc.games;
  const o = 1 + 5 * i;
  const [sa, sb, saa, sbb, sab] = [acc.data[o]!, acc.data[o + 1]!, acc.data[o + 2]!, acc.data[o + 3]!, acc.data[o + 4]!];
  if (!(sa > 0) || n < 2) return null;
  const ratio = sb / sa;
  const meanA = sa / n;
  const see = Math.max(0, sbb - 2 * ratio * sab + ratio * ratio * saa);
  const se = Math.sqrt(see / (meanA * meanA) / (n - 1) / n);
  const change = ratio - 1;
  return { change, interval: [change - z * se, change + z * se] };
}
