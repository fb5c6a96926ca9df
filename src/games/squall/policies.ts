/**
 * Squall heuristic policies. Squall has no hidden information: policies read the whole state.
 * Each scores the legal actions of the decision at hand and takes the best, breaking ties
 * uniformly at random with the game's rng (so no seat or direction is favoured). None
 * allocates per decision: scratch arrays are made in `create`.
 *
 * - `brawler`: closes in on the nearest enemy along the planner's path and ends its MOVE in BTB
 *   when it can (preferring a point behind the enemy's field of view), attacks the weakest enemy
 *   in contact, stays in contact in the HALF-MOVE, always ends facing the enemy. When it cannot
 *   reach contact this phase and is faster than its target (holdBack), it ends the MOVE and the
 *   HALF-MOVE just outside the enemies' reach, so the enemy must come and it strikes first. It
 *   sets up as near the enemy (or the middle) as it can.
 * - `sniper`: keeps its distance: in the MOVE it seeks a spot from which it can shoot (clear
 *   line of sight preferred to a covered one) that is not in contact and that its HALF-MOVE can
 *   take out of reach, then in the HALF-MOVE gets out of the enemies' reach, preferring spots
 *   covered from enemy shooters and away from edges and corners. Never moves into contact; sets
 *   up as far from the enemy as it can.
 * - `flanker`: attacks from outside the target's field of view whenever a BTB point behind it
 *   can be reached; otherwise (frontalAttack) from its side or front when in reach; otherwise it
 *   hovers just outside the reach of a melee-only enemy, as near its back as possible, so that
 *   the enemy must come to it, but closes in on an enemy that shoots. After attacking it steps
 *   back out of reach (hitAndRun).
 * - `auto`: plays each character by the `style` its roster entry gives (brawler, sniper or
 *   flanker) with default parameters — the policy for matchup scenarios.
 *
 * Bonuses (all three): `bonuses: smart` uses a bonus when it helps now — extra damage and
 * attack dice whenever attacking, healing when at least the amount is missing or HP is at half
 * or less, longer moves when the best move gets better with them, extra attacks always, a
 * melee re-roll when the dice are below average, a ranged re-roll after a miss, extra defence
 * dice when the known attack would take HP, ripostes always, ignore-cover when the target is
 * covered, extra moves for snipers and flankers (never for brawlers, who stay in contact).
 * `never` never uses one; `always` tries every bonus offered. `reserve` SPECIAL points are
 * kept back except for healing.
 */
import { z } from 'zod';
import type { PolicySpec, Policy } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { BestPicker } from '../kit/best-picker.js';
import { attackFromBehind, isBtb, rimDistance, norm, baseEdgeGap } from './geometry.js';
import { OUT_WORDS, OUT_X, OUT_Y, OUT_USED, OUT_REACHED, OUT_ROUTE } from './planner.js';
import {
  PLACE,
  FIRST,
  NO_MELEE,
  SHOOT,
  NO_SHOT,
  BONUS,
  CONTINUE,
  SURRENDER,
  HOLD_CANDIDATE,
  RING_POINTS,
  isMove,
  isMelee,
  isShoot,
  moveCandidate,
  moveFacing,
  meleeTarget,
  meleeExtraDie,
  candidateEnemy,
  candidateSlot,
} from './actions.js';
import { MAX_BONUSES, type SquallRules } from './params.js';
import {
  SquallState,
  PH_PLACE,
  PH_FIRST,
  PH_MOVE,
  PH_MELEE,
  PH_MELEE_ROLL,
  PH_DEFEND,
  PH_AFTER_MELEE,
  PH_RANGE,
  PH_RANGE_ROLL,
  PH_AFTER_RANGE,
  PH_HALF_MOVE,
  PH_EXTRA_MOVE,
} from './state.js';
import {
  STYLE_BRAWLER,
  STYLE_SNIPER,
  STYLE_FLANKER,
  E_EXTRA_DAMAGE,
  E_EXTRA_ATTACK_DIE,
  E_HEAL,
  E_LONGER_MOVE,
  E_EXTRA_MOVE,
  E_EXTRA_ATTACK,
  E_REROLL,
  E_EXTRA_DEFENCE_DIE,
  E_RIPOSTE,
  E_IGNORE_COVER,
} from './world.js';
import { resolveMove, ringPoint, nearestEnemy, coveredFrom, canSeeFrom, sightAt, coverAt, btb, validShot } from './moves.js';
import { spotPosition } from './setup.js';

const bonusParams = {
  bonuses: z.enum(['smart', 'never', 'always']).default('smart').describe('When to spend SPECIAL on bonuses (see the policy notes).'),
  reserve: z.number().int().min(0).max(100).default(0).describe('SPECIAL points kept back (healing may still use them).'),
  surrenderBelow: z.number().min(0).max(1).default(0).describe('Surrender (when the rules allow it) once own HP falls below this fraction of the start while every enemy has more than half; 0 = never.'),
};

