/**
 * Squall rules, as docs/rules/squall.md fixes them, with the choices where it is silent listed
 * in README.md. Variants: board, terrain, roster, characters (teams), matchups, setupEdges,
 * setupDistance, fov, cover, maxRange, blockedShots, basesGiveCover, optionalMelee, surrender,
 * maxTurns. Hot path: nothing here allocates per move.
 *
 * A game: set-up (each character in seat order picks a spot within the band along its allowed
 * edges), initiative (every seat rolls a d6, ties among the highest re-roll, the winner names
 * the seat that starts), then seat turns round the table. In a seat's turn each of its living
 * characters in turn plays MOVE, MELEE, RANGE and HALF-MOVE. Each phase is a decision; bonuses
 * are offered at the decision points their timing names. The game ends as soon as at most one
 * seat has a character standing.
 *
 * This file: `apply`, the phase machine it drives (move, melee and its dice, defence, range,
 * half-move, the end of an activation, a seat turn and the game) and bonuses, and `copy`. By job
 * elsewhere: setup.ts (reset, set-up spots, initiative), legal.ts (legal actions), invariants.ts.
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { attackFromBehindAt } from './geometry.js';
import { OUT_X, OUT_Y, OUT_DX, OUT_DY, OUT_USED, OUT_WORDS } from './route.js';
import {
  PLACE,
  FIRST,
  NO_MELEE,
  SHOOT,
  NO_SHOT,
  BONUS,
  CONTINUE,
  SURRENDER,
  isMove,
  moveCandidate,
  moveFacing,
  meleeTarget,
  meleeExtraDie,
} from './actions.js';
import { MAX_BONUSES } from './params.js';
import {
  SquallState,
  MAX_DICE,
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
  PH_OVER,
  EV_FIRST,
  EV_MOVE,
  EV_ATTACK,
  EV_REROLL,
  EV_DEFENCE,
  EV_SHOT,
  EV_BONUS,
  EV_HEAL,
  EV_FALL,
  EV_SURRENDER,
  EV_NO_ATTACK,
  packDice,
} from './state.js';
import {
  T_MELEE_ROLL,
  T_AFTER_MELEE,
  T_DEFEND,
  T_RANGE_ROLL,
  T_AFTER_RANGE,
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
import {
  resolveMove,
  faceAfterMove,
  inBtbWithEnemy,
  canSeeFrom,
  coveredFrom,
  nearestEnemy,
} from './moves.js';
import { d6, clearAttack, place } from './setup.js';
import { hasUsableBonus, anyShotTarget } from './legal.js';

const moveOut = new Float64Array(OUT_WORDS);

export function apply(s: SquallState, action: number, rng: Rng): void {
  s.eventLog.clear();
  const a = s.active;
  if (action >= BONUS && action < CONTINUE) {
    useBonus(s, action - BONUS, rng);
    return;
  }
  switch (s.phase) {
    case PH_PLACE:
      place(s, action - PLACE, rng);
      return;
    case PH_FIRST:
      s.firstSeat = action - FIRST;
      s.eventLog.add(EV_FIRST, s.toMove, s.firstSeat);
      s.rounds = 1;
      beginSeatTurn(s, s.firstSeat);
      return;
    case PH_MOVE:
      if (action === SURRENDER) {
        surrender(s, s.seatOf[a]!);
        return;
      }
      doMove(s, action);
      enterMelee(s);
      return;
    case PH_EXTRA_MOVE:
      doMove(s, action);
      if (s.resume === 0) enterRange(s);
      else enterHalfMove(s);
      return;
    case PH_HALF_MOVE:
      doMove(s, action);
      endActivation(s);
      return;
    case PH_MELEE:
      if (action === NO_MELEE) {
        s.eventLog.add(EV_NO_ATTACK, a, 0);
        enterRange(s);
        return;
      }
      declareMelee(s, meleeTarget(action), meleeExtraDie(action), rng);
      return;
    case PH_MELEE_ROLL:
      defendStep(s, rng);
      return;
    case PH_DEFEND:
      resolveMelee(s, rng);
      return;
    case PH_AFTER_MELEE:
      enterRange(s);
      return;
    case PH_RANGE:
      if (action === NO_SHOT) {
        s.eventLog.add(EV_NO_ATTACK, a, 1);
        enterHalfMove(s);
        return;
      }
      declareShot(s, action - SHOOT, rng);
      return;
    case PH_RANGE_ROLL:
      resolveShot(s);
      return;
    case PH_AFTER_RANGE:
      enterHalfMove(s);
      return;
    default:
      throw new Error(`no action is legal in phase ${s.phase}`);
  }
}

function doMove(s: SquallState, action: number): void {
  if (!isMove(action)) throw new Error(`action ${action} is not a move`);
  const m = s.active;
  const cand = moveCandidate(action);
  const fromX = s.x[m]!;
  const fromY = s.y[m]!;
  resolveMove(s, m, cand, s.allowance, moveOut);
  s.x[m] = moveOut[OUT_X]!;
  s.y[m] = moveOut[OUT_Y]!;
  s.mDistance[m]! += moveOut[OUT_USED]!;
  faceAfterMove(s, m, cand, moveFacing(action), moveOut[OUT_DX]!, moveOut[OUT_DY]!);
  s.eventLog.add(EV_MOVE, m, fromX, fromY, s.x[m]!, s.y[m]!, moveOut[OUT_USED]!, s.allowance, Math.atan2(s.fy[m]!, s.fx[m]!), cand);
}

function beginSeatTurn(s: SquallState, seat: number): void {
  const start = s.teamStart[seat]!;
  const end = start + s.teamSize[seat]!;
  for (let c = start; c < end; c++) {
    if (s.alive[c] !== 0) {
      beginActivation(s, c);
      return;
    }
  }
  throw new Error(`seat ${seat} has no character standing at the start of its turn`);
}

/** Start character c's activation (MOVE phase). Exported for crafted positions in tests. */
export function beginActivation(s: SquallState, c: number): void {
  s.active = c;
  s.toMove = s.seatOf[c]!;
  s.phase = PH_MOVE;
  s.allowance = s.move(c);
  s.tried = 0;
  s.activationTried = 0;
  clearAttack(s);
}

