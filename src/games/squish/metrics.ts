/**
 * What Squish! adds to the results, beyond wins and game length. Integer counts per game,
 * summed over games (so merging is exact). The per-seat counters are kept per start square
 * (row i: whoever started on start square i; with rules.setup fixed that is always seat i, with
 * random the seats take turns), so the `squished` row is the squish rate per start square: `squishedGames` (games in which the seat
 * was squished at least once) gives it as a proportion with a Wilson interval, `squished` and
 * `squishedSquared` give squishes per game with its spread (several per game in the advanced game).
 *
 * Table `squares` (one row per board square, "(x, y)", row by row from the north-west corner):
 * `blockEntries`, unit steps of a block onto the square (a block stepping east enters its new
 * east column: h squares; a diagonal step w + h - 1; squares under a block at the start do not
 * count), and the sum of its square per game, for the block-movement heat map.
 */
import type { GameMetricsSpec, MetricTableSpec } from '../../sim/types.js';
import type { SquishState } from './state.js';
import { MAX_BLOCKS, type SquishRules } from './params.js';

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
    { name: 'squishedGames', description: 'games in which the seat (its start square) was squished at least once' },
    { name: 'squishedSquared', description: 'sum over games of squished² (with squished, gives the spread of squishes per game)' },
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
    const k = 9;
    for (let p = 0; p < s.players; p++) {
      const squished = s.seatSquished[p]!;
      const row = s.startOrder[p]! * k;
      seat[row]! += squished;
      seat[row + 1]! += s.seatSquishesCaused[p]!;
      seat[row + 2]! += s.seatSelfSquishes[p]!;
      seat[row + 3]! += s.seatShards[p]!;
      seat[row + 4]! += s.seatShardsLost[p]!;
      seat[row + 5]! += s.seatPushes[p]!;
      seat[row + 6]! += s.markerCell[p]! >= 0 ? 1 : 0;
      if (squished > 0) seat[row + 7]!++;
      seat[row + 8]! += squished * squished;
    }
  },
  tables(rules): readonly MetricTableSpec[] {
    const { width, height } = rules as SquishRules;
    const rows: string[] = [];
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.push(`(${x}, ${y})`);
    return [
      {
        name: 'squares',
        description: 'Per board square (x, y), row by row from the north-west corner: how often blocks stepped onto it',
        rows,
        columns: [
          { name: 'blockEntries', description: 'unit steps of a block onto the square (each square a block newly covers in one step counts once)' },
          { name: 'blockEntriesSquared', description: 'sum over games of blockEntries² (with blockEntries, gives the spread per game)' },
        ],
      },
    ];
  },
  recordTables(s, tables) {
    const t = tables[0]!;
    const entries = s.blockEntries;
    let r = 0;
    for (let y = 0; y < s.height; y++) {
      let c = s.cellAt(0, y);
      for (let x = 0; x < s.width; x++, c++, r += 2) {
        const v = entries[c]!;
        t[r]! += v;
        t[r + 1]! += v * v;
      }
    }
  },
};
