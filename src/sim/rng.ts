/**
 * The one random-number generator of a game.
 *
 * The stream is seedrandom's `xor128` (Marsaglia's xorshift128), bit for bit: `next()` returns
 * exactly what `seedrandom.xor128('', { state: {x, y, z, w} })()` returns for the same state
 * (test/sim/rng.test.ts proves it). We keep our own copy of the four-word generator because
 * seedrandom can only set a state by building a new generator (a closure and 64 warm-up steps
 * per game); ours is re-seeded in place, so deriving a game's stream allocates nothing.
 *
 * Determinism contract: a game's stream is a pure function of (master seed, cell, game index),
 * see `seedGame`. Master seeds given as strings are hashed with seedrandom's ARC4 (once per run).
 */
import seedrandom from 'seedrandom';

const TWO_POW_32 = 0x100000000;

export class Rng {
  x = 0;
  y = 0;
  z = 0;
  w = 1;

  /** Next 32-bit output as a signed int (seedrandom's `int32()`). */
  int32(): number {
    const t = this.x ^ (this.x << 11);
    this.x = this.y;
    this.y = this.z;
    this.z = this.w;
    this.w ^= (this.w >>> 19) ^ t ^ (t >>> 8);
    return this.w;
  }

  /** Uniform in [0, 1) with 32 bits of resolution (seedrandom's `prng()`). */
  next(): number {
    return (this.int32() >>> 0) / TWO_POW_32;
  }

  /** Uniform integer in [0, n), n >= 1: floor(next() * n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Fisher-Yates shuffle of a[from..to) in place (the classic downward loop). */
  shuffle(a: Int8Array | Int16Array | Int32Array | Uint8Array, from: number, to: number): void {
    for (let i = to - 1; i > from; i--) {
      const j = from + this.int(i - from + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
  }

  setState(x: number, y: number, z: number, w: number): void {
    this.x = x | 0;
    this.y = y | 0;
    this.z = z | 0;
    this.w = w | 0;
    if ((this.x | this.y | this.z | this.w) === 0) this.w = 1; // xorshift must not be all zero
  }

  getState(): { x: number; y: number; z: number; w: number } {
    return { x: this.x, y: this.y, z: this.z, w: this.w };
  }

  /** Position this generator at the start of game `index` of `cell` under `masterSeed`. */
  seedGame(masterSeed: number, cell: number, index: number): void {
    // A chain of bijective 32-bit mixes: distinct game indices (< 2^32) under the same master
    // seed and cell always give distinct states; high index bits and the cell are folded in.
    const lo = index >>> 0;
    const hi = Math.floor(index / TWO_POW_32) >>> 0;
    let s = mix32(masterSeed ^ 0x5bd1e995);
    s = mix32((s + cell) | 0);
    s = mix32((s + hi) | 0);
    s = mix32((s + lo) | 0);
    this.setState(
      mix32(s ^ 0x243f6a88),
      mix32(s ^ 0x85a308d3),
      mix32(s ^ 0x13198a2e),
      mix32(s ^ 0x03707344),
    );
    // A few warm-up steps so that neighbouring seeds diverge in the very first draws too.
    for (let i = 0; i < 8; i++) this.int32();
  }
}

/** murmur3's 32-bit finaliser: a bijection on 32-bit integers with good avalanche. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Master seed from a scenario or the command line: a 32-bit integer, or any string. */
export function masterSeedFrom(seed: number | string): number {
  if (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed < TWO_POW_32) return seed;
  return seedrandom(String(seed)).int32() >>> 0;
}