/** Go to the MELEE phase (or on, if not in BTB). Exported for crafted positions in tests. */
export function enterMelee(s: SquallState): void {
  clearAttack(s);
  s.tried = 0;
  if (inBtbWithEnemy(s, s.active)) {
    s.phase = PH_MELEE;
    return;
  }
  enterRange(s);
}

function rollDice(s: SquallState, n: number, rng: Rng): void {
  if (n > MAX_DICE) n = MAX_DICE;
  for (let i = 0; i < n; i++) s.dice[i] = d6(rng);
  s.nDice = n;
}

function diceTotal(s: SquallState): number {
  let t = 0;
  for (let i = 0; i < s.nDice; i++) t += s.dice[i]!;
  return t;
}

function declareMelee(s: SquallState, t: number, extraDie: number, rng: Rng): void {
  const a = s.active;
  s.target = t;
  s.extraDie = extraDie;
  if (extraDie === 1) {
    s.defenceSpent[a] = 1;
    s.mExtraDie[a]!++;
  }
  rollDice(s, 1 + extraDie + s.pendDice, rng);
  s.mMeleeAttacks[a]!++;
  s.eventLog.add(EV_ATTACK, a, t, packDice(s.dice, s.nDice), s.nDice, extraDie);
  s.tried = 0;
  if (hasUsableBonus(s, a, T_MELEE_ROLL)) {
    s.phase = PH_MELEE_ROLL;
    return;
  }
  defendStep(s, rng);
}

