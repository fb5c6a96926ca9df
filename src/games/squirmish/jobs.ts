/**
 * Running queued effects (the card language's effects, docs/cards.md) and the decisions some of
 * them ask for: a chosen card, a placement of a drawn card, whose hand to look at and which card
 * to discard, moves, re-arrangements, damage shifts, a second attack, a confused card's victim.
 * The job stays at the head of the queue while its decision is pending.
 */
import type { Rng } from '../../sim/rng.js';
import {
  SquirmishState,
} from './state.js';
import { G_MOVES } from './counters.js';
import { LOC_GRID, LOC_HAND, LOC_ASIDE, FOREVER, JK_ATTACK, JK_EFFECT, DEC_JOB } from './state-codes.js';
import {
  E_DAMAGE, E_HEAL, E_KO, E_STATUS, E_DRAW, E_LOOK_DISCARD, E_DISCARD_DRAWN, E_MOVE_SELF, E_MOVE_OPPONENT, E_REARRANGE,
  E_EXTRA_MOVE, E_MOVE_DAMAGE, E_ROLL_AGAIN, E_CONFUSE, E_CUSTOM,
  TO_TARGET, TO_ATTACKER, TO_SELF, TO_ADJ_ENEMIES, TO_ADJ_ALL, TO_ADJ_OWN, TO_TADJ_ENEMIES, TO_TADJ_ALL, TO_CHOSEN,
  TO_ADJ_ALL_BUT_TARGET, TO_ADJ_ENEMIES_BUT_TARGET, TO_ADJ_OWN_BUT_TARGET,
  TO_CHOSEN_ENEMY, TO_CHOSEN_OWN, TO_ALL_ENEMIES, TO_ALL_OWN, STATUS_NO_ATTACK, DURATION_THIS_TURN, DURATION_NEXT_TURN,
  STATUS_NO_ATTACK_ON_ME, E_RELAY, E_DRAW_AND_PLACE, ROLL_AGAIN_OTHER, CONFUSE_CREDIT, RELAY_CONTROLLER,
} from './vocabulary.js';
import {
  damageCard, koCard, afterStatics, drawCard, popJob, enqueue, placedTriggers,
  MAX_ATTACK_DEPTH, ATTACK_CONFUSED, ATTACK_CONFUSED_CREDIT,
} from './resolve.js';
import { attackTargets, mayAttack, canAttackAtAll } from './conditions.js';
import { NAMED_EFFECTS, NAMED_EFFECT_NAMES } from './effects.js';
import { act, OP_PICK, OP_PLACE, OP_MOVE, OP_SHIFT, OP_ATTACK, OP_SEAT, OP_SKIP, SKIP, opOf, xOf, yOf } from './actions.js';
import { openCells } from './board.js';

const cards = new Int16Array(256);
let open = new Int16Array(0);

function openBuffer(s: SquirmishState): Int16Array {
  if (open.length < 4 * s.maxInst + 4) open = new Int16Array(4 * s.maxInst + 4);
  return open;
}

const isChosen = (to: number): boolean => to === TO_CHOSEN || to === TO_CHOSEN_ENEMY || to === TO_CHOSEN_OWN;

function neighbours(s: SquirmishState, of: number, seat: number, mode: number, except: number, n: number): number {
  if (of < 0 || s.loc[of] !== LOC_GRID) return n;
  const c = s.cell[of]!;
  const W = s.W;
  for (let dir = 0; dir < 4; dir++) {
    const j = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
    if (j < 0 || j === except) continue;
    if (mode === 1 && s.owner[j] === seat) continue;
    if (mode === 2 && s.owner[j] !== seat) continue;
    cards[n++] = j;
  }
  return n;
}

