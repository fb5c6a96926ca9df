/**
 * Squirmish game state: typed arrays allocated once per worker, rewound by `reset` for each game.
 *
 * Cards. A game holds `nInst` card instances (0..nInst-1); `instCard[i]` is the instance's card
 * type (a row of the compiled CardTable). Every instance is in exactly one place (`loc`): the
 * deck, a hand, the grid, the discard pile, a victory pile, picked (weigh-in pick or draft row),
 * or set aside (cut off by a fragmentation, waiting to be re-attached).
 *
 * The grid. The Squirmish lives on an unbounded square grid; we store a W x W window of it
 * (cell = y * W + x) with W = 3N + 6, N = the most cards that can be in play. Invariant: every
 * card in play lies in [2, W-3] on both axes, so the four neighbours of a card and of an open
 * edge are always inside the window. A connected set of N cards spans at most N cells in each
 * direction; whenever a card lands in the 2-cell margin the whole Squirmish is translated back
 * to the centre (`recenter`), which keeps the invariant for any game length. With the
 * Squirmish centred, a cut-off fragment (at most N-1 cells) attached anywhere still fits
 * (3N + 6 >= N/2 + N + margins on each side), so fragment placements never need clipping.
 */
import type { GameState } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import type { CardTable } from './card-table.js';
import {
  CARD_COLS, CC_HEALED, GAME_COUNTERS, G_HEALING, G_PLACEMENTS, G_RESHUFFLES, KO_LIST_CAP, SEAT_COUNTERS, S_PLACEMENTS,
  rowsOf,
} from './counters.js';
import { type SquirmishRules, deckCapacity, tableOf, dealOf, editionOf, miniDecksOf } from './params.js';
import { GameHeader } from '../kit/game-header.js';
import { type EventLog, attachEventLog } from '../kit/event-log.js';
import { DEC_NONE, EV_CAP, LOC_DECK, LOC_DISCARD, LOC_GRID, LOC_HAND, LOC_VICTORY, PH_TURN, QCAP, SLOTS } from './state-codes.js';

/** Most options any decision can have (sizes action buffers). */
export function actionCapacityOf(s: { maxInst: number; maxInPlay: number }): number {
  const hand = s.maxInst;
  const cells = 2 * s.maxInPlay + 2;
  const pairs = (s.maxInPlay * (s.maxInPlay - 1)) / 2;
  return hand * cells + hand * s.maxInPlay + 4 * s.maxInPlay + pairs + s.maxInPlay * s.maxInPlay + 4 * s.maxInst + 16;
}

export class SquirmishState extends GameHeader implements GameState {
  readonly table: CardTable;
  readonly maxInst: number;
  readonly deal: number;
  /** The edition in play (rules.edition with auto resolved for the player count). */
  readonly videogame: boolean;
  /** Most cards in play at once, and the grid window's side. */
  readonly maxInPlay: number;
  readonly W: number;
  readonly center: number;

  nInst = 0;
  readonly instCard: Int16Array;
  readonly loc: Int8Array;
  readonly owner: Int8Array;
  readonly damage: Int16Array;
  readonly cell: Int16Array;
  readonly knownBy: Uint8Array;
  /** Attacks made since the card entered play (the first attack is the one made at 0). */
  readonly attacksMade: Int16Array;
  /** Tabletop battle cry: the turn in which the card was placed (-1: spent or none). */
  readonly cryTurn: Int32Array;
  /**
   * Videogame battle cry spent: 1 once the card has made its first attack ever in this game. Not
   * cleared when the card re-enters play (rules doc, Editions: "+1 on the card's first attack ever").
   */
  readonly cryUsed: Uint8Array;
  readonly movedTurn: Int32Array;
  /** Statuses are active while turns < the stored turn. */
  readonly noAttackUntil: Int32Array;
  readonly notAttackableUntil: Int32Array;
  /** Status cannot-attack-me: the one card this card may not attack (-1: none), until noAttackOnUntil. */
  readonly noAttackOn: Int16Array;
  readonly noAttackOnUntil: Int32Array;
  /** Seat credited with a knock-out of this card (the controller of the last card that hurt it), and whether that card had ko-override. */
  readonly lastHitBy: Int8Array;
  readonly lastHitOverride: Uint8Array;
  /** The card whose hit or knock-out effect was last (for per-card knock-out counts). */
  readonly lastHitSource: Int16Array;
  readonly koMarked: Uint8Array;
  /** Turn in which each once-per-turn slot was last used (-1: never). */
  readonly slotUsed: Int32Array;

