/**
 * Squall as a picture: the table to scale (1 inch = `scale` units, north up) with its terrain;
 * each character's base in its seat's colour with a line for its facing and a pale wedge for
 * its field of view (the active character's outlined); the moves of the step as dashed lines
 * from start to end (the route the planner took between them is not recorded); each attack
 * of the step as a line of sight (melee red; a clear shot green; a covered shot purple,
 * dashed; out of sight grey, dotted) labelled with its cover; the turn's earlier move and
 * attack stay drawn, faded, until replaced; beside it, every character's HP
 * and SPECIAL, and under it the step's log with the dice.
 */
import type { SquallScene } from '../../games/squall/scene.js';
import { el, fit, line, n, rect, seatColour, svg, text } from './svg.js';

const PAD = 16;
const TABLE_PX = 560;
const SIDE = 300;
const ATTACK_STYLE = {
  melee: { stroke: '#c0392b', dash: undefined },
  clear: { stroke: '#2e8b57', dash: undefined },
  covered: { stroke: '#7b3294', dash: '8 5' },
  'out of sight': { stroke: '#888', dash: '2 4' },
} as const;

export function drawSquall(sc: SquallScene, seats: readonly string[]): string {
  const scale = TABLE_PX / Math.max(sc.width, sc.height);
  const X = (x: number) => PAD + x * scale;
  const Y = (y: number) => PAD + (sc.height - y) * scale;
  const parts: string[] = [];
  parts.push(rect(PAD, PAD, sc.width * scale, sc.height * scale, { fill: '#e9efdc', stroke: '#6b7d4f', 'stroke-width': 2 }));
  for (const o of sc.obstacles)
    parts.push(o.circle ? el('circle', { cx: X(o.x), cy: Y(o.y), r: o.r * scale, fill: '#8c8c7a', stroke: '#555' }) : el('polygon', { points: o.points.map(([x, y]) => `${n(X(x))},${n(Y(y))}`).join(' '), fill: '#8c8c7a', stroke: '#555' }));
  // Fields of view first, so bases and lines lie on top of them; clipped to the table (the page shows one drawing at a time, so the id is unique).
  const fov: string[] = [];
  for (const c of sc.characters) {
    if (!c.onTable) continue;
    const reach = Math.max(3, c.r * 3) * scale;
    const cx = X(c.x);
    const cy = Y(c.y);
    const colour = seatColour(c.seat);
    if (sc.fov >= 360) {
      fov.push(el('circle', { cx, cy, r: reach, fill: colour, 'fill-opacity': 0.1 }));
      continue;
    }
    const facing = Math.atan2(-c.fy, c.fx);
    const half = (sc.fov * Math.PI) / 360;
    const [ax, ay] = [cx + reach * Math.cos(facing - half), cy + reach * Math.sin(facing - half)];
    const [bx, by] = [cx + reach * Math.cos(facing + half), cy + reach * Math.sin(facing + half)];
    fov.push(el('path', { d: `M${n(cx)} ${n(cy)}L${n(ax)} ${n(ay)}A${n(reach)} ${n(reach)} 0 ${sc.fov > 180 ? 1 : 0} 1 ${n(bx)} ${n(by)}Z`, fill: colour, 'fill-opacity': 0.12, stroke: colour, 'stroke-opacity': 0.3 }));
  }
  parts.push(el('clipPath', { id: 'squall-table' }, rect(PAD, PAD, sc.width * scale, sc.height * scale)));
  parts.push(el('g', { 'clip-path': 'url(#squall-table)' }, fov.join('')));
  for (const m of sc.moves) {
    const c = sc.characters[m.who];
    const faded = m.earlier ? 0.5 : 1;
    parts.push(line(X(m.from[0]), Y(m.from[1]), X(m.to[0]), Y(m.to[1]), { stroke: c ? seatColour(c.seat) : '#333', 'stroke-width': 2, 'stroke-dasharray': '6 4', opacity: faded }));
    parts.push(el('circle', { cx: X(m.from[0]), cy: Y(m.from[1]), r: 3, fill: c ? seatColour(c.seat) : '#333', opacity: faded }));
  }
  sc.characters.forEach((c, i) => {
    if (!c.onTable) {
      if (c.fallen) parts.push(text(X(c.x), Y(c.y) + 5, '\u2715', { 'text-anchor': 'middle', fill: '#999', 'font-size': 16 }));
      return;
    }
    const cx = X(c.x);
    const cy = Y(c.y);
    const r = Math.max(4, c.r * scale);
    parts.push(el('circle', { cx, cy, r, fill: seatColour(c.seat), stroke: sc.active === i ? '#111' : '#fff', 'stroke-width': sc.active === i ? 3 : 1.5 }));
    parts.push(line(cx, cy, cx + c.fx * r * 1.7, cy - c.fy * r * 1.7, { stroke: '#111', 'stroke-width': 2.5, 'stroke-linecap': 'round' }));
    parts.push(text(cx, cy - r - 5, fit(c.name, 16), { 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold', fill: '#222', stroke: '#e9efdc', 'stroke-width': 3, 'paint-order': 'stroke' }));
  });
  for (const a of sc.attacks) {
    const [px, py] = [X(a.fromAt[0]), Y(a.fromAt[1])];
    const [qx, qy] = [X(a.toAt[0]), Y(a.toAt[1])];
    const style = ATTACK_STYLE[a.kind];
    const faded = a.earlier ? 0.5 : 1;
    const label = `${a.earlier ? 'earlier: ' : ''}${a.kind === 'melee' ? 'melee' : a.kind === 'clear' ? 'clear shot' : a.kind === 'covered' ? 'covered shot' : 'out of sight'}`;
    parts.push(line(px, py, qx, qy, { stroke: style.stroke, 'stroke-width': 3, 'stroke-dasharray': style.dash, 'stroke-linecap': 'round', opacity: faded }));
    parts.push(text((px + qx) / 2 + 6, (py + qy) / 2 - 6, label, { 'font-size': 12, 'font-weight': 'bold', fill: style.stroke, stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke', opacity: faded }));
  }
  parts.push(text(PAD, PAD + sc.height * scale + 16, `${n(sc.width)}" \u00d7 ${n(sc.height)}", north up; field of view ${sc.fov}\u00b0`, { 'font-size': 11, fill: '#555' }));

  const sx = PAD * 2 + sc.width * scale + 8;
  let y = PAD + 14;
  sc.characters.forEach((c, i) => {
    parts.push(el('circle', { cx: sx + 7, cy: y - 5, r: 7, fill: c.onTable ? seatColour(c.seat) : '#bbb', stroke: sc.active === i ? '#111' : 'none', 'stroke-width': 2 }));
    parts.push(text(sx + 20, y, `${fit(c.name, 18)} (seat ${c.seat})`, { 'font-weight': 'bold', fill: c.onTable ? '#222' : '#999' }));
    y += 17;
    parts.push(text(sx + 20, y, c.fallen ? 'fallen' : `HP ${c.hp}/${c.hpMax}, SPECIAL ${c.special}${c.onTable ? '' : ', not on the table'}`, { 'font-size': 12, fill: c.fallen ? '#b00' : '#444' }));
    y += 22;
  });
  for (let p = 0; p < seats.length; p++) {
    parts.push(rect(sx, y - 10, 10, 10, { fill: seatColour(p) }));
    parts.push(text(sx + 16, y, `seat ${p}: ${fit(seats[p] ?? '', 22)}`, { 'font-size': 12 }));
    y += 18;
  }
  let ly = Math.max(PAD + sc.height * scale + 24, y);
  for (const entry of sc.log.slice(0, 8)) parts.push(text(PAD, (ly += 17), fit(entry, 125), { 'font-size': 12, fill: '#8a4b00' }));
  if (sc.log.length > 8) parts.push(text(PAD, (ly += 17), `\u2026 ${sc.log.length - 8} more (see the text view)`, { 'font-size': 12, fill: '#777' }));
  return svg(PAD * 2 + sc.width * scale + SIDE, ly + PAD, parts.join(''), 'Squall table');
}
