/**
 * The brawler's moves (policies.ts): close in on the target's BTB points in order of their
 * straight-line lower bound, or hold back just outside every enemy's reach; closeScore also
 * scores the flanker's candidates (it hands them to flankScore).
 */
import type { Rng } from '../../sim/rng.js';
import { attackFromBehindAt, rimDistance, norm } from './geometry.js';
import { OUT_X, OUT_Y, OUT_USED, OUT_REACHED, OUT_ROUTE } from './route.js';
import { HOLD_CANDIDATE, RING_POINTS, PER_ENEMY, moveAction, firstAtLeast, isMove, moveCandidate, moveFacing, candidateEnemy, candidateSlot } from './actions.js';
import { MAX_BONUSES } from './params.js';
import { SquallState, PH_MOVE, PH_PLACE } from './state.js';
import { STYLE_FLANKER, E_LONGER_MOVE } from './world.js';
import { resolveMove, storedRingPoint, btb } from './moves.js';
import { type MoveScratch, BIG, HOLD_BASE, REACH_MARGIN, remaining, ringBehind } from './policy-scorers.js';
import { flankScore } from './policy-flanker.js';

/**
 * The brawler only considers the BTB points round its target and holding. They are scored in
 * order of straight-line distance, and once even that lower bound of the route left cannot
 * beat the best so far, the rest (which would need the planner) are skipped; so are the points
 * in reach whose contact score cannot beat it (contactBound): same choice, far fewer routes.
 */
export function bestBrawlerMove(b: MoveScratch, s: SquallState, actions: Int32Array, n: number, rng: Rng, allowance: number, target: number): number {
  const m = s.active;
  let count = 0;
  // legalActions lists a move phase's actions in ascending order (legal.ts), so the target's
  // ring moves facing it, [moveAction(first, 0), moveAction(first + RING_POINTS, 0)), and hold
  // are found by search, not by a scan of the ~70 actions; taken in that order (ring points,
  // then hold), as a scan would.
  const first = target * PER_ENEMY;
  const end = moveAction(first + RING_POINTS, 0);
  s.world.rings.validate(s.discs, s.fx, s.fy, m);
  for (let i = firstAtLeast(actions, n, moveAction(first, 0)); i < n && actions[i]! < end; i++) {
    const a = actions[i]!;
    if (moveFacing(a) !== 0) continue;
    storedRingPoint(s, m, target, moveCandidate(a) - first, b.xy);
    count = insertByBound(b, count, i, norm(b.xy[0]! - s.x[m]!, b.xy[1]! - s.y[m]!));
  }
  const hold = firstAtLeast(actions, n, moveAction(HOLD_CANDIDATE, 0));
  if (hold < n && actions[hold] === moveAction(HOLD_CANDIDATE, 0)) count = insertByBound(b, count, hold, 0);
  b.pick.start();
  for (let k = 0; k < count; k++) {
    const i = b.idx[k]!;
    const cand = moveCandidate(actions[i]!);
    const lb = b.lb[k]!;
    if (cand !== HOLD_CANDIDATE && b.pick.index >= 0) {
      if (lb > allowance + 1e-9) {
        if (-(lb - allowance) < b.pick.best) break;
      } else if (contactBound(b, s, target, cand - first, lb) < b.pick.best) continue;
    }
    closeScore(b, s, m, cand, allowance, target);
    const score = b.val[0]!;
    if (score === -Infinity) continue;
    b.pick.offer(i, score, rng);
  }
  // No contact point has a route (all blocked, or walled off): rather than stand still, take
  // the straight move that gets nearest the target, if any gets nearer at all.
  if (b.pick.best <= -BIG / 2 && s.phase === PH_MOVE) {
    const before = remaining(s, m, target);
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      if (!isMove(a) || moveFacing(a) !== 0 || candidateEnemy(moveCandidate(a)) >= 0 || moveCandidate(a) === HOLD_CANDIDATE) continue;
      resolveMove(s, m, moveCandidate(a), allowance, b.out);
      const gain = before - rimDistance(b.out[OUT_X]!, b.out[OUT_Y]!, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
      if (gain > 1e-6) b.pick.offer(i, -BIG / 2 + gain, rng);
    }
  }
  if (b.pick.index < 0) {
    for (let i = 0; i < n; i++) if (isMove(actions[i]!) && moveCandidate(actions[i]!) === HOLD_CANDIDATE) return i;
    return 0;
  }
  return b.pick.index;
}