  readonly deck: Int16Array;
  deckLen = 0;
  readonly discard: Int16Array;
  discardLen = 0;
  readonly hand: Int16Array;
  readonly handLen: Int16Array;
  readonly victory: Int16Array;
  readonly victoryLen: Int16Array;
  readonly inPlay: Int16Array;
  readonly groupInPlay: Int16Array;
  readonly pickOf: Int16Array;
  readonly draftRow: Int16Array;
  draftLen = 0;
  readonly aside: Int16Array;
  asideLen = 0;
  /** Fragments (reattach: fragments): anchor instance of the fragment and the card's offset from it. */
  readonly fragAnchor: Int16Array;
  readonly fragDx: Int8Array;
  readonly fragDy: Int8Array;

  readonly grid: Int16Array;
  readonly gridList: Int16Array;
  readonly gridIndex: Int16Array;
  gridCount = 0;

  // Turn machine.
  phase = PH_TURN;
  dec = DEC_NONE;
  mover = 0;
  stepIdx = 0;
  /** Weigh-in / draft progress. */
  setupSeat = 0;
  setupCount = 0;
  /** Clean-up progress: 0 knock-outs, 1 re-attachment, 2 consolation prizes, 3 done. */
  cuStage = 0;
  /** Seats owed a consolation prize in this clean-up (bit mask). */
  consolationMask = 0;
  placedThisTurn = 0;
  readonly lastTurnOf: Int32Array;
  /** The current step is over: the hand limit is checked, then the next step starts. */
  stepEnding = false;
  /** Setup is over: the hand limit is checked before the first step of the first turn. */
  setupHandCheck = false;
  /** Groups named in this game of 2 Group Monte (bit mask). */
  monteMask = 0;
  /** The group each seat named in this game of 2 Group Monte (-1: none), for the `groupMatchups` table. */
  readonly monteNamed: Int8Array;
  /** First seat of a draft (drawn at random). */
  draftStart = 0;
  /** Re-attachment order: seats after the mover already done (cards mode). */
  reattachSeat = 0;

  /** The pending decision's options, cached by `advance` (-1: not cached; recomputed on demand). */
  optN = -1;
  readonly opts: Int32Array;

  // Effect queue (ring buffer).
  qHead = 0;
  qLen = 0;
  readonly jobKind: Int8Array;
  readonly jobEff: Int32Array;
  readonly jobSource: Int16Array;
  readonly jobSeat: Int8Array;
  readonly jobTarget: Int16Array;
  readonly jobAttacker: Int16Array;
  readonly jobAmount: Int16Array;
  readonly jobFace: Int8Array;
  readonly jobRoll: Int8Array;
  readonly jobCount: Int16Array;
  readonly jobData: Int16Array;
  readonly jobDepth: Int8Array;
  /** Pending re-roll: the rolled face of the attack job at the queue head, and the card whose re-roll is offered. */
  pendingFace = 0;
  rerollCard = -1;

  // What happened since the last decision, for traces (render.ts): attacks and knock-outs.
  /**
   * Per event (the kit's EventLog, non-enumerable): kind (EV_*), then card, other card, die face,
   * amount, special ability index or -1, re-rolled.
   */
  declare readonly eventLog: EventLog;
  /** Abilities that fired since the last decision (ability index * 256 + card instance). */
  readonly recentAbilities: Int32Array;
  recentCount = 0;
  /** Was the attack die of the attack job at the queue head re-rolled. */
  lastRerolled = 0;

