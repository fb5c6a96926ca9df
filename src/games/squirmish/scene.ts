/**
 * A Squirmish position as plain data for the `replay --html` drawing
 * (src/replay/draw/squirmish.ts): the grid's occupied window with each card's name,
 * controller, HP left and active statuses; hand sizes (hands are hidden from the other seats);
 * victory piles (face up); the deck and discard pile; and the dice and events of the move.
 */
import { SquirmishState } from './state.js';
import { PH_TURN, STEP_NAMES } from './state-codes.js';
import { cardName, eventsText, gridWindow } from './render.js';
import { currentStep } from './steps.js';

export interface SquirmishScene {
  /** The occupied window of the grid: columns and rows, and the cards in it by (column, row). */
  cols: number;
  rows: number;
  cards: { col: number; row: number; name: string; seat: number; hpLeft: number; hp: number; statuses: string[] }[];
  hands: number[];
  victory: string[][];
  deck: number;
  discard: number;
  discardTop: string;
  aside: number;
  toMove: number;
  step: string;
  /** What the move did, one line per attack (with its die roll), knock-out or ability. */
  events: string[];
}

function statuses(s: SquirmishState, i: number): string[] {
  const out: string[] = [];
  if (s.isOut(i)) out.push('KO');
  if (s.noAttackUntil[i]! > s.turns) out.push('cannot attack');
  if (s.notAttackableUntil[i]! > s.turns) out.push('cannot be attacked');
  if (s.noAttackOn[i]! >= 0 && s.noAttackOnUntil[i]! > s.turns) out.push(`spares ${cardName(s, s.noAttackOn[i]!)}`);
  return out;
}

export function scene(s: SquirmishState): SquirmishScene {
  const W = s.W;
  const { minX, minY, maxX, maxY } = gridWindow(s);
  const cards: SquirmishScene['cards'] = [];
  for (let k = 0; k < s.gridCount; k++) {
    const i = s.gridList[k]!;
    const c = s.cell[i]!;
    const hp = s.hpOf(i);
    cards.push({ col: (c % W) - minX, row: Math.floor(c / W) - minY, name: cardName(s, i), seat: s.owner[i]!, hpLeft: Math.max(0, hp - s.damage[i]!), hp, statuses: statuses(s, i) });
  }
  const victory: string[][] = [];
  for (let p = 0; p < s.players; p++) victory.push(Array.from({ length: s.victoryLen[p]! }, (_, k) => cardName(s, s.victory[p * s.maxInst + k]!)));
  return {
    cols: maxX < 0 ? 0 : maxX - minX + 1,
    rows: maxY < 0 ? 0 : maxY - minY + 1,
    cards,
    hands: Array.from(s.handLen.subarray(0, s.players)),
    victory,
    deck: s.deckLen,
    discard: s.discardLen,
    discardTop: s.discardLen > 0 ? cardName(s, s.discard[s.discardLen - 1]!) : '',
    aside: s.asideLen,
    toMove: s.terminal ? -1 : s.toMove,
    step: s.terminal ? 'game over' : s.phase === PH_TURN ? (STEP_NAMES[currentStep(s)] ?? '') : 'setup',
    events: eventsText(s).map((line) => line.trim()),
  };
}