const brawlerParams = z.strictObject({
  preferRear: z.boolean().default(true).describe('Among reachable BTB points, prefer one outside the enemy\'s field of view.'),
  holdBack: z
    .enum(['never', 'faster', 'always'])
    .default('faster')
    .describe('When it cannot reach contact this phase, end the MOVE and HALF-MOVE just outside every enemy\'s reach (its MOVE plus any longer-move bonus it can afford, plus 0.25") rather than walk in and be struck first: never; faster = only when its own MOVE is longer than the target\'s reach (so it gets the first blow next turn); always = whatever the speeds, and it sets up in a corner when it places first, else just out of the placed enemies\' reach (nearest a corner).'),
  patience: z.number().int().min(0).max(10_000).default(30).describe('Holds back only during the game\'s first this many seat turns, then closes in as before (two bots that both wait would otherwise never meet).'),
  extraDie: z.enum(['auto', 'always', 'never']).default('auto').describe('Add a defence die to the attack: auto = when HP is at least half or the extra die could kill.'),
  ...bonusParams,
});

const sniperParams = z.strictObject({
  safetyWeight: z.number().min(0).max(100).default(1).describe('Weight of staying out of the enemies\' melee reach.'),
  coverWeight: z.number().min(0).max(100).default(1).describe('Weight of being covered from enemy shooters.'),
  extraDie: z.enum(['auto', 'always', 'never']).default('never').describe('Add a defence die to a melee attack (auto = only when it could kill).'),
  ...bonusParams,
});

const flankerParams = z.strictObject({
  frontalAttack: z.boolean().default(true).describe('When no point behind the enemy can be reached this MOVE, attack from its side or front rather than wait.'),
  hitAndRun: z.boolean().default(true).describe('After attacking, use the HALF-MOVE to get out of the enemy\'s reach.'),
  extraDie: z.enum(['auto', 'always', 'never']).default('auto').describe('Add a defence die to the attack: auto = when HP is at least half or the extra die could kill.'),
  ...bonusParams,
});

type BrawlerParams = z.output<typeof brawlerParams>;
type SniperParams = z.output<typeof sniperParams>;
type FlankerParams = z.output<typeof flankerParams>;

interface Knobs {
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

const BIG = 1e6;
/** Move scores from here up end in contact (ring points reached, holding in contact). */
const CONTACT = 900;
/** Hold-back scores are HOLD_BASE minus the gap left, so 0 < score < CONTACT. */
const HOLD_BASE = 100;
/** An enemy's reach is its allowance plus this much (ring points sit a little off its rim; routes bend). */
const REACH_MARGIN = 0.25;

/** The shared decision-maker; `style` switches the movement and set-up heuristics. */
class Brain {
  private readonly pick = new BestPicker(-1);
  private readonly out = new Float64Array(OUT_WORDS);
  private readonly xy = new Float64Array(2);
  private readonly idx = new Int32Array(16);
  private readonly lb = new Float64Array(16);

  constructor(private readonly k: Knobs) {}

  choose(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    if (n === 1) return 0;
    switch (s.phase) {
      case PH_PLACE:
        return this.chooseSpot(s, actions, n, rng);
      case PH_FIRST: {
        const starter = this.chooseStarter(s);
        for (let i = 0; i < n; i++) if (actions[i] === FIRST + starter) return i;
        return 0;
      }
      case PH_MOVE:
      case PH_HALF_MOVE:
      case PH_EXTRA_MOVE:
        return this.chooseMove(s, actions, n, rng);
      case PH_MELEE:
        return this.chooseMelee(s, actions, n, rng);
      case PH_RANGE:
        return this.chooseShot(s, actions, n, rng);
      default:
        return this.chooseAfterRoll(s, actions, n);
    }
  }

  // --- bonuses --------------------------------------------------------------------------------

  /** Index of a bonus action worth using now (by the smart rules), or -1. */
  private bonusToUse(s: SquallState, actions: Int32Array, n: number, c: number, effects: number): number {
    if (this.k.bonuses === 'never') return -1;
    const w = s.world;
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      if (a < BONUS || a >= CONTINUE) continue;
      const j = s.kind[c]! * MAX_BONUSES + (a - BONUS);
      const e = w.bEffect[j]!;
      if ((effects & (1 << e)) === 0 && this.k.bonuses !== 'always') continue;
      if (e !== E_HEAL && s.special[c]! - w.bCost[j]! < this.k.reserve) continue;
      if (this.k.bonuses === 'always' || this.bonusWorthIt(s, c, e, w.bAmount[j]!)) return i;
    }
    return -1;
  }