  // Measurements (metrics.ts), reset per game.
  readonly gameCounters: Int32Array;
  readonly seatCounters: Int32Array;
  /** Per card row: CARD_COLS sums for this game. */
  readonly cardStats: Int32Array;
  /** This game's knock-outs as (knocker row * rows + knocked-out row), for the KO matrix. */
  readonly koList: Int32Array;
  koCount = 0;
  /** Per card row: seats that drew it / placed it (bit masks). */
  readonly drawnMask: Uint8Array;
  readonly placedMask: Uint8Array;
  /** Card type -> metrics row (-1: not a row of this deck style). */
  readonly rowOfCard: Int16Array;
  readonly rowCards: Int16Array;
  /** Card types of the fixed part of the deck (custom decklist, mini-decks), in order. */
  readonly fixedCards: Int16Array;

  constructor(
    readonly rules: SquirmishRules,
    readonly players: number,
  ) {
    super();
    this.table = tableOf(rules);
    this.maxInst = deckCapacity(rules, players);
    this.deal = dealOf(rules, players);
    this.videogame = editionOf(rules, players) === 'videogame';
    this.maxInPlay = players * rules.inPlayLimit;
    this.W = 3 * this.maxInPlay + 6;
    this.center = (this.W >> 1) * this.W + (this.W >> 1);
    const M = this.maxInst;
    this.instCard = new Int16Array(M);
    this.loc = new Int8Array(M);
    this.owner = new Int8Array(M);
    this.damage = new Int16Array(M);
    this.cell = new Int16Array(M);
    this.knownBy = new Uint8Array(M);
    this.attacksMade = new Int16Array(M);
    this.cryTurn = new Int32Array(M);
    this.cryUsed = new Uint8Array(M);
    this.movedTurn = new Int32Array(M);
    this.noAttackUntil = new Int32Array(M);
    this.notAttackableUntil = new Int32Array(M);
    this.noAttackOn = new Int16Array(M);
    this.noAttackOnUntil = new Int32Array(M);
    this.lastHitBy = new Int8Array(M);
    this.lastHitOverride = new Uint8Array(M);
    this.lastHitSource = new Int16Array(M);
    this.koMarked = new Uint8Array(M);
    this.slotUsed = new Int32Array(M * SLOTS);
    this.deck = new Int16Array(M);
    this.discard = new Int16Array(M);
    this.hand = new Int16Array(players * M);
    this.handLen = new Int16Array(players);
    this.victory = new Int16Array(players * M);
    this.victoryLen = new Int16Array(players);
    this.inPlay = new Int16Array(players);
    this.groupInPlay = new Int16Array(Math.max(1, this.table.groupCount));
    this.monteNamed = new Int8Array(players).fill(-1);
    this.pickOf = new Int16Array(players);
    this.draftRow = new Int16Array(M);
    this.aside = new Int16Array(M);
    this.fragAnchor = new Int16Array(M);
    this.fragDx = new Int8Array(M);
    this.fragDy = new Int8Array(M);
    this.grid = new Int16Array(this.W * this.W);
    this.gridList = new Int16Array(M);
    this.gridIndex = new Int16Array(M);
    this.lastTurnOf = new Int32Array(players);
    this.opts = new Int32Array(actionCapacityOf(this));
    this.jobKind = new Int8Array(QCAP);
    this.jobEff = new Int32Array(QCAP);
    this.jobSource = new Int16Array(QCAP);
    this.jobSeat = new Int8Array(QCAP);
    this.jobTarget = new Int16Array(QCAP);
    this.jobAttacker = new Int16Array(QCAP);
    this.jobAmount = new Int16Array(QCAP);
    this.jobFace = new Int8Array(QCAP);
    this.jobRoll = new Int8Array(QCAP);
    this.jobCount = new Int16Array(QCAP);
    this.jobData = new Int16Array(QCAP);
    this.jobDepth = new Int8Array(QCAP);
    this.recentAbilities = new Int32Array(16);
    attachEventLog(this, EV_CAP);
    this.gameCounters = new Int32Array(GAME_COUNTERS);
    this.seatCounters = new Int32Array(players * SEAT_COUNTERS);
    const rows = rowsOf(rules, this.table);
    this.rowCards = Int16Array.from(rows);
    this.rowOfCard = new Int16Array(this.table.count).fill(-1);
    rows.forEach((c, r) => (this.rowOfCard[c] = r));
    this.cardStats = new Int32Array(rows.length * CARD_COLS);
    this.koList = new Int32Array(KO_LIST_CAP);
    this.drawnMask = new Uint8Array(rows.length);
    this.placedMask = new Uint8Array(rows.length);
    const fixed: string[] =
      rules.deckStyle === 'custom' && Array.isArray(rules.decklist)
        ? rules.decklist
        : rules.deckStyle === 'mini' || rules.deckStyle === 'constructed-mini'
          ? miniDecksOf(rules, players).flat()
          : [];
    this.fixedCards = Int16Array.from(fixed.map((n) => this.table.indexOf(n)));
  }

