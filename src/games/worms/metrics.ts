/** What Worms adds to the results, beyond wins and game length. Counts per game, summed. */
import type { GameMetricsSpec } from '../../sim/types.js';
import type { WormsState } from './state.js';
import { WORMS_PER_PLAYER } from './params.js';

const RANK_ROWS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export const wormsMetrics: GameMetricsSpec<WormsState> = {
  counters: [
    { name: 'attacks', description: 'attacks made' },
    { name: 'darksides', description: 'darksides made' },
    { name: 'passes', description: 'turns passed for want of a legal action' },
    { name: 'noDrawAttacks', description: 'attacks made under the one-worm rule without drawing' },
    { name: 'cardsTaken', description: "opponents' cards removed by attacks (attacked card and run)" },
    { name: 'wormsKilled', description: 'worms killed by attacks' },
    { name: 'reshuffles', description: 'times the discard pile was shuffled into a new deck' },
    { name: 'suddenDeathGames', description: 'games in which sudden death began' },
    { name: 'suddenDeathRemovals', description: 'sudden-death rounds that removed bottom cards' },
  ],
  seatCounters: [
    { name: 'attacks', description: 'attacks made by the seat' },
    { name: 'darksides', description: 'darksides made by the seat' },
    { name: 'cardsTaken', description: "opponents' cards the seat removed" },
    { name: 'wormsKilled', description: "opponents' worms the seat killed" },
    { name: 'acesOnTopAtDeal', description: 'worms dealt to the seat with an ace on top' },
    { name: 'eliminated', description: 'games in which the seat was eliminated' },
  ],
  record(s, counters, seat) {
    let attacks = 0;
    let darksides = 0;
    let taken = 0;
    let killed = 0;
    const k = 6;
    for (let p = 0; p < s.players; p++) {
      attacks += s.seatAttacks[p]!;
      darksides += s.seatDarksides[p]!;
      taken += s.seatCardsTaken[p]!;
      killed += s.seatWormsKilled[p]!;
      seat[p * k]! += s.seatAttacks[p]!;
      seat[p * k + 1]! += s.seatDarksides[p]!;
      seat[p * k + 2]! += s.seatCardsTaken[p]!;
      seat[p * k + 3]! += s.seatWormsKilled[p]!;
      seat[p * k + 4]! += s.seatAcesOnTopAtDeal[p]!;
      seat[p * k + 5]! += s.eliminatedAtTurn[p] === -1 ? 0 : 1;
    }
    counters[0]! += attacks;
    counters[1]! += darksides;
    counters[2]! += s.passes;
    counters[3]! += s.noDrawAttacks;
    counters[4]! += taken;
    counters[5]! += killed;
    counters[6]! += s.reshuffles;
    counters[7]! += s.suddenDeathActive ? 1 : 0;
    counters[8]! += s.suddenDeathRemovals;
  },
  tables: () => [
    {
      name: 'topCards',
      description: 'worms by the rank dealt on top, and how many of them belonged to the winner',
      rows: RANK_ROWS,
      columns: [
        { name: 'dealt', description: 'worms dealt with this rank on top' },
        { name: 'ownerWins', description: "of those, worms whose owner won the game" },
      ],
      rates: [{ name: 'ownerWinRate', wins: 'ownerWins', of: 'dealt', description: "win rate of the owner of a worm dealt this rank on top" }],
    },
    {
      name: 'acesOnTop',
      description: 'seats by the number of aces dealt on top of their worms, and their wins',
      rows: ['0', '1', '2', '3'],
      columns: [
        { name: 'seatGames', description: 'seats dealt this many aces on top' },
        { name: 'wins', description: 'of those, seats that won' },
      ],
      rates: [{ name: 'winRate', wins: 'wins', of: 'seatGames', description: 'win rate of a seat dealt this many aces on top' }],
    },
  ],
  recordTables(s, [topCards, acesOnTop]) {
    for (let w = 0; w < s.players * WORMS_PER_PLAYER; w++) {
      const row = s.dealtTop[w]! - 2;
      topCards![row * 2]!++;
      if (Math.floor(w / WORMS_PER_PLAYER) === s.winner) topCards![row * 2 + 1]!++;
    }
    for (let p = 0; p < s.players; p++) {
      const row = s.seatAcesOnTopAtDeal[p]!;
      acesOnTop![row * 2]!++;
      if (p === s.winner) acesOnTop![row * 2 + 1]!++;
    }
  },
};
