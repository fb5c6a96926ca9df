/** What Worms adds to the results, beyond wins and game length. Counts per game, summed. */
import type { GameMetricsSpec } from '../../sim/types.js';
import type { WormsState } from './state.js';
import { WORMS_PER_PLAYER } from './params.js';
import { defineCounters } from '../kit/counters.js';

const RANK_ROWS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

/** Whole-game counters, in summary order. */
const C = defineCounters({
  attacks: 'attacks made',
  darksides: 'darksides made',
  passes: 'turns passed for want of a legal action',
  noDrawAttacks: 'attacks made under the one-worm rule without drawing',
  cardsTaken: "opponents' cards removed by attacks (attacked card and run)",
  wormsKilled: 'worms killed by attacks',
  reshuffles: 'times the discard pile was shuffled into a new deck',
  suddenDeathGames: 'games in which sudden death began',
  suddenDeathRemovals: 'sudden-death rounds that removed bottom cards',
});

/** Per-seat counters, in summary order. */
const S = defineCounters({
  attacks: 'attacks made by the seat',
  darksides: 'darksides made by the seat',
  cardsTaken: "opponents' cards the seat removed",
  wormsKilled: "opponents' worms the seat killed",
  acesOnTopAtDeal: 'worms dealt to the seat with an ace on top',
  eliminated: 'games in which the seat was eliminated',
});

export const wormsMetrics: GameMetricsSpec<WormsState> = {
  counters: C.list,
  seatCounters: S.list,
  record(s, counters, seat) {
    let attacks = 0;
    let darksides = 0;
    let taken = 0;
    let killed = 0;
    const c = C.at;
    const k = S.at;
    for (let p = 0; p < s.players; p++) {
      attacks += s.seatAttacks[p]!;
      darksides += s.seatDarksides[p]!;
      taken += s.seatCardsTaken[p]!;
      killed += s.seatWormsKilled[p]!;
      const row = p * S.size;
      seat[row + k.attacks]! += s.seatAttacks[p]!;
      seat[row + k.darksides]! += s.seatDarksides[p]!;
      seat[row + k.cardsTaken]! += s.seatCardsTaken[p]!;
      seat[row + k.wormsKilled]! += s.seatWormsKilled[p]!;
      seat[row + k.acesOnTopAtDeal]! += s.seatAcesOnTopAtDeal[p]!;
      seat[row + k.eliminated]! += s.eliminatedAtTurn[p] === -1 ? 0 : 1;
    }
    counters[c.attacks]! += attacks;
    counters[c.darksides]! += darksides;
    counters[c.passes]! += s.passes;
    counters[c.noDrawAttacks]! += s.noDrawAttacks;
    counters[c.cardsTaken]! += taken;
    counters[c.wormsKilled]! += killed;
    counters[c.reshuffles]! += s.reshuffles;
    counters[c.suddenDeathGames]! += s.suddenDeathActive ? 1 : 0;
    counters[c.suddenDeathRemovals]! += s.suddenDeathRemovals;
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
      rates: [{ name: 'ownerWinRate', wins: 'ownerWins', of: 'dealt', description: "card strength: win rate of the owner of a worm dealt this rank on top", primary: true }],
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
