/**
 * Squirmish invariants (`checkInvariants`), checked after every move by the conformance tests and
 * `--check-invariants`.
 */
import { islands } from './board.js';
import { relaying } from './jobs.js';
import { SquirmishState } from './state.js';
import {
  DEC_NONE, DEC_STEP, LOC_ASIDE, LOC_DECK, LOC_DISCARD, LOC_GRID, LOC_HAND, LOC_NAMES, LOC_PICK, LOC_VICTORY, PH_TURN,
  ST_ABILITIES, ST_CLEANUP,
} from './state-codes.js';
import { currentStep } from './steps.js';

// Module scratch for the island count.
let labels = new Int16Array(0);
let sizes = new Int16Array(0);

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
