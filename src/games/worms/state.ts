/**
 * Worms game state: typed arrays allocated once per worker, rewound by `reset` for each game.
 *
 * Cards are stored as ranks 2..14 (J=11, Q=12, K=13, A=14); suits play no part. Worm w
 * (player p owns worms 3p..3p+2) occupies cards[w*wormCap .. (w+1)*wormCap); its cards are
 * cards[bottom[w] .. top[w]) from bottom to top. Sudden death removes bottom cards by moving
 * `bottom` up, so both ends are O(1); a worm that reaches the end of its region is compacted.
 * The deck's top card is deck[deckLen - 1].
 */
import type { GameState } from '../../sim/types.js';
import { type WormsRules, WORMS_PER_PLAYER, CARDS_PER_DECK, deckCount } from './params.js';
import { GameHeader } from '../kit/game-header.js';

export const ACE = 14;

/** Value of a card anywhere below the top of its worm: an ace counts 1 there. */
export const belowTopValue = (rank: number): number => (rank === ACE ? 1 : rank);

export class WormsState extends GameHeader implements GameState {
  readonly totalCards: number;
  readonly wormCap: number;
  readonly cards: Int8Array;
  readonly bottom: Int16Array;
  readonly top: Int16Array;
  readonly deck: Int8Array;
  deckLen = 0;
  readonly discard: Int8Array;
  discardLen = 0;

  /** Living worms per seat; a seat with none is eliminated. */
  readonly living: Int8Array;
  alivePlayers = 0;
  /** Seats in the order they were eliminated (eliminationCount entries). */
  readonly eliminationOrder: Int8Array;
  /** Turn at which each seat was eliminated, -1 while alive. */
  readonly eliminatedAtTurn: Int32Array;
  eliminationCount = 0;

  suddenDeathActive = false;
  /** Turns taken since sudden death began or last removed cards (a removal comes every 2). */
  suddenDeathTurns = 0;

  // Per-game measurements (see metrics.ts); reset with the game.
  readonly seatAttacks: Int32Array;
  readonly seatDarksides: Int32Array;
  readonly seatCardsTaken: Int32Array;
  readonly seatWormsKilled: Int32Array;
  readonly seatAcesOnTopAtDeal: Int8Array;
  /** legalActions' scratch: opponents' top cards and their attack codes (never copied). */
  readonly scratchTops: Int8Array;
  readonly scratchCodes: Int32Array;
  /** Rank on top of each worm as dealt (for win rate by the cards dealt on top). */
  readonly dealtTop: Int8Array;
  noDrawAttacks = 0;
  passes = 0;
  reshuffles = 0;
  suddenDeathRemovals = 0;

  constructor(
    readonly rules: WormsRules,
    readonly players: number,
  ) {
    super();
    this.totalCards = deckCount(rules, players) * CARDS_PER_DECK;
    this.wormCap = this.totalCards;
    const worms = players * WORMS_PER_PLAYER;
    this.cards = new Int8Array(worms * this.wormCap);
    this.bottom = new Int16Array(worms);
    this.top = new Int16Array(worms);
    this.deck = new Int8Array(this.totalCards);
    this.discard = new Int8Array(this.totalCards);
    this.living = new Int8Array(players);
    this.eliminationOrder = new Int8Array(players);
    this.eliminatedAtTurn = new Int32Array(players);
    this.seatAttacks = new Int32Array(players);
    this.seatDarksides = new Int32Array(players);
    this.seatCardsTaken = new Int32Array(players);
    this.seatWormsKilled = new Int32Array(players);
    this.seatAcesOnTopAtDeal = new Int8Array(players);
    this.dealtTop = new Int8Array(worms);
    this.scratchTops = new Int8Array(worms);
    this.scratchCodes = new Int32Array(worms);
  }

  wormLength(w: number): number {
    return this.top[w]! - this.bottom[w]!;
  }

  /** Rank of worm w's top card (worm must not be empty). */
  topCard(w: number): number {
    return this.cards[this.top[w]! - 1]!;
  }

  pushCard(w: number, rank: number): void {
    if (this.top[w] === (w + 1) * this.wormCap) this.compact(w);
    this.cards[this.top[w]!] = rank;
    this.top[w]!++;
  }

  popCard(w: number): number {
    this.top[w]!--;
    return this.cards[this.top[w]!]!;
  }

  /** Move worm w's cards back to the start of its region (rare: only after many sudden-death removals). */
  private compact(w: number): void {
    const base = w * this.wormCap;
    const len = this.wormLength(w);
    this.cards.copyWithin(base, this.bottom[w]!, this.top[w]!);
    this.bottom[w] = base;
    this.top[w] = base + len;
  }

  toDiscard(rank: number): void {
    this.discard[this.discardLen++] = rank;
  }

  /** Replace worm w's cards (bottom to top); for crafted positions in tests and examples. */
  setWorm(w: number, ranks: readonly number[]): void {
    const base = w * this.wormCap;
    for (let i = 0; i < ranks.length; i++) this.cards[base + i] = ranks[i]!;
    this.bottom[w] = base;
    this.top[w] = base + ranks.length;
  }

  /** Worm w's cards, bottom to top (allocates: for tests, traces and policies' setup only). */
  wormCards(w: number): number[] {
    return Array.from(this.cards.subarray(this.bottom[w]!, this.top[w]!));
  }

  /** True if a card can be drawn (from the deck, or from the discard pile reshuffled). */
  canDraw(): boolean {
    return this.deckLen + this.discardLen > 0;
  }
}
