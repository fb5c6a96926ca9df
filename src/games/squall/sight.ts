/**
 * Squall cover and line of sight: whether obstacles (and, optionally, other characters' bases)
 * cover a target or block sight between two bases, as the rules doc defines them. No allocation;
 * the two bases come through the PAIR register (the `*Reg` forms), segments through SEG.
 */
import { BTB_TOLERANCE, norm, PT, SEG, pointNearSeg, load4, type Discs } from './geometry.js';
import type { ObstacleSet } from './obstacles.js';

// ---------------------------------------------------------------------------------------------
// Cover and sight. Like the segment tests, the rules take their two bases from a register (the
// `*Reg` forms): PAIR = [ax, ay, ar, bx, by, br], the shooter's centre and radius, then the
// target's. The plain forms write it.

export const PAIR = new Float64Array(6);

/** Put the two bases in PAIR (the plain forms' half of the register convention). */
function setPair(ax: number, ay: number, ar: number, bx: number, by: number, br: number): void {
  load4(PAIR, ax, ay, ar, bx);
  PAIR[4] = by;
  PAIR[5] = br;
}

/** Cover on the segment: some obstacle meets the closed segment between the centres. */
export function segmentCovered(obs: ObstacleSet, ax: number, ay: number, bx: number, by: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  load4(SEG, ax, ay, bx, by);
  return segmentCoveredSeg(obs, discs, skipA, skipB);
}

/** segmentCovered for the segment SEG. */
function segmentCoveredSeg(obs: ObstacleSet, discs: Discs | null, skipA: number, skipB: number): boolean {
  for (let i = 0; i < obs.count; i++) if (obs.hitsReg(i)) return true;
  return discs !== null && discsMeetSeg(discs, skipA, skipB, false);
}

/**
 * Whether the segment SEG meets a living disc other than skipA and skipB: its closed disc
 * (`interior` false: cover) or its interior shrunk by 1e-9 (`interior` true: sight), as
 * ObstacleSet's meetsReg does for obstacles.
 */
function discsMeetSeg(discs: Discs, skipA: number, skipB: number, interior: boolean): boolean {
  for (let c = 0; c < discs.count; c++) {
    if (c === skipA || c === skipB || discs.alive[c] === 0) continue;
    SEG[5] = interior ? discs.r[c]! - 1e-9 : discs.r[c]!;
    if (pointNearSeg(discs.x, discs.y, c, !interior)) return true;
  }
  return false;
}

/** Cover on the base: some obstacle touches the target's base (within BTB_TOLERANCE). */
export function baseCovered(obs: ObstacleSet, tx: number, ty: number, tr: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  setPair(0, 0, 0, tx, ty, tr);
  return baseCoveredReg(obs, discs, skipA, skipB);
}

/** baseCovered for the target base in PAIR. */
function baseCoveredReg(obs: ObstacleSet, discs: Discs | null, skipA: number, skipB: number): boolean {
  const tx = PAIR[3]!;
  const ty = PAIR[4]!;
  const reach = PAIR[5]! + BTB_TOLERANCE;
  PT[0] = tx;
  PT[1] = ty;
  for (let i = 0; i < obs.count; i++) {
    if (tx + reach < obs.minX[i]! || tx - reach > obs.maxX[i]! || ty + reach < obs.minY[i]! || ty - reach > obs.maxY[i]!) continue;
    if (obs.pointDistReg(i) <= reach) return true;
  }
  if (discs !== null) {
    for (let c = 0; c < discs.count; c++) {
      if (c === skipA || c === skipB || discs.alive[c] === 0) continue;
      if (norm(discs.x[c]! - tx, discs.y[c]! - ty) <= discs.r[c]! + reach) return true;
    }
  }
  return false;
}

/**
 * The cover rule: covered if an obstacle meets the segment between the centres or (mode
 * `segment-or-base`) touches the target's base.
 */
export function isCovered(
  obs: ObstacleSet, mode: 'segment-or-base' | 'segment',
  ax: number, ay: number, bx: number, by: number, br: number,
  discs: Discs | null, skipA: number, skipB: number,
): boolean {
  setPair(ax, ay, 0, bx, by, br);
  return isCoveredReg(obs, mode, discs, skipA, skipB);
}

/** isCovered for the two bases in PAIR (the shooter's radius is not used). */
export function isCoveredReg(obs: ObstacleSet, mode: 'segment-or-base' | 'segment', discs: Discs | null, skipA: number, skipB: number): boolean {
  SEG[0] = PAIR[0]!;
  SEG[1] = PAIR[1]!;
  SEG[2] = PAIR[3]!;
  SEG[3] = PAIR[4]!;
  if (segmentCoveredSeg(obs, discs, skipA, skipB)) return true;
  return mode === 'segment-or-base' && baseCoveredReg(obs, discs, skipA, skipB);
}

/** True if segment ab passes through no obstacle's interior (grazing an obstacle does not block). */
export function segmentUnobstructed(obs: ObstacleSet, ax: number, ay: number, bx: number, by: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  load4(SEG, ax, ay, bx, by);
  for (let i = 0; i < obs.count; i++) if (obs.penetratesReg(i)) return false;
  return discs === null || !discsMeetSeg(discs, skipA, skipB, true);
}

/** Points per base on the sight lattice (see `inSight`). */
export const SIGHT_POINTS = 5;