/** The cards effect `to` reaches (for chosen targets: the candidates), written to the module buffer. */
function targetSet(s: SquirmishState, to: number, src: number, seat: number, tgt: number, atk: number): number {
  let n = 0;
  switch (to) {
    case TO_TARGET:
      if (tgt >= 0 && s.loc[tgt] === LOC_GRID) cards[n++] = tgt;
      return n;
    case TO_ATTACKER:
      if (atk >= 0 && s.loc[atk] === LOC_GRID) cards[n++] = atk;
      return n;
    case TO_SELF:
      if (src >= 0 && s.loc[src] === LOC_GRID) cards[n++] = src;
      return n;
    case TO_ADJ_ENEMIES:
      return neighbours(s, src, seat, 1, -1, 0);
    case TO_ADJ_ALL:
      return neighbours(s, src, seat, 0, -1, 0);
    case TO_ADJ_OWN:
      return neighbours(s, src, seat, 2, -1, 0);
    case TO_TADJ_ENEMIES:
      return neighbours(s, tgt, seat, 1, -1, 0);
    case TO_TADJ_ALL:
      return neighbours(s, tgt, seat, 0, -1, 0);
    // Around this card, the attacked card excepted: it takes only the attack's own damage.
    case TO_ADJ_ALL_BUT_TARGET:
      return neighbours(s, src, seat, 0, tgt, 0);
    case TO_ADJ_ENEMIES_BUT_TARGET:
      return neighbours(s, src, seat, 1, tgt, 0);
    case TO_ADJ_OWN_BUT_TARGET:
      return neighbours(s, src, seat, 2, tgt, 0);
    default:
      for (let k = 0; k < s.gridCount; k++) {
        const i = s.gridList[k]!;
        const own = s.owner[i] === seat;
        switch (to) {
          case TO_CHOSEN:
            if (i === tgt || i === src) continue;
            break;
          case TO_CHOSEN_ENEMY:
            if (i === tgt || own) continue;
            break;
          case TO_CHOSEN_OWN:
            if (i === tgt || !own) continue;
            break;
          case TO_ALL_ENEMIES:
            if (own) continue;
            break;
          case TO_ALL_OWN:
            if (!own) continue;
            break;
        }
        cards[n++] = i;
      }
      return n;
  }
}

/** The turn index before which a status given now to card x (controlled by p) stays on. */
function statusUntil(s: SquirmishState, p: number, duration: number): number {
  if (duration === DURATION_THIS_TURN) return s.turns + 1;
  if (duration === DURATION_NEXT_TURN) {
    let d = (p - s.mover + s.players) % s.players;
    if (d === 0) d = s.players;
    return s.turns + d + 1;
  }
  return FOREVER;
}

/** Apply a card-directed effect (damage, heal, ko, status) of job q to card x. */
function hitCard(s: SquirmishState, q: number, x: number): void {
  const e = s.jobEff[q]!;
  const t = s.table;
  const src = s.jobSource[q]!;
  const amt = s.jobAmount[q]!;
  switch (t.effVerb[e]) {
    case E_DAMAGE:
      damageCard(s, x, afterStatics(s, x, amt, src), src);
      break;
    case E_HEAL:
      s.healCard(x, amt, src);
      break;
    case E_KO:
      koCard(s, x, src);
      break;
    case E_STATUS: {
      const until = statusUntil(s, s.owner[x]!, t.effArg2[e]!);
      if (t.effArg[e] === STATUS_NO_ATTACK) s.noAttackUntil[x] = Math.max(s.noAttackUntil[x]!, until);
      else if (t.effArg[e] === STATUS_NO_ATTACK_ON_ME) {
        // One card per carrier: the newest such status replaces an older one.
        s.noAttackOn[x] = src;
        s.noAttackOnUntil[x] = until;
      } else s.notAttackableUntil[x] = Math.max(s.notAttackableUntil[x]!, until);
      break;
    }
  }
}

/**
 * The cards a confused card may attack instead, written to the module buffer: the cards next to
 * it that a normal attack of it could hit (statuses, cannot-attack, immunities and group bans
 * apply; a knocked-out card attacks nobody).
 */
function confusedVictims(s: SquirmishState, confused: number, confuser: number): number {
  if (s.loc[confused] !== LOC_GRID || !canAttackAtAll(s, confused)) return 0;
  // "Attacks another card instead": never the card that confused it (no other victim: it fizzles).
  const m = neighbours(s, confused, -1, 0, confuser, 0);
  let n = 0;
  for (let k = 0; k < m; k++) if (mayAttack(s, confused, cards[k]!)) cards[n++] = cards[k]!;
  return n;
}

/** Seats other than `seat` with cards in hand, written to the module buffer. */
function handSeats(s: SquirmishState, seat: number): number {
  let n = 0;
  for (let k = 1; k < s.players; k++) {
    const p = (seat + k) % s.players;
    if (s.handLen[p]! > 0) cards[n++] = p;
  }
  return n;
}

/** Is a re-lay under way (cards set aside outside clean-up, on purpose)? */
export function relaying(s: SquirmishState): boolean {
  return s.qLen > 0 && s.jobKind[s.qHead] === JK_EFFECT && s.jobEff[s.qHead]! >= 0 && s.table.effVerb[s.jobEff[s.qHead]!] === E_RELAY && s.jobCount[s.qHead]! > 0;
}

