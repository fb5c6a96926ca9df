/**
 * Grid queries on the Squirmish: open edges, islands (connected groups of cards) and where a
 * cut-off fragment may be re-attached. Scratch buffers are module-level (one worker, one
 * thread) and grown on demand, so nothing here allocates per move.
 */
import type { SquirmishState } from './state.js';

let stamp = new Int32Array(0);
let stampValue = 0;

function nextStamp(size: number): number {
  if (stamp.length < size) {
    stamp = new Int32Array(size);
    stampValue = 0;
  }
  if (++stampValue === 0x7fffffff) {
    stamp.fill(0);
    stampValue = 1;
  }
  return stampValue;
}

/** Open edges (empty cells sharing an edge with a card in play), in a fixed order; the centre if the grid is empty. */
export function openCells(s: SquirmishState, out: Int16Array): number {
  if (s.gridCount === 0) {
    out[0] = s.center;
    return 1;
  }
  const W = s.W;
  const mark = nextStamp(W * W);
  const g = s.grid;
  let n = 0;
  for (let k = 0; k < s.gridCount; k++) {
    const c = s.cell[s.gridList[k]!]!;
    let d = c - W;
    if (g[d] === 0 && stamp[d] !== mark) {
      stamp[d] = mark;
      out[n++] = d;
    }
    d = c - 1;
    if (g[d] === 0 && stamp[d] !== mark) {
      stamp[d] = mark;
      out[n++] = d;
    }
    d = c + 1;
    if (g[d] === 0 && stamp[d] !== mark) {
      stamp[d] = mark;
      out[n++] = d;
    }
    d = c + W;
    if (g[d] === 0 && stamp[d] !== mark) {
      stamp[d] = mark;
      out[n++] = d;
    }
  }
  return n;
}

let queue = new Int16Array(0);

/**
 * Label the islands of the grid: label[i] = island index for every card in play. Returns the
 * number of islands; sizes[k] = cards in island k.
 */
export function islands(s: SquirmishState, label: Int16Array, sizes: Int16Array): number {
  if (queue.length < s.maxInst) queue = new Int16Array(s.maxInst);
  for (let k = 0; k < s.gridCount; k++) label[s.gridList[k]!] = -1;
  const W = s.W;
  let count = 0;
  for (let k = 0; k < s.gridCount; k++) {
    const start = s.gridList[k]!;
    if (label[start] !== -1) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = count;
    while (head < tail) {
      const i = queue[head++]!;
      const c = s.cell[i]!;
      for (let dir = 0; dir < 4; dir++) {
        const d = dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W;
        const j = s.grid[d]! - 1;
        if (j >= 0 && label[j] === -1) {
          label[j] = count;
          queue[tail++] = j;
        }
      }
    }
    sizes[count] = tail;
    count++;
  }
  return count;
}

/** True if the cards in play form one island (or none). */
export function connected(s: SquirmishState, label: Int16Array, sizes: Int16Array): boolean {
  return s.gridCount === 0 || islands(s, label, sizes) === 1;
}

/**
 * Can the fragment anchored at `anchor` (cards set aside with fragAnchor = anchor and offsets
 * fragDx/fragDy) be put down with its anchor on cell `c`: every cell empty and inside the
 * window's margin, and at least one card sharing an edge with the Squirmish.
 */
export function fragmentFits(s: SquirmishState, anchor: number, c: number): boolean {
  const W = s.W;
  const ax = c % W;
  const ay = (c - ax) / W;
  let touches = s.gridCount === 0;
  for (let k = 0; k < s.asideLen; k++) {
    const i = s.aside[k]!;
    if (s.fragAnchor[i] !== anchor) continue;
    const x = ax + s.fragDx[i]!;
    const y = ay + s.fragDy[i]!;
    if (x < 1 || y < 1 || x > W - 2 || y > W - 2) return false;
    const d = y * W + x;
    if (s.grid[d] !== 0) return false;
    if (!touches && (s.grid[d - 1] !== 0 || s.grid[d + 1] !== 0 || s.grid[d - W] !== 0 || s.grid[d + W] !== 0)) touches = true;
  }
  return touches;
}

/**
 * Anchor cells at which the fragment of `anchor` fits, each once, in a fixed order: for every
 * card of the fragment and every open edge, the translation that puts that card on that edge.
 */
export function fragmentPlacements(s: SquirmishState, anchor: number, open: Int16Array, nOpen: number, out: Int16Array): number {
  const W = s.W;
  const mark = nextStamp(W * W);
  let n = 0;
  for (let k = 0; k < s.asideLen; k++) {
    const i = s.aside[k]!;
    if (s.fragAnchor[i] !== anchor) continue;
    const off = s.fragDy[i]! * W + s.fragDx[i]!;
    for (let e = 0; e < nOpen; e++) {
      const c = open[e]! - off;
      if (c < 0 || c >= W * W || stamp[c] === mark) continue;
      stamp[c] = mark;
      if (fragmentFits(s, anchor, c)) out[n++] = c;
    }
  }
  return n;
}
