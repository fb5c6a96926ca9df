/**
 * Squish! crafted positions: place a block or a marker by hand (tests, examples) and copy just
 * the board (policies' scratch states, the cheap part of `copy`).
 */
import { type SquishState, EMPTY } from './state.js';
import { fillBlock } from './blocks.js';

/** Move block b to (x, y) (no pushing; the caller keeps the position legal). */
export function placeBlock(s: SquishState, b: number, x: number, y: number): void {
  fillBlock(s, b, EMPTY);
  s.blockX[b] = x;
  s.blockY[b] = y;
  fillBlock(s, b, b);
}

/** Put seat p's marker on (x, y), or take it off the board with x = -1. */
export function placeMarker(s: SquishState, p: number, x: number, y = 0): void {
  const old = s.markerCell[p]!;
  if (old >= 0) {
    s.cellMarker[old] = EMPTY;
    s.onBoard--;
  }
  if (x < 0) {
    s.markerCell[p] = -1;
    return;
  }
  const c = s.cellAt(x, y);
  s.cellMarker[c] = p;
  s.markerCell[p] = c;
  s.onBoard++;
}

/** Make dst's board (blocks, markers, shards, mover) equal src's: the cheap part of copy, for policies' scratch states. */
export function copyBoard(d: SquishState, s: SquishState): void {
  d.blockX.set(s.blockX);
  d.blockY.set(s.blockY);
  d.cellBlock.set(s.cellBlock);
  d.cellMarker.set(s.cellMarker);
  d.markerCell.set(s.markerCell);
  d.held.set(s.held);
  d.onBoard = s.onBoard;
  d.toMove = s.toMove;
  d.turns = s.turns;
  d.eventLog.clear();
}