  card(i: number): number {
    return this.instCard[i]!;
  }
  hpOf(i: number): number {
    return this.table.hp[this.instCard[i]!]!;
  }
  /**
   * Knocked out and waiting for clean-up: its damage reached its HP, or a `ko` effect marked it.
   * A knocked-out card stays knocked out (healing cannot undo it) and starts nothing more.
   */
  isOut(i: number): boolean {
    return this.koMarked[i] === 1 || this.damage[i]! >= this.hpOf(i);
  }
  groupOf(i: number): number {
    return this.table.group[this.instCard[i]!]!;
  }
  rowOf(i: number): number {
    return this.rowOfCard[this.instCard[i]!]!;
  }

  /** Cards 0..cols-1 of a row, for measurement sums. */
  stat(i: number, col: number, add: number): void {
    const r = this.rowOfCard[this.instCard[i]!]!;
    if (r >= 0) this.cardStats[r * CARD_COLS + col]! += add;
  }

  // ----- piles -------------------------------------------------------------------------------

  addToHand(p: number, i: number): void {
    this.hand[p * this.maxInst + this.handLen[p]!] = i;
    this.handLen[p]!++;
    this.loc[i] = LOC_HAND;
    this.owner[i] = p;
    this.knownBy[i] = this.knownBy[i]! | (1 << p);
    const r = this.rowOf(i);
    if (r >= 0) this.drawnMask[r] = this.drawnMask[r]! | (1 << p);
  }

  /** Remove instance i from p's hand (order of the rest is kept: hands enumerate in order). */
  removeFromHand(p: number, i: number): void {
    const base = p * this.maxInst;
    const n = this.handLen[p]!;
    let k = 0;
    while (k < n && this.hand[base + k] !== i) k++;
    for (; k < n - 1; k++) this.hand[base + k] = this.hand[base + k + 1]!;
    this.handLen[p] = n - 1;
  }

  handCard(p: number, k: number): number {
    return this.hand[p * this.maxInst + k]!;
  }

  toDiscard(i: number): void {
    this.discard[this.discardLen++] = i;
    this.loc[i] = LOC_DISCARD;
    this.owner[i] = -1;
    this.damage[i] = 0;
    this.knownBy[i] = 0xff;
  }

  toVictory(p: number, i: number): void {
    this.victory[p * this.maxInst + this.victoryLen[p]!] = i;
    this.victoryLen[p]!++;
    this.loc[i] = LOC_VICTORY;
    this.owner[i] = p;
    this.damage[i] = 0;
    this.knownBy[i] = 0xff;
  }

