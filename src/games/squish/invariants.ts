/**
 * Squish! invariants (`checkInvariants`, run after every move by the conformance test and
 * `--check`): the board, the markers, the shards and every counter agree with each other.
 */
import { NO_WINNER } from '../../sim/types.js';
import {
  type SquishState,
  EMPTY,
  WALL,
  PHASE_DIRECTION,
  PHASE_MOVE,
  PHASE_OVER,
} from './state.js';
import { popcount } from './markers.js';

/**
 * Blocks lie on the board and never overlap, and the block grid agrees with their positions;
 * markers stand on distinct free squares and agree with the marker grid; shards are conserved
 * (each is held by its player or lies on its block, and the counts agree with collections and
 * losses); the counters agree with each other and with the phase.
 */
export function checkInvariants(s: SquishState): string | null {
  const W = s.width;
  const H = s.height;
  const expect = s.work.expectGrid;
  expect.fill(WALL);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) expect[s.cellAt(x, y)] = EMPTY;
  for (let b = 0; b < s.blockCount; b++) {
    const x = s.blockX[b]!;
    const y = s.blockY[b]!;
    if (x < 0 || y < 0 || x + s.blockW[b]! > W || y + s.blockH[b]! > H) return `block ${b + 1} at (${x}, ${y}) is off the board`;
    for (let j = 0; j < s.blockH[b]!; j++)
      for (let i = 0; i < s.blockW[b]!; i++) {
        const c = s.cellAt(x + i, y + j);
        if (expect[c] !== EMPTY) return `block ${b + 1} overlaps block ${expect[c]! + 1} at (${x + i}, ${y + j})`;
        expect[c] = b;
      }
  }
  for (let c = 0; c < s.cells; c++) if (expect[c] !== s.cellBlock[c]) return `block grid disagrees with block positions at cell ${c}`;
  let onBoard = 0;
  for (let p = 0; p < s.players; p++) {
    const c = s.markerCell[p]!;
    if (c < 0) continue;
    onBoard++;
    if (c >= s.cells || s.cellX[c]! < 0) return `seat ${p}'s marker is off the board (cell ${c})`;
    if (s.cellMarker[c] !== p) return `marker grid disagrees with seat ${p}'s marker`;
    if (s.cellBlock[c] !== EMPTY) return `seat ${p}'s marker stands on block ${s.cellBlock[c]! + 1}`;
  }
  for (let c = 0; c < s.cells; c++) {
    const m = s.cellMarker[c]!;
    if (m !== EMPTY && s.markerCell[m] !== c) return `cell ${c} holds seat ${m}'s marker, which is elsewhere`;
  }
  if (onBoard !== s.onBoard) return `${onBoard} markers on the board but onBoard = ${s.onBoard}`;
  let squished = 0;
  let caused = 0;
  let shards = 0;
  let lost = 0;
  let pushes = 0;
  for (let p = 0; p < s.players; p++) {
    squished += s.seatSquished[p]!;
    caused += s.seatSquishesCaused[p]! + s.seatSelfSquishes[p]!;
    shards += s.seatShards[p]!;
    lost += s.seatShardsLost[p]!;
    pushes += s.seatPushes[p]!;
    if ((s.held[p]! & ~s.allShards) !== 0) return `seat ${p} holds shards of blocks that do not exist`;
    if (popcount(s.held[p]!) !== s.seatShards[p]! - s.seatShardsLost[p]!)
      return `seat ${p} holds ${popcount(s.held[p]!)} shards but collected ${s.seatShards[p]} and lost ${s.seatShardsLost[p]}`;
    const outWhenSquished = !s.advanced || s.lastStanding;
    if (outWhenSquished && (s.markerCell[p]! < 0) !== (s.seatSquished[p]! > 0)) return `seat ${p}: marker on the board disagrees with its squishes (squished markers are out)`;
    if (outWhenSquished && s.seatSquished[p]! > 1) return `seat ${p} squished ${s.seatSquished[p]} times, but a squished marker is out`;
    if (!outWhenSquished && s.markerCell[p]! < 0) return `seat ${p}'s marker is off the board in the advanced game`;
  }
  if (!s.advanced) for (let p = 0; p < s.players; p++) if (s.held[p] !== 0) return 'shards held in the simple game';
  if (squished !== s.squishes || caused !== s.squishes) return `squish counters disagree (${s.squishes}, ${squished} by seat, ${caused} by roller)`;
  if (shards !== s.shardsCollected || lost !== s.shardsLost) return 'shard counters disagree';
  if (pushes !== s.pushes) return 'push counters disagree';
  if ((s.squishes > 0) !== (s.firstSquishTurn > 0)) return 'first squish turn disagrees with the squish count';
  let steps = 0;
  for (let b = 0; b < s.blockCount; b++) steps += s.blockMoves[b]!;
  if (steps !== s.blockSteps) return `block steps ${s.blockSteps} disagree with the per-block counts (${steps})`;
  // Each step of block b enters its leading column or row (min(w, h) squares or more) and at most
  // w + h - 1 squares (a diagonal step); nothing enters the wall ring.
  let entries = 0;
  let fewest = 0;
  let most = 0;
  for (let c = 0; c < s.cells; c++) {
    if (s.cellX[c]! < 0 && s.blockEntries[c] !== 0) return `block entries counted on the wall (cell ${c})`;
    entries += s.blockEntries[c]!;
  }
  for (let b = 0; b < s.blockCount; b++) {
    fewest += s.blockMoves[b]! * Math.min(s.blockW[b]!, s.blockH[b]!);
    most += s.blockMoves[b]! * (s.blockW[b]! + s.blockH[b]! - 1);
  }
  if (entries < fewest || entries > most) return `${entries} block entries for ${s.blockSteps} block steps (expected ${fewest} to ${most})`;
  if (s.rolls !== s.turns + (s.terminal ? 0 : 1)) return `${s.rolls} rolls in ${s.turns} turns`;
  if (s.noMoveRolls + s.chooseRolls > s.rolls) return 'more 0s and 9s than rolls';
  if (s.turns > s.rules.maxTurns) return `turn ${s.turns} is past the cap`;
  if (s.terminal) {
    if (s.phase !== PHASE_OVER) return 'finished game not in its final phase';
    if (!s.capped && !s.advanced && s.onBoard > 1) return 'simple game ended with more than one marker on the board';
    const shardWin = s.winner >= 0 && s.held[s.winner] === s.allShards && s.markerCell[s.winner] === s.startCell[s.winner];
    // Last marker standing also wins by being the last marker left, or by the most shards at the cap.
    const standingWin = s.lastStanding && s.winner >= 0 && s.markerCell[s.winner]! >= 0 && (s.onBoard === 1 || s.turns >= s.rules.maxTurns);
    if (!s.capped && s.winner >= 0 && s.advanced && !shardWin && !standingWin)
      return 'advanced winner without all shards on the start square (or, last marker standing, without being the last marker or the shard leader at the cap)';
    if (s.capped && s.winner !== NO_WINNER) return 'capped game with a winner';
  } else if (s.phase === PHASE_DIRECTION) {
    if (s.dieFace !== 9) return `choosing a direction after rolling ${s.dieFace}`;
  } else if (s.phase === PHASE_MOVE) {
    if (s.markerCell[s.toMove]! < 0) return `seat ${s.toMove} moves with no marker on the board`;
    if (s.mp < 1 || s.mp > 6) return `movement points ${s.mp}`;
  } else return `unknown phase ${s.phase}`;
  return null;
}
