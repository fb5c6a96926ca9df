/**
 * Squirmish rules, as docs/rules/squirmish.md fixes them (both editions; variants inPlayLimit,
 * handLimit, weighIn, reattach, deckOut, victoryTarget, maxTurns; deck styles and drafting).
 *
 * The game is a state machine. `advance` does everything automatic (dice, abilities that fire
 * on their own, knock-outs, islands, turn order) until a seat has a real decision, which it
 * records in `s.dec`; `legalActions` lists that decision's options and `apply` takes one and
 * advances again. A decision with a single option is taken automatically, so every call of
 * `legalActions` offers at least two. Hot path: nothing here allocates per move.
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import {
  SquirmishState, LOC_DECK, LOC_HAND, LOC_GRID, LOC_DISCARD, LOC_VICTORY, LOC_PICK, LOC_ASIDE, LOC_NAMES, SLOTS,
  ST_ATTACK, ST_ABILITIES, ST_CLEANUP, ST_PLACE_MOVE, ST_DRAW, ST_PLACE, ST_MOVE_ATTACK,
  PH_WEIGH_PICK, PH_WEIGH_PLACE, PH_DRAFT, PH_TURN,
  DEC_NONE, DEC_WEIGH_PICK, DEC_WEIGH_PLACE, DEC_DRAFT, DEC_STEP, DEC_REROLL, DEC_HAND, DEC_REATTACH, DEC_CONSOLATION, DEC_JOB,
  JK_ATTACK, actionCapacityOf, CC_KOS, CC_KOED, CC_TURNS, SEAT_COUNTERS, KO_LIST_CAP,
  G_KOS, G_OWN_KOS, G_FRAGMENTATIONS, G_REATTACHED, G_REPLACEMENTS, G_MOVES, G_HAND_DISCARDS, G_WEIRD, G_CONSOLATIONS, G_TIES,
  S_KOS, S_MOVES, S_KOED, EV_KO, EV_OWN_KO, EV_FRAGMENT,
} from './state.js';
import { draftPoolOf } from './params.js';
import { T_WEIRD, T_TURN_START } from './vocabulary.js';
import {
  OP_ATTACK, OP_PLACE, OP_REPLACE, OP_MOVE, OP_DRAW, OP_DISCARD, OP_PICK, OP_FRAG, OP_USE, OP_REROLL,
  SKIP, DRAW, REROLL, act, opOf, xOf, yOf,
} from './actions.js';
import { openCells, islands, fragmentPlacements } from './board.js';
import {
  runAttackJob, settleReroll, useAbility, drawCard, canDraw, placedTriggers, enqueue, attackTargets, abilityApplies,
  triggerAbilities, drawStepDraw,
} from './resolve.js';
import { runEffectJob, jobOptions, applyJobChoice, relaying } from './jobs.js';

const VG_STEPS = [ST_ATTACK, ST_ABILITIES, ST_CLEANUP, ST_PLACE_MOVE, ST_DRAW];
const TT_STEPS = [ST_DRAW, ST_PLACE, ST_MOVE_ATTACK, ST_ABILITIES, ST_CLEANUP];

export function stepsOf(s: SquirmishState): readonly number[] {
  return s.videogame ? VG_STEPS : TT_STEPS;
}
export function currentStep(s: SquirmishState): number {
  return stepsOf(s)[s.stepIdx]!;
}

// Module scratch (one game at a time per thread).
let openBuf = new Int16Array(0);
let cellBuf = new Int16Array(0);
let labels = new Int16Array(0);
let sizes = new Int16Array(0);
let pool = new Int16Array(0);

function ensureScratch(s: SquirmishState): void {
  if (openBuf.length < 4 * s.maxInst + 4) {
    openBuf = new Int16Array(4 * s.maxInst + 4);
    cellBuf = new Int16Array(4 * s.maxInst * s.maxInst + 4);
  }
  if (labels.length < s.maxInst) {
    labels = new Int16Array(s.maxInst);
    sizes = new Int16Array(s.maxInst);
  }
  if (pool.length < s.table.count) pool = new Int16Array(s.table.count);
}

export { actionCapacityOf };

// ----- setup -------------------------------------------------------------------------------------

function buildDeck(s: SquirmishState, rng: Rng): void {
  const t = s.table;
  const rules = s.rules;
  let n = 0;
  switch (rules.deckStyle) {
    case 'classic':
      for (let c = 0; c < t.count; c++) s.instCard[n++] = c;
      break;
    case 'custom':
    case 'mini':
      for (let k = 0; k < s.fixedCards.length; k++) s.instCard[n++] = s.fixedCards[k]!;
      break;
    case 'group-monte': {
      let mask = 0;
      if (rules.monteGroups === 'random') {
        for (let p = 0; p < s.players; p++) {
          // Each seat names a group not yet named, if one is left.
          let free = 0;
          for (let g = 0; g < t.groupCount; g++) if ((mask & (1 << g)) === 0) free++;
          if (free === 0) {
            const g = rng.int(t.groupCount);
            mask |= 1 << g;
            s.monteNamed[p] = g;
            continue;
          }
          let k = rng.int(free);
          for (let g = 0; g < t.groupCount; g++)
            if ((mask & (1 << g)) === 0 && k-- === 0) {
              mask |= 1 << g;
              s.monteNamed[p] = g;
              break;
            }
        }
      } else
        for (let p = 0; p < rules.monteGroups.length; p++) {
          const g = t.groupIds.indexOf(rules.monteGroups[p]!);
          mask |= 1 << g;
          s.monteNamed[p] = g;
        }
      s.monteMask = mask;
      let rest = 0;
      for (let c = 0; c < t.count; c++) {
        const g = t.group[c]!;
        if (g >= 0 && (mask & (1 << g)) !== 0) s.instCard[n++] = c;
        else pool[rest++] = c;
      }
      n = fill(s, n, rest, rules.generatedSize, rng);
      break;
    }
    case 'constructed-mini': {
      for (let k = 0; k < s.fixedCards.length; k++) s.instCard[n++] = s.fixedCards[k]!;
      let rest = 0;
      for (let c = 0; c < t.count; c++) {
        let used = false;
        for (let k = 0; k < s.fixedCards.length; k++) if (s.fixedCards[k] === c) used = true;
        if (!used) pool[rest++] = c;
      }
      n = fill(s, n, rest, rules.generatedSize, rng);
      break;
    }
  }
  s.nInst = n;
}

/** Fill the deck to `size` with cards drawn at random, without repeats, from pool[0..rest). */
function fill(s: SquirmishState, n: number, rest: number, size: number, rng: Rng): number {
  for (let k = 0; n < size && k < rest; k++) {
    const j = k + rng.int(rest - k);
    const c = pool[j]!;
    pool[j] = pool[k]!;
    pool[k] = c;
    s.instCard[n++] = c;
  }
  return n;
}

