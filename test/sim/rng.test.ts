import { describe, it, expect } from 'vitest';
import seedrandom from 'seedrandom';
import { Rng, masterSeedFrom, mix32 } from '../../src/sim/rng.js';

describe('Rng', () => {
  it("is seedrandom's xor128 stream, bit for bit, from the same state", () => {
    const rng = new Rng();
    rng.seedGame(12345, 0, 678);
    const reference = seedrandom.xor128('', { state: rng.getState() });
    for (let i = 0; i < 1000; i++) expect(rng.next()).toBe(reference());
  });

  it('gives every game its own stream, a pure function of (master seed, cell, index)', () => {
    const a = new Rng();
    const b = new Rng();
    const firsts = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      a.seedGame(1, 0, i);
      firsts.add(a.int32());
    }
    expect(firsts.size).toBe(10_000);
    a.seedGame(9, 2, 2 ** 40 + 5);
    b.seedGame(9, 2, 2 ** 40 + 5);
    expect([a.int32(), a.int32()]).toEqual([b.int32(), b.int32()]);
    b.seedGame(9, 3, 2 ** 40 + 5);
    a.seedGame(9, 2, 2 ** 40 + 5);
    expect(a.int32()).not.toBe(b.int32());
  });

  it('int(n) is uniform over [0, n)', () => {
    const rng = new Rng();
    rng.seedGame(3, 0, 0);
    const counts = new Array(6).fill(0);
    const draws = 60_000;
    for (let i = 0; i < draws; i++) counts[rng.int(6)]++;
    // Each count is Binomial(60000, 1/6): sd ~ 91; 5 sd is a bound that cannot fail by chance.
    for (const c of counts) expect(Math.abs(c - draws / 6)).toBeLessThan(5 * 91);
  });

  it('shuffle permutes in place', () => {
    const rng = new Rng();
    rng.seedGame(4, 0, 0);
    const a = Int8Array.from({ length: 52 }, (_, i) => i);
    rng.shuffle(a, 0, 52);
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect([...a]).not.toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it('never starts from the all-zero state xorshift cannot leave', () => {
    const rng = new Rng();
    rng.setState(0, 0, 0, 0);
    expect(rng.int32()).not.toBe(0);
  });

  it('accepts integer or text master seeds', () => {
    expect(masterSeedFrom(42)).toBe(42);
    expect(masterSeedFrom('balance-2026')).toBe(masterSeedFrom('balance-2026'));
    expect(masterSeedFrom('balance-2026')).not.toBe(masterSeedFrom('balance-2027'));
    expect(mix32(0)).toBe(0);
  });
});