  private bonusWorthIt(s: SquallState, c: number, effect: number, amount: number): boolean {
    switch (effect) {
      case E_HEAL:
        return s.hpMax(c) - s.hp[c]! >= amount || 2 * s.hp[c]! <= s.hpMax(c);
      case E_EXTRA_MOVE:
        return this.k.style !== STYLE_BRAWLER;
      case E_REROLL:
        if (s.phase === PH_MELEE_ROLL) {
          let sum = 0;
          for (let i = 0; i < s.nDice; i++) sum += s.dice[i]!;
          return sum < 3.5 * s.nDice;
        }
        return true;
      case E_EXTRA_DEFENCE_DIE: {
        let sum = 0;
        for (let i = 0; i < s.nDice; i++) sum += s.dice[i]!;
        const damage = sum + s.melee(s.active) + s.pendDamage;
        const dice = Math.max(1, 2 - s.defenceSpent[c]!);
        return damage > 3.5 * dice;
      }
      default:
        return true;
    }
  }

  // --- set-up ---------------------------------------------------------------------------------

  private chooseSpot(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    const m = s.active;
    const w = s.world;
    this.pick.start();
    for (let i = 0; i < n; i++) {
      spotPosition(s, m, actions[i]! - PLACE, this.xy);
      const x = this.xy[0]!;
      const y = this.xy[1]!;
      let nearest = Infinity;
      for (let e = 0; e < s.count; e++) {
        if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
        nearest = Math.min(nearest, norm(s.x[e]! - x, s.y[e]! - y));
      }
      let score: number;
      if (this.k.style === STYLE_BRAWLER && this.k.holdBack === 'always') {
        // Waiting whatever the speeds starts at set-up. First to place: a corner, whose two edges
        // keep the enemy from its back (one defence die instead of two). Placing after an enemy:
        // just out of every placed enemy's reach, so that whoever moves first must come in and
        // be struck first; among those, nearest a corner, then nearest the enemy.
        const corner = Math.min(x, w.width - x) + Math.min(y, w.height - y);
        if (nearest === Infinity) score = -Math.round(corner * 4);
        else score = (this.outOfReach(s, m, x, y) ? 1000 : 0) - Math.round(corner * 4) - Math.round(nearest);
      } else if (this.k.style === STYLE_SNIPER) score = nearest === Infinity ? 0 : Math.round(nearest * 4);
      else if (nearest === Infinity) score = -Math.round(norm(x - w.width / 2, y - w.height / 2) * 4);
      else score = -Math.round(nearest * 4);
      this.pick.offer(i, score, rng);
    }
    return this.pick.index;
  }

  // --- initiative -----------------------------------------------------------------------------

  /**
   * Who starts, when this seat won the initiative. Moving first pays when someone can strike
   * in the first turn: we strike first, or we get to move out of reach or into cover before the
   * enemy strikes. When nobody can, the side that moves first only walks into the other's
   * reach, so this seat lets the next seat start (and moves last in the round).
   */
  private chooseStarter(s: SquallState): number {
    const me = s.toMove;
    for (let c = 0; c < s.count; c++) {
      if (s.alive[c] === 0) continue;
      for (let e = 0; e < s.count; e++) {
        if (s.alive[e] === 0 || !s.enemies(c, e)) continue;
        if ((s.seatOf[c] === me || s.seatOf[e] === me) && this.canStrikeFirstTurn(s, c, e)) return me;
      }
    }
    return (me + 1) % s.players;
  }

  /** Could c attack e in its first turn: reach its base with a MOVE (straight line), or shoot it from where it stands? */
  private canStrikeFirstTurn(s: SquallState, c: number, e: number): boolean {
    if (rimDistance(s.x[c]!, s.y[c]!, s.r[c]!, s.x[e]!, s.y[e]!, s.r[e]!) <= s.move(c)) return true;
    return s.rangeStat(c) > 0 && validShot(s, c, e);
  }

  // --- moves ----------------------------------------------------------------------------------

