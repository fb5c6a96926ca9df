/**
 * Worms as a picture: the deck and the discard pile with their counts, then one row per seat
 * with its three worms as card stacks, bottom card left, the top card whole and the buried ones
 * as strips showing their rank. Worms has no hands: every card is in a worm, the deck or the
 * discard pile. The seat to move is outlined; a seat that is out is greyed.
 */
import type { WormsScene } from '../../games/worms/scene.js';
import { fit, rect, seatColour, svg, text } from './svg.js';

const WIDTH = 900;
const ROW = 96;
const TOP = 70;
const CARD_W = 40;
const CARD_H = 58;
const WORM_W = 230;
const LEFT = 190;

function card(x: number, y: number, rank: string, whole: boolean, colour: string): string {
  const face = rect(x, y, CARD_W, CARD_H, { rx: 4, fill: '#fff', stroke: colour, 'stroke-width': 1.5 });
  const red = rank === 'A' || rank === 'K' || rank === 'Q' || rank === 'J' ? '#7a1f1f' : '#222';
  return whole ? face + text(x + CARD_W / 2, y + 37, rank, { 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 'bold', fill: red }) : face + text(x + 2, y + 13, rank, { 'font-size': 10, fill: '#555' });
}

function pile(x: number, y: number, label: string, count: number, top: string): string {
  const back = count > 0 ? rect(x, y, CARD_W, CARD_H, { rx: 4, fill: top === '' ? '#6b7f99' : '#fff', stroke: '#555' }) : rect(x, y, CARD_W, CARD_H, { rx: 4, fill: 'none', stroke: '#bbb', 'stroke-dasharray': '4 3' });
  const face = top !== '' && count > 0 ? text(x + CARD_W / 2, y + 37, top, { 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 'bold' }) : '';
  return back + face + text(x + CARD_W + 8, y + 24, label) + text(x + CARD_W + 8, y + 42, `${count} card${count === 1 ? '' : 's'}`, { fill: '#555' });
}

export function drawWorms(sc: WormsScene, seats: readonly string[]): string {
  const parts: string[] = [];
  parts.push(pile(10, 6, 'deck', sc.deck, ''));
  parts.push(pile(190, 6, 'discard pile', sc.discard, sc.discardTop));
  if (sc.suddenDeath) parts.push(text(400, 40, 'sudden death', { fill: '#b00', 'font-weight': 'bold', 'font-size': 16 }));
  sc.seats.forEach((seat, p) => {
    const y = TOP + p * ROW;
    const out = seat.outAtTurn >= 0;
    const colour = out ? '#aaa' : seatColour(p);
    if (sc.toMove === p) parts.push(rect(2, y - 4, WIDTH - 4, ROW - 6, { rx: 6, fill: '#fff7dc', stroke: '#e0b000' }));
    parts.push(rect(10, y + 4, 10, CARD_H - 8, { fill: colour }));
    parts.push(text(28, y + 22, `seat ${p}`, { 'font-weight': 'bold', fill: out ? '#888' : '#222' }));
    parts.push(text(28, y + 40, fit(seats[p] ?? '', 20), { fill: out ? '#888' : '#333' }));
    if (out) parts.push(text(28, y + 58, `out on turn ${seat.outAtTurn}`, { fill: '#888', 'font-size': 11 }));
    seat.worms.forEach((cards, k) => {
      const x0 = LEFT + k * WORM_W;
      if (cards.length === 0) {
        parts.push(rect(x0, y, CARD_W, CARD_H, { rx: 4, fill: 'none', stroke: '#ccc', 'stroke-dasharray': '4 3' }));
        parts.push(text(x0 + CARD_W + 8, y + 34, 'dead', { fill: '#999' }));
        return;
      }
      // Buried cards overlap more as a worm grows, so every worm fits its column.
      const strip = cards.length > 1 ? Math.min(16, (WORM_W - 20 - CARD_W) / (cards.length - 1)) : 0;
      cards.forEach((rank, i) => parts.push(card(x0 + i * strip, y, rank, i === cards.length - 1, colour)));
      parts.push(text(x0, y + CARD_H + 13, `${cards.length} card${cards.length === 1 ? '' : 's'}`, { 'font-size': 10, fill: '#666' }));
    });
  });
  return svg(WIDTH, TOP + sc.seats.length * ROW, parts.join(''), 'Worms: every worm as a card stack');
}