/**
 * Re-lay step: the next seat, from the job's seat in turn order (jobData: seats already passed),
 * that still has a card set aside; -1 when every card is back.
 */
function relaySeat(s: SquirmishState, q: number): number {
  if (s.asideLen === 0) return -1;
  if (s.table.effArg[s.jobEff[q]!] === RELAY_CONTROLLER) return s.jobSeat[q]!;
  for (let k = 0; k < s.players; k++) {
    const p = (s.jobSeat[q]! + s.jobData[q]! + k) % s.players;
    for (let j = 0; j < s.asideLen; j++)
      if (s.owner[s.aside[j]!] === p) {
        s.jobData[q] = (s.jobData[q]! + k) % s.players;
        return p;
      }
  }
  return -1;
}

function ask(s: SquirmishState, seat: number): boolean {
  s.dec = DEC_JOB;
  s.toMove = seat;
  return false;
}

/**
 * Run the effect job at the queue head. Returns true if it finished (and was popped), false if
 * it waits for a decision (s.dec = DEC_JOB, toMove = the job's seat).
 */
export function runEffectJob(s: SquirmishState, q: number, rng: Rng): boolean {
  const t = s.table;
  const e = s.jobEff[q]!;
  const src = s.jobSource[q]!;
  const seat = s.jobSeat[q]!;
  if (e < 0) {
    popJob(s);
    return true;
  }
  switch (t.effVerb[e]) {
    case E_DAMAGE:
    case E_HEAL:
    case E_KO:
    case E_STATUS: {
      const to = t.effTo[e]!;
      const n = targetSet(s, to, src, seat, s.jobTarget[q]!, s.jobAttacker[q]!);
      if (isChosen(to)) {
        if (n === 0) break;
        return ask(s, seat);
      }
      for (let k = 0; k < n; k++) hitCard(s, q, cards[k]!);
      break;
    }
    case E_DRAW:
    case E_DRAW_AND_PLACE: {
      if (s.jobCount[q] === 0) {
        let last = -1;
        for (let k = 0; k < s.jobAmount[q]!; k++) {
          const i = drawCard(s, seat, rng);
          if (i >= 0) last = i;
        }
        s.jobCount[q] = 1;
        s.jobData[q] = last;
      }
      const drawn = s.jobData[q]!;
      if ((t.effArg[e] === 1 || t.effVerb[e] === E_DRAW_AND_PLACE) && drawn >= 0 && s.loc[drawn] === LOC_HAND && s.owner[drawn] === seat && s.inPlay[seat]! < s.rules.inPlayLimit) return ask(s, seat);
      break;
    }
    case E_LOOK_DISCARD: {
      if (s.jobCount[q] === 0) {
        const n = handSeats(s, seat);
        if (n === 0) break;
        if (n > 1) return ask(s, seat);
        s.jobCount[q] = 1;
        s.jobData[q] = cards[0]!;
      }
      const p = s.jobData[q]!;
      if (s.handLen[p] === 0) break;
      for (let k = 0; k < s.handLen[p]!; k++) {
        const i = s.handCard(p, k);
        s.knownBy[i] = s.knownBy[i]! | (1 << seat);
      }
      return ask(s, seat);
    }
    case E_DISCARD_DRAWN: {
      const i = s.jobData[q]!;
      if (i >= 0 && s.loc[i] === LOC_HAND && s.owner[i] !== seat) {
        s.removeFromHand(s.owner[i]!, i);
        s.toDiscard(i);
      }
      break;
    }
    case E_MOVE_SELF:
    case E_EXTRA_MOVE:
    case E_MOVE_OPPONENT:
    case E_MOVE_DAMAGE:
    case E_ROLL_AGAIN:
      if (t.effVerb[e] === E_MOVE_SELF && s.loc[src] !== LOC_GRID) break;
      if (t.effVerb[e] === E_ROLL_AGAIN && (s.loc[src] !== LOC_GRID || s.isOut(src) || s.jobDepth[q]! >= MAX_ATTACK_DEPTH)) break;
      return ask(s, seat);
    case E_REARRANGE:
      if (s.jobCount[q] === 0) s.jobCount[q] = Math.max(1, s.gridCount - 1);
      return ask(s, seat);
    case E_RELAY: {
      if (s.jobCount[q] === 0) {
        if (s.gridCount < 2) break;
        // Pick every card up (they keep damage and statuses), then lay them again one by one.
        for (let k = s.gridCount - 1; k >= 0; k--) {
          const i = s.gridList[k]!;
          s.takeOffGrid(i);
          s.loc[i] = LOC_ASIDE;
          s.aside[s.asideLen++] = i;
        }
        s.jobCount[q] = 1;
        s.jobData[q] = 0;
      }
      const p = relaySeat(s, q);
      if (p < 0) break;
      return ask(s, p);
    }
    case E_CONFUSE: {
      if (s.jobDepth[q]! >= MAX_ATTACK_DEPTH || confusedVictims(s, s.jobTarget[q]!, s.jobSource[q]!) === 0) break;
      return ask(s, seat);
    }
    case E_CUSTOM: {
      const effect = NAMED_EFFECTS[NAMED_EFFECT_NAMES[t.effArg[e]!]!];
      if (effect) effect.run(s, src, seat, rng);
      break;
    }
  }
  popJob(s);
  return true;
}

