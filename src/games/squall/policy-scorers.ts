/**
 * What Squall's heuristic policies share (policies.ts describes them): the knobs a policy is
 * made with, the scratch every move scorer writes into, the score bands, and the scorers more
 * than one family uses (safety from the enemies' reach, the ring's rear points).
 */
import { rimDistance, baseEdgeGap, norm } from './geometry.js';
import { OUT_WORDS, OUT_X, OUT_Y, OUT_USED } from './route.js';
import { RING_POINTS, candidateSlot } from './actions.js';
import { MAX_CHARS } from './params.js';
import { TapedPicker } from './move-tape.js';
import { SquallState } from './state.js';
import { resolveMove, sightAt, coverAt } from './moves.js';

export interface Knobs {
  style: number;
  preferRear: boolean;
  holdBack: 'never' | 'faster' | 'always';
  patience: number;
  frontalAttack: boolean;
  hitAndRun: boolean;
  safetyWeight: number;
  coverWeight: number;
  extraDie: 'auto' | 'always' | 'never';
  bonuses: 'smart' | 'never' | 'always';
  reserve: number;
  surrenderBelow: number;
}

export const BIG = 1e6;
/** Move scores from here up end in contact (ring points reached, holding in contact). */
export const CONTACT = 900;
/** Hold-back scores are HOLD_BASE minus the gap left, so 0 < score < CONTACT. */
export const HOLD_BASE = 100;
/** An enemy's reach is its allowance plus this much (ring points sit a little off its rim; routes bend). */
export const REACH_MARGIN = 0.25;

/**
 * What a move scorer reads and writes: the policy's knobs and its scratch, made once, when the
 * policy is created (Brain extends it).
 */
export class MoveScratch {
  /** The move picker; the brawler's bestMove tapes its offers (move-tape.ts). */
  readonly pick = new TapedPicker(-1);
  /** resolveMove's result (route.ts OUT_* layout). */
  readonly out = new Float64Array(OUT_WORDS);
  readonly xy = new Float64Array(2);
  /** bestBrawlerMove's candidates, sorted by their lower bound lb. */
  readonly idx = new Int32Array(16);
  readonly lb = new Float64Array(16);
  /**
   * A move scorer's result: val[0] is the score (-Infinity: not a candidate). Returned, the
   * double would be boxed (heap-allocated) at every call V8 does not inline: 1.7 KB a game.
   */
  readonly val = new Float64Array(1);
  /** Each enemy's reach plus REACH_MARGIN, for the decision at hand (enemyReaches fills it). */
  readonly reachOf = new Float64Array(MAX_CHARS);

  constructor(readonly k: Knobs) {}
}

/** Route length still to go to the nearest BTB ring point of target (straight-line estimate). */
export function remaining(s: SquallState, m: number, target: number): number {
  return rimDistance(s.x[m]!, s.y[m]!, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
}

export function ringBehind(s: SquallState, e: number, slot: number): boolean {
  const w = s.world;
  const c = w.ringCos[slot]!;
  return c < w.cosHalfFov - 1e-9;
}

/** Out of every enemy's reach (its MOVE, plus a margin), then covered from enemy shooters, then room to run. */
export function safetyScore(b: MoveScratch, s: SquallState, m: number, cand: number, allowance: number): void {
  const slot = candidateSlot(cand);
  if (slot >= 0 && slot < RING_POINTS) {
    b.val[0] = -Infinity;
    return;
  }
  resolveMove(s, m, cand, allowance, b.out);
  const x = b.out[OUT_X]!;
  const y = b.out[OUT_Y]!;
  let danger = 0;
  let cover = 0;
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
    const gap = rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) - s.move(e);
    if (gap < 0.5) danger += Math.min(6, 0.5 - gap);
    if (s.rangeStat(e) > 0) {
      // Cover from e's shots (as e would see us there).
      if (!sightAt(s, e, s.x[e]!, s.y[e]!, m, x, y) || coverAt(s, e, s.x[e]!, s.y[e]!, m, x, y)) cover += 1;
    }
  }
  // Room to run: bases pinned against an edge or in a corner get caught.
  const room = Math.min(2, baseEdgeGap(x, y, s.r[m]!, s.world.width, s.world.height));
  b.val[0] = -b.k.safetyWeight * danger * 10 + b.k.coverWeight * cover + 0.3 * room - b.out[OUT_USED]! * 0.001;
}

/** Board samples per side for roomShare (ROOM_GRID^2 points, each checked against every enemy). */
const ROOM_GRID = 12;

/**
 * m's room to run from (x, y): the share of the board (a ROOM_GRID x ROOM_GRID sample) that m
 * reaches, in straight lines at its MOVE, before every placed enemy reaches it at the enemy's
 * MOVE. A sniper that keeps more of the board to itself can keep shooting; one with its back
 * to an edge or in a corner, the enemy between it and the open board, is caught there. Walls
 * are not routed round (a version that walked round them on a grid scored no better on the
 * shipped layouts and cost 1.8 ms a set-up).
 */
export function roomShare(s: SquallState, m: number, x: number, y: number): number {
  const w = s.world;
  const dx = w.width / ROOM_GRID;
  const dy = w.height / ROOM_GRID;
  const speed = Math.max(1, s.move(m));
  let mine = 0;
  for (let i = 0; i < ROOM_GRID; i++) {
    const px = (i + 0.5) * dx;
    for (let j = 0; j < ROOM_GRID; j++) {
      const py = (j + 0.5) * dy;
      const t = norm(px - x, py - y) / speed;
      let first = true;
      for (let e = 0; e < s.count && first; e++) {
        if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
        if (norm(px - s.x[e]!, py - s.y[e]!) <= t * Math.max(1, s.move(e))) first = false;
      }
      if (first) mine++;
    }
  }
  return mine / (ROOM_GRID * ROOM_GRID);
}
