/**
 * Squall invariants (`checkInvariants`, run after every move by the conformance test and
 * `--check`): positions, HP, SPECIAL and the seat counts agree with each other and the rules.
 */
import { OVERLAP_EPS, baseEdgeGap, baseOnBoard, norm } from './geometry.js';
import { SquallState, PH_PLACE, PH_FIRST, PH_DEFEND, PH_OVER } from './state.js';

/**
 * Invariants: bases on the board never overlap each other or terrain and never leave the board;
 * HP stays within 0..start and a character on the board has HP; SPECIAL never goes below 0 or
 * above the start; seat counts agree with the characters; the mover is standing.
 */
export function checkInvariants(s: SquallState): string | null {
  const w = s.world;
  let seatsAlive = 0;
  for (let p = 0; p < s.players; p++) {
    let living = 0;
    for (let c = s.teamStart[p]!; c < s.teamStart[p]! + s.teamSize[p]!; c++) if (s.hp[c]! > 0 && s.surrendered[p] === 0) living++;
    if (living !== s.seatLiving[p]) return `seat ${p} has ${living} characters standing but seatLiving = ${s.seatLiving[p]}`;
    if (living > 0) seatsAlive++;
  }
  if (seatsAlive !== s.seatsAlive) return `${seatsAlive} seats standing but seatsAlive = ${s.seatsAlive}`;
  for (let c = 0; c < s.count; c++) {
    const max = s.hpMax(c);
    if (s.hp[c]! < 0 || s.hp[c]! > max) return `${s.name(c)} (character ${c}) has HP ${s.hp[c]} outside 0..${max}`;
    if (s.special[c]! < 0 || s.special[c]! > w.rSpecial[s.kind[c]!]!) return `${s.name(c)} has SPECIAL ${s.special[c]}`;
    if (s.defenceSpent[c]! > 1) return `${s.name(c)} has spent ${s.defenceSpent[c]} defence dice`;
    if (s.alive[c] === 0) continue;
    if (s.hp[c]! <= 0) return `${s.name(c)} is on the board with HP ${s.hp[c]}`;
    const x = s.x[c]!;
    const y = s.y[c]!;
    const r = s.r[c]!;
    if (!baseOnBoard(x, y, r, w.width, w.height, OVERLAP_EPS)) return `${s.name(c)} at (${x}, ${y}) leaves the board (edge gap ${baseEdgeGap(x, y, r, w.width, w.height)})`;
    for (let i = 0; i < w.obstacles.count; i++) {
      const d = w.obstacles.pointDist(i, x, y);
      if (d < r - OVERLAP_EPS) return `${s.name(c)} at (${x}, ${y}) overlaps obstacle ${i} by ${r - d}`;
    }
    for (let e = c + 1; e < s.count; e++) {
      if (s.alive[e] === 0) continue;
      const gap = norm(s.x[e]! - x, s.y[e]! - y) - r - s.r[e]!;
      if (gap < -OVERLAP_EPS) return `${s.name(c)} and ${s.name(e)} overlap by ${-gap}`;
    }
    if (Math.abs(norm(s.fx[c]!, s.fy[c]!) - 1) > 1e-9) return `${s.name(c)} has a facing of length ${norm(s.fx[c]!, s.fy[c]!)}`;
  }
  if (!s.terminal) {
    if (s.phase === PH_OVER) return 'phase is over but the game is not';
    if (s.phase !== PH_PLACE && s.phase !== PH_FIRST) {
      if (s.alive[s.active] === 0) return `${s.name(s.active)} acts but is not standing`;
      const mover = s.phase === PH_DEFEND ? s.target : s.active;
      if (s.seatOf[mover] !== s.toMove) return `seat ${s.toMove} is to move but ${s.name(mover)} decides`;
    }
  } else if (!s.capped && s.seatsAlive > 1) return 'game ended with more than one seat standing';
  return null;
}
