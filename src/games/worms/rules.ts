/**
 * Worms rules, exactly as docs/rules/worms.md fixes them (all variants: decks, firstSeat,
 * runIncludesEqual, suddenDeath, maxTurns). Hot path: nothing here allocates per move.
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { WormsState, ACE, belowTopValue } from './state.js';
import { WORMS_PER_PLAYER, CARDS_PER_WORM_AT_DEAL } from './params.js';
import {
  DARKSIDE,
  PASS,
  attackAction,
  isAttack,
  attackNoDraw,
  attackOwnWorm,
  attackTargetSeat,
  attackTargetWorm,
} from './actions.js';

/**
 * The unshuffled deck (four of each rank 2..14 per deck), built once per deck size and copied
 * at every reset: building it card by card cost a 2-player random game a few percent.
 */
let orderedDeck = new Int8Array(0);

function orderedDeckOf(totalCards: number): Int8Array {
  if (orderedDeck.length !== totalCards) {
    orderedDeck = new Int8Array(totalCards);
    for (let c = 0; c < totalCards; c++) orderedDeck[c] = 2 + ((c >> 2) % 13);
  }
  return orderedDeck;
}

export function reset(s: WormsState, rng: Rng): void {
  const n = s.totalCards;
  s.deck.set(orderedDeckOf(n));
  rng.shuffle(s.deck, 0, n);
  s.discardLen = 0;

  // Deal three worms of four to each seat, from the top of the deck; first card = bottom. Each
  // worm starts at the bottom of its region (wormCap >= 52 cards), so no push needs compacting.
  let deckLen = n;
  for (let p = 0; p < s.players; p++) {
    s.seatAcesOnTopAtDeal[p] = 0;
    for (let k = 0; k < WORMS_PER_PLAYER; k++) {
      const w = p * WORMS_PER_PLAYER + k;
      const base = w * s.wormCap;
      for (let i = 0; i < CARDS_PER_WORM_AT_DEAL; i++) s.cards[base + i] = s.deck[--deckLen]!;
      s.bottom[w] = base;
      s.top[w] = base + CARDS_PER_WORM_AT_DEAL;
      const top = s.cards[base + CARDS_PER_WORM_AT_DEAL - 1]!;
      s.dealtTop[w] = top;
      if (top === ACE) s.seatAcesOnTopAtDeal[p]!++;
    }
    s.living[p] = WORMS_PER_PLAYER;
    s.eliminatedAtTurn[p] = -1;
    s.seatAttacks[p] = 0;
    s.seatDarksides[p] = 0;
    s.seatCardsTaken[p] = 0;
    s.seatWormsKilled[p] = 0;
  }
  s.deckLen = deckLen;
  s.alivePlayers = s.players;
  s.eliminationCount = 0;
  s.suddenDeathActive = false;
  s.suddenDeathTurns = 0;
  s.noDrawAttacks = 0;
  s.passes = 0;
  s.reshuffles = 0;
  s.suddenDeathRemovals = 0;

  s.resetHeader(1);
  s.firstSeat = s.rules.firstSeat === 'random' || s.rules.setup === 'random' ? rng.int(s.players) : 0;
  s.toMove = s.firstSeat;
}

/**
 * Legal actions in the reference order of the rules doc: for each own living worm a, each
 * living opponent p by seat, each living worm t of p: Attack(a,p,t) then Attack(a,p,t,noDraw);
 * then Darkside(a) for each own living worm; Pass only if nothing else is legal.
 *
 * The targets (living opponents' worms, with their top cards) are gathered once per call (plain
 * version: loop over them inside the loop over own worms, as the doc's order reads; the output
 * order is the same). With two seats, the most played case, the one opponent's three top cards
 * are held in locals and compared written out (attacksOnOpponent); with more, they go through
 * the scratch arrays (attacksOnTargets).
 */
