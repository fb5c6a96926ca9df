/**
 * The decision-maker behind Squall's heuristic policies (policies.ts): one per policy, its
 * `style` choosing the move scorers (policy-brawler.ts, policy-sniper.ts, policy-flanker.ts);
 * set-up, initiative, bonuses, attacks and surrender are shared.
 */
import type { Rng } from '../../sim/rng.js';
import { attackFromBehindAt, rimDistance, norm, PT, TOUCH_EPS } from './geometry.js';
import { PLACE, FIRST, NO_MELEE, SHOOT, NO_SHOT, BONUS, CONTINUE, SURRENDER, HOLD_CANDIDATE, firstAtLeast, isMove, isMelee, isShoot, moveCandidate, moveFacing, meleeTarget, meleeExtraDie } from './actions.js';
import { MAX_BONUSES } from './params.js';
import { SquallState, PH_PLACE, PH_FIRST, PH_MOVE, PH_MELEE, PH_MELEE_ROLL, PH_DEFEND, PH_AFTER_MELEE, PH_RANGE, PH_RANGE_ROLL, PH_AFTER_RANGE, PH_HALF_MOVE, PH_EXTRA_MOVE } from './state.js';
import { STYLE_BRAWLER, STYLE_SNIPER, E_EXTRA_DAMAGE, E_EXTRA_ATTACK_DIE, E_HEAL, E_LONGER_MOVE, E_EXTRA_MOVE, E_EXTRA_ATTACK, E_REROLL, E_EXTRA_DEFENCE_DIE, E_RIPOSTE, E_IGNORE_COVER } from './world.js';
import { nearestEnemy, coveredFrom, canSeeFrom, validShot } from './moves.js';
import { spotPosition } from './setup.js';
import { MoveScratch, CONTACT, roomShare } from './policy-scorers.js';
import { MoveTape } from './move-tape.js';
import { bestBrawlerMove, holdsBack, bestHoldBack, outOfReach, enemyReaches, closeScore, outgunned } from './policy-brawler.js';
import { sniperScore } from './policy-sniper.js';

/** The shared decision-maker; `style` switches the movement and set-up heuristics. */
export class Brain extends MoveScratch {
  /** The current decision's first brawler bestMove, replayed when asked again (move-tape.ts). */
  private readonly tape = new MoveTape();

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

  /**
   * Index of a bonus action worth using now (by the smart rules), or -1. The bonuses are looked
   * for in actions[from .. n) (a move phase's list is ascending: they follow the moves).
   */
  private bonusToUse(s: SquallState, actions: Int32Array, n: number, c: number, effects: number, from = 0): number {
    if (this.k.bonuses === 'never') return -1;
    const w = s.world;
    for (let i = from; i < n; i++) {
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
    // An enemy that shoots harder is not waited for (outgunned): set up as skilled does.
    const waits = this.k.style === STYLE_BRAWLER && this.k.holdBack === 'always' && !outgunned(s, m);
    if (waits) enemyReaches(this, s, m);
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
      let score = 0;
      if (waits) {
        // Waiting whatever the speeds starts at set-up. First to place: the most sheltered spot,
        // where the edges and the terrain leave an enemy the fewest places to stand against its
        // base (so the fewest to strike from behind with, one defence die instead of two): a
        // corner on open ground, a nook between walls where the board has one. It used to take
        // a corner whatever the terrain. Placing after an enemy: just out of every placed
        // enemy's reach, so that whoever moves first must come in and be struck first; among
        // those, the most sheltered, then nearest the enemy.
        const shelter = sheltered(s, x, y, s.r[m]!, this.enemyRadius(s, m)) * 16;
        if (nearest === Infinity) score = shelter;
        else score = (outOfReach(this, s, m, this.xy) ? 1000 : 0) + shelter - Math.round(nearest);
      } else if (this.k.style === STYLE_SNIPER) {
        // Placing after an enemy: the spot with the most room to run from it (roomShare), not
        // the farthest (a corner, where it was cornered: Archer v Knight won 21% placing second
        // and 45% placing first, docs/bots.md). Placing first, every spot ties (none is known
        // better before the enemy places: judging them against its worst reply scored worse).
        score = nearest === Infinity ? 0 : Math.round(roomShare(s, m, x, y) * 1000);
      }
      else if (nearest === Infinity) score = -Math.round(norm(x - w.width / 2, y - w.height / 2) * 4);
      else score = -Math.round(nearest * 4);
      this.pick.offer(i, score, rng);
    }
    return this.pick.index;
  }

