/**
 * The options of each Squirmish decision (`legalActions`): placements, replacements, moves,
 * attacks, weird abilities, hand-limit discards, re-attachments and consolation placements, in
 * the order the rules doc fixes for the reference random policy. Hot path: nothing here
 * allocates per move.
 */
import {
  DRAW, OP_ATTACK, OP_DISCARD, OP_FRAG, OP_MOVE, OP_PICK, OP_PLACE, OP_REPLACE, OP_USE, REROLL, SKIP, act,
} from './actions.js';
import { fragmentPlacements, openCells } from './board.js';
import { jobOptions } from './jobs.js';
import { canDraw } from './resolve.js';
import { abilityApplies, attackTargets } from './conditions.js';
import { SquirmishState } from './state.js';
import {
  DEC_CONSOLATION, DEC_DRAFT, DEC_HAND, DEC_JOB, DEC_REATTACH, DEC_REROLL, DEC_STEP, DEC_WEIGH_PICK, DEC_WEIGH_PLACE,
  PH_TURN, SLOTS, ST_ABILITIES, ST_ATTACK, ST_DRAW, ST_MOVE_ATTACK, ST_PLACE, ST_PLACE_MOVE,
} from './state-codes.js';
import { currentStep } from './steps.js';
import { T_WEIRD } from './vocabulary.js';

// Module scratch (one game at a time per thread): open edges and fragment placements.
let openBuf = new Int16Array(0);
let cellBuf = new Int16Array(0);

/** Grow the scratch for this state's card count (`reset` calls it). */
export function ensureOptionScratch(s: SquirmishState): void {
  if (openBuf.length < 4 * s.maxInst + 4) {
    openBuf = new Int16Array(4 * s.maxInst + 4);
    cellBuf = new Int16Array(4 * s.maxInst * s.maxInst + 4);
  }
}

const encodeAttack = (a: number, t: number): number => act(OP_ATTACK, a, t);

function placeOptions(s: SquirmishState, p: number, out: Int32Array, n: number): number {
  if (s.inPlay[p]! >= s.rules.inPlayLimit || s.handLen[p] === 0) return n;
  const m = openCells(s, openBuf);
  for (let k = 0; k < s.handLen[p]!; k++) {
    const i = s.handCard(p, k);
    for (let e = 0; e < m; e++) out[n++] = act(OP_PLACE, i, openBuf[e]!);
  }
  return n;
}

function replaceOptions(s: SquirmishState, p: number, out: Int32Array, n: number): number {
  if (s.handLen[p] === 0) return n;
  for (let j = 0; j < s.gridCount; j++) {
    const o = s.gridList[j]!;
    if (s.owner[o] !== p || s.damage[o] !== 0 || s.koMarked[o] === 1) continue;
    for (let k = 0; k < s.handLen[p]!; k++) out[n++] = act(OP_REPLACE, s.handCard(p, k), o);
  }
  return n;
}

function moveOptions(s: SquirmishState, p: number, out: Int32Array, n: number): number {
  const W = s.W;
  for (let k = 0; k < s.gridCount; k++) {
    const a = s.gridList[k]!;
    if (s.owner[a] !== p) continue;
    const c = s.cell[a]!;
    for (let dir = 0; dir < 4; dir++) {
      const b = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
      if (b >= 0) out[n++] = act(OP_MOVE, a, b);
    }
  }
  return n;
}

function attackOptions(s: SquirmishState, p: number, out: Int32Array, n: number): number {
  for (let k = 0; k < s.gridCount; k++) {
    const a = s.gridList[k]!;
    if (s.owner[a] === p) n = attackTargets(s, a, out, n, encodeAttack);
  }
  return n;
}

function weirdOptions(s: SquirmishState, p: number, out: Int32Array, n: number): number {
  const t = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    if (s.owner[i] !== p) continue;
    const c = s.instCard[i]!;
    if ((t.cardTriggers[c]! & (1 << T_WEIRD)) === 0) continue;
    for (let ab = t.cardAbStart[c]!, end = t.cardAbEnd[c]!; ab < end; ab++) {
      if (t.abTrigger[ab] !== T_WEIRD || s.slotUsed[i * SLOTS + t.abSlot[ab]!] === s.turns) continue;
      // Without its own roll the conditions can be checked now; with one, the controller tries.
      if (t.abUsesRoll[ab] === 0 && !abilityApplies(s, ab, i, p, -1, -1, 0, 0)) continue;
      if (t.abUsesRoll[ab] === 1 && t.abGroup[ab] === 1) {
        const g = s.groupOf(i);
        if (g < 0 || s.groupInPlay[g]! < 2) continue;
      }
      out[n++] = act(OP_USE, i, ab);
    }
  }
  return n;
}

