/**
 * Text views of a Squish! position and action, for `squabble replay` and golden traces: the
 * board (walls `#`, blocks as their number, markers as seat letters A-H, empty start squares in
 * lower case), the dice of the turn, and the last block roll event by event (start, bounces
 * with what was hit, hits and their effect, passed-on hits, squishes, where each block
 * stopped), so a designer can check a bounce by eye.
 */
import {
  SquishState,
  EMPTY,
  WALL_BIT,
  PHASE_DIRECTION,
  PHASE_MOVE,
  EV_START,
  EV_BOUNCE,
  EV_HIT,
  EV_TRANSMIT,
  EV_SQUISH,
  EV_WEDGED,
  EV_STOP,
  EV_ROLL,
  HIT_NONE,
  HIT_ADDED,
  HIT_IGNORED,
} from './state.js';
import { DIR_NAMES, dirBase } from './actions.js';

export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);
const dirName = (d: number): string => `${d} (${DIR_NAMES[d] ?? '?'})`;
const blockList = (mask: number): string => {
  const names: string[] = [];
  for (let t = 0; t < 8; t++) if ((mask & (1 << t)) !== 0) names.push(String(t + 1));
  return names.length === 1 ? `block ${names[0]}` : `blocks ${names.join(', ')}`;
};
const blockChar = (b: number): string => (b < 9 ? String(b + 1) : '?');

export function boardText(s: SquishState): string[] {
  const lines: string[] = [];
  const wall = '#'.repeat(s.width + 2);
  lines.push(wall);
  for (let y = 0; y < s.height; y++) {
    let row = '#';
    for (let x = 0; x < s.width; x++) {
      const c = s.cellAt(x, y);
      const m = s.cellMarker[c]!;
      const b = s.cellBlock[c]!;
      if (m !== EMPTY) row += seatLetter(m);
      else if (b >= 0) row += blockChar(b);
      else {
        let ch = '.';
        for (let p = 0; p < s.players; p++) if (s.startCell[p] === c) ch = seatLetter(p).toLowerCase();
        row += ch;
      }
    }
    lines.push(`${row}#`);
  }
  lines.push(wall);
  return lines;
}

function rollHead(seat: number, face: number, dir: number, force: number, block: number, blocks: number): string {
  const who = `seat ${seat} (${seatLetter(seat)})`;
  const blockPart = blocks > 1 ? `, block ${block + 1}` : '';
  if (face === 0) return `${who} rolled 0: no move (force ${force}${blockPart})`;
  return `${who} rolled ${face === 9 ? '9 and chose ' : ''}${dirName(dir)}, force ${force}${blockPart}`;
}

/** Every roll since the last decision, one line each, event by event; the last with its totals. */
export function rollLines(s: SquishState): string[] {
  const lines: string[] = [];
  let head = '';
  let parts: string[] = [];
  let squished: string[] = [];
  const flush = (last: boolean) => {
    if (head === '') return;
    const totals = last
      ? `${s.rollSteps} step${s.rollSteps === 1 ? '' : 's'}, ${s.rollBounces} bounce${s.rollBounces === 1 ? '' : 's'}, ${s.rollHits} hit${s.rollHits === 1 ? '' : 's'}, ${s.rollMoved} block${s.rollMoved === 1 ? '' : 's'} moved`
      : '';
    const tail = [totals, squished.length ? `squished ${squished.join(', ')}` : ''].filter((x) => x).join('; ');
    lines.push(`${head}${parts.length ? `: ${parts.join('; ')}` : ''}${tail ? ` [${tail}]` : ''}`);
  };
  const log = s.eventLog;
  for (let i = 0; i < log.count; i++) {
    const type = log.type(i);
    const b = log.field(i, 1) + 1;
    const a = log.field(i, 2);
    const b2 = log.field(i, 3);
    const c = log.field(i, 4);
    const d = log.field(i, 5);
    switch (type) {
      case EV_ROLL:
        flush(false);
        head = rollHead(a, b2, c, d, b - 1, s.blockCount);
        parts = [];
        squished = [];
        break;
      case EV_START:
        parts.push(`block ${b} starts ${DIR_NAMES[a]} with force ${b2} at (${c}, ${d})`);
        break;
      case EV_BOUNCE: {
        const what = [(d & WALL_BIT) !== 0 ? 'the wall' : '', (d & 255) !== 0 ? blockList(d & 255) : ''].filter((x) => x).join(' and ');
        parts.push(`block ${b} bounces ${DIR_NAMES[a]} -> ${DIR_NAMES[b2]} off ${what} with ${c} left`);
        break;
      }
      case EV_HIT: {
        const effect = d === HIT_NONE ? ', no effect (already moved)' : d === HIT_IGNORED ? ', no effect (already hit)' : d === HIT_ADDED ? ', added' : '';
        parts.push(`block ${b} hits block ${a + 1} with ${b2} ${DIR_NAMES[c]}${effect}`);
        break;
      }
      case EV_TRANSMIT:
        parts.push(`block ${b} is blocked ${DIR_NAMES[c]} and passes ${b2} on to ${blockList(a)}`);
        break;
      case EV_SQUISH:
        parts.push(`block ${b} squishes ${seatLetter(a)} at (${b2}, ${c})`);
        squished.push(seatLetter(a));
        break;
      case EV_WEDGED:
        parts.push(`block ${b} is wedged at (${b2}, ${c}), losing ${a}`);
        break;
      case EV_STOP:
        parts.push(`block ${b} stops at (${a}, ${b2})`);
        break;
    }
  }
  flush(true);
  if (log.dropped > 0) lines.push(`(${log.dropped} more events not recorded)`);
  return lines;
}