export function reset(s: SquirmishState, rng: Rng): void {
  ensureScratch(s);
  buildDeck(s, rng);
  const n = s.nInst;
  for (let i = 0; i < s.maxInst; i++) {
    s.loc[i] = i < n ? LOC_DECK : 0;
    s.owner[i] = -1;
    s.cell[i] = -1;
    s.knownBy[i] = 0;
    s.deck[i] = i;
    s.freshInPlay(i);
    s.cryUsed[i] = 0;
  }
  rng.shuffle(s.deck, 0, n);
  s.deckLen = n;
  s.discardLen = 0;
  s.handLen.fill(0);
  s.victoryLen.fill(0);
  s.inPlay.fill(0);
  s.groupInPlay.fill(0);
  s.pickOf.fill(-1);
  s.draftLen = 0;
  s.asideLen = 0;
  s.grid.fill(0);
  s.gridCount = 0;
  s.qHead = 0;
  s.qLen = 0;
  s.gameCounters.fill(0);
  s.seatCounters.fill(0);
  s.cardStats.fill(0);
  s.koCount = 0;
  s.drawnMask.fill(0);
  s.placedMask.fill(0);
  s.lastTurnOf.fill(-1);
  s.resetHeader(0);
  s.mover = 0;
  s.stepIdx = 0;
  s.stepEnding = false;
  s.setupHandCheck = false;
  s.cuStage = 0;
  s.consolationMask = 0;
  s.placedThisTurn = 0;
  s.setupSeat = 0;
  s.setupCount = 0;
  s.dec = DEC_NONE;
  s.eventLog.clear();
  s.recentCount = 0;
  s.lastRerolled = 0;
  if (s.rules.drafting) {
    s.draftStart = rng.int(s.players);
    const size = draftPoolOf(s.rules, s.players);
    for (let k = 0; k < size; k++) {
      const i = s.deck[--s.deckLen]!;
      s.draftRow[s.draftLen++] = i;
      s.loc[i] = LOC_PICK;
      s.knownBy[i] = 0xff;
    }
    s.phase = PH_DRAFT;
  } else {
    for (let r = 0; r < s.deal; r++) for (let p = 0; p < s.players; p++) s.addToHand(p, s.deck[--s.deckLen]!);
    afterDeal(s, rng);
  }
  advance(s, rng);
}