export function legalActions(s: WormsState, out: Int32Array): number {
  const me = s.toMove;
  const twoSeats = s.players === 2;
  const opp = 1 - me; // the opponent, with two seats
  const oppBase = opp * WORMS_PER_PLAYER;
  let t0 = NO_TARGET;
  let t1 = NO_TARGET;
  let t2 = NO_TARGET;
  let m = 0;
  if (twoSeats) {
    t0 = topOrNoTarget(s, oppBase);
    t1 = topOrNoTarget(s, oppBase + 1);
    t2 = topOrNoTarget(s, oppBase + 2);
  } else m = gatherTargets(s, me);
  const myBase = me * WORMS_PER_PLAYER;
  const oneWorm = s.living[me] === 1;
  let n = 0;
  let mine = 0; // bit a: own worm a is alive (for the darksides below)
  for (let a = 0; a < WORMS_PER_PLAYER; a++) {
    const wa = myBase + a;
    const top = s.top[wa]!;
    const len = top - s.bottom[wa]!;
    if (len === 0) continue;
    mine |= 1 << a;
    const x = s.cards[top - 1]!;
    const withNoDraw = oneWorm && len >= 2;
    if (twoSeats) n = attacksOnOpponent(out, n, x, attackAction(a, opp, 0, 0), withNoDraw, t0, t1, t2);
    else n = attacksOnTargets(s, out, n, x, attackAction(a, 0, 0, 0), withNoDraw, m);
  }
  if (s.canDraw()) for (let a = 0; a < WORMS_PER_PLAYER; a++) if ((mine & (1 << a)) !== 0) out[n++] = DARKSIDE + a;
  if (n === 0) out[n++] = PASS;
  return n;
}

/** A top card no card reaches (ranks are at most 14): an empty worm, which cannot be attacked. */
const NO_TARGET = 99;

function topOrNoTarget(s: WormsState, w: number): number {
  const top = s.top[w]!;
  return top === s.bottom[w] ? NO_TARGET : s.cards[top - 1]!;
}

/** The living opponents' worms into the scratch arrays: top card and Attack(0, p, t) code. */
function gatherTargets(s: WormsState, me: number): number {
  const tops = s.scratchTops;
  const codes = s.scratchCodes;
  let m = 0;
  for (let p = 0; p < s.players; p++) {
    if (p === me || s.living[p] === 0) continue;
    for (let t = 0; t < WORMS_PER_PLAYER; t++) {
      const w = p * WORMS_PER_PLAYER + t;
      const top = s.top[w]!;
      if (top === s.bottom[w]) continue;
      tops[m] = s.cards[top - 1]!;
      codes[m++] = attackAction(0, p, t, 0);
    }
  }
  return m;
}

/** Two seats: own top card x attacks the opponent's worms t = 0..2 (code: Attack(a, opp, 0), target t adds 2t). */
function attacksOnOpponent(out: Int32Array, n: number, x: number, code: number, withNoDraw: boolean, t0: number, t1: number, t2: number): number {
  if (withNoDraw) {
    if (x >= t0) {
      out[n++] = code;
      out[n++] = code + 1;
    }
    if (x >= t1) {
      out[n++] = code + 2;
      out[n++] = code + 3;
    }
    if (x >= t2) {
      out[n++] = code + 4;
      out[n++] = code + 5;
    }
  } else {
    if (x >= t0) out[n++] = code;
    if (x >= t1) out[n++] = code + 2;
    if (x >= t2) out[n++] = code + 4;
  }
  return n;
}

/** More seats: own top card x (code: Attack(a, 0, 0)) attacks the m gathered targets. */
function attacksOnTargets(s: WormsState, out: Int32Array, n: number, x: number, own: number, withNoDraw: boolean, m: number): number {
  const tops = s.scratchTops;
  const codes = s.scratchCodes;
  if (withNoDraw) {
    for (let i = 0; i < m; i++)
      if (x >= tops[i]!) {
        out[n++] = own + codes[i]!;
        out[n++] = own + codes[i]! + 1;
      }
  } else {
    for (let i = 0; i < m; i++) if (x >= tops[i]!) out[n++] = own + codes[i]!;
  }
  return n;
}

/**
 * Cards an attack on worm w would remove: its top card plus the descending run below it.
 * Pure (reads only), so policies use it to evaluate attacks without copying the state.
 */