export function render(s: SquishState): string {
  const lines: string[] = [];
  const rolls = rollLines(s);
  if (rolls.length === 0) lines.push('  (no roll since the last decision)');
  for (const r of rolls) lines.push(`  roll: ${r}`);
  if (s.terminal) {
    lines.push(`  game over: ${s.capped ? 'capped' : s.winner >= 0 ? `seat ${s.winner} (${seatLetter(s.winner)}) wins` : 'everybody loses (draw)'}`);
  } else if (s.phase === PHASE_DIRECTION) {
    lines.push(`  seat ${s.toMove} (${seatLetter(s.toMove)}) rolled a 9 and chooses the direction of block ${s.dieBlock + 1}, force ${s.force}`);
  } else if (s.phase === PHASE_MOVE) {
    lines.push(`  seat ${s.toMove} (${seatLetter(s.toMove)}) has ${s.mp} MP`);
  }
  if (s.advanced) {
    const held: string[] = [];
    for (let p = 0; p < s.players; p++) {
      let t = '';
      for (let k = 0; k < s.blockCount; k++) t += (s.held[p]! & (1 << k)) !== 0 ? String(k + 1) : '-';
      held.push(`${seatLetter(p)} ${t}`);
    }
    lines.push(`  shards: ${held.join(' | ')}`);
  } else {
    const out: string[] = [];
    for (let p = 0; p < s.players; p++) if (s.markerCell[p]! < 0) out.push(seatLetter(p));
    if (out.length) lines.push(`  squished: ${out.join(', ')}`);
  }
  for (const row of boardText(s)) lines.push(`  ${row}`);
  return lines.join('\n');
}

const square = (s: SquishState, cell: number): string => `(${s.cellX[cell]}, ${s.cellY[cell]})`;

export function describeAction(s: SquishState, action: number): string {
  const me = s.toMove;
  const who = `seat ${me} (${seatLetter(me)})`;
  const base = dirBase(s.blockCount, s.squares);
  if (action >= base) return `${who} chooses direction ${dirName(action - base + 1)} for block ${s.dieBlock + 1}, force ${s.force}`;
  const push = action % 9;
  const rest = (action - push) / 9;
  const q = rest % s.squares;
  const shard = (rest - q) / s.squares;
  const from = s.markerCell[me]!;
  const to = s.cellOfSquare(q);
  let text = to === from ? `${who} stays at ${square(s, from)}` : `${who} moves ${square(s, from)} -> ${square(s, to)}`;
  if (push !== 0) {
    const m = s.cellMarker[to]!;
    text += `, pushing seat ${m} (${seatLetter(m)}) ${DIR_NAMES[push]}`;
  }
  if (shard !== 0) text += `, collecting shard ${shard}`;
  return `${text} (${s.mp} MP)`;
}