  /** Shuffle the discard pile into the deck (it goes under whatever is left). */
  recycleDiscard(rng: Rng): void {
    if (this.discardLen === 0) return;
    // Existing deck cards stay on top: shift them up, put the shuffled pile below.
    const n = this.discardLen;
    this.deck.copyWithin(n, 0, this.deckLen);
    for (let k = 0; k < n; k++) {
      const i = this.discard[k]!;
      this.deck[k] = i;
      this.loc[i] = LOC_DECK;
      this.knownBy[i] = 0;
    }
    rng.shuffle(this.deck, 0, n);
    this.deckLen += n;
    this.discardLen = 0;
    this.gameCounters[G_RESHUFFLES]!++;
  }

  /** The top card of p's victory pile goes to the discard pile. */
  unprize(p: number): void {
    const n = this.victoryLen[p]!;
    if (n === 0) return;
    const i = this.victory[p * this.maxInst + n - 1]!;
    this.victoryLen[p] = n - 1;
    this.toDiscard(i);
  }

  // ----- grid --------------------------------------------------------------------------------

  /** Forget the cached options (after changing a state by hand, e.g. in a test). */
  invalidate(): void {
    this.optN = -1;
  }

  /**
   * Put instance i (controlled by p) on an empty cell, keeping its damage and flags
   * (re-attachment, weigh-in). With `centre` false the caller re-centres after placing a group
   * of cards whose cells were computed together (a fragment).
   */
  putOnGrid(i: number, p: number, c: number, centre = true): void {
    this.grid[c] = i + 1;
    this.cell[i] = c;
    this.loc[i] = LOC_GRID;
    this.owner[i] = p;
    this.knownBy[i] = 0xff;
    this.gridIndex[i] = this.gridCount;
    this.gridList[this.gridCount++] = i;
    this.inPlay[p]!++;
    const g = this.groupOf(i);
    if (g >= 0) this.groupInPlay[g]!++;
    if (centre) this.keepCentered(c);
  }

  /** Clear what a card carries only while in play (it enters play fresh). */
  freshInPlay(i: number): void {
    this.damage[i] = 0;
    this.attacksMade[i] = 0;
    this.cryTurn[i] = -1;
    this.movedTurn[i] = -1;
    this.noAttackUntil[i] = 0;
    this.notAttackableUntil[i] = 0;
    this.noAttackOn[i] = -1;
    this.noAttackOnUntil[i] = 0;
    this.lastHitBy[i] = -1;
    this.lastHitOverride[i] = 0;
    this.lastHitSource[i] = -1;
    this.koMarked[i] = 0;
    const base = i * SLOTS;
    for (let k = 0; k < SLOTS; k++) this.slotUsed[base + k] = -1;
  }

  /** A card placed by seat p from hand (or a pick): put it down, note it for the measurements and the tabletop battle cry. */
  placeCard(i: number, p: number, c: number): void {
    this.freshInPlay(i);
    this.putOnGrid(i, p, c);
    const r = this.rowOf(i);
    if (r >= 0) this.placedMask[r] = this.placedMask[r]! | (1 << p);
    this.gameCounters[G_PLACEMENTS]!++;
    this.seatCounters[p * SEAT_COUNTERS + S_PLACEMENTS]!++;
    if (!this.videogame) this.cryTurn[i] = this.turns;
  }

  /** Take instance i off the grid (its loc is set by the caller). */
  takeOffGrid(i: number): void {
    const c = this.cell[i]!;
    this.grid[c] = 0;
    this.cell[i] = -1;
    const k = this.gridIndex[i]!;
    const last = this.gridList[--this.gridCount]!;
    this.gridList[k] = last;
    this.gridIndex[last] = k;
    this.inPlay[this.owner[i]!]!--;
    const g = this.groupOf(i);
    if (g >= 0) this.groupInPlay[g]!--;
  }