/** Turn up the discard pile's first card, then the weigh-in (videogame) or a random first seat (tabletop). */
function afterDeal(s: SquirmishState, rng: Rng): void {
  s.toDiscard(s.deck[--s.deckLen]!);
  if (s.videogame) {
    s.phase = PH_WEIGH_PICK;
    s.setupSeat = 0;
  } else {
    s.firstSeat = rng.int(s.players);
    startTurns(s, rng);
  }
}

function startTurns(s: SquirmishState, rng: Rng): void {
  s.phase = PH_TURN;
  s.mover = s.firstSeat;
  s.toMove = s.firstSeat;
  s.turns = 0;
  s.rounds = 1;
  s.lastTurnOf[s.mover] = 0;
  s.stepIdx = 0;
  s.stepEnding = false;
  s.placedThisTurn = 0;
  // A hand limit below the deal (a variant) bites before the first step.
  s.setupHandCheck = true;
  turnStartTriggers(s, rng);
}

function resolveWeighIn(s: SquirmishState, rng: Rng): void {
  const lowest = s.rules.weighIn === 'lowest';
  let best = -1;
  let tied = 0;
  for (let p = 0; p < s.players; p++) {
    const hp = s.hpOf(s.pickOf[p]!);
    const bestHp = best < 0 ? 0 : s.hpOf(s.pickOf[best]!);
    if (best < 0 || (lowest ? hp < bestHp : hp > bestHp)) {
      best = p;
      tied = 1;
    } else if (hp === bestHp) tied++;
  }
  if (tied > 1) {
    // "Inscrutably determined by mysterious forces": uniformly among the tied seats.
    s.gameCounters[G_TIES]!++;
    const bestHp = s.hpOf(s.pickOf[best]!);
    let k = rng.int(tied);
    for (let p = 0; p < s.players; p++)
      if (s.hpOf(s.pickOf[p]!) === bestHp && k-- === 0) {
        best = p;
        break;
      }
  }
  s.firstSeat = best;
  const i = s.pickOf[best]!;
  s.placeCard(i, best, s.center);
  placedTriggers(s, i, rng);
  s.setupCount = 1;
  s.phase = PH_WEIGH_PLACE;
}

function finishDraft(s: SquirmishState, rng: Rng): void {
  for (let k = 0; k < s.draftLen; k++) {
    const i = s.draftRow[k]!;
    s.deck[s.deckLen++] = i;
    s.loc[i] = LOC_DECK;
    s.knownBy[i] = 0;
  }
  s.draftLen = 0;
  rng.shuffle(s.deck, 0, s.deckLen);
  afterDeal(s, rng);
}

// ----- the state machine -------------------------------------------------------------------------

/**
 * Run everything automatic until a decision with two or more options is pending (or the game
 * ends). A decision with one option is applied at once.
 */
export function advance(s: SquirmishState, rng: Rng): void {
  for (;;) {
    if (s.terminal) {
      s.dec = DEC_NONE;
      return;
    }
    s.dec = DEC_NONE;
    s.optN = -1;
    if (!nextDecision(s, rng)) continue;
    const n = enumerate(s, s.opts);
    if (n >= 2) {
      s.optN = n;
      return;
    }
    if (n === 0) throw new Error(`no option for decision ${s.dec} of seat ${s.toMove}`);
    take(s, s.opts[0]!, rng);
  }
}

