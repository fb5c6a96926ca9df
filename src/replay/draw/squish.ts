/**
 * Squish! as a picture: the board with its wall, start squares, blocks with their numbers (and
 * their shard while it is on them), markers as seat-coloured discs with their letter, the path
 * of every block that moved since the last decision (the rolled block's in black, blocks it set
 * moving in grey; a cross where a block was wedged, a ring where a marker was squished), and
 * beside it the dice of the turn and the shards each seat holds.
 */
import type { SquishScene } from '../../games/squish/scene.js';
import { el, fit, polyline, rect, seatColour, svg, text } from './svg.js';

const CELL = 44;
const PAD = 20;
const SIDE = 300;
const letter = (seat: number): string => String.fromCharCode(65 + seat);
const DIE_FACES = ['no move', 'N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'roller chooses'];

export function drawSquish(sc: SquishScene, seats: readonly string[]): string {
  const bw = sc.width * CELL;
  const bh = sc.height * CELL;
  const X = (x: number) => PAD + x * CELL;
  const Y = (y: number) => PAD + y * CELL;
  const parts: string[] = [];
  parts.push(rect(PAD - 8, PAD - 8, bw + 16, bh + 16, { fill: '#6d6d6d', rx: 4 }));
  parts.push(rect(PAD, PAD, bw, bh, { fill: '#f4f1e8' }));
  // The grid as one path element: a 500-step page carries a drawing per step.
  let grid = '';
  for (let x = 1; x < sc.width; x++) grid += `M${X(x)} ${PAD}V${PAD + bh}`;
  for (let y = 1; y < sc.height; y++) grid += `M${PAD} ${Y(y)}H${PAD + bw}`;
  parts.push(el('path', { d: grid, stroke: '#ddd6c4', fill: 'none' }));
  for (const st of sc.starts) parts.push(rect(X(st.x) + 3, Y(st.y) + 3, CELL - 6, CELL - 6, { fill: 'none', stroke: seatColour(st.seat), 'stroke-width': 2, 'stroke-dasharray': '5 3' }));
  for (const b of sc.blocks) {
    parts.push(rect(X(b.x) + 2, Y(b.y) + 2, b.w * CELL - 4, b.h * CELL - 4, { fill: '#c9a36b', stroke: '#7a5a2b', 'stroke-width': 2, rx: 3 }));
    if (b.shardOnBlock) parts.push(el('polygon', { points: `${X(b.x) + 10},${Y(b.y) + 5} ${X(b.x) + 15},${Y(b.y) + 11} ${X(b.x) + 10},${Y(b.y) + 17} ${X(b.x) + 5},${Y(b.y) + 11}`, fill: '#3fb6d9', stroke: '#1d6f87' }));
  }
  // Paths between block centres, drawn over the blocks so a block that came back to its square still shows its route.
  for (const p of sc.paths) {
    const b = sc.blocks[p.block - 1];
    if (!b || p.points.length < 2) continue;
    const pts = p.points.map(([x, y]) => [X(x) + (b.w * CELL) / 2, Y(y) + (b.h * CELL) / 2] as [number, number]);
    const colour = p.rolled ? '#111' : '#777';
    parts.push(polyline(pts, { stroke: colour, 'stroke-width': p.rolled ? 3 : 2, 'stroke-linejoin': 'round', 'stroke-dasharray': p.rolled ? undefined : '6 4', opacity: 0.85 }));
    parts.push(el('circle', { cx: pts[0]![0], cy: pts[0]![1], r: 4, fill: colour }));
    const [ex, ey] = pts[pts.length - 1]!;
    parts.push(el('circle', { cx: ex, cy: ey, r: 6, fill: 'none', stroke: colour, 'stroke-width': 2 }));
    if (p.wedged) parts.push(text(ex + 8, ey - 8, 'wedged', { 'font-size': 11, fill: '#b00' }));
  }
  // Block numbers go over the paths so an ending path never hides them.
  sc.blocks.forEach((b, i) => parts.push(text(X(b.x) + (b.w * CELL) / 2, Y(b.y) + (b.h * CELL) / 2 + 8, String(i + 1), { 'text-anchor': 'middle', 'font-size': 24, 'font-weight': 'bold', fill: '#3d2a0f', stroke: '#c9a36b', 'stroke-width': 4, 'paint-order': 'stroke' })));
  for (const m of sc.markers) {
    parts.push(el('circle', { cx: X(m.x) + CELL / 2, cy: Y(m.y) + CELL / 2, r: CELL / 2 - 7, fill: seatColour(m.seat), stroke: sc.toMove === m.seat ? '#111' : '#fff', 'stroke-width': sc.toMove === m.seat ? 3 : 2 }));
    parts.push(text(X(m.x) + CELL / 2, Y(m.y) + CELL / 2 + 6, letter(m.seat), { 'text-anchor': 'middle', 'font-weight': 'bold', 'font-size': 17, fill: '#fff' }));
  }
  for (const q of sc.squishes) parts.push(el('circle', { cx: X(q.x) + CELL / 2, cy: Y(q.y) + CELL / 2, r: CELL / 2 - 4, fill: 'none', stroke: seatColour(q.seat), 'stroke-width': 3, 'stroke-dasharray': '3 3' }));

  const sx = PAD * 2 + bw + 10;
  let y = PAD + 14;
  parts.push(text(sx, y, 'dice of the turn', { 'font-weight': 'bold' }));
  y += 22;
  if (sc.dice) {
    const d = sc.dice;
    parts.push(text(sx, y, `direction ${d.face}: ${DIE_FACES[d.face] ?? '?'}`));
    parts.push(text(sx, (y += 20), `force ${d.force}${sc.blocks.length > 1 ? `, block ${d.block}` : ''}`));
    parts.push(text(sx, (y += 20), `movement ${d.mp} MP`));
  } else parts.push(text(sx, y, 'not rolled yet', { fill: '#777' }));
  y += 32;
  parts.push(text(sx, y, sc.phase === 'over' ? 'game over' : sc.phase === 'direction' ? `${letter(sc.toMove)} chooses the direction` : `${letter(sc.toMove)} moves`, { 'font-weight': 'bold' }));
  y += 26;
  for (let p = 0; p < seats.length; p++) {
    parts.push(el('circle', { cx: sx + 8, cy: y - 5, r: 8, fill: seatColour(p) }));
    parts.push(text(sx + 4, y, letter(p), { 'font-size': 11, 'font-weight': 'bold', fill: '#fff' }));
    const status = sc.out.includes(p) ? ' (squished)' : '';
    const shards = sc.advanced ? ` shards ${sc.held[p]!.length ? sc.held[p]!.join(' ') : '-'}` : '';
    parts.push(text(sx + 22, y, `${fit(seats[p] ?? '', 16)}${status}${shards}`, { fill: status ? '#999' : '#222' }));
    y += 22;
  }
  return svg(Math.max(PAD * 2 + bw + SIDE, 600), Math.max(PAD * 2 + bh, y + 10), parts.join(''), 'Squish! board');
}
