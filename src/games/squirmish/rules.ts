/**
 * Squirmish rules, as docs/rules/squirmish.md fixes them (both editions; variants inPlayLimit,
 * handLimit, weighIn, reattach, deckOut, victoryTarget, maxTurns; deck styles and drafting):
 * `reset`, the turn loop, `apply` and `copy`.
 *
 * The game is a state machine. `advance` does everything automatic (dice, abilities that fire
 * on their own, knock-outs, islands, turn order) until a seat has a real decision, which it
 * records in `s.dec`; `legalActions` (legal.ts) lists that decision's options and `apply` takes
 * one and advances again. A decision with a single option is taken automatically, so every call
 * of `legalActions` offers at least two. The other jobs live beside it: set-up (setup.ts), the
 * steps of a turn (steps.ts), clean-up (cleanup.ts), the options (legal.ts), attacks and
 * abilities (conditions.ts, attack.ts, resolve.ts, jobs.ts), determinization (determinize.ts)
 * and the invariants (invariants.ts). Hot path: nothing here allocates per move.
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { OP_ATTACK, OP_DISCARD, OP_DRAW, OP_MOVE, OP_PLACE, OP_REPLACE, OP_REROLL, OP_USE, opOf, xOf, yOf } from './actions.js';
import { cleanup, ensureCleanupScratch } from './cleanup.js';
import { applyJobChoice, runEffectJob } from './jobs.js';
import { ensureOptionScratch, enumerate } from './legal.js';
import { drawCard, drawStepDraw, enqueue, placedTriggers, useAbility } from './resolve.js';
import { runAttackJob, settleReroll } from './attack.js';
import { finishDraft, resolveWeighIn, setUp, startTurns, turnStartTriggers } from './setup.js';
import { SquirmishState, actionCapacityOf } from './state.js';
import {
  CC_TURNS, G_CONSOLATIONS, G_HAND_DISCARDS, G_MOVES, G_REATTACHED, G_REPLACEMENTS, G_WEIRD, SEAT_COUNTERS, S_MOVES,
} from './counters.js';
import {
  DEC_CONSOLATION, DEC_DRAFT, DEC_HAND, DEC_JOB, DEC_NONE, DEC_REATTACH, DEC_REROLL, DEC_STEP, DEC_WEIGH_PICK,
  DEC_WEIGH_PLACE, JK_ATTACK, LOC_PICK, PH_DRAFT, PH_WEIGH_PICK, PH_WEIGH_PLACE, ST_ABILITIES, ST_CLEANUP, ST_PLACE,
} from './state-codes.js';
import { currentStep, stepsOf } from './steps.js';

export { actionCapacityOf };

/** A new game: set-up (setup.ts), then everything automatic up to the first decision. */
export function reset(s: SquirmishState, rng: Rng): void {
  ensureOptionScratch(s);
  ensureCleanupScratch(s);
  setUp(s, rng);
  advance(s, rng);
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

// ----- copy --------------------------------------------------------------------------------------

export function copy(d: SquirmishState, s: SquirmishState): void {
  copyState(d, s);
}
