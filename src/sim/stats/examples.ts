/**
 * Example games: for each headline figure (the longest game, a capped game, a draw, a
 * first-player loss) and each table-rate row (games where the row's side won, and where it
 * lost), a few game indices that show it, kept while the run plays.
 *
 * Reservoir sampling keyed on the game index (bottom-k): every candidate game gets a priority
 * that is a hash of (game index, set), and a set keeps the k candidates of lowest priority.
 * Which games those are depends only on which games were candidates, never on how the games
 * were split into shards or in which order the parts were merged: merging keeps the k lowest of
 * both, which is associative and commutative. So examples are identical for any worker count,
 * like every other figure. "Longest" ranks by length first, so it keeps the longest games.
 *
 * Each set is k slots of (priority, game index) in the accumulator's last section, sorted by
 * priority; an empty slot has priority EMPTY. Offering a game that does not beat the set's
 * worst slot costs one comparison and allocates nothing.
 */
import { mix32 } from '../rng.js';

/** Games kept per set. */
export const EXAMPLES_PER_SET = 3;
/** Priority of an empty slot: above every real one (real priorities are below 2^48). */
export const EMPTY = 2 ** 52;
const SLOTS = 2 * EXAMPLES_PER_SET;
const TWO_32 = 0x100000000;

export type HeadlineExample = 'longest' | 'capped' | 'draw' | 'firstPlayerLost';
/** The headline sets, first in the section, in this order. */
export const HEADLINE_EXAMPLES: readonly HeadlineExample[] = ['longest', 'capped', 'draw', 'firstPlayerLost'];

export function exampleCells(sets: number): number {
  return sets * SLOTS;
}

/** An empty section: every slot's priority EMPTY, game -1. */
export function clearExamples(d: Float64Array, from: number, to: number): void {
  for (let o = from; o < to; o += 2) {
    d[o] = EMPTY;
    d[o + 1] = -1;
  }
}

/** A 32-bit hash of (game index, set): murmur3's finaliser over both. */
export function examplePriority(game: number, set: number): number {
  return mix32(Math.imul(game ^ Math.imul(set + 1, 0x9e3779b1), 0x85ebca6b) ^ Math.floor(game / TWO_32));
}

/** The priority for the "longest" set: longer games first, then the hash. */
export function longestPriority(game: number, set: number, turns: number, cap: number): number {
  return (cap - Math.min(turns, cap)) * TWO_32 + examplePriority(game, set);
}

/** Offer one game to the set whose slots start at d[o]; keeps the k lowest (priority, game). */
export function offerExample(d: Float64Array, o: number, priority: number, game: number): void {
  let i = o + SLOTS - 2;
  if (priority > d[i]! || (priority === d[i]! && game >= d[i + 1]!)) return;
  // Shift worse slots down one place (dropping the last) until the new one's place is found.
  while (i > o && (priority < d[i - 2]! || (priority === d[i - 2]! && game < d[i - 1]!))) {
    d[i] = d[i - 2]!;
    d[i + 1] = d[i - 1]!;
    i -= 2;
  }
  d[i] = priority;
  d[i + 1] = game;
}

/** Merge section b[from, to) into a (the k lowest of both in each set). */
export function mergeExamples(a: Float64Array, b: Float64Array, from: number, to: number): void {
  for (let o = from; o < to; o += SLOTS) for (let s = 0; s < SLOTS; s += 2) if (b[o + s]! < EMPTY) offerExample(a, o, b[o + s]!, b[o + s + 1]!);
}

/** The game indices a set holds, best first. */
export function examplesOf(d: ArrayLike<number>, o: number): number[] {
  const games: number[] = [];
  for (let s = 0; s < SLOTS; s += 2) if (d[o + s]! < EMPTY) games.push(d[o + s + 1]!);
  return games;
}

export const EXAMPLE_SET_SLOTS = SLOTS;