  /** Take instance i out of the cards set aside (its loc is set by the caller). */
  removeAside(i: number): void {
    for (let k = 0; k < this.asideLen; k++)
      if (this.aside[k] === i) {
        this.aside[k] = this.aside[--this.asideLen]!;
        return;
      }
  }

  swapCells(a: number, b: number): void {
    const ca = this.cell[a]!;
    const cb = this.cell[b]!;
    this.cell[a] = cb;
    this.cell[b] = ca;
    this.grid[ca] = b + 1;
    this.grid[cb] = a + 1;
  }

  /** Instance on cell c, or -1. */
  at(c: number): number {
    return this.grid[c]! - 1;
  }

  /** True if c is empty and shares an edge with a card in play. */
  isOpenEdge(c: number): boolean {
    const g = this.grid;
    const W = this.W;
    return g[c] === 0 && (g[c - 1] !== 0 || g[c + 1] !== 0 || g[c - W] !== 0 || g[c + W] !== 0);
  }

  adjacent(a: number, b: number): boolean {
    const d = this.cell[a]! - this.cell[b]!;
    return d === 1 || d === -1 || d === this.W || d === -this.W;
  }

  /** Re-centre if any card in play lies in the window's two-cell margin. */
  keepAllCentered(): void {
    for (let k = 0; k < this.gridCount; k++) {
      const c = this.cell[this.gridList[k]!]!;
      const x = c % this.W;
      const y = (c - x) / this.W;
      if (x < 2 || y < 2 || x > this.W - 3 || y > this.W - 3) {
        this.recenter();
        return;
      }
    }
  }

  private keepCentered(c: number): void {
    const W = this.W;
    const x = c % W;
    const y = (c - x) / W;
    if (x < 2 || y < 2 || x > W - 3 || y > W - 3) this.recenter();
  }

  /** Translate every card in play so the Squirmish's bounding box is centred in the window. */
  recenter(): void {
    if (this.gridCount === 0) return;
    const W = this.W;
    let minX = W;
    let minY = W;
    let maxX = 0;
    let maxY = 0;
    for (let k = 0; k < this.gridCount; k++) {
      const c = this.cell[this.gridList[k]!]!;
      const x = c % W;
      const y = (c - x) / W;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const dx = (W >> 1) - ((minX + maxX) >> 1);
    const dy = (W >> 1) - ((minY + maxY) >> 1);
    if (dx === 0 && dy === 0) return;
    for (let k = 0; k < this.gridCount; k++) this.grid[this.cell[this.gridList[k]!]!] = 0;
    const shift = dy * W + dx;
    for (let k = 0; k < this.gridCount; k++) {
      const i = this.gridList[k]!;
      const c = this.cell[i]! + shift;
      this.cell[i] = c;
      this.grid[c] = i + 1;
    }
  }

  /** True if the Squirmish's bounding box is near the middle of the window (for fragment placement). */
  centred(): boolean {
    if (this.gridCount === 0) return true;
    const W = this.W;
    const lo = (W >> 1) - (this.maxInPlay >> 1) - 1;
    const hi = (W >> 1) + (this.maxInPlay >> 1) + 1;
    for (let k = 0; k < this.gridCount; k++) {
      const c = this.cell[this.gridList[k]!]!;
      const x = c % W;
      const y = (c - x) / W;
      if (x < lo || x > hi || y < lo || y > hi) return false;
    }
    return true;
  }

  // ----- damage ------------------------------------------------------------------------------

  /** Heal instance i by n (never above its starting HP); `source` gets the credit in the measurements. */
  healCard(i: number, n: number, source: number): number {
    if (this.isOut(i)) return 0; // knocked out at once: healing comes too late
    const healed = Math.min(n, this.damage[i]!);
    if (healed <= 0) return 0;
    this.damage[i]! -= healed;
    this.gameCounters[G_HEALING]! += healed;
    this.stat(source, CC_HEALED, healed);
    return healed;
  }
}
