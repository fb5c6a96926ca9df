/**
 * What Squish! adds to the results, beyond wins and game length. Integer counts per game,
 * summed over games (so merging is exact). A seat is a start square, so the per-seat
 * `squished` row is the squish rate per start square.
 */
import type { GameMetricsSpec } from '../../sim/types.js';
import type { SquishState } from './state.js';
import { MAX_BLOCKS } from './params.js';

const blockCounters = Array.from({ length: MAX_BLOCKS }, (_, b) => ({
  name: `block${b + 1}Steps`,
  description: `unit steps made by block ${b + 1} (0 if the board has fewer blocks)`,
}));

export const squishMetrics: GameMetricsSpec<SquishState> = {
  counters: [
    { name: 'squishes', description: 'markers squished' },
    { name: 'squishesSquared', description: 'sum over games of squishes² (with squishes, gives the spread of squishes per game)' },
    { name: 'gamesWithSquish', description: 'games with at least one squish' },
    { name: 'firstSquishTurnSum', description: 'sum of the 1-based turn of the first squish (divide by gamesWithSquish)' },
    { name: 'rolls', description: 'block rolls (one per turn)' },
    { name: 'noMoveRolls', description: 'rolls of 0: the block does not move' },
    { name: 'chooseRolls', description: 'rolls of 9: the roller chose the direction' },
    { name: 'blockSteps', description: 'unit steps made by all blocks' },
    { name: 'bounces', description: 'bounces off walls and blocks' },
    { name: 'blockHits', description: 'hits of a block on a block (with or without effect, passed-on hits included)' },
    { name: 'chainBlocks', description: 'blocks set in motion by hits (the rolled block not counted): chain reactions, summed over rolls' },
    { name: 'transmissions', description: 'hits passed on through a block that could not move' },
    { name: 'wedged', description: 'times a block stopped wedged with force left' },
    { name: 'pushes', description: 'markers pushed by a player' },
    { name: 'shardsCollected', description: 'shards collected (advanced game)' },
    { name: 'shardsLost', description: 'shards returned to their blocks by squishes (advanced game)' },
    ...blockCounters,
  ],
  seatCounters: [
    { name: 'squished', description: 'times the seat (its start square) was squished' },
    { name: 'squishesCaused', description: "opponents squished by the seat's rolls" },
    { name: 'selfSquishes', description: "times the seat squished itself with its own roll" },
    { name: 'shardsCollected', description: 'shards the seat collected' },
    { name: 'shardsLost', description: 'shards the seat lost to squishes' },
    { name: 'pushes', description: 'markers the seat pushed' },
    { name: 'onBoardAtEnd', description: "games ending with the seat's marker on the board" },
  ],
  record(s, counters, seat) {
    counters[0]! += s.squishes;
    counters[1]! += s.squishes * s.squishes;
    if (s.squishes > 0) {
      counters[2]!++;
      counters[3]! += s.firstSquishTurn;
    }
    counters[4]! += s.rolls;
    counters[5]! += s.noMoveRolls;
    counters[6]! += s.chooseRolls;
    counters[7]! += s.blockSteps;
    counters[8]! += s.bounces;
    counters[9]! += s.blockHits;
    counters[10]! += s.chainBlocks;
    counters[11]! += s.transmissions;
    counters[12]! += s.wedged;
    counters[13]! += s.pushes;
    counters[14]! += s.shardsCollected;
    counters[15]! += s.shardsLost;
    for (let b = 0; b < s.blockCount; b++) counters[16 + b]! += s.blockMoves[b]!;
    const k = 7;
    for (let p = 0; p < s.players; p++) {
      seat[p * k]! += s.seatSquished[p]!;
      seat[p * k + 1]! += s.seatSquishesCaused[p]!;
      seat[p * k + 2]! += s.seatSelfSquishes[p]!;
      seat[p * k + 3]! += s.seatShards[p]!;
      seat[p * k + 4]! += s.seatShardsLost[p]!;
      seat[p * k + 5]! += s.seatPushes[p]!;
      seat[p * k + 6]! += s.markerCell[p]! >= 0 ? 1 : 0;
    }
  },
};
