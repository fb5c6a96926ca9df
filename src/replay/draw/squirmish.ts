/**
 * Squirmish as a picture: the deck, discard pile and the step to decide on top; the grid's
 * occupied window with each card in its controller's colour, its name, an HP bar with HP left
 * and its active statuses; then per seat the hand as a count of face-down cards (hands are
 * hidden from the other seats) and the victory pile by name; last, what the move did, with
 * the attack dice.
 */
import type { SquirmishScene } from '../../games/squirmish/scene.js';
import { fit, rect, seatColour, svg, text } from './svg.js';

const CW = 150;
const CH = 96;
const GAP = 6;
const PAD = 12;

function gridCard(x: number, y: number, c: SquirmishScene['cards'][number]): string {
  const colour = seatColour(c.seat);
  const out = c.statuses.includes('KO');
  const parts = [rect(x, y, CW, CH, { rx: 6, fill: out ? '#eee' : '#fff', stroke: colour, 'stroke-width': 3 })];
  parts.push(rect(x, y, CW, 20, { rx: 6, fill: colour }));
  parts.push(text(x + 6, y + 15, fit(c.name, 19), { fill: '#fff', 'font-weight': 'bold', 'font-size': 12 }));
  parts.push(text(x + CW - 6, y + 36, `s${c.seat}`, { 'text-anchor': 'end', 'font-size': 11, fill: '#555' }));
  const barW = CW - 44;
  parts.push(rect(x + 6, y + 27, barW, 10, { fill: '#e6e6e6', stroke: '#bbb' }));
  if (c.hp > 0) parts.push(rect(x + 6, y + 27, (barW * c.hpLeft) / c.hp, 10, { fill: c.hpLeft * 3 <= c.hp ? '#d9534f' : '#5cb85c' }));
  parts.push(text(x + 6, y + 52, `HP ${c.hpLeft}/${c.hp}`, { 'font-size': 12 }));
  c.statuses.slice(0, 3).forEach((st, k) => parts.push(text(x + 6, y + 68 + k * 13, fit(st, 22), { 'font-size': 11, fill: st === 'KO' ? '#b00' : '#8a4b00' })));
  return parts.join('');
}

export function drawSquirmish(sc: SquirmishScene, seats: readonly string[]): string {
  const parts: string[] = [];
  const gridW = sc.cols * (CW + GAP);
  const width = Math.max(860, PAD * 2 + gridW);
  let y = PAD + 14;
  parts.push(text(PAD, y, `deck ${sc.deck}   discard ${sc.discard}${sc.discardTop ? ` (top: ${fit(sc.discardTop, 24)})` : ''}${sc.aside ? `   set aside ${sc.aside}` : ''}`));
  parts.push(text(width - PAD, y, sc.toMove >= 0 ? `seat ${sc.toMove} to decide: ${sc.step}` : sc.step, { 'text-anchor': 'end', 'font-weight': 'bold' }));
  y += 14;
  if (sc.cards.length === 0) {
    parts.push(text(PAD, y + 30, 'the Squirmish is empty', { fill: '#777' }));
    y += 50;
  } else {
    const x0 = (width - gridW) / 2;
    for (let r = 0; r < sc.rows; r++) for (let c = 0; c < sc.cols; c++) parts.push(rect(x0 + c * (CW + GAP), y + r * (CH + GAP), CW, CH, { rx: 6, fill: '#f6f6f6', stroke: '#e3e3e3', 'stroke-dasharray': '4 4' }));
    for (const card of sc.cards) parts.push(gridCard(x0 + card.col * (CW + GAP), y + card.row * (CH + GAP), card));
    y += sc.rows * (CH + GAP) + 8;
  }
  for (let p = 0; p < sc.hands.length; p++) {
    y += 24;
    if (sc.toMove === p) parts.push(rect(PAD - 4, y - 17, width - 2 * PAD + 8, 24, { rx: 4, fill: '#fff7dc', stroke: '#e0b000' }));
    parts.push(rect(PAD, y - 12, 10, 14, { fill: seatColour(p) }));
    parts.push(text(PAD + 16, y, `seat ${p} ${fit(seats[p] ?? '', 18)}`, { 'font-weight': 'bold' }));
    const hand = sc.hands[p]!;
    for (let k = 0; k < Math.min(hand, 8); k++) parts.push(rect(PAD + 230 + k * 7, y - 13, 14, 18, { rx: 2, fill: '#6b7f99', stroke: '#fff' }));
    parts.push(text(PAD + 230 + Math.min(hand, 8) * 7 + 14, y, `hand ${hand}`));
    const pile = sc.victory[p]!;
    parts.push(text(PAD + 380, y, `victory ${pile.length}${pile.length ? `: ${fit(pile.join(', '), 60)}` : ''}`));
  }
  y += 14;
  for (const line of sc.events.slice(0, 8)) parts.push(text(PAD, (y += 17), fit(line, 120), { 'font-size': 12, fill: '#8a4b00' }));
  if (sc.events.length > 8) parts.push(text(PAD, (y += 17), `\u2026 ${sc.events.length - 8} more (see the text view)`, { 'font-size': 12, fill: '#777' }));
  return svg(width, y + PAD, parts.join(''), 'Squirmish grid');
}