function defendStep(s: SquallState, rng: Rng): void {
  s.defBonusDice = 0;
  s.riposte = 0;
  s.tried = 0;
  if (hasUsableBonus(s, s.target, T_DEFEND)) {
    s.phase = PH_DEFEND;
    s.toMove = s.seatOf[s.target]!;
    return;
  }
  resolveMelee(s, rng);
}

// Defence dice are rolled into a scratch array so the attack's dice stay in the state for traces.
const defDice = new Int8Array(MAX_DICE);

function resolveMelee(s: SquallState, rng: Rng): void {
  const a = s.active;
  const t = s.target;
  s.toMove = s.seatOf[a]!;
  const behind = attackFromBehindAt(s, s.world, t, a);
  let dice = 2 - s.defenceSpent[t]!;
  if (behind && dice > 1) dice = 1;
  dice += s.defBonusDice;
  if (dice > MAX_DICE) dice = MAX_DICE;
  let defence = 0;
  for (let i = 0; i < dice; i++) {
    defDice[i] = d6(rng);
    defence += defDice[i]!;
  }
  s.defenceSpent[t] = 0;
  const damage = diceTotal(s) + s.melee(a) + s.pendDamage;
  const lost = damage > defence ? Math.min(damage - defence, s.hp[t]!) : 0;
  s.hp[t]! -= lost;
  s.mMeleeDamage[a]! += lost;
  s.mDamageTaken[t]! += lost;
  if (lost > 0) s.mMeleeHits[a]!++;
  if (behind) s.mBehind[a]!++;
  // Riposte lands at the same time as the attack.
  let riposteLost = 0;
  if (s.riposte > 0) {
    riposteLost = Math.min(s.riposte, s.hp[a]!);
    s.hp[a]! -= riposteLost;
    s.mMeleeDamage[t]! += riposteLost;
    s.mDamageTaken[a]! += riposteLost;
  }
  s.eventLog.add(EV_DEFENCE, a, t, packDice(defDice, dice), dice, behind ? 1 : 0, damage, lost, s.hp[t]!, riposteLost);
  s.pendDamage = 0;
  s.pendDice = 0;
  if (s.hp[t]! <= 0) fall(s, t);
  if (s.hp[a]! <= 0) fall(s, a);
  if (checkEnd(s)) return;
  if (s.alive[a] === 0) {
    endActivation(s);
    return;
  }
  s.tried = 0;
  if (hasUsableBonus(s, a, T_AFTER_MELEE)) {
    s.phase = PH_AFTER_MELEE;
    return;
  }
  enterRange(s);
}

/** Go to the RANGE phase (or on). Exported for crafted positions in tests. */
export function enterRange(s: SquallState): void {
  const a = s.active;
  clearAttack(s);
  s.tried = 0;
  if (s.rangeStat(a) > 0 && !inBtbWithEnemy(s, a) && anyShotTarget(s, a)) {
    s.phase = PH_RANGE;
    return;
  }
  enterHalfMove(s);
}

function declareShot(s: SquallState, t: number, rng: Rng): void {
  const a = s.active;
  s.target = t;
  const seen = canSeeFrom(s, a, s.x[a]!, s.y[a]!, t);
  const covered = !seen || coveredFrom(s, a, s.x[a]!, s.y[a]!, t);
  s.shotOutOfSight = seen ? 0 : 1;
  s.shotCovered = covered ? 1 : 0;
  if (!seen) s.outOfSightShots++;
  rollDice(s, covered && s.ignoreCover === 0 ? 2 : 1, rng);
  s.mShots[a]!++;
  if (covered) s.mCoveredShots[a]!++;
  s.tried = 0;
  if (!shotHits(s) && hasUsableBonus(s, a, T_RANGE_ROLL)) {
    s.eventLog.add(EV_ATTACK, a, t, packDice(s.dice, s.nDice), s.nDice, 2);
    s.phase = PH_RANGE_ROLL;
    return;
  }
  resolveShot(s);
}