/**
 * Sight ("some segment", made precise). Every segment from a point of the attacker's base A to
 * a point of the target's base B lies in the convex hull of the two discs. That hull is the
 * trapezoid between the two outer common tangents plus, behind each tangent chord (the chord
 * joining a base's two tangent points), a cap that lies inside that base, where no obstacle can
 * be. So the part of any such segment that can be blocked runs from a point of A's tangent chord
 * to a point of B's tangent chord, and "some segment from A reaches B unobstructed" is exactly
 * "some segment from A's chord to B's chord passes through no obstacle's interior" (grazing an
 * obstacle's boundary does not block). For equal bases the chords are the diameters across the
 * line of fire.
 *
 * The finite, testable form used here: SIGHT_POINTS evenly spaced points on each chord (both
 * tangent points included); the target is in sight if one of the 5 x 5 segments joining them is
 * unobstructed. The centre-to-centre segment is tried first.
 */
export function inSight(
  obs: ObstacleSet,
  ax: number, ay: number, ar: number, bx: number, by: number, br: number,
  discs: Discs | null, skipA: number, skipB: number,
): boolean {
  setPair(ax, ay, ar, bx, by, br);
  return inSightReg(obs, discs, skipA, skipB);
}

/** inSight for the two bases in PAIR. */
export function inSightReg(obs: ObstacleSet, discs: Discs | null, skipA: number, skipB: number): boolean {
  const ax = PAIR[0]!;
  const ay = PAIR[1]!;
  const ar = PAIR[2]!;
  const bx = PAIR[3]!;
  const by = PAIR[4]!;
  const br = PAIR[5]!;
  // Only obstacles meeting the bounding box of the two bases can block a sight line.
  if (sightScratch.length < obs.count) sightScratch = new Int32Array(obs.count);
  const list = sightScratch;
  let n = 0;
  const x0 = Math.min(ax - ar, bx - br);
  const x1 = Math.max(ax + ar, bx + br);
  const y0 = Math.min(ay - ar, by - br);
  const y1 = Math.max(ay + ar, by + br);
  for (let i = 0; i < obs.count; i++) {
    if (obs.maxX[i]! < x0 || obs.minX[i]! > x1 || obs.maxY[i]! < y0 || obs.minY[i]! > y1) continue;
    list[n++] = i;
  }
  if (n === 0 && discs === null) return true;
  load4(SEG, ax, ay, bx, by);
  if (unobstructedAmong(obs, list, n, discs, skipA, skipB)) return true;
  // norm(bx - ax, by - ay), written out: V8 does not inline a call it has seen rarely, and
  // this one (reached when the centre line is blocked) would then box its doubles.
  const ex = bx - ax;
  const ey = by - ay;
  const d = Math.sqrt(ex * ex + ey * ey);
  if (d <= Math.abs(ar - br)) return true; // one base within the other: cannot happen on the board
  const ux = (bx - ax) / d;
  const uy = (by - ay) / d;
  const nx = -uy;
  const ny = ux;
  // Outer tangents touch both circles at angle theta from the axis: cos(theta) = (ar - br) / d.
  const c = (ar - br) / d;
  const sn = Math.sqrt(1 - c * c);
  const pax = ax + ar * c * ux;
  const pay = ay + ar * c * uy;
  const pbx = bx + br * c * ux;
  const pby = by + br * c * uy;
  // Shortcut: an obstacle whose interior crosses both outer tangents separates the two chords,
  // so it blocks every sight line (exactly what the lattice below would find, only sooner).
  const t1ax = pax + ar * sn * nx;
  const t1ay = pay + ar * sn * ny;
  const t1bx = pbx + br * sn * nx;
  const t1by = pby + br * sn * ny;
  const t2ax = pax - ar * sn * nx;
  const t2ay = pay - ar * sn * ny;
  const t2bx = pbx - br * sn * nx;
  const t2by = pby - br * sn * ny;
  for (let k = 0; k < n; k++) {
    const i = list[k]!;
    SEG[0] = t1ax;
    SEG[1] = t1ay;
    SEG[2] = t1bx;
    SEG[3] = t1by;
    if (!obs.penetratesReg(i)) continue;
    SEG[0] = t2ax;
    SEG[1] = t2ay;
    SEG[2] = t2bx;
    SEG[3] = t2by;
    if (obs.penetratesReg(i)) return false;
  }
  const half = (SIGHT_POINTS - 1) / 2;
  for (let i = 0; i < SIGHT_POINTS; i++) {
    const u = ((i - half) / half) * ar * sn;
    const px = pax + u * nx;
    const py = pay + u * ny;
    for (let j = 0; j < SIGHT_POINTS; j++) {
      const v = ((j - half) / half) * br * sn;
      SEG[0] = px;
      SEG[1] = py;
      SEG[2] = pbx + v * nx;
      SEG[3] = pby + v * ny;
      if (unobstructedAmong(obs, list, n, discs, skipA, skipB)) return true;
    }
  }
  return false;
}

let sightScratch = new Int32Array(16);

/** segmentUnobstructed for the segment SEG, testing only the obstacles list[0 .. n). */
function unobstructedAmong(obs: ObstacleSet, list: Int32Array, n: number, discs: Discs | null, skipA: number, skipB: number): boolean {
  for (let k = 0; k < n; k++) if (obs.penetratesReg(list[k]!)) return false;
  return discs === null || !discsMeetSeg(discs, skipA, skipB, true);
}