export function cardsRemovedByAttack(s: WormsState, w: number): number {
  const bottom = s.bottom[w]!;
  let i = s.top[w]! - 1;
  let prev = s.cards[i]!; // the attacked top card, at its top value (ace = 14)
  const orEqual = s.rules.runIncludesEqual;
  let removed = 1;
  for (i--; i >= bottom; i--) {
    const v = belowTopValue(s.cards[i]!);
    if (v < prev || (orEqual && v === prev)) {
      removed++;
      prev = v;
    } else break;
  }
  return removed;
}

export function apply(s: WormsState, action: number, rng: Rng): void {
  const me = s.toMove;
  if (isAttack(action)) attack(s, me, action, rng);
  else if (action === PASS) s.passes++;
  else {
    draw(s, me * WORMS_PER_PLAYER + (action - DARKSIDE), rng);
    s.seatDarksides[me]!++;
  }
  s.turns++;
  if (s.suddenDeathActive) suddenDeathTick(s);
  else if (s.rules.suddenDeath) maybeStartSuddenDeath(s);
  endTurn(s, me);
}

function attack(s: WormsState, me: number, action: number, rng: Rng): void {
  const wa = me * WORMS_PER_PLAYER + attackOwnWorm(action);
  const p = attackTargetSeat(action);
  const wt = p * WORMS_PER_PLAYER + attackTargetWorm(action);
  s.toDiscard(s.popCard(wa));
  let prev = s.popCard(wt); // Y, compared at its top value (ace = 14)
  s.toDiscard(prev);
  let taken = 1;
  const orEqual = s.rules.runIncludesEqual;
  while (s.top[wt]! > s.bottom[wt]!) {
    const v = belowTopValue(s.topCard(wt));
    if (v < prev || (orEqual && v === prev)) {
      s.toDiscard(s.popCard(wt));
      prev = v;
      taken++;
    } else break;
  }
  s.seatAttacks[me]!++;
  s.seatCardsTaken[me]! += taken;
  if (s.top[wt] === s.bottom[wt]) {
    s.seatWormsKilled[me]!++;
    loseWorm(s, p);
  }
  if (attackNoDraw(action) === 1) s.noDrawAttacks++;
  else draw(s, wa, rng);
}

/** Deal one card onto worm w, reshuffling the discard pile into the deck if the deck is empty. */
function draw(s: WormsState, w: number, rng: Rng): void {
  if (s.deckLen === 0) {
    if (s.discardLen === 0) return;
    for (let i = 0; i < s.discardLen; i++) s.deck[i] = s.discard[i]!; // (a subarray view would allocate)
    s.deckLen = s.discardLen;
    s.discardLen = 0;
    rng.shuffle(s.deck, 0, s.deckLen);
    s.reshuffles++;
  }
  s.pushCard(w, s.deck[--s.deckLen]!);
}

function loseWorm(s: WormsState, p: number): void {
  s.living[p]!--;
  if (s.living[p] === 0) {
    s.eliminationOrder[s.eliminationCount++] = p;
    s.eliminatedAtTurn[p] = s.turns + 1; // the turn being played, counted from 1
    s.alivePlayers--;
  }
}

function maybeStartSuddenDeath(s: WormsState): void {
  if (s.alivePlayers !== 2) return;
  for (let p = 0; p < s.players; p++) if (s.living[p]! > 1) return;
  s.suddenDeathActive = true;
  s.suddenDeathTurns = 0;
}

