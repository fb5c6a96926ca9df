/**
 * Squish! rules (docs/rules/squish.md), the turn loop: setup, `reset`, `apply` (a turn from the
 * dice to the end-of-turn checks: winning, last marker standing, the cap) and `copy`. The rest of
 * the rules, by job: markers.ts (legal actions, marker movement, pushes, shards, restarts),
 * blocks.ts (a block's roll: movement, bouncing, hits passed on, markers pushed and squished),
 * positions.ts (crafted positions for tests and policies' scratch states), invariants.ts.
 *
 * Chance lives inside `reset` and `apply`: they roll the dice and resolve everything up to the
 * next real decision (a direction after a 9, or where the mover's marker ends), so every call
 * of `legalActions` is a decision. Turns without one (a squished simple-game player who did
 * not roll a 9) are played out inside the same call.
 *
 * Hot path: nothing here allocates per move; loops over markers and blocks are written out by
 * hand.
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import {
  type SquishState,
  EMPTY,
  WALL,
  PHASE_DIRECTION,
  PHASE_MOVE,
  PHASE_OVER,
} from './state.js';
import { dirBase } from './actions.js';
import { rollBlock, recordNoMove, fillBlock } from './blocks.js';
import { performMove, restartSquished, popcount } from './markers.js';

/** Lay out blocks and markers at their start squares and clear every counter (no dice). */
export function setupBoard(s: SquishState): void {
  const cb = s.cellBlock;
  cb.fill(WALL);
  for (let y = 0; y < s.height; y++) cb.fill(EMPTY, s.cellAt(0, y), s.cellAt(0, y) + s.width);
  for (let b = 0; b < s.blockCount; b++) {
    s.blockX[b] = s.blockStartX[b]!;
    s.blockY[b] = s.blockStartY[b]!;
    fillBlock(s, b, b);
    s.blockMoves[b] = 0;
  }
  s.blockEntries.fill(0);
  s.cellMarker.fill(EMPTY);
  for (let p = 0; p < s.players; p++) {
    s.markerCell[p] = s.startCell[p]!;
    s.cellMarker[s.startCell[p]!] = p;
    s.held[p] = 0;
    s.seatSquished[p] = 0;
    s.seatSquishesCaused[p] = 0;
    s.seatSelfSquishes[p] = 0;
    s.seatShards[p] = 0;
    s.seatShardsLost[p] = 0;
    s.seatPushes[p] = 0;
  }
  s.onBoard = s.players;
  s.squishes = 0;
  s.firstSquishTurn = 0;
  s.rolls = 0;
  s.noMoveRolls = 0;
  s.chooseRolls = 0;
  s.blockSteps = 0;
  s.bounces = 0;
  s.blockHits = 0;
  s.chainBlocks = 0;
  s.transmissions = 0;
  s.wedged = 0;
  s.pushes = 0;
  s.shardsCollected = 0;
  s.shardsLost = 0;
  s.rollSeat = -1;
  s.rollFace = 0;
  s.rollDir = 0;
  s.rollForce = 0;
  s.rollBlock = 0;
  s.rollSteps = 0;
  s.rollBounces = 0;
  s.rollHits = 0;
  s.rollMoved = 0;
  s.rollSquished = 0;
  s.eventLog.clear();
  s.dieFace = 0;
  s.force = 0;
  s.dieBlock = 0;
  s.mp = 0;
  s.phase = PHASE_MOVE;
  s.resetHeader(1);
}

export function reset(s: SquishState, rng: Rng): void {
  const random = s.rules.setup === 'random';
  // Which start square each seat gets: the scenario's order, or (setup random) a fresh shuffle.
  for (let p = 0; p < s.players; p++) s.startOrder[p] = p;
  if (random) rng.shuffle(s.startOrder, 0, s.players);
  for (let p = 0; p < s.players; p++) {
    const q = s.startOrder[p]!;
    s.startX[p] = s.layoutStartX[q]!;
    s.startY[p] = s.layoutStartY[q]!;
    s.startCell[p] = s.layoutStartCell[q]!;
    s.startPerimeter[p] = s.layoutStartPerimeter[q]!;
  }
  setupBoard(s);
  clearEvents(s);
  s.firstSeat = s.rules.firstSeat === 'random' || random ? rng.int(s.players) : 0;
  s.toMove = s.firstSeat;
  playUntilDecision(s, rng);
}

