/**
 * Squirmish set-up (docs/rules/squirmish.md, "Setting up"): the deck each deck style builds, the
 * deal or the draft, the weigh-in (videogame) or a random first seat (tabletop), and the start
 * of the turns with the first mover's turn-start abilities. `reset` (rules.ts) runs `setUp` and
 * then advances to the first decision. Hot path: nothing here allocates per move.
 */
import type { Rng } from '../../sim/rng.js';
import { draftPoolOf } from './params.js';
import { placedTriggers, triggerAbilities } from './resolve.js';
import { SquirmishState } from './state.js';
import { G_TIES } from './counters.js';
import { DEC_NONE, LOC_DECK, LOC_PICK, PH_DRAFT, PH_TURN, PH_WEIGH_PICK, PH_WEIGH_PLACE } from './state-codes.js';
import { T_TURN_START } from './vocabulary.js';

// Module scratch (one game at a time per thread): the cards a generated deck draws from.
let pool = new Int16Array(0);

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
/** Everything `reset` does before the first decision: the deck, the deal or the draft row, then the weigh-in or the first turn. */
export function setUp(s: SquirmishState, rng: Rng): void {
  if (pool.length < s.table.count) pool = new Int16Array(s.table.count);
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
export function startTurns(s: SquirmishState, rng: Rng): void {
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
export function resolveWeighIn(s: SquirmishState, rng: Rng): void {
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
export function finishDraft(s: SquirmishState, rng: Rng): void {
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

/** The mover's turn-start abilities fire on their own, in the grid's order; their effects are queued before the first step. */
export function turnStartTriggers(s: SquirmishState, rng: Rng): void {
  const t = s.table;
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    if (s.owner[i] === s.mover && (t.cardTriggers[s.instCard[i]!]! & (1 << T_TURN_START)) !== 0) triggerAbilities(s, i, T_TURN_START, -1, rng);
  }
}