/** Insert action index i with bound lb into b.idx/b.lb[0 .. count), sorted by lb, after equal ones; returns the new count. */
function insertByBound(b: MoveScratch, count: number, i: number, lb: number): number {
  let j = count;
  while (j > 0 && b.lb[j - 1]! > lb) {
    b.lb[j] = b.lb[j - 1]!;
    b.idx[j] = b.idx[j - 1]!;
    j--;
  }
  b.lb[j] = lb;
  b.idx[j] = i;
  return count + 1;
}

/**
 * The most that closeScore can give ring slot `slot` of `target` at straight-line distance lb
 * (within the allowance), plus a margin: in a MOVE, contactScore with the route at least lb (a
 * point not reached scores at most ~0); in a HALF-MOVE no bound (Infinity).
 * A point whose bound is below the best so far cannot change the pick (nor draw from the rng
 * for a tie), so its route is not planned: once a rear point is reached, the others in reach
 * are skipped.
 */
function contactBound(b: MoveScratch, s: SquallState, target: number, slot: number, lb: number): number {
  if (s.phase !== PH_MOVE) return Infinity;
  return contactScore(b, s, target, slot, lb) + 1e-6;
}

/** closeScore of ending a MOVE in contact at ring slot `slot` of `target` after `route` inches. */
function contactScore(b: MoveScratch, s: SquallState, target: number, slot: number, route: number): number {
  return 1000 + (ringBehind(s, target, slot) && b.k.preferRear ? 100 : 0) - route * 0.01;
}

/**
 * Does the brawler hold back from `target` this phase (it has already found that it cannot end
 * in contact)? Walking into the reach of an enemy that it cannot strike this turn hands that
 * enemy the first blow; that is what made the first player of a brawler duel lose two games in
 * three (docs/bots.md). Never once in contact (it stays there), nor after `patience` turns.
 */
export function holdsBack(b: MoveScratch, s: SquallState, m: number, target: number): boolean {
  if (b.k.holdBack === 'never' || s.turns >= b.k.patience || btb(s, m, target)) return false;
  if (s.move(m) > reach(s, target)) return true;
  return b.k.holdBack === 'always' && !standOff(s, m, target) && !outgunned(s, m);
}

/**
 * Does an enemy of m (placed or still to place) shoot harder than m? Waiting out of reach then
 * hands it free shots: a Berserker that waited for a Ranger was shot down from across the board
 * (expert 16% against skilled on a generated sparse layout, docs/bots.md). Against an enemy
 * that shoots no harder (the Fighter mirror: both shoot 2) waiting trades shot for shot and
 * keeps the first blow.
 */
export function outgunned(s: SquallState, m: number): boolean {
  for (let e = 0; e < s.count; e++) {
    if (s.enemies(m, e) && (s.alive[e] !== 0 || s.phase === PH_PLACE) && s.rangeStat(e) > s.rangeStat(m)) return true;
  }
  return false;
}

/**
 * A stand-off: every seat has had a turn, and m and target each stand just out of the other's
 * reach (within WAITING_BAND of it). The target had its turn and stopped at the edge of our
 * reach, so it waits too: waiting longer only delays the game (two waiting brawlers made
 * zero-length moves until `patience` ran out), so a brawler that is not the faster closes in.
 * One that is faster still waits: the target must come to it or never strike. An enemy that
 * wanders farther off (random, novice) is no waiter: the brawler still lets it come.
 */