/**
 * The current player starts a turn: roll direction (d10), force (d6) and, with several blocks,
 * the block (one face per block), all at once. Keep playing turns until one needs a decision.
 */
function playUntilDecision(s: SquishState, rng: Rng): void {
  for (;;) {
    const face = rng.int(10);
    const force = 1 + rng.int(6);
    const block = s.blockCount > 1 ? rng.int(s.blockCount) : 0;
    s.dieFace = face;
    s.force = force;
    s.dieBlock = block;
    s.rolls++;
    if (face === 9) {
      s.chooseRolls++;
      s.phase = PHASE_DIRECTION;
      return;
    }
    if (face === 0) {
      s.noMoveRolls++;
      recordNoMove(s, block, force);
    } else rollBlock(s, block, face, force);
    if (afterRoll(s, rng)) return;
  }
}

/** After the block roll: restarts, then movement if the mover is on the board. True if a decision is pending or the game is over. */
function afterRoll(s: SquishState, rng: Rng): boolean {
  if (s.advanced && s.rollSquished !== 0) restartSquished(s);
  if (s.markerCell[s.toMove]! >= 0) {
    s.mp = 1 + rng.int(6);
    s.phase = PHASE_MOVE;
    return true;
  }
  endTurn(s);
  return s.terminal;
}

/** The event log covers every roll since the last decision (several, when turns pass without one). */
function clearEvents(s: SquishState): void {
  s.eventLog.clear();
}

export function apply(s: SquishState, action: number, rng: Rng): void {
  clearEvents(s);
  if (s.phase === PHASE_DIRECTION) {
    rollBlock(s, s.dieBlock, action - dirBase(s.blockCount, s.squares) + 1, s.force, 9);
    if (afterRoll(s, rng)) return;
  } else {
    performMove(s, action);
    endTurn(s);
    if (s.terminal) return;
  }
  playUntilDecision(s, rng);
}

function endTurn(s: SquishState): void {
  const me = s.toMove;
  s.turns++;
  if (s.advanced) {
    // Every advanced turn ends with a move (a squished marker restarts before moving).
    if (s.held[me] === s.allShards && s.markerCell[me] === s.startCell[me]) return finish(s, me);
    // Last marker standing ends as the simple game does: all squished is a draw; the survivor wins at the end of its own turn.
    if (s.lastStanding && s.onBoard === 0) return finish(s, NO_WINNER);
    if (s.lastStanding && s.onBoard === 1 && s.markerCell[me]! >= 0) return finish(s, me);
  } else {
    if (s.onBoard === 0) return finish(s, NO_WINNER);
    if (s.onBoard === 1 && s.markerCell[me]! >= 0) return finish(s, me);
  }
  if (s.turns >= s.rules.maxTurns) {
    if (s.lastStanding) {
      const best = mostShards(s);
      if (best >= 0) return finish(s, best);
    }
    s.capped = true;
    return finish(s, NO_WINNER);
  }
  const next = me + 1 === s.players ? 0 : me + 1;
  if (next === s.firstSeat) s.rounds++;
  s.toMove = next;
}

/** Last marker standing at the cap: the marker on the board holding the most shards, or -1 on a tie. */
function mostShards(s: SquishState): number {
  let best = -1;
  let most = -1;
  let tied = false;
  for (let p = 0; p < s.players; p++) {
    if (s.markerCell[p]! < 0) continue;
    const n = popcount(s.held[p]!);
    if (n > most) {
      most = n;
      best = p;
      tied = false;
    } else if (n === most) tied = true;
  }
  return tied ? -1 : best;
}

function finish(s: SquishState, winner: number): void {
  s.terminal = true;
  s.winner = winner;
  s.phase = PHASE_OVER;
}

export function copy(d: SquishState, s: SquishState): void {
  copyState(d, s);
}