  /** The radius of the enemy that would stand against m: the largest among its enemies. */
  private enemyRadius(s: SquallState, m: number): number {
    let r = 0;
    for (let e = 0; e < s.count; e++) if (s.enemies(m, e) && s.r[e]! > r) r = s.r[e]!;
    return r;
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
    this.tape.valid = false;
    if (s.phase === PH_MOVE && this.k.surrenderBelow > 0 && this.shouldSurrender(s, m)) {
      for (let i = 0; i < n; i++) if (actions[i] === SURRENDER) return i;
    }
    // Healing first; a longer move if it makes the best move better. A move phase's actions
    // are in ascending order (legal.ts), so the bonuses start at the first action >= BONUS.
    const bonuses = firstAtLeast(actions, n, BONUS);
    const heal = this.bonusToUse(s, actions, n, m, 1 << E_HEAL, bonuses);
    if (heal >= 0) return heal;
    if (this.k.bonuses !== 'never') {
      for (let i = bonuses; i < n; i++) {
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
      const tape = this.tape;
      if (tape.valid && tape.allowance[0] === allowance) return this.replayBrawlerMove(rng);
      // The decision's first ask is taped (later asks for other allowances are not).
      const taping = !tape.valid;
      this.pick.recording = taping;
      if (taping) this.pick.count = 0;
      const i = bestBrawlerMove(this, s, actions, n, rng, allowance, target);
      if (taping) {
        tape.valid = true;
        tape.allowance[0] = allowance;
        tape.closeEnd = this.pick.count;
        tape.holdEnd = this.pick.count;
        tape.fallback = i;
        tape.heldBack = false;
      }
      if (this.pick.best >= CONTACT || !holdsBack(this, s, m, target)) {
        this.pick.recording = false;
        return i;
      }
      const best = this.pick.best;
      const held = bestHoldBack(this, s, actions, n, rng, allowance, target);
      this.pick.recording = false;
      if (taping) {
        tape.holdEnd = this.pick.count;
        tape.heldBack = true;
      }
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
      if (this.k.style === STYLE_SNIPER) sniperScore(this, s, m, cand, allowance);
      else closeScore(this, s, m, cand, allowance, target);
      const score = this.val[0]!;
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
   * The brawler branch of bestMove again, for the taped allowance, from its tape: the same
   * offers through the picker (the same rng draws), the same return.
   */
  private replayBrawlerMove(rng: Rng): number {
    const tape = this.tape;
    const pick = this.pick;
    pick.replay(0, tape.closeEnd, rng);
    const i = pick.index >= 0 ? pick.index : tape.fallback;
    if (!tape.heldBack) return i;
    const best = pick.best;
    pick.replay(tape.closeEnd, tape.holdEnd, rng);
    if (pick.index >= 0) return pick.index;
    pick.best = best;
    return i;
  }

  /** The enemy to close on: nearest, weakest on ties. */
  private moveTarget(s: SquallState, m: number): number {
    return nearestEnemy(s, m);
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
      const behind = attackFromBehindAt(s, s.world, t, a);
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

/** Directions round a base that sheltered() tries. */
const SHELTER_DIRECTIONS = 16;

/**
 * How many of SHELTER_DIRECTIONS places round a base of radius r at (x, y) an enemy base of
 * radius re could not stand in, touching it: off the board or in terrain (other bases are left
 * out: they move). The rules strike from behind from any such place outside the facing; the
 * fewer there are, the less room to get round it.
 */
export function sheltered(s: SquallState, x: number, y: number, r: number, re: number): number {
  const w = s.world;
  const d = r + re + BTB_SLACK;
  let blocked = 0;
  for (let k = 0; k < SHELTER_DIRECTIONS; k++) {
    const a = (2 * Math.PI * k) / SHELTER_DIRECTIONS;
    const ex = x + d * Math.cos(a);
    const ey = y + d * Math.sin(a);
    if (ex < re - TOUCH_EPS || ex > w.width - re + TOUCH_EPS || ey < re - TOUCH_EPS || ey > w.height - re + TOUCH_EPS) {
      blocked++;
      continue;
    }
    PT[0] = ex;
    PT[1] = ey;
    PT[2] = re;
    if (w.obstacles.baseOverlapsAnyReg()) blocked++;
  }
  return blocked;
}

/** A little off the rim, so that terrain the base itself touches does not count as blocking. */
const BTB_SLACK = 0.05;