function movePairs(s: SquirmishState, out: Int32Array, n: number, seat: number, mode: number): number {
  // mode 0: own card with an adjacent card; 1: enemy card with an adjacent card.
  const W = s.W;
  for (let k = 0; k < s.gridCount; k++) {
    const a = s.gridList[k]!;
    if ((s.owner[a] === seat) !== (mode === 0)) continue;
    const c = s.cell[a]!;
    for (let dir = 0; dir < 4; dir++) {
      const b = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
      if (b >= 0) out[n++] = act(OP_MOVE, a, b);
    }
  }
  return n;
}

const encodeAttack = (a: number, t: number): number => act(OP_ATTACK, a, t);

/** The options of the job decision at the queue head. */
export function jobOptions(s: SquirmishState, out: Int32Array): number {
  const q = s.qHead;
  const t = s.table;
  const e = s.jobEff[q]!;
  const src = s.jobSource[q]!;
  const seat = s.jobSeat[q]!;
  let n = 0;
  switch (t.effVerb[e]) {
    case E_DAMAGE:
    case E_HEAL:
    case E_KO:
    case E_STATUS: {
      const m = targetSet(s, t.effTo[e]!, src, seat, s.jobTarget[q]!, s.jobAttacker[q]!);
      for (let k = 0; k < m; k++) out[n++] = act(OP_PICK, cards[k]!, 0);
      return n;
    }
    case E_RELAY: {
      const buf = openBuffer(s);
      const m = openCells(s, buf);
      const anyCard = t.effArg[e] === RELAY_CONTROLLER;
      for (let k = 0; k < s.asideLen; k++) {
        const i = s.aside[k]!;
        if (!anyCard && s.owner[i] !== s.toMove) continue;
        for (let c = 0; c < m; c++) out[n++] = act(OP_PLACE, i, buf[c]!);
      }
      return n;
    }
    case E_DRAW:
    case E_DRAW_AND_PLACE: {
      const buf = openBuffer(s);
      const m = openCells(s, buf);
      const i = s.jobData[q]!;
      for (let k = 0; k < m; k++) out[n++] = act(OP_PLACE, i, buf[k]!);
      out[n++] = SKIP;
      return n;
    }
    case E_LOOK_DISCARD: {
      if (s.jobCount[q] === 0) {
        const m = handSeats(s, seat);
        for (let k = 0; k < m; k++) out[n++] = act(OP_SEAT, cards[k]!, 0);
        return n;
      }
      const p = s.jobData[q]!;
      for (let k = 0; k < s.handLen[p]!; k++) out[n++] = act(OP_PICK, s.handCard(p, k), 0);
      return n;
    }
    case E_MOVE_SELF:
      for (let k = 0; k < s.gridCount; k++) {
        const b = s.gridList[k]!;
        if (b !== src) out[n++] = act(OP_MOVE, src, b);
      }
      out[n++] = SKIP;
      return n;
    case E_EXTRA_MOVE:
      n = movePairs(s, out, 0, seat, 0);
      out[n++] = SKIP;
      return n;
    case E_MOVE_OPPONENT:
      n = movePairs(s, out, 0, seat, 1);
      out[n++] = SKIP;
      return n;
    case E_REARRANGE:
      for (let k = 0; k < s.gridCount; k++)
        for (let j = k + 1; j < s.gridCount; j++) out[n++] = act(OP_MOVE, s.gridList[k]!, s.gridList[j]!);
      out[n++] = SKIP;
      return n;
    case E_MOVE_DAMAGE:
      for (let k = 0; k < s.gridCount; k++) {
        const a = s.gridList[k]!;
        if (s.owner[a] !== seat || s.damage[a] === 0 || s.isOut(a)) continue;
        for (let j = 0; j < s.gridCount; j++) {
          const b = s.gridList[j]!;
          if (b !== a && s.owner[b] === seat && s.damage[b]! < s.hpOf(b)) out[n++] = act(OP_SHIFT, a, b);
        }
      }
      out[n++] = SKIP;
      return n;
    case E_ROLL_AGAIN:
      n = attackTargets(s, src, out, 0, encodeAttack);
      if (t.effArg[e] === ROLL_AGAIN_OTHER) {
        // attack-another: never the card the first attack was made on.
        let m = 0;
        for (let k = 0; k < n; k++) if (yOf(out[k]!) !== s.jobTarget[q]) out[m++] = out[k]!;
        n = m;
      }
      out[n++] = SKIP;
      return n;
    case E_CONFUSE: {
      const m = confusedVictims(s, s.jobTarget[q]!, s.jobSource[q]!);
      for (let k = 0; k < m; k++) out[n++] = act(OP_PICK, cards[k]!, 0);
      return n;
    }
  }
  out[n++] = SKIP;
  return n;
}

