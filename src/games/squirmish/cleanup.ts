/**
 * Squirmish clean-up (docs/rules/squirmish.md, "Clean-up"): knock-outs and their prizes, the win
 * check, fragmentation (the largest island stays; the rest is set aside to be re-attached) and
 * consolation prizes. Hot path: nothing here allocates per move.
 */
import type { Rng } from '../../sim/rng.js';
import { islands } from './board.js';
import { drawCard } from './resolve.js';
import { SquirmishState } from './state.js';
import {
  CC_KOED, CC_KOS, G_CONSOLATIONS, G_FRAGMENTATIONS, G_KOS, G_OWN_KOS, KO_LIST_CAP, SEAT_COUNTERS, S_KOED, S_KOS,
} from './counters.js';
import { DEC_CONSOLATION, DEC_REATTACH, EV_FRAGMENT, EV_KO, EV_OWN_KO, LOC_ASIDE } from './state-codes.js';

// Module scratch (one game at a time per thread): island labels and sizes, and the knocked-out cards.
let labels = new Int16Array(0);
let sizes = new Int16Array(0);

/** Grow the scratch for this state's card count (`reset` calls it). */
export function ensureCleanupScratch(s: SquirmishState): void {
  if (labels.length < s.maxInst) {
    labels = new Int16Array(s.maxInst);
    sizes = new Int16Array(s.maxInst);
  }
}

/** Clean-up: knock-outs, the win check, fragmentation and re-attachment, consolation prizes. */
export function cleanup(s: SquirmishState, rng: Rng): boolean {
  if (s.cuStage === 0) {
    let had = 0;
    for (let p = 0; p < s.players; p++) if (s.inPlay[p]! > 0) had |= 1 << p;
    let lost = 0;
    // Knock-outs, in the grid's order; collect first (removal reorders gridList).
    let nv = 0;
    for (let k = 0; k < s.gridCount; k++) {
      const i = s.gridList[k]!;
      if (s.isOut(i)) labels[nv++] = i;
    }
    for (let k = 0; k < nv; k++) {
      const i = labels[k]!;
      const o = s.owner[i]!;
      const credit = s.lastHitBy[i]!;
      s.takeOffGrid(i);
      lost |= 1 << o;
      s.stat(i, CC_KOED, 1);
      s.seatCounters[o * SEAT_COUNTERS + S_KOED]!++;
      const src = s.lastHitSource[i]!;
      if (src >= 0) {
        s.stat(src, CC_KOS, 1);
        const a = s.rowOf(src);
        const b = s.rowOf(i);
        if (a >= 0 && b >= 0 && s.koCount < KO_LIST_CAP) s.koList[s.koCount++] = a * s.rowCards.length + b;
      }
      if (credit >= 0 && (credit !== o || s.lastHitOverride[i] === 1)) {
        s.eventLog.add(EV_KO, i, credit, 0, 0, -1, 0);
        s.toVictory(credit, i);
        s.gameCounters[G_KOS]!++;
        s.seatCounters[credit * SEAT_COUNTERS + S_KOS]!++;
      } else {
        s.eventLog.add(EV_OWN_KO, i, credit, 0, 0, -1, 0);
        s.toDiscard(i);
        s.gameCounters[G_OWN_KOS]!++;
      }
    }
    for (let k = 0; k < s.players; k++) {
      const p = (s.mover + k) % s.players;
      if (s.victoryLen[p]! >= s.rules.victoryTarget) {
        s.terminal = true;
        s.winner = p;
        return false;
      }
    }
    s.consolationMask = 0;
    for (let p = 0; p < s.players; p++) if ((had & lost & (1 << p)) !== 0 && s.inPlay[p] === 0) s.consolationMask |= 1 << p;
    if (nv > 0 && s.gridCount > 0) fragment(s, rng);
    s.cuStage = 1;
    return false;
  }
  if (s.cuStage === 1) {
    if (s.asideLen === 0) {
      s.cuStage = 2;
      return false;
    }
    if (!s.centred()) s.recenter();
    if (s.rules.reattach === 'fragments') s.toMove = s.mover;
    else {
      for (let k = 0; k < s.players; k++) {
        const p = (s.mover + k) % s.players;
        let has = false;
        for (let j = 0; j < s.asideLen; j++) if (s.owner[s.aside[j]!] === p) has = true;
        if (has) {
          s.toMove = p;
          break;
        }
      }
    }
    s.dec = DEC_REATTACH;
    return true;
  }
  if (s.consolationMask !== 0) {
    for (let k = 0; k < s.players; k++) {
      const p = (s.mover + k) % s.players;
      if ((s.consolationMask & (1 << p)) === 0) continue;
      if (s.handLen[p] === 0) {
        s.consolationMask &= ~(1 << p);
        s.gameCounters[G_CONSOLATIONS]!++;
        drawCard(s, p, rng);
        return false;
      }
      s.toMove = p;
      s.dec = DEC_CONSOLATION;
      return true;
    }
  }
  s.cuStage = 0;
  s.stepEnding = true;
  return false;
}

/** Keep the largest island (ties at random); set every other card aside to be re-attached. */
function fragment(s: SquirmishState, rng: Rng): void {
  const count = islands(s, labels, sizes);
  if (count <= 1) return;
  s.gameCounters[G_FRAGMENTATIONS]!++;
  s.eventLog.add(EV_FRAGMENT, -1, -1, 0, count, -1, 0);
  let best = 0;
  let tied = 0;
  for (let k = 0; k < count; k++) {
    if (sizes[k]! > sizes[best]!) {
      best = k;
      tied = 1;
    } else if (sizes[k] === sizes[best]) tied++;
  }
  if (tied > 1) {
    let r = rng.int(tied);
    for (let k = 0; k < count; k++)
      if (sizes[k] === sizes[best] && r-- === 0) {
        best = k;
        break;
      }
  }
  const W = s.W;
  // Anchor of each island: its lowest instance (cards keep their offsets from it).
  for (let k = 0; k < count; k++) sizes[k] = 0x7fff;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    if (i < sizes[labels[i]!]!) sizes[labels[i]!] = i;
  }
  for (let k = s.gridCount - 1; k >= 0; k--) {
    const i = s.gridList[k]!;
    const island = labels[i]!;
    if (island === best) continue;
    const anchor = sizes[island]!;
    const c = s.cell[i]!;
    const ca = s.cell[anchor]!;
    s.fragAnchor[i] = anchor;
    s.fragDx[i] = (c % W) - (ca % W);
    s.fragDy[i] = Math.floor(c / W) - Math.floor(ca / W);
  }
  // Lift them after all offsets are known.
  for (let k = s.gridCount - 1; k >= 0; k--) {
    const i = s.gridList[k]!;
    if (labels[i] === best) continue;
    s.takeOffGrid(i);
    s.loc[i] = LOC_ASIDE;
    s.aside[s.asideLen++] = i;
  }
}
