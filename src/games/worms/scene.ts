/** A Worms position as plain data for the `replay --html` drawing (src/replay/draw/worms.ts). */
import { WormsState } from './state.js';
import { WORMS_PER_PLAYER } from './params.js';
import { rankName } from './render.js';

export interface WormsScene {
  deck: number;
  discard: number;
  /** The discard pile's top card, '' when empty. */
  discardTop: string;
  suddenDeath: boolean;
  toMove: number;
  /** Per seat: its three worms, each bottom to top as rank names ([] = dead), and the turn it went out (-1 = in). */
  seats: { worms: string[][]; outAtTurn: number }[];
}

export function scene(s: WormsState): WormsScene {
  const seats: WormsScene['seats'] = [];
  for (let p = 0; p < s.players; p++) {
    const worms: string[][] = [];
    for (let k = 0; k < WORMS_PER_PLAYER; k++) worms.push(s.wormCards(p * WORMS_PER_PLAYER + k).map(rankName));
    seats.push({ worms, outAtTurn: s.living[p] === 0 ? s.eliminatedAtTurn[p]! : -1 });
  }
  return {
    deck: s.deckLen,
    discard: s.discardLen,
    discardTop: s.discardLen > 0 ? rankName(s.discard[s.discardLen - 1]!) : '',
    suddenDeath: s.suddenDeathActive,
    toMove: s.terminal ? -1 : s.toMove,
    seats,
  };
}