/** Apply the chosen option of the job decision at the queue head. */
export function applyJobChoice(s: SquirmishState, action: number, rng: Rng): void {
  const q = s.qHead;
  const t = s.table;
  const e = s.jobEff[q]!;
  const verb = t.effVerb[e]!;
  const src = s.jobSource[q]!;
  const seat = s.jobSeat[q]!;
  const op = opOf(action);
  const x = xOf(action);
  const y = yOf(action);
  if (op === OP_SKIP) {
    popJob(s);
    return;
  }
  switch (verb) {
    case E_DAMAGE:
    case E_HEAL:
    case E_KO:
    case E_STATUS:
      hitCard(s, q, x);
      popJob(s);
      return;
    case E_RELAY:
      s.removeAside(x);
      s.putOnGrid(x, s.owner[x]!, y);
      s.jobData[q] = (s.jobData[q]! + 1) % s.players; // the next seat lays next
      s.gameCounters[G_MOVES]!++;
      return; // the job runs again until every card is back
    case E_DRAW:
    case E_DRAW_AND_PLACE:
      popJob(s);
      s.removeFromHand(seat, x);
      s.placeCard(x, seat, y);
      placedTriggers(s, x, rng);
      return;
    case E_LOOK_DISCARD:
      if (op === OP_SEAT) {
        s.jobCount[q] = 1;
        s.jobData[q] = x;
        return; // the job runs again: reveal, then pick
      }
      popJob(s);
      s.removeFromHand(s.owner[x]!, x);
      s.toDiscard(x);
      return;
    case E_MOVE_SELF:
    case E_EXTRA_MOVE:
    case E_MOVE_OPPONENT:
      popJob(s);
      s.swapCells(x, y);
      s.movedTurn[x] = s.turns;
      s.gameCounters[G_MOVES]!++;
      return;
    case E_REARRANGE:
      s.swapCells(x, y);
      s.gameCounters[G_MOVES]!++;
      if (--s.jobCount[q]! <= 0) popJob(s);
      return;
    case E_MOVE_DAMAGE: {
      popJob(s);
      const want = t.effArg[e] === 1 ? s.damage[x]! : s.jobAmount[q]!;
      const moved = Math.min(want, s.damage[x]!, s.hpOf(y) - s.damage[y]!);
      if (moved > 0) {
        s.damage[x]! -= moved;
        s.damage[y]! += moved;
        s.lastHitBy[y] = seat;
        s.lastHitOverride[y] = 0;
        s.lastHitSource[y] = src;
      }
      return;
    }
    case E_ROLL_AGAIN: {
      const depth = s.jobDepth[q]! + 1;
      popJob(s);
      enqueue(s, JK_ATTACK, -1, src, seat, y, src, 0, 0, 0, depth);
      return;
    }
    case E_CONFUSE: {
      const confused = s.jobTarget[q]!;
      const depth = s.jobDepth[q]! + 1;
      const credit = t.effArg[e] === CONFUSE_CREDIT;
      popJob(s);
      // With confuse: credit the attack job carries the confuser's seat, which gets any knock-out.
      enqueue(s, JK_ATTACK, -1, confused, credit ? seat : s.owner[confused]!, x, confused, credit ? ATTACK_CONFUSED_CREDIT : ATTACK_CONFUSED, 0, 0, depth);
      return;
    }
  }
  popJob(s);
}
