/**
 * Squirmish determinization for search policies (ISMCTS): re-deal what a seat cannot see.
 */
import type { Rng } from '../../sim/rng.js';
import { sortRange } from '../kit/canonical-order.js';
import { SquirmishState } from './state.js';
import { LOC_DECK, LOC_HAND, LOC_PICK, PH_WEIGH_PICK } from './state-codes.js';

let hidden = new Int16Array(0);
let slotsBuf = new Int32Array(0);

/**
 * Re-deal what `seat` cannot see: the deck's order and contents, other seats' hand cards it has
 * not seen, and other seats' unrevealed weigh-in picks. Those cards are shuffled among the same
 * places, so every count a player can see is kept.
 */
export function determinize(s: SquirmishState, seat: number, rng: Rng): void {
  s.optN = -1;
  if (hidden.length < s.maxInst) {
    hidden = new Int16Array(s.maxInst);
    slotsBuf = new Int32Array(s.maxInst);
  }
  let n = 0;
  const bit = 1 << seat;
  // Slots: deck positions (encoded -1 - k), hand positions p * maxInst + k, picks (1 << 20) + p.
  for (let k = 0; k < s.deckLen; k++) {
    hidden[n] = s.deck[k]!;
    slotsBuf[n++] = -1 - k;
  }
  for (let p = 0; p < s.players; p++) {
    if (p === seat) continue;
    for (let k = 0; k < s.handLen[p]!; k++) {
      const i = s.handCard(p, k);
      if ((s.knownBy[i]! & bit) !== 0) continue;
      hidden[n] = i;
      slotsBuf[n++] = p * s.maxInst + k;
    }
    const pick = s.pickOf[p]!;
    if (s.phase === PH_WEIGH_PICK && pick >= 0 && s.loc[pick] === LOC_PICK) {
      hidden[n] = pick;
      slotsBuf[n++] = (1 << 20) + p;
    }
  }
  // In card order first, so the deal drawn depends on the rng only, not on where the hidden cards
  // really are (the slots, unlike the cards, are all visible).
  sortRange(hidden, 0, n);
  rng.shuffle(hidden, 0, n);
  for (let k = 0; k < n; k++) {
    const i = hidden[k]!;
    const slot = slotsBuf[k]!;
    if (slot < 0) {
      s.deck[-1 - slot] = i;
      s.loc[i] = LOC_DECK;
      s.owner[i] = -1;
      s.knownBy[i] = 0;
    } else if (slot >= 1 << 20) {
      const p = slot - (1 << 20);
      s.pickOf[p] = i;
      s.loc[i] = LOC_PICK;
      s.owner[i] = p;
      s.knownBy[i] = 1 << p;
    } else {
      const p = Math.floor(slot / s.maxInst);
      s.hand[slot] = i;
      s.loc[i] = LOC_HAND;
      s.owner[i] = p;
      s.knownBy[i] = 1 << p;
    }
  }
}
