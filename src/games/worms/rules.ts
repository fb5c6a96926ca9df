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

export function reset(s: WormsState, rng: Rng): void {
  // Build and shuffle the deck: every deck holds four of each rank 2..14.
  let n = 0;
  for (let c = 0; c < s.totalCards; c++) s.deck[n++] = 2 + ((c >> 2) % 13);
  rng.shuffle(s.deck, 0, n);
  s.deckLen = n;
  s.discardLen = 0;

  // Deal three worms of four to each seat, from the top of the deck; first card = bottom.
  for (let p = 0; p < s.players; p++) {
    s.seatAcesOnTopAtDeal[p] = 0;
    for (let k = 0; k < WORMS_PER_PLAYER; k++) {
      const w = p * WORMS_PER_PLAYER + k;
      s.bottom[w] = w * s.wormCap;
      s.top[w] = w * s.wormCap;
      for (let i = 0; i < CARDS_PER_WORM_AT_DEAL; i++) s.pushCard(w, s.deck[--s.deckLen]!);
      s.dealtTop[w] = s.topCard(w);
      if (s.topCard(w) === ACE) s.seatAcesOnTopAtDeal[p]!++;
    }
    s.living[p] = WORMS_PER_PLAYER;
    s.eliminatedAtTurn[p] = -1;
    s.seatAttacks[p] = 0;
    s.seatDarksides[p] = 0;
    s.seatCardsTaken[p] = 0;
    s.seatWormsKilled[p] = 0;
  }
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
 */
export function legalActions(s: WormsState, out: Int32Array): number {
  const me = s.toMove;
  // Gather the living opponents' top cards once (plain version: loop over them inside the
  // loop over own worms, as the doc's order reads; the output order is the same).
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
    const own = attackAction(a, 0, 0, 0);
    if (oneWorm && len >= 2) {
      for (let i = 0; i < m; i++)
        if (x >= tops[i]!) {
          out[n++] = own + codes[i]!;
          out[n++] = own + codes[i]! + 1;
        }
    } else {
      for (let i = 0; i < m; i++) if (x >= tops[i]!) out[n++] = own + codes[i]!;
    }
  }
  if (s.canDraw()) for (let a = 0; a < WORMS_PER_PLAYER; a++) if ((mine & (1 << a)) !== 0) out[n++] = DARKSIDE + a;
  if (n === 0) out[n++] = PASS;
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
  let next = me;
  do next = (next + 1) % s.players;
  while (s.living[next] === 0);
  // A new round starts when play passes the first seat again (eliminated seats skipped).
  const n = s.players;
  if ((next - s.firstSeat + n) % n <= (me - s.firstSeat + n) % n) s.rounds++;
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
