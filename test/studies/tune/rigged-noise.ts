/** Deterministic noise for the rigged searches (tune-search.test.ts, tune-race.test.ts). */

/** A deterministic hash of (block, values) into [0, 1): the "luck" of a seed block at a point. */
export function luck(block: number, values: readonly number[]): number {
  let h = 0x9e3779b9 ^ block;
  for (const v of values) {
    h = Math.imul(h ^ (v + 0x7f4a7c15), 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h, 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** A standard normal draw from a deterministic hash (Box-Muller on two hashed uniforms). */
export function normal(...key: number[]): number {
  const u = Math.max(1e-12, luck(key[0]!, [...key.slice(1), 1]));
  const v = luck(key[0]!, [...key.slice(1), 2]);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
