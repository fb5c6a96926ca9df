/**
 * What Squish! adds to the results, beyond wins and game length. Integer counts per game,
 * summed over games (so merging is exact). The per-seat counters are kept per start square
 * (row i: whoever started on start square i; with rules.setup fixed that is always seat i, with
 * random the seats take turns), so the `squished` row is the squish rate per start square: `squishedGames` (games in which the seat
 * was squished at least once) gives it as a proportion with a Wilson interval, `squished` and
 * `squishedSquared` give squishes per game with its spread (several per game in the advanced game).
 *
 * Table `startSquares` (one row per seat's start square, "start i (x, y)"): `squishedGames` of
 * `games`, the squish rate per start square as a table rate, so reports, `compare` and the
 * balance gate test it like any rate (a block moved off-centre moves these).
 *
 * Table `squares` (one row per board square, "(x, y)", row by row from the north-west corner):
 * `blockEntries`, unit steps of a block onto the square (a block stepping east enters its new
 * east column: h squares; a diagonal step w + h - 1; squares under a block at the start do not
 * count), and the sum of its square per game, for the block-movement heat map.
 */
import type { GameMetricsSpec, MetricTableSpec } from '../../sim/types.js';
import type { SquishState } from './state.js';
import { MAX_BLOCKS, setupOf, type SquishRules } from './params.js';
import { defineCounters } from '../kit/counters.js';

/** Unit steps per block, one counter per possible block (MAX_BLOCKS; 0 for blocks the board does not have). */
type BlockStepCounter = `block${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}Steps`;
const blockStepCounters = Object.fromEntries(
  Array.from({ length: MAX_BLOCKS }, (_, b) => [`block${b + 1}Steps`, `unit steps made by block ${b + 1} (0 if the board has fewer blocks)`]),
) as Record<BlockStepCounter, string>;

/** Whole-game counters, in summary order. */
const C = defineCounters({
  squishes: 'markers squished',
  squishesSquared: 'sum over games of squishes² (with squishes, gives the spread of squishes per game)',
  gamesWithSquish: 'games with at least one squish',
  firstSquishTurnSum: 'sum of the 1-based turn of the first squish (divide by gamesWithSquish)',
  rolls: 'block rolls (one per turn)',
  noMoveRolls: 'rolls of 0: the block does not move',
  chooseRolls: 'rolls of 9: the roller chose the direction',
  blockSteps: 'unit steps made by all blocks',
  bounces: 'bounces off walls and blocks',
  blockHits: 'hits of a block on a block (with or without effect, passed-on hits included)',
  chainBlocks: 'blocks set in motion by hits (the rolled block not counted): chain reactions, summed over rolls',
  transmissions: 'hits passed on through a block that could not move',
  wedged: 'times a block stopped wedged with force left',
  pushes: 'markers pushed by a player',
  shardsCollected: 'shards collected (advanced game)',
  shardsLost: 'shards returned to their blocks by squishes (advanced game)',
  ...blockStepCounters,
});

/** Per-seat counters (per start square, see above), in summary order. */
const S = defineCounters({
  squished: 'times the seat (its start square) was squished',
  squishesCaused: "opponents squished by the seat's rolls",
  selfSquishes: "times the seat squished itself with its own roll",
  shardsCollected: 'shards the seat collected',
  shardsLost: 'shards the seat lost to squishes',
  pushes: 'markers the seat pushed',
  onBoardAtEnd: "games ending with the seat's marker on the board",
  squishedGames: 'games in which the seat (its start square) was squished at least once',
  squishedSquared: 'sum over games of squished² (with squished, gives the spread of squishes per game)',
});

export const squishMetrics: GameMetricsSpec<SquishState> = {
  counters: C.list,
  seatCounters: S.list,
  record(s, counters, seat) {
    const g = C.at;
    const k = S.at;
    const squishedAny = s.squishes > 0;
    counters[g.squishes]! += s.squishes;
    counters[g.squishesSquared]! += s.squishes * s.squishes;
    counters[g.gamesWithSquish]! += squishedAny ? 1 : 0;
    counters[g.firstSquishTurnSum]! += squishedAny ? s.firstSquishTurn : 0;
    counters[g.rolls]! += s.rolls;
    counters[g.noMoveRolls]! += s.noMoveRolls;
    counters[g.chooseRolls]! += s.chooseRolls;
    counters[g.blockSteps]! += s.blockSteps;
    counters[g.bounces]! += s.bounces;
    counters[g.blockHits]! += s.blockHits;
    counters[g.chainBlocks]! += s.chainBlocks;
    counters[g.transmissions]! += s.transmissions;
    counters[g.wedged]! += s.wedged;
    counters[g.pushes]! += s.pushes;
    counters[g.shardsCollected]! += s.shardsCollected;
    counters[g.shardsLost]! += s.shardsLost;
    // Every block's counter is written (0 past the board's blocks), so each declared counter is.
    for (let b = 0; b < MAX_BLOCKS; b++) counters[g.block1Steps + b]! += b < s.blockCount ? s.blockMoves[b]! : 0;
    for (let p = 0; p < s.players; p++) {
      const squished = s.seatSquished[p]!;
      const row = s.startOrder[p]! * S.size;
      seat[row + k.squished]! += squished;
      seat[row + k.squishesCaused]! += s.seatSquishesCaused[p]!;
      seat[row + k.selfSquishes]! += s.seatSelfSquishes[p]!;
      seat[row + k.shardsCollected]! += s.seatShards[p]!;
      seat[row + k.shardsLost]! += s.seatShardsLost[p]!;
      seat[row + k.pushes]! += s.seatPushes[p]!;
      seat[row + k.onBoardAtEnd]! += s.markerCell[p]! >= 0 ? 1 : 0;
      seat[row + k.squishedGames]! += squished > 0 ? 1 : 0;
      seat[row + k.squishedSquared]! += squished * squished;
    }
  },
  tables(rules, players): readonly MetricTableSpec[] {
    const { width, height } = rules as SquishRules;
    const starts = setupOf(rules as SquishRules, players).starts;
    const rows: string[] = [];
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.push(`(${x}, ${y})`);
    return [
      {
        name: 'startSquares',
        description: "Per start square (start i is seat i's with setup fixed): the games in which whoever started there was squished",
        rows: starts.map((st) => `start ${st.seat} (${st.x}, ${st.y})`),
        columns: [
          { name: 'squishedGames', description: 'games in which the marker that started on the square was squished at least once' },
          { name: 'games', description: 'games played (every start square is used in every game)' },
        ],
        rates: [{ name: 'squishRate', wins: 'squishedGames', of: 'games', description: 'start-square strength (lower is stronger): share of games in which the marker that started on the square was squished', primary: true }],
      },
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
    const starts = tables[0]!;
    for (let p = 0; p < s.players; p++) {
      const row = 2 * s.startOrder[p]!;
      starts[row]! += s.seatSquished[p]! > 0 ? 1 : 0;
      starts[row + 1]! += 1;
    }
    const t = tables[1]!;
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