/** A shot hits only if every die shows more than 3. */
function shotHits(s: SquallState): boolean {
  for (let i = 0; i < s.nDice; i++) if (s.dice[i]! <= 3) return false;
  return true;
}

function resolveShot(s: SquallState): void {
  const a = s.active;
  const t = s.target;
  const hit = shotHits(s);
  let lost = 0;
  if (hit) {
    lost = Math.min(s.rangeStat(a) + s.pendDamage, s.hp[t]!);
    s.hp[t]! -= lost;
    s.mShotHits[a]!++;
    s.mRangeDamage[a]! += lost;
    s.mDamageTaken[t]! += lost;
  }
  s.eventLog.add(EV_SHOT, a, t, packDice(s.dice, s.nDice), s.nDice, s.shotCovered, s.shotOutOfSight, hit ? 1 : 0, lost, s.hp[t]!);
  s.pendDamage = 0;
  s.ignoreCover = 0;
  if (s.hp[t]! <= 0) fall(s, t);
  if (checkEnd(s)) return;
  s.tried = 0;
  if (hasUsableBonus(s, a, T_AFTER_RANGE)) {
    s.phase = PH_AFTER_RANGE;
    return;
  }
  enterHalfMove(s);
}

/** Go to the HALF-MOVE phase. Exported for crafted positions in tests. */
export function enterHalfMove(s: SquallState): void {
  clearAttack(s);
  s.phase = PH_HALF_MOVE;
  s.allowance = Math.floor(s.move(s.active) / 2);
  s.tried = 0;
}

function endActivation(s: SquallState): void {
  const a = s.active;
  const seat = s.seatOf[a]!;
  const end = s.teamStart[seat]! + s.teamSize[seat]!;
  for (let c = a + 1; c < end; c++) {
    if (s.alive[c] !== 0) {
      beginActivation(s, c);
      return;
    }
  }
  endSeatTurn(s, seat);
}

function endSeatTurn(s: SquallState, seat: number): void {
  s.turns++;
  if (s.turns >= s.rules.maxTurns) {
    s.terminal = true;
    s.capped = true;
    s.phase = PH_OVER;
    return;
  }
  const n = s.players;
  let next = seat;
  do next = (next + 1) % n;
  while (s.seatLiving[next] === 0);
  // A new round starts each time play passes the first seat again (fallen seats skipped).
  if ((next - s.firstSeat + n) % n <= (seat - s.firstSeat + n) % n) s.rounds++;
  beginSeatTurn(s, next);
}

function fall(s: SquallState, c: number): void {
  if (s.alive[c] === 0) return;
  s.alive[c] = 0;
  s.hp[c] = 0;
  s.eventLog.add(EV_FALL, c);
  const seat = s.seatOf[c]!;
  s.seatLiving[seat]!--;
  if (s.seatLiving[seat] === 0) s.seatsAlive--;
}

function surrender(s: SquallState, seat: number): void {
  s.eventLog.add(EV_SURRENDER, seat);
  s.surrenders++;
  s.surrendered[seat] = 1;
  const start = s.teamStart[seat]!;
  for (let c = start; c < start + s.teamSize[seat]!; c++) s.alive[c] = 0;
  s.seatLiving[seat] = 0;
  s.seatsAlive--;
  if (checkEnd(s)) return;
  endSeatTurn(s, seat);
}