/** The hand-limit decision may place instead of discarding: tabletop, the mover, ending the draw step, no placement yet. */
function handMayPlace(s: SquirmishState, p: number): boolean {
  return !s.videogame && p === s.mover && s.phase === PH_TURN && !s.setupHandCheck && s.placedThisTurn === 0 && currentStep(s) === ST_DRAW;
}

/**
 * Legal actions of the pending decision. Order: for each decision the options in the order of
 * the mover's hand, the grid's card list and the open edges (all deterministic), SKIP last.
 * `advance` leaves them cached in the state; this copies the cache.
 */
export function legalActions(s: SquirmishState, out: Int32Array): number {
  const n = s.optN;
  if (n < 0) return enumerate(s, out);
  // A loop rather than out.set(s.opts.subarray(0, n)), which allocates a view per call.
  const opts = s.opts;
  for (let k = 0; k < n; k++) out[k] = opts[k]!;
  return n;
}
export function enumerate(s: SquirmishState, out: Int32Array): number {
  const p = s.toMove;
  let n = 0;
  switch (s.dec) {
    case DEC_WEIGH_PICK:
      for (let k = 0; k < s.handLen[p]!; k++) out[n++] = act(OP_PICK, s.handCard(p, k), 0);
      return n;
    case DEC_WEIGH_PLACE: {
      const m = openCells(s, openBuf);
      for (let e = 0; e < m; e++) out[n++] = act(OP_PLACE, s.pickOf[p]!, openBuf[e]!);
      return n;
    }
    case DEC_DRAFT:
      for (let k = 0; k < s.draftLen; k++) out[n++] = act(OP_PICK, s.draftRow[k]!, 0);
      return n;
    case DEC_STEP:
      switch (currentStep(s)) {
        case ST_ATTACK:
          n = attackOptions(s, p, out, n);
          break;
        case ST_ABILITIES:
          n = weirdOptions(s, p, out, n);
          break;
        case ST_PLACE_MOVE:
          n = placeOptions(s, p, out, n);
          n = replaceOptions(s, p, out, n);
          n = moveOptions(s, p, out, n);
          break;
        case ST_DRAW:
          if (canDraw(s)) out[n++] = DRAW;
          break;
        case ST_PLACE:
          n = placeOptions(s, p, out, n);
          n = replaceOptions(s, p, out, n);
          break;
        case ST_MOVE_ATTACK:
          n = attackOptions(s, p, out, n);
          n = moveOptions(s, p, out, n);
          break;
      }
      out[n++] = SKIP;
      return n;
    case DEC_REROLL:
      out[0] = SKIP;
      out[1] = REROLL;
      return 2;
    case DEC_HAND:
      for (let k = 0; k < s.handLen[p]!; k++) out[n++] = act(OP_DISCARD, s.handCard(p, k), 0);
      if (handMayPlace(s, p)) {
        n = placeOptions(s, p, out, n);
        n = replaceOptions(s, p, out, n);
      }
      return n;
    case DEC_REATTACH: {
      const m = openCells(s, openBuf);
      if (s.rules.reattach === 'cards') {
        for (let k = 0; k < s.asideLen; k++) {
          const i = s.aside[k]!;
          if (s.owner[i] !== p) continue;
          for (let e = 0; e < m; e++) out[n++] = act(OP_PLACE, i, openBuf[e]!);
        }
      } else {
        for (let k = 0; k < s.asideLen; k++) {
          const i = s.aside[k]!;
          if (s.fragAnchor[i] !== i) continue;
          const c = fragmentPlacements(s, i, openBuf, m, cellBuf);
          for (let e = 0; e < c; e++) out[n++] = act(OP_FRAG, i, cellBuf[e]!);
        }
      }
      return n;
    }
    case DEC_CONSOLATION:
      n = placeOptions(s, p, out, n);
      out[n++] = SKIP;
      return n;
    case DEC_JOB:
      return jobOptions(s, out);
  }
  return 0;
}
