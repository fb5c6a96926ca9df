/**
 * Sorting a range of a typed array in place, without allocating (insertion sort: the ranges are
 * a deck or a set of hidden cards, a few dozen entries).
 *
 * A game's `determinize` sorts the cards it is about to re-deal before shuffling them, so the
 * world it samples depends only on what the seat may know and on the rng, never on where the
 * hidden cards really are: a search given the same seed then chooses the same whatever the
 * hidden truth (test/policies/rollout.test.ts).
 */
export function sortRange(a: Int8Array | Int16Array | Int32Array | Uint8Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= from && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}