/** The game ends when at most one seat has a character standing (none: a draw). */
function checkEnd(s: SquallState): boolean {
  if (s.seatsAlive > 1) return false;
  s.terminal = true;
  s.phase = PH_OVER;
  s.turns++; // the turn in which it ended counts
  s.winner = NO_WINNER;
  for (let p = 0; p < s.players; p++) if (s.seatLiving[p]! > 0) s.winner = p;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Bonuses

/** Pay, roll against an opponent (the user must roll higher), and on success apply the effect. */
function useBonus(s: SquallState, k: number, rng: Rng): void {
  const w = s.world;
  const c = s.phase === PH_DEFEND ? s.target : s.active;
  const j = s.kind[c]! * MAX_BONUSES + k;
  const cost = w.bCost[j]!;
  s.special[c]! -= cost;
  s.tried |= 1 << k;
  if (w.bEffect[j] === E_EXTRA_ATTACK || w.bEffect[j] === E_EXTRA_MOVE) s.activationTried |= 1 << k;
  s.mBonusTried[c]!++;
  const opponent = s.phase === PH_DEFEND ? s.active : s.target >= 0 ? s.target : nearestEnemy(s, c);
  const mine = d6(rng);
  const theirs = d6(rng);
  const ok = mine > theirs;
  s.eventLog.add(EV_BONUS, c, k, mine, theirs, ok ? 1 : 0, opponent, cost);
  if (!ok) {
    afterBonus(s, rng);
    return;
  }
  s.mBonusWon[c]!++;
  const amount = w.bAmount[j]!;
  switch (w.bEffect[j]!) {
    case E_EXTRA_DAMAGE:
      s.pendDamage += amount;
      break;
    case E_EXTRA_ATTACK_DIE:
      s.pendDice += amount;
      break;
    case E_HEAL: {
      const gained = Math.min(amount, s.hpMax(c) - s.hp[c]!);
      s.hp[c]! += gained;
      s.mHealed[c]! += gained;
      s.eventLog.add(EV_HEAL, c, gained, s.hp[c]!);
      break;
    }
    case E_LONGER_MOVE:
      s.allowance += amount;
      break;
    case E_EXTRA_MOVE:
      s.resume = s.phase === PH_AFTER_MELEE ? 0 : 1;
      s.phase = PH_EXTRA_MOVE;
      s.allowance = amount;
      s.tried = 0;
      return;
    case E_EXTRA_ATTACK:
      if (s.phase === PH_AFTER_MELEE) enterMelee(s);
      else enterRange(s);
      return;
    case E_REROLL:
      rollDice(s, s.nDice, rng);
      s.eventLog.add(EV_REROLL, c, packDice(s.dice, s.nDice), s.nDice);
      break;
    case E_EXTRA_DEFENCE_DIE:
      s.defBonusDice += amount;
      break;
    case E_RIPOSTE:
      s.riposte += amount;
      break;
    case E_IGNORE_COVER:
      s.ignoreCover = 1;
      break;
  }
  afterBonus(s, rng);
}

/**
 * After a bonus at a decision point that follows a roll: if nothing is left to decide there
 * (no usable bonus; for a ranged re-roll, the shot now hits), go on.
 */
function afterBonus(s: SquallState, rng: Rng): void {
  switch (s.phase) {
    case PH_MELEE_ROLL:
      if (!hasUsableBonus(s, s.active, T_MELEE_ROLL)) defendStep(s, rng);
      return;
    case PH_DEFEND:
      if (!hasUsableBonus(s, s.target, T_DEFEND)) resolveMelee(s, rng);
      return;
    case PH_AFTER_MELEE:
      if (!hasUsableBonus(s, s.active, T_AFTER_MELEE)) enterRange(s);
      return;
    case PH_RANGE_ROLL:
      if (shotHits(s) || !hasUsableBonus(s, s.active, T_RANGE_ROLL)) resolveShot(s);
      return;
    case PH_AFTER_RANGE:
      if (!hasUsableBonus(s, s.active, T_AFTER_RANGE)) enterHalfMove(s);
      return;
    default:
      return; // MOVE, MELEE, RANGE, HALF-MOVE: the phase's own decision is offered again
  }
}

// ---------------------------------------------------------------------------------------------
// Copy and invariants

export function copy(d: SquallState, s: SquallState): void {
  copyState(d, s);
}