/** Once both remaining players have had a turn since the last removal, each loses a bottom card. */
function suddenDeathTick(s: WormsState): void {
  if (++s.suddenDeathTurns < 2) return;
  s.suddenDeathTurns = 0;
  s.suddenDeathRemovals++;
  const turn = s.turns;
  // Remove from both worms before judging deaths: if both empty, both die at once (a draw).
  for (let p = 0; p < s.players; p++) {
    if (s.living[p] === 0) continue;
    for (let k = 0; k < WORMS_PER_PLAYER; k++) {
      const w = p * WORMS_PER_PLAYER + k;
      if (s.top[w] === s.bottom[w]) continue;
      s.toDiscard(s.cards[s.bottom[w]!]!);
      s.bottom[w]!++;
    }
  }
  for (let p = 0; p < s.players; p++) {
    if (s.living[p] === 0) continue;
    let worms = 0;
    for (let k = 0; k < WORMS_PER_PLAYER; k++) {
      const w = p * WORMS_PER_PLAYER + k;
      if (s.top[w] !== s.bottom[w]) worms++;
    }
    if (worms === 0) {
      s.living[p] = 0;
      s.eliminationOrder[s.eliminationCount++] = p;
      s.eliminatedAtTurn[p] = turn;
      s.alivePlayers--;
    }
  }
}

function endTurn(s: WormsState, me: number): void {
  if (s.alivePlayers <= 1) {
    s.terminal = true;
    s.winner = NO_WINNER;
    if (s.alivePlayers === 1) for (let p = 0; p < s.players; p++) if (s.living[p]! > 0) s.winner = p;
    return;
  }
  if (s.turns >= s.rules.maxTurns) {
    s.terminal = true;
    s.capped = true;
    return;
  }
  const n = s.players;
  let next = me;
  do next = next + 1 === n ? 0 : next + 1;
  while (s.living[next] === 0);
  // A new round starts when play passes the first seat again (eliminated seats skipped): the
  // seats counted from the first seat, without a modulo (seats and firstSeat are below n).
  const nextFromFirst = next >= s.firstSeat ? next - s.firstSeat : next - s.firstSeat + n;
  const meFromFirst = me >= s.firstSeat ? me - s.firstSeat : me - s.firstSeat + n;
  if (nextFromFirst <= meFromFirst) s.rounds++;
  s.toMove = next;
}

export function copy(d: WormsState, s: WormsState): void {
  copyState(d, s);
}

/**
 * The invariants of the rules doc: every card of every deck is in exactly one place, each
 * with the right multiplicity; a living worm is never empty and a dead one never refills;
 * eliminated seats never act; counters agree with the worms.
 */
export function checkInvariants(s: WormsState): string | null {
  const counts = new Int32Array(15);
  let total = s.deckLen + s.discardLen;
  for (let i = 0; i < s.deckLen; i++) counts[s.deck[i]!]!++;
  for (let i = 0; i < s.discardLen; i++) counts[s.discard[i]!]!++;
  let alive = 0;
  for (let p = 0; p < s.players; p++) {
    let worms = 0;
    for (let k = 0; k < WORMS_PER_PLAYER; k++) {
      const w = p * WORMS_PER_PLAYER + k;
      if (s.bottom[w]! > s.top[w]! || s.bottom[w]! < w * s.wormCap || s.top[w]! > (w + 1) * s.wormCap)
        return `worm ${w} has bounds ${s.bottom[w]}..${s.top[w]} outside its region`;
      total += s.wormLength(w);
      for (let i = s.bottom[w]!; i < s.top[w]!; i++) counts[s.cards[i]!]!++;
      if (s.wormLength(w) > 0) worms++;
    }
    if (worms !== s.living[p]) return `seat ${p} has ${worms} non-empty worms but ${s.living[p]} living`;
    if (worms > 0) alive++;
    if ((worms === 0) !== (s.eliminatedAtTurn[p] !== -1)) return `seat ${p} elimination record disagrees with its worms`;
  }
  if (total !== s.totalCards) return `${total} cards accounted for, expected ${s.totalCards}`;
  const perRank = s.totalCards / 13;
  for (let r = 2; r <= 14; r++) if (counts[r] !== perRank) return `rank ${r} appears ${counts[r]} times, expected ${perRank}`;
  if (alive !== s.alivePlayers) return `${alive} seats alive but alivePlayers = ${s.alivePlayers}`;
  if (!s.terminal && s.living[s.toMove] === 0) return `eliminated seat ${s.toMove} is to move`;
  if (s.terminal && !s.capped && s.alivePlayers > 1) return 'game ended with more than one seat alive';
  return null;
}