/** Do the next piece of automatic work; true if it set a decision instead. */
function nextDecision(s: SquirmishState, rng: Rng): boolean {
  if (s.qLen > 0) {
    const q = s.qHead;
    return s.jobKind[q] === JK_ATTACK ? !runAttackJob(s, q, rng) : !runEffectJob(s, q, rng);
  }
  switch (s.phase) {
    case PH_WEIGH_PICK:
      if (s.setupSeat < s.players) {
        s.toMove = s.setupSeat;
        s.dec = DEC_WEIGH_PICK;
        return true;
      }
      resolveWeighIn(s, rng);
      return false;
    case PH_WEIGH_PLACE:
      if (s.setupCount < s.players) {
        s.toMove = (s.firstSeat + s.setupCount) % s.players;
        s.dec = DEC_WEIGH_PLACE;
        return true;
      }
      startTurns(s, rng);
      return false;
    case PH_DRAFT:
      if (s.setupCount < s.players * s.deal) {
        s.toMove = (s.draftStart + s.setupCount) % s.players;
        s.dec = DEC_DRAFT;
        return true;
      }
      finishDraft(s, rng);
      return false;
  }
  if (s.stepEnding || s.setupHandCheck) {
    for (let k = 0; k < s.players; k++) {
      const p = (s.mover + k) % s.players;
      if (s.handLen[p]! > s.rules.handLimit) {
        s.toMove = p;
        s.dec = DEC_HAND;
        return true;
      }
    }
    if (s.setupHandCheck) {
      s.setupHandCheck = false;
      return false;
    }
    s.stepEnding = false;
    if (++s.stepIdx >= stepsOf(s).length) endTurn(s, rng);
    return false;
  }
  const step = currentStep(s);
  if (step === ST_CLEANUP) return cleanup(s, rng);
  if (step === ST_PLACE && s.placedThisTurn === 1) {
    s.stepEnding = true;
    return false;
  }
  s.toMove = s.mover;
  s.dec = DEC_STEP;
  return true;
}

function endTurn(s: SquirmishState, rng: Rng): void {
  for (let k = 0; k < s.gridCount; k++) s.stat(s.gridList[k]!, CC_TURNS, 1);
  s.turns++;
  if (s.turns >= s.rules.maxTurns) {
    s.terminal = true;
    s.capped = true;
    s.winner = NO_WINNER;
    return;
  }
  const next = (s.mover + 1) % s.players;
  if (next === s.firstSeat) s.rounds++;
  s.mover = next;
  s.toMove = next;
  s.lastTurnOf[next] = s.turns;
  s.stepIdx = 0;
  s.stepEnding = false;
  s.placedThisTurn = 0;
  turnStartTriggers(s, rng);
}

/** The mover's turn-start abilities fire on their own, in the grid's order; their effects are queued before the first step. */
function turnStartTriggers(s: SquirmishState, rng: Rng): void {
  const t = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    if (s.owner[i] === s.mover && (t.cardTriggers[s.instCard[i]!]! & (1 << T_TURN_START)) !== 0) triggerAbilities(s, i, T_TURN_START, -1, rng);
  }
}