  private chooseMove(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    const m = s.active;
    if (s.phase === PH_MOVE && this.k.surrenderBelow > 0 && this.shouldSurrender(s, m)) {
      for (let i = 0; i < n; i++) if (actions[i] === SURRENDER) return i;
    }
    // Healing first; a longer move if it makes the best move better.
    const heal = this.bonusToUse(s, actions, n, m, 1 << E_HEAL);
    if (heal >= 0) return heal;
    if (this.k.bonuses !== 'never') {
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (a < BONUS || a >= CONTINUE) continue;
        const j = s.kind[m]! * MAX_BONUSES + (a - BONUS);
        if (s.world.bEffect[j] !== E_LONGER_MOVE) continue;
        if (s.special[m]! - s.world.bCost[j]! < this.k.reserve) continue;
        if (this.k.bonuses === 'always') return i;
        this.bestMove(s, actions, n, rng, s.allowance);
        const without = this.pick.best;
        // A brawler holding back out of reach (scores between 0 and CONTACT) gets the first blow
        // anyway, as the enemy must come: a longer move that might fail is not worth the
        // points, nor is a hold-back spot a little nearer.
        const brawler = this.k.style === STYLE_BRAWLER;
        if (brawler && without > 0 && without < CONTACT) continue;
        this.bestMove(s, actions, n, rng, s.allowance + s.world.bAmount[j]!);
        if (this.pick.best > without + 1 && !(brawler && this.pick.best > 0 && this.pick.best < CONTACT)) return i;
      }
    }
    return this.bestMove(s, actions, n, rng, s.allowance);
  }

  /** Best move action for `allowance` inches (leaves its score in this.pick.best). */
  private bestMove(s: SquallState, actions: Int32Array, n: number, rng: Rng, allowance: number): number {
    const m = s.active;
    const target = this.moveTarget(s, m);
    if (this.k.style === STYLE_BRAWLER && target >= 0) {
      const i = this.bestBrawlerMove(s, actions, n, rng, allowance, target);
      if (this.pick.best >= CONTACT || !this.holdsBack(s, m, target)) return i;
      const best = this.pick.best;
      const held = this.bestHoldBack(s, actions, n, rng, allowance, target);
      if (held >= 0) return held;
      this.pick.best = best; // nowhere out of reach: close in as before
      return i;
    }
    this.pick.start();
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      if (!isMove(a)) continue;
      // Face the enemy (facing 0) unless nothing is left to face.
      if (moveFacing(a) !== 0) continue;
      const cand = moveCandidate(a);
      let score: number;
      if (this.k.style === STYLE_SNIPER) score = this.sniperScore(s, m, cand, allowance);
      else score = this.closeScore(s, m, cand, allowance, target);
      if (score === -Infinity) continue;
      this.pick.offer(i, score, rng);
    }
    if (this.pick.index < 0) {
      for (let i = 0; i < n; i++) if (isMove(actions[i]!) && moveCandidate(actions[i]!) === HOLD_CANDIDATE) return i;
      return 0;
    }
    return this.pick.index;
  }

  /**
   * The brawler only considers the BTB points round its target and holding. They are scored in
   * order of straight-line distance, and once even that lower bound of the route left cannot
   * beat the best so far, the rest (which would need the planner) are skipped: same choice,
   * far fewer routes.
   */
  private bestBrawlerMove(s: SquallState, actions: Int32Array, n: number, rng: Rng, allowance: number, target: number): number {
    const m = s.active;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      if (!isMove(a) || moveFacing(a) !== 0) continue;
      const cand = moveCandidate(a);
      let lb = 0;
      if (cand !== HOLD_CANDIDATE) {
        const slot = candidateSlot(cand);
        if (candidateEnemy(cand) !== target || slot === RING_POINTS) continue;
        ringPoint(s, m, target, slot, this.xy);
        lb = norm(this.xy[0]! - s.x[m]!, this.xy[1]! - s.y[m]!);
      }
      // Insertion by lower bound (at most 9 entries).
      let j = count++;
      while (j > 0 && this.lb[j - 1]! > lb) {
        this.lb[j] = this.lb[j - 1]!;
        this.idx[j] = this.idx[j - 1]!;
        j--;
      }
      this.lb[j] = lb;
      this.idx[j] = i;
    }
    this.pick.start();
    for (let k = 0; k < count; k++) {
      const i = this.idx[k]!;
      const cand = moveCandidate(actions[i]!);
      const lb = this.lb[k]!;
      if (cand !== HOLD_CANDIDATE && lb > allowance + 1e-9 && this.pick.index >= 0 && -(lb - allowance) < this.pick.best) break;
      const score = this.closeScore(s, m, cand, allowance, target);
      if (score === -Infinity) continue;
      this.pick.offer(i, score, rng);
    }
    // No contact point has a route (all blocked, or walled off): rather than stand still, take
    // the straight move that gets nearest the target, if any gets nearer at all.
    if (this.pick.best <= -BIG / 2 && s.phase === PH_MOVE) {
      const before = this.remaining(s, m, target);
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (!isMove(a) || moveFacing(a) !== 0 || candidateEnemy(moveCandidate(a)) >= 0 || moveCandidate(a) === HOLD_CANDIDATE) continue;
        resolveMove(s, m, moveCandidate(a), allowance, this.out);
        const gain = before - rimDistance(this.out[OUT_X]!, this.out[OUT_Y]!, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
        if (gain > 1e-6) this.pick.offer(i, -BIG / 2 + gain, rng);
      }
    }
    if (this.pick.index < 0) {
      for (let i = 0; i < n; i++) if (isMove(actions[i]!) && moveCandidate(actions[i]!) === HOLD_CANDIDATE) return i;
      return 0;
    }
    return this.pick.index;
  }

  /**
   * Does the brawler hold back from `target` this phase (it has already found that it cannot end
   * in contact)? Walking into the reach of an enemy that it cannot strike this turn hands that
   * enemy the first blow; that is what made the first player of a brawler duel lose two games in
   * three (docs/bots.md). Never once in contact (it stays there), nor after `patience` turns.
   */
  private holdsBack(s: SquallState, m: number, target: number): boolean {
    if (this.k.holdBack === 'never' || s.turns >= this.k.patience || btb(s, m, target)) return false;
    return this.k.holdBack === 'always' || s.move(m) > this.reach(s, target);
  }

  /** How far c can move to strike this turn: its MOVE plus the longest move bonus it can pay for. */
  private reach(s: SquallState, c: number): number {
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
  private bestHoldBack(s: SquallState, actions: Int32Array, n: number, rng: Rng, allowance: number, target: number): number {
    const m = s.active;
    this.pick.start();
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      if (!isMove(a) || moveFacing(a) !== 0) continue;
      const cand = moveCandidate(a);
      const slot = candidateSlot(cand);
      if (slot >= 0 && (candidateEnemy(cand) !== target || slot === RING_POINTS)) continue;
      resolveMove(s, m, cand, allowance, this.out);
      if (slot >= 0 && !Number.isFinite(this.out[OUT_ROUTE]!)) continue;
      const x = this.out[OUT_X]!;
      const y = this.out[OUT_Y]!;
      if (!this.outOfReach(s, m, x, y)) continue;
      this.pick.offer(i, HOLD_BASE - rimDistance(x, y, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!), rng);
    }
    return this.pick.index;
  }

  /** Would m at (x, y) be out of every living enemy's reach (+REACH_MARGIN)? */
  private outOfReach(s: SquallState, m: number, x: number, y: number): boolean {
    for (let e = 0; e < s.count; e++) {
      if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
      if (rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) <= this.reach(s, e) + REACH_MARGIN) return false;
    }
    return true;
  }

  /** The enemy to close on: nearest, weakest on ties. */
  private moveTarget(s: SquallState, m: number): number {
    return nearestEnemy(s, m);
  }

  /** Brawler and flanker: score of candidate `cand` as a way to reach (the back of) `target`. */
  private closeScore(s: SquallState, m: number, cand: number, allowance: number, target: number): number {
    if (target < 0) return cand === HOLD_CANDIDATE ? 0 : -Infinity;
    if (this.k.style === STYLE_FLANKER) return this.flankScore(s, m, cand, allowance, target);
    const halfMove = s.phase !== PH_MOVE;
    const e = candidateEnemy(cand);
    if (halfMove && btb(s, m, target)) return cand === HOLD_CANDIDATE ? 10 : -Infinity; // stay in contact
    if (cand === HOLD_CANDIDATE) {
      // Not in contact: holding is the last resort. (It used to score the straight-line gap,
      // which beat every ring point whose planner route detours round terrain: the brawler
      // stood still behind a wall. Any move along a route gets nearer than standing still.)
      if (!btb(s, m, target)) return -BIG / 2;
      const behind = attackFromBehind(s.x[target]!, s.y[target]!, s.fx[target]!, s.fy[target]!, s.world.cosHalfFov, s.x[m]!, s.y[m]!);
      return 1000 + (behind && this.k.preferRear ? 100 : 0);
    }
    if (e !== target) return -Infinity;
    const slot = candidateSlot(cand);
    if (slot === RING_POINTS) return -Infinity;
    resolveMove(s, m, cand, allowance, this.out);
    const route = this.out[OUT_ROUTE]!;
    if (!Number.isFinite(route)) return -BIG;
    if (this.out[OUT_REACHED] === 1 && !halfMove) return 1000 + (this.ringBehind(s, target, slot) && this.k.preferRear ? 100 : 0) - route * 0.01;
    // Not there this phase: get as close as possible.
    return -(route - this.out[OUT_USED]!);
  }

  /**
   * Flanker: attack from behind when a point there can be reached; failing that (frontalAttack)
   * from the side or front; otherwise hover just outside the enemy's reach, as near its back as
   * possible, so that the enemy has to come to it. After attacking, step out of reach.
   */
  private flankScore(s: SquallState, m: number, cand: number, allowance: number, target: number): number {
    const w = s.world;
    const engaged = btb(s, m, target);
    if (s.phase !== PH_MOVE) {
      if (engaged && this.k.hitAndRun) return this.safetyScore(s, m, cand, allowance);
      if (engaged) return cand === HOLD_CANDIDATE ? 10 : -Infinity;
    }
    const slot = candidateSlot(cand);
    const ring = slot >= 0 && slot < RING_POINTS;
    if (ring && candidateEnemy(cand) !== target) return -Infinity;
    if (s.phase === PH_MOVE) {
      if (cand === HOLD_CANDIDATE && engaged) {
        const behind = attackFromBehind(s.x[target]!, s.y[target]!, s.fx[target]!, s.fy[target]!, w.cosHalfFov, s.x[m]!, s.y[m]!);
        if (behind) return 1100;
        if (this.k.frontalAttack) return 1000;
      }
      if (ring) {
        resolveMove(s, m, cand, allowance, this.out);
        if (this.out[OUT_REACHED] === 1) {
          if (this.ringBehind(s, target, slot)) return 1100 - this.out[OUT_ROUTE]! * 0.01;
          // Sides before the front: the larger the angle from the enemy's facing, the better.
          if (this.k.frontalAttack) return 1000 + 20 * (1 - w.ringCos[slot]!) - this.out[OUT_ROUTE]! * 0.01;
        }
        if (s.rangeStat(target) > 0) return this.approach(target, slot, s);
        return -Infinity; // approaching a melee-only enemy is judged on the hovering moves below
      }
    } else if (ring) {
      if (s.rangeStat(target) === 0) return -Infinity;
      resolveMove(s, m, cand, allowance, this.out);
      return this.approach(target, slot, s);
    }
    // A shooter will not come to us: close in (ring moves above) rather than hover.
    if (s.rangeStat(target) > 0) return cand === HOLD_CANDIDATE ? -BIG : -Infinity;
    // Hover: out of the enemy's reach, as close to its back as possible.
    resolveMove(s, m, cand, allowance, this.out);
    const x = this.out[OUT_X]!;
    const y = this.out[OUT_Y]!;
    const gap = rimDistance(x, y, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
    const reach = s.move(target) + 0.25;
    // The point behind the enemy at the edge of its reach.
    const d = s.r[m]! + s.r[target]! + reach;
    const bx = s.x[target]! - s.fx[target]! * d;
    const by = s.y[target]! - s.fy[target]! * d;
    const inReach = gap <= reach;
    return (inReach ? -20 - (reach - gap) : 0) - norm(x - bx, y - by) * 0.5 - gap * 0.5;
  }

  /** Flanker closing on a shooter: least route left after this move (this.out), rear points first. */
  private approach(target: number, slot: number, s: SquallState): number {
    const route = this.out[OUT_ROUTE]!;
    if (!Number.isFinite(route)) return -BIG;
    return -(route - this.out[OUT_USED]!) - (this.ringBehind(s, target, slot) ? 0 : 1);
  }

  /** Route length still to go to the nearest BTB ring point of target (straight-line estimate). */
  private remaining(s: SquallState, m: number, target: number): number {
    return rimDistance(s.x[m]!, s.y[m]!, s.r[m]!, s.x[target]!, s.y[target]!, s.r[target]!);
  }

  private ringBehind(s: SquallState, e: number, slot: number): boolean {
    const w = s.world;
    const c = w.ringCos[slot]!;
    return c < w.cosHalfFov - 1e-9;
  }

  /** Sniper: a place to shoot from in the MOVE; out of reach in the HALF-MOVE. */
  private sniperScore(s: SquallState, m: number, cand: number, allowance: number): number {
    // BTB points are for closing in: a sniper never wants them (and they need the planner).
    const slot = candidateSlot(cand);
    if (slot >= 0 && slot < RING_POINTS) return -Infinity;
    if (s.phase !== PH_MOVE) return this.safetyScore(s, m, cand, allowance);
    resolveMove(s, m, cand, allowance, this.out);
    const x = this.out[OUT_X]!;
    const y = this.out[OUT_Y]!;
    // Shooting value from the spot (1 die = 1/2 to hit, 2 dice = 1/4), if not in contact.
    let shot = 0;
    let contact = false;
    for (let e = 0; e < s.count; e++) {
      if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
      if (isBtb(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!)) contact = true;
    }
    if (!contact && s.rangeStat(m) > 0) {
      for (let e = 0; e < s.count; e++) {
        if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
        if (rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) > s.world.maxRange) continue;
        const seen = canSeeFrom(s, m, x, y, e);
        if (!seen && s.rules.blockedShots === 'forbidden') continue;
        const covered = !seen || coveredFrom(s, m, x, y, e);
        const v = (covered ? 0.25 : 0.5) * s.rangeStat(m) * (s.hp[e]! <= s.rangeStat(m) ? 2 : 1);
        if (v > shot) shot = v;
      }
    }
    // Threat after the coming HALF-MOVE: reach of each enemy minus the half-move we keep.
    const half = Math.floor(s.move(m) / 2);
    let danger = 0;
    for (let e = 0; e < s.count; e++) {
      if (s.alive[e] === 0 || !s.enemies(m, e)) continue;
      const gap = rimDistance(x, y, s.r[m]!, s.x[e]!, s.y[e]!, s.r[e]!) + half - s.move(e);
      if (gap < 0.5) danger += Math.min(3, 0.5 - gap);
    }
    const room = Math.min(2, baseEdgeGap(x, y, s.r[m]!, s.world.width, s.world.height));
    return (contact ? -20 : 0) + 10 * shot - this.k.safetyWeight * danger + 0.3 * room - this.out[OUT_USED]! * 0.001;
  }

  /** Out of every enemy's reach (its MOVE, plus a margin), then covered from enemy shooters, then room to run. */
  private safetyScore(s: SquallState, m: number, cand: number, allowance: number): number {
    const slot = candidateSlot(cand);
    if (slot >= 0 && slot < RING_POINTS) return -Infinity;
    resolveMove(s, m, cand, allowance, this.out);
    const x = this.out[OUT_X]!;
    const y = this.out[OUT_Y]!;
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
    return -this.k.safetyWeight * danger * 10 + this.k.coverWeight * cover + 0.3 * room - this.out[OUT_USED]! * 0.001;
  }

  // --- attacks --------------------------------------------------------------------------------

  private chooseMelee(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    const a = s.active;
    const bonus = this.bonusToUse(s, actions, n, a, (1 << E_EXTRA_DAMAGE) | (1 << E_EXTRA_ATTACK_DIE));
    if (bonus >= 0) return bonus;
    this.pick.start();
    for (let i = 0; i < n; i++) {
      const act = actions[i]!;
      if (!isMelee(act)) continue;
      const t = meleeTarget(act);
      const behind = attackFromBehind(s.x[t]!, s.y[t]!, s.fx[t]!, s.fy[t]!, s.world.cosHalfFov, s.x[a]!, s.y[a]!);
      const defDice = behind ? 1 : 2 - s.defenceSpent[t]!;
      const extra = meleeExtraDie(act);
      const expected = 3.5 * (1 + extra + s.pendDice) + s.melee(a) + s.pendDamage - 3.5 * defDice;
      const wantExtra = this.wantExtraDie(s, a, t, defDice);
      // Weakest target first, then the extra die as the knob says.
      const score = -s.hp[t]! * 10 + expected * 0.1 + (extra === 1 ? (wantExtra ? 5 : -5) : 0);
      this.pick.offer(i, score, rng);
    }
    if (this.pick.index < 0) {
      for (let i = 0; i < n; i++) if (actions[i] === NO_MELEE) return i;
      return 0;
    }
    return this.pick.index;
  }

  private wantExtraDie(s: SquallState, a: number, t: number, defDice: number): boolean {
    if (this.k.extraDie === 'always') return true;
    if (this.k.extraDie === 'never') return false;
    const couldKill = 12 + s.melee(a) + s.pendDamage - defDice >= s.hp[t]! && 3.5 + s.melee(a) + s.pendDamage - 3.5 * defDice < s.hp[t]!;
    if (this.k.style === STYLE_SNIPER) return couldKill;
    return 2 * s.hp[a]! >= s.hpMax(a) || couldKill;
  }

  private chooseShot(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    const a = s.active;
    // Pick the target first, then decide on bonuses for it.
    this.pick.start();
    for (let i = 0; i < n; i++) {
      const act = actions[i]!;
      if (!isShoot(act)) continue;
      const t = act - SHOOT;
      const covered = !canSeeFrom(s, a, s.x[a]!, s.y[a]!, t) || coveredFrom(s, a, s.x[a]!, s.y[a]!, t);
      const p = covered && s.ignoreCover === 0 ? 0.25 : 0.5;
      const dmg = s.rangeStat(a) + s.pendDamage;
      this.pick.offer(i, p * Math.min(dmg, s.hp[t]!) * (dmg >= s.hp[t]! ? 2 : 1), rng);
    }
    const best = this.pick.index;
    if (best < 0) {
      for (let i = 0; i < n; i++) if (actions[i] === NO_SHOT) return i;
      return 0;
    }
    const t = actions[best]! - SHOOT;
    let effects = 1 << E_EXTRA_DAMAGE;
    if (!canSeeFrom(s, a, s.x[a]!, s.y[a]!, t) || coveredFrom(s, a, s.x[a]!, s.y[a]!, t)) effects |= 1 << E_IGNORE_COVER;
    const bonus = this.bonusToUse(s, actions, n, a, effects);
    return bonus >= 0 ? bonus : best;
  }

  /** After a roll, before defence, after an attack: CONTINUE or a bonus. */
  private chooseAfterRoll(s: SquallState, actions: Int32Array, n: number): number {
    let effects = 0;
    let c = s.active;
    switch (s.phase) {
      case PH_MELEE_ROLL:
      case PH_RANGE_ROLL:
        effects = 1 << E_REROLL;
        break;
      case PH_DEFEND:
        c = s.target;
        effects = (1 << E_EXTRA_DEFENCE_DIE) | (1 << E_RIPOSTE);
        break;
      case PH_AFTER_MELEE:
      case PH_AFTER_RANGE:
        effects = (1 << E_EXTRA_ATTACK) | (1 << E_HEAL) | (1 << E_EXTRA_MOVE);
        break;
    }
    const bonus = this.bonusToUse(s, actions, n, c, effects);
    if (bonus >= 0) return bonus;
    for (let i = 0; i < n; i++) if (actions[i] === CONTINUE) return i;
    return 0;
  }

  private shouldSurrender(s: SquallState, m: number): boolean {
    const seat = s.seatOf[m]!;
    let hp = 0;
    let max = 0;
    for (let c = 0; c < s.count; c++) {
      if (s.seatOf[c] !== seat) continue;
      hp += s.hp[c]!;
      max += s.hpMax(c);
    }
    if (hp >= this.k.surrenderBelow * max) return false;
    for (let c = 0; c < s.count; c++) if (s.seatOf[c] !== seat && s.alive[c] !== 0 && 2 * s.hp[c]! <= s.hpMax(c)) return false;
    return true;
  }
}

