/**
 * Squish! `countActions` and `actionAt` (the optional members of the game contract,
 * src/sim/types.ts): the number of legal actions and the k-th of them, in `legalActions`' order,
 * without writing the list. A uniformly random player takes one of about 56 moves (127 at 6 MP),
 * so writing all of them is skipped; the reach and the push checks are still paid (about 1.1
 * times the games per CPU second on advanced random: bench/README.md, 2026-11-27).
 *
 * The reach levels are the ones `legalActions` builds (markers.ts); an option's end states are
 * counted by popcounts of its end-level rows, plus the pushes of each other marker in the row.
 * Hot path: nothing here allocates.
 */
import { type SquishState, PHASE_DIRECTION, OPTION_ROWS } from './state.js';
import { dirBase } from './actions.js';
import { reachLevels, shardLevels, pushDirections } from './markers.js';

/** How many actions `legalActions` would write; leaves in work what `actionAt` walks. */
export function countActions(s: SquishState): number {
  if (s.phase === PHASE_DIRECTION) return 8;
  const w = s.work;
  reachLevels(s);
  let n = countOption(s, 0, w.reach);
  if (!s.advanced) return n;
  for (let k = 0; k < s.blockCount; k++) {
    if (shardLevels(s, k)) n += countOption(s, k + 1, w.reachK);
    else w.optionCount[k + 1] = 0;
  }
  return n;
}

/**
 * Count the end states of one shard option (levels L) and keep for `actionAt` the actions per
 * row and, for a shard option, its end level and the level before it (pushes start there).
 */
function countOption(s: SquishState, option: number, L: Int32Array): number {
  const w = s.work;
  const end = s.mp * 13;
  const before = end - 13;
  const rows = w.windowRows;
  const marks = w.markerRow;
  const kept = w.optionRows;
  const at = option * OPTION_ROWS;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const plain = L[end + r]!;
    let c = bitCount(plain);
    let others = marks[r]!;
    while (others !== 0) {
      c += bitCount(pushDirections(s, L, before, r, 31 - Math.clz32(others & -others)));
      others &= others - 1;
    }
    // A shard option's levels are overwritten by the next block's; the plain option's stay put.
    if (option !== 0) {
      kept[at + r] = plain;
      kept[at + 13 + r] = L[before + r]!;
    }
    kept[at + 26 + r] = c;
    n += c;
  }
  w.optionCount[option] = n;
  return n;
}

/**
 * The k-th action (0 <= k < n) that `legalActions` would write. Only right after
 * `countActions` on the same, unchanged state: it walks what that call left in work.
 */
export function actionAt(s: SquishState, k: number): number {
  if (s.phase === PHASE_DIRECTION) return dirBase(s.blockCount, s.squares) + k;
  const w = s.work;
  let option = 0;
  while (k >= w.optionCount[option]!) k -= w.optionCount[option++]!;
  const kept = w.optionRows;
  const at = option * OPTION_ROWS;
  let r = 0;
  while (k >= kept[at + 26 + r]!) k -= kept[at + 26 + r++]!;
  // The option's end level and the level before it: in reach for the plain option, else kept.
  const L = option === 0 ? w.reach : kept;
  const end = option === 0 ? s.mp * 13 : at;
  const before = option === 0 ? end - 13 : at + 13;
  const plain = L[end + r]!;
  // Action code of the row's first window square; each square further east adds 9.
  const rowCode = (option * s.squares + (w.windowY0 + r) * s.width + w.windowX0) * 9;
  // Squares in ascending order: a plain move is one action, another marker's square one per push.
  let all = plain | w.markerRow[r]!;
  for (;;) {
    const low = all & -all;
    all ^= low;
    const i = 31 - Math.clz32(low);
    if ((plain & low) !== 0) {
      if (k === 0) return rowCode + 9 * i;
      k--;
      continue;
    }
    let dirs = pushDirections(s, L, before, r, i);
    const c = bitCount(dirs);
    if (k >= c) {
      k -= c;
      continue;
    }
    for (; k > 0; k--) dirs &= dirs - 1;
    return rowCode + 9 * i + (31 - Math.clz32(dirs & -dirs));
  }
}

/** Set bits of a 32-bit integer (the SWAR sum: no loop, no table). */
function bitCount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