function standOff(s: SquallState, m: number, target: number): boolean {
  if (s.turns < s.players) return false;
  const gap = rimDistance(s.x[m]!, s.y[m]!, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
  const mine = reach(s, m) + REACH_MARGIN;
  const theirs = reach(s, target) + REACH_MARGIN;
  return gap > mine && gap > theirs && gap <= Math.max(mine, theirs) + WAITING_BAND;
}

/** How far beyond the longer reach a waiter stands (it stops REACH_MARGIN out; set-up spots are coarser). */
const WAITING_BAND = 1;

/** How far c can move to strike this turn: its MOVE plus the longest move bonus it can pay for. */
export function reach(s: SquallState, c: number): number {
  const w = s.world;
  const k = s.kind[c]!;
  let extra = 0;
  for (let b = 0; b < w.bCount[k]!; b++) {
    const j = k * MAX_BONUSES + b;
    if (w.bEffect[j] === E_LONGER_MOVE && w.bCost[j]! <= s.special[c]! && w.bAmount[j]! > extra) extra = w.bAmount[j]!;
  }
  return s.move(c) + extra;
}

/**
 * The move (towards the target's BTB points, compass moves, holding) that ends outside every
 * enemy's reach and nearest the target, scored HOLD_BASE - gap; -1 if every move ends in reach.
 */
export function bestHoldBack(b: MoveScratch, s: SquallState, actions: Int32Array, n: number, rng: Rng, allowance: number, target: number): number {
  const m = s.active;
  enemyReaches(b, s, m);
  b.pick.start();
  for (let i = 0; i < n; i++) {
    const a = actions[i]!;
    if (!isMove(a) || moveFacing(a) !== 0) continue;
    const cand = moveCandidate(a);
    const slot = candidateSlot(cand);
    if (slot >= 0 && (candidateEnemy(cand) !== target || slot === RING_POINTS)) continue;
    resolveMove(s, m, cand, allowance, b.out);
    if (slot >= 0 && !Number.isFinite(b.out[OUT_ROUTE]!)) continue;
    if (!outOfReach(b, s, m, b.out)) continue;
    b.pick.offer(i, HOLD_BASE - rimDistance(b.out[OUT_X]!, b.out[OUT_Y]!, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!), rng);
  }
  return b.pick.index;
}

/** Would m at (x, y) be out of every living enemy's reach (+REACH_MARGIN)? */
export function outOfReach(b: MoveScratch, s: SquallState, m: number, at: Float64Array): boolean {
  const x = at[0]!;
  const y = at[1]!;
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
    if (rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) <= b.reachOf[e]!) return false;
  }
  return true;
}

/** Each living enemy e of m's reach plus REACH_MARGIN into b.reachOf[e], for outOfReach (once per decision, not per candidate). */
export function enemyReaches(b: MoveScratch, s: SquallState, m: number): void {
  for (let e = 0; e < s.count; e++) {
    if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
    b.reachOf[e] = reach(s, e) + REACH_MARGIN;
  }
}

/** Brawler and flanker: score of candidate `cand` as a way to reach (the back of) `target`. */
export function closeScore(b: MoveScratch, s: SquallState, m: number, cand: number, allowance: number, target: number): void {
  if (target < 0) {
    b.val[0] = cand === HOLD_CANDIDATE ? 0 : -Infinity;
    return;
  }
  if (b.k.style === STYLE_FLANKER) {
    flankScore(b, s, m, cand, allowance, target);
    return;
  }
  const halfMove = s.phase !== PH_MOVE;
  const e = candidateEnemy(cand);
  // stay in contact
  if (halfMove && btb(s, m, target)) {
    b.val[0] = cand === HOLD_CANDIDATE ? 10 : -Infinity;
    return;
  }
  if (cand === HOLD_CANDIDATE) {
    // Not in contact: holding is the last resort. (It used to score the straight-line gap,
    // which beat every ring point whose planner route detours round terrain: the brawler
    // stood still behind a wall. Any move along a route gets nearer than standing still.)
    if (!btb(s, m, target)) {
      b.val[0] = -BIG / 2;
      return;
    }
    const behind = attackFromBehindAt(s, s.world, target, m);
    b.val[0] = 1000 + (behind && b.k.preferRear ? 100 : 0);
    return;
  }
  if (e !== target) {
    b.val[0] = -Infinity;
    return;
  }
  const slot = candidateSlot(cand);
  if (slot === RING_POINTS) {
    b.val[0] = -Infinity;
    return;
  }
  resolveMove(s, m, cand, allowance, b.out);
  const route = b.out[OUT_ROUTE]!;
  if (!Number.isFinite(route)) {
    b.val[0] = -BIG;
    return;
  }
  if (b.out[OUT_REACHED] === 1 && !halfMove) {
    b.val[0] = contactScore(b, s, target, slot, route);
    return;
  }
  // Not there this phase: get as close as possible.
  b.val[0] = -(route - b.out[OUT_USED]!);
}