function knobs(style: number, p: Partial<Knobs> & Pick<Knobs, 'extraDie' | 'bonuses' | 'reserve' | 'surrenderBelow'>): Knobs {
  return {
    style,
    preferRear: p.preferRear ?? true,
    holdBack: p.holdBack ?? 'faster',
    patience: p.patience ?? 30,
    frontalAttack: p.frontalAttack ?? true,
    hitAndRun: p.hitAndRun ?? true,
    safetyWeight: p.safetyWeight ?? 1,
    coverWeight: p.coverWeight ?? 1,
    extraDie: p.extraDie,
    bonuses: p.bonuses,
    reserve: p.reserve,
    surrenderBelow: p.surrenderBelow,
  };
}

export const brawler: PolicySpec<SquallState, SquallRules> = {
  description:
    "Closes in on the nearest enemy along the planner's path and ends its MOVE in BTB when it can (preferring a point behind the enemy's field of view); when it cannot and it is faster than the enemy, stops just outside the enemy's reach so that it strikes first; attacks the weakest enemy in contact; stays in contact; always faces the enemy.",
  paramsSchema: brawlerParams,
  create(params: BrawlerParams): Policy<SquallState> {
    const brain = new Brain(knobs(STYLE_BRAWLER, params));
    return { choose: (s, actions, n, rng) => brain.choose(s, actions, n, rng) };
  },
};