/** Clean-up: knock-outs, the win check, fragmentation and re-attachment, consolation prizes. */
function cleanup(s: SquirmishState, rng: Rng): boolean {
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


// ----- options -----------------------------------------------------------------------------------

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

function enumerate(s: SquirmishState, out: Int32Array): number {
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


/** Apply a decision and advance to the next one. */
export function apply(s: SquirmishState, action: number, rng: Rng): void {
  s.recentCount = 0;
  s.eventLog.clear();
  take(s, action, rng);
  advance(s, rng);
}

/** Take one option of the pending decision (no advancing). */
function take(s: SquirmishState, action: number, rng: Rng): void {
  const p = s.toMove;
  const op = opOf(action);
  const x = xOf(action);
  const y = yOf(action);
  const dec = s.dec;
  s.dec = DEC_NONE;
  s.optN = -1;
  switch (dec) {
    case DEC_WEIGH_PICK:
      s.removeFromHand(p, x);
      s.loc[x] = LOC_PICK;
      s.owner[x] = p;
      s.pickOf[p] = x;
      s.setupSeat++;
      return;
    case DEC_WEIGH_PLACE:
      s.placeCard(x, p, y);
      placedTriggers(s, x, rng);
      s.setupCount++;
      return;
    case DEC_DRAFT:
      for (let k = 0; k < s.draftLen; k++)
        if (s.draftRow[k] === x) {
          for (let j = k; j < s.draftLen - 1; j++) s.draftRow[j] = s.draftRow[j + 1]!;
          s.draftLen--;
          break;
        }
      s.addToHand(p, x);
      s.knownBy[x] = 0xff;
      s.setupCount++;
      return;
    case DEC_STEP:
      takeStep(s, p, op, x, y, rng);
      return;
    case DEC_REROLL:
      settleReroll(s, op === OP_REROLL, rng);
      return;
    case DEC_HAND:
      if (op === OP_DISCARD) {
        s.removeFromHand(p, x);
        s.toDiscard(x);
        s.gameCounters[G_HAND_DISCARDS]!++;
      } else {
        placeOrReplace(s, p, op, x, y, rng);
        s.placedThisTurn = 1;
      }
      return;
    case DEC_REATTACH:
      s.gameCounters[G_REATTACHED]!++;
      if (op === OP_PLACE) {
        s.removeAside(x);
        s.putOnGrid(x, s.owner[x]!, y);
      } else {
        const W = s.W;
        const ax = y % W;
        const ay = (y - ax) / W;
        for (let k = s.asideLen - 1; k >= 0; k--) {
          const i = s.aside[k]!;
          if (s.fragAnchor[i] !== x) continue;
          s.aside[k] = s.aside[--s.asideLen]!;
          // No re-centring until the whole fragment is down: its cells share one frame.
          s.putOnGrid(i, s.owner[i]!, (ay + s.fragDy[i]!) * W + ax + s.fragDx[i]!, false);
        }
        s.keepAllCentered();
      }
      return;
    case DEC_CONSOLATION:
      s.consolationMask &= ~(1 << p);
      s.gameCounters[G_CONSOLATIONS]!++;
      if (op === OP_PLACE) {
        s.removeFromHand(p, x);
        s.placeCard(x, p, y);
        placedTriggers(s, x, rng);
      }
      drawCard(s, p, rng);
      return;
    case DEC_JOB:
      applyJobChoice(s, action, rng);
      return;
  }
  throw new Error(`no decision is pending (action ${action})`);
}

function placeOrReplace(s: SquirmishState, p: number, op: number, x: number, y: number, rng: Rng): void {
  s.removeFromHand(p, x);
  if (op === OP_PLACE) s.placeCard(x, p, y);
  else {
    const c = s.cell[y]!;
    s.takeOffGrid(y);
    s.toDiscard(y);
    s.placeCard(x, p, c);
    s.gameCounters[G_REPLACEMENTS]!++;
  }
  placedTriggers(s, x, rng);
}

function takeStep(s: SquirmishState, p: number, op: number, x: number, y: number, rng: Rng): void {
  if (currentStep(s) === ST_ABILITIES) {
    if (op === OP_USE) {
      s.gameCounters[G_WEIRD]!++;
      useAbility(s, x, y, rng);
    } else s.stepIdx++; // abilities and clean-up are one step: no hand check between them
    return;
  }
  switch (op) {
    case OP_ATTACK:
      enqueue(s, JK_ATTACK, -1, x, p, y, x, 0, 0, 0, 0);
      break;
    case OP_PLACE:
    case OP_REPLACE:
      placeOrReplace(s, p, op, x, y, rng);
      s.placedThisTurn = 1;
      break;
    case OP_MOVE:
      s.swapCells(x, y);
      s.movedTurn[x] = s.turns;
      s.gameCounters[G_MOVES]!++;
      s.seatCounters[p * SEAT_COUNTERS + S_MOVES]!++;
      break;
    case OP_DRAW:
      drawStepDraw(s, p, rng);
      break;
  }
  s.stepEnding = true;
}

// ----- copy, determinize, invariants -------------------------------------------------------------

export function copy(d: SquirmishState, s: SquirmishState): void {
  copyState(d, s);
}

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

/**
 * The invariants of the rules doc: every card in exactly one place (cards conserved across deck,
 * hands, grid, discard and victory piles); the grid consistent with the card list; the
 * Squirmish connected outside clean-up; nobody above the in-play limit; damage within [0, HP];
 * the winner holds enough prizes.
 */
let seenBuf = new Int32Array(0);
let inPlayBuf = new Int32Array(0);
let groupBuf = new Int32Array(0);

export function checkInvariants(s: SquirmishState): string | null {
  if (seenBuf.length < s.maxInst) seenBuf = new Int32Array(s.maxInst);
  if (inPlayBuf.length < s.players) inPlayBuf = new Int32Array(s.players);
  if (groupBuf.length < s.groupInPlay.length) groupBuf = new Int32Array(s.groupInPlay.length);
  if (labels.length < s.maxInst) {
    labels = new Int16Array(s.maxInst);
    sizes = new Int16Array(s.maxInst);
  }
  const seen = seenBuf;
  seen.fill(0);
  const mark = (i: number, where: number, what: string): string | null => {
    if (i < 0 || i >= s.nInst) return `${what} holds card ${i}, not a card of this game`;
    if (seen[i] !== 0) return `card ${i} is in two places (${what})`;
    seen[i] = 1;
    if (s.loc[i] !== where) return `card ${i} is in ${what} but marked ${LOC_NAMES[s.loc[i]!]}`;
    return null;
  };
  let problem: string | null = null;
  for (let k = 0; k < s.deckLen && !problem; k++) problem = mark(s.deck[k]!, LOC_DECK, 'the deck');
  for (let k = 0; k < s.discardLen && !problem; k++) problem = mark(s.discard[k]!, LOC_DISCARD, 'the discard pile');
  for (let p = 0; p < s.players && !problem; p++) {
    for (let k = 0; k < s.handLen[p]! && !problem; k++) problem = mark(s.handCard(p, k), LOC_HAND, `seat ${p}'s hand`);
    for (let k = 0; k < s.victoryLen[p]! && !problem; k++) problem = mark(s.victory[p * s.maxInst + k]!, LOC_VICTORY, `seat ${p}'s victory pile`);
  }
  for (let k = 0; k < s.gridCount && !problem; k++) problem = mark(s.gridList[k]!, LOC_GRID, 'the grid');
  for (let k = 0; k < s.asideLen && !problem; k++) problem = mark(s.aside[k]!, LOC_ASIDE, 'the cards set aside');
  for (let k = 0; k < s.draftLen && !problem; k++) problem = mark(s.draftRow[k]!, LOC_PICK, 'the draft row');
  for (let p = 0; p < s.players && !problem; p++) {
    const i = s.pickOf[p]!;
    if (i >= 0 && s.loc[i] === LOC_PICK) problem = mark(i, LOC_PICK, `seat ${p}'s weigh-in pick`);
  }
  if (problem) return problem;
  for (let i = 0; i < s.nInst; i++) if (seen[i] === 0) return `card ${i} (${s.table.names[s.instCard[i]!]}) is nowhere (marked ${LOC_NAMES[s.loc[i]!]})`;
  // Grid consistency.
  const inPlay = inPlayBuf;
  inPlay.fill(0);
  const groups = groupBuf;
  groups.fill(0);
  let occupied = 0;
  for (let c = 0; c < s.grid.length; c++) if (s.grid[c] !== 0) occupied++;
  if (occupied !== s.gridCount) return `${occupied} grid cells occupied but ${s.gridCount} cards in play`;
  const W = s.W;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    const c = s.cell[i]!;
    if (s.grid[c] !== i + 1) return `card ${i} thinks it is on cell ${c}, which holds ${s.grid[c]! - 1}`;
    if (s.gridIndex[i] !== k) return `card ${i} has a stale grid index`;
    const x = c % W;
    const y = (c - x) / W;
    if (x < 1 || y < 1 || x > W - 2 || y > W - 2) return `card ${i} is on the window's border (${x}, ${y})`;
    inPlay[s.owner[i]!]!++;
    const g = s.groupOf(i);
    if (g >= 0) groups[g]!++;
    if (s.damage[i]! < 0 || s.damage[i]! > s.hpOf(i)) return `card ${i} has ${s.damage[i]} damage, outside [0, ${s.hpOf(i)}]`;
  }
  for (let p = 0; p < s.players; p++) {
    if (inPlay[p] !== s.inPlay[p]) return `seat ${p} has ${inPlay[p]} cards in play but counts ${s.inPlay[p]}`;
    if (inPlay[p]! > s.rules.inPlayLimit) return `seat ${p} has ${inPlay[p]} cards in play, above the limit of ${s.rules.inPlayLimit}`;
  }
  for (let g = 0; g < s.groupInPlay.length; g++) if (s.table.groupCount > 0 && groups[g] !== s.groupInPlay[g]) return `group ${g} count is off`;
  const inCleanup = (s.phase === PH_TURN && currentStep(s) === ST_CLEANUP && s.cuStage !== 0) || relaying(s);
  if (!inCleanup && s.asideLen > 0) return `${s.asideLen} cards set aside outside clean-up`;
  if (!inCleanup && !s.terminal && s.gridCount > 1 && islands(s, labels, sizes) !== 1) return 'the Squirmish is not connected outside clean-up';
  if (s.terminal && !s.capped && (s.winner < 0 || s.victoryLen[s.winner]! < s.rules.victoryTarget)) return `seat ${s.winner} won without ${s.rules.victoryTarget} prizes`;
  if (!s.terminal && s.dec === DEC_NONE) return 'no decision is pending in a running game';
  if (s.dec === DEC_STEP && s.qLen !== 0) return 'a step decision with effects still queued';
  if (s.dec === DEC_STEP && currentStep(s) !== ST_ABILITIES)
    for (let p = 0; p < s.players; p++) if (s.handLen[p]! > s.rules.handLimit) return `seat ${p} holds ${s.handLen[p]} cards at a step start (limit ${s.rules.handLimit})`;
  return null;
}