export const sniper: PolicySpec<SquallState, SquallRules> = {
  description:
    'Keeps its distance: moves to a spot with a shot (clear line of sight preferred, never in contact), shoots the target it is likeliest to hurt, then half-moves out of the enemies\' reach, preferring cover from enemy shooters.',
  paramsSchema: sniperParams,
  create(params: SniperParams): Policy<SquallState> {
    const brain = new Brain(knobs(STYLE_SNIPER, params));
    return { choose: (s, actions, n, rng) => brain.choose(s, actions, n, rng) };
  },
};

export const flanker: PolicySpec<SquallState, SquallRules> = {
  description:
    "Attacks from outside the target's field of view when a point behind it is in reach, else from the side or front (frontalAttack); hovers just out of a melee enemy's reach near its back, closes on shooters; steps out of reach after attacking (hitAndRun).",
  paramsSchema: flankerParams,
  create(params: FlankerParams): Policy<SquallState> {
    const brain = new Brain(knobs(STYLE_FLANKER, params));
    return { choose: (s, actions, n, rng) => brain.choose(s, actions, n, rng) };
  },
};

const autoParams = z.strictObject({
  bonuses: bonusParams.bonuses,
});

export const auto: PolicySpec<SquallState, SquallRules> = {
  description: "Plays each character by its roster `style` (brawler, sniper or flanker, default parameters): the policy for matchup scenarios.",
  paramsSchema: autoParams,
  create(params: z.output<typeof autoParams>): Policy<SquallState> {
    const common = { extraDie: 'auto' as const, bonuses: params.bonuses, reserve: 0, surrenderBelow: 0 };
    const brains = [
      new Brain(knobs(STYLE_BRAWLER, common)),
      new Brain(knobs(STYLE_SNIPER, { ...common, extraDie: 'never' })),
      new Brain(knobs(STYLE_FLANKER, common)),
    ];
    return {
      choose(s, actions, n, rng) {
        const c = s.phase === PH_DEFEND ? s.target : s.phase === PH_FIRST ? s.teamStart[s.toMove]! : s.active;
        return brains[s.world.rStyle[s.kind[c]!]!]!.choose(s, actions, n, rng);
      },
    };
  },
};

export const squallPolicies = { brawler, sniper, flanker, auto };
