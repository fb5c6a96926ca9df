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
 */
import { copyState } from '../../sim/copy-state.js';
import { NO_WINNER } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { OVERLAP_EPS, attackFromBehind, baseEdgeGap, baseOnBoard, norm } from './geometry.js';
import { OUT_X, OUT_Y, OUT_DX, OUT_DY, OUT_USED, OUT_WORDS } from './planner.js';
import {
  MOVE,
  PLACE,
  FIRST,
  MELEE,
  NO_MELEE,
  SHOOT,
  NO_SHOT,
  BONUS,
  CONTINUE,
  SURRENDER,
  PER_ENEMY,
  COMPASS,
  SPOTS,
  SPOTS_ALONG,
  HOLD_CANDIDATE,
  isMove,
  moveCandidate,
  moveFacing,
  meleeTarget,
  meleeExtraDie,
  spotEdge,
  spotAlong,
  spotDepth,
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
  EV_PLACE,
  EV_INITIATIVE,
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
  T_MOVE,
  T_MELEE,
  T_MELEE_ROLL,
  T_AFTER_MELEE,
  T_DEFEND,
  T_RANGE,
  T_RANGE_ROLL,
  T_AFTER_RANGE,
  T_HALF_MOVE,
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
  candidateOffered,
  resolveMove,
  faceAfterMove,
  faceTowards,
  inBtbWithEnemy,
  btb,
  validShot,
  canSeeFrom,
  coveredFrom,
  positionFree,
  nearestEnemy,
} from './moves.js';

const d6 = (rng: Rng): number => 1 + rng.int(6);
const moveOut = new Float64Array(OUT_WORDS);
const spotXY = new Float64Array(2);

// ---------------------------------------------------------------------------------------------
// Reset and set-up

export function reset(s: SquallState, rng: Rng): void {
  const w = s.world;
  if (w.pairCount > 0) {
    // The contract gives reset no game index, so the pair is drawn (uniformly) from the game's
    // own stream: every ordered pair, hence both seatings, is equally likely.
    const p = rng.int(w.pairCount);
    s.pair = p;
    s.kind[0] = w.pairs[2 * p]!;
    s.kind[1] = w.pairs[2 * p + 1]!;
  }
  for (let c = 0; c < s.count; c++) {
    const k = s.kind[c]!;
    s.r[c] = w.rRadius[k]!;
    s.hp[c] = w.rHp[k]!;
    s.special[c] = w.rSpecial[k]!;
    s.alive[c] = 0;
    s.defenceSpent[c] = 0;
    s.x[c] = 0;
    s.y[c] = 0;
    s.fx[c] = 0;
    s.fy[c] = 1;
    s.mMeleeDamage[c] = 0;
    s.mRangeDamage[c] = 0;
    s.mMeleeAttacks[c] = 0;
    s.mMeleeHits[c] = 0;
    s.mExtraDie[c] = 0;
    s.mBehind[c] = 0;
    s.mShots[c] = 0;
    s.mShotHits[c] = 0;
    s.mCoveredShots[c] = 0;
    s.mBonusTried[c] = 0;
    s.mBonusWon[c] = 0;
    s.mDamageTaken[c] = 0;
    s.mHealed[c] = 0;
    s.mDistance[c] = 0;
  }
  for (let p = 0; p < s.players; p++) {
    s.seatLiving[p] = s.teamSize[p]!;
    s.surrendered[p] = 0;
    s.initiative[p] = 0;
  }
  s.seatsAlive = s.players;
  s.surrenders = 0;
  s.outOfSightShots = 0;
  s.logLen = 0;
  dealSetup(s, rng);
  s.phase = PH_PLACE;
  s.placed = 0;
  s.active = s.placeOrder[0]!;
  s.allowance = 0;
  s.tried = 0;
  s.activationTried = 0;
  s.resume = 0;
  clearAttack(s);
  s.toMove = s.seatOf[s.active]!;
  s.turns = 0;
  s.rounds = 0;
  s.firstSeat = 0;
  s.terminal = false;
  s.winner = NO_WINNER;
  s.capped = false;
}

/**
 * Who sets up along which edges, and in what order. fixed: seat p takes the scenario's edge
 * list p and the characters set up in character order (seat 0's team first). random: the edge
 * lists are dealt to the seats in a random order, and set-up starts with a random seat's team,
 * then round the table. Initiative is rolled in every game either way.
 */
function dealSetup(s: SquallState, rng: Rng): void {
  const n = s.players;
  const seats = s.scratchSeats;
  for (let p = 0; p < n; p++) seats[p] = p;
  let firstPlacer = 0;
  if (s.rules.setup === 'random') {
    rng.shuffle(seats, 0, n);
    firstPlacer = rng.int(n);
  }
  for (let p = 0; p < n; p++) s.seatEdgeMask[p] = s.layoutEdgeMask[seats[p]!]!;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const p = (firstPlacer + i) % n;
    for (let c = s.teamStart[p]!, end = c + s.teamSize[p]!; c < end; c++) s.placeOrder[k++] = c;
  }
}

function clearAttack(s: SquallState): void {
  s.target = -1;
  s.extraDie = 0;
  s.pendDamage = 0;
  s.pendDice = 0;
  s.ignoreCover = 0;
  s.nDice = 0;
  s.defBonusDice = 0;
  s.riposte = 0;
  s.shotCovered = 0;
  s.shotOutOfSight = 0;
}

/**
 * Set-up spot `spot` for character c: edge (north, east, south, west), SPOTS_ALONG positions
 * along it running clockwise round the board, at depth 0 (touching the edge) or 1 (the base's
 * nearest point exactly `setupDistance` from the edge). Into out[0], out[1].
 */
export function spotPosition(s: SquallState, c: number, spot: number, out: Float64Array): void {
  spotCentre(s.world.width, s.world.height, s.rules.setupDistance, s.r[c]!, spot, out);
}

/** Centre of set-up spot `spot` for a base of radius r (the scenario check uses it too). */
export function spotCentre(width: number, height: number, setupDistance: number, r: number, spot: number, out: Float64Array): void {
  const t = (spotAlong(spot) + 0.5) / SPOTS_ALONG;
  const depth = spotDepth(spot) === 0 ? r : setupDistance + r;
  switch (spotEdge(spot)) {
    case 0: // north, west to east
      out[0] = t * width;
      out[1] = height - depth;
      break;
    case 1: // east, north to south
      out[0] = width - depth;
      out[1] = height - t * height;
      break;
    case 2: // south, east to west
      out[0] = width - t * width;
      out[1] = depth;
      break;
    default: // west, south to north
      out[0] = depth;
      out[1] = t * height;
  }
}

function spotOffered(s: SquallState, c: number, spot: number): boolean {
  if ((s.seatEdgeMask[s.seatOf[c]!]! & (1 << spotEdge(spot))) === 0) return false;
  spotPosition(s, c, spot, spotXY);
  return positionFree(s, c, spotXY[0]!, spotXY[1]!);
}

function place(s: SquallState, spot: number, rng: Rng): void {
  const c = s.active;
  spotPosition(s, c, spot, spotXY);
  s.x[c] = spotXY[0]!;
  s.y[c] = spotXY[1]!;
  s.alive[c] = 1;
  faceTowards(s, c, s.world.width / 2, s.world.height / 2);
  s.event(EV_PLACE, c, s.x[c]!, s.y[c]!, spot);
  s.placed++;
  if (s.placed < s.count) {
    s.active = s.placeOrder[s.placed]!;
    s.toMove = s.seatOf[s.active]!;
    return;
  }
  rollInitiative(s, rng);
}

/** Every seat rolls a d6; those tied for the highest roll again until one is highest. */
function rollInitiative(s: SquallState, rng: Rng): void {
  let mask = 0;
  for (let p = 0; p < s.players; p++) mask |= 1 << p;
  for (;;) {
    let best = 0;
    let ties = 0;
    let winner = -1;
    for (let p = 0; p < s.players; p++) {
      if ((mask & (1 << p)) === 0) continue;
      const roll = d6(rng);
      s.initiative[p] = roll;
      s.event(EV_INITIATIVE, p, roll);
      if (roll > best) {
        best = roll;
        ties = 1 << p;
        winner = p;
      } else if (roll === best) ties |= 1 << p;
    }
    if ((ties & (ties - 1)) === 0) {
      s.phase = PH_FIRST;
      s.toMove = winner;
      return;
    }
    mask = ties;
  }
}

// ---------------------------------------------------------------------------------------------
// Legal actions

/**
 * Legal actions, in the reference order (README.md, "Decisions"):
 *  - SET-UP: free spots of the seat's edges, in spot order.
 *  - INITIATIVE: FIRST + seat, for every seat.
 *  - MOVE / HALF-MOVE / EXTRA MOVE: with a positive allowance, for each living enemy e in
 *    character order its free BTB ring points then away(e); the 24 compass moves; hold — each
 *    as (face enemy, face travel); then usable bonuses; then surrender (MOVE, if allowed).
 *  - MELEE: for each enemy in BTB, attack with one die, then with the extra defence die (if
 *    both defence dice are available); no attack (optionalMelee); usable bonuses.
 *  - RANGE: each valid target; hold fire; usable bonuses.
 *  - after a roll, before defence, after an attack: CONTINUE, then usable bonuses.
 */
export function legalActions(s: SquallState, out: Int32Array): number {
  let n = 0;
  const a = s.active;
  switch (s.phase) {
    case PH_PLACE:
      for (let spot = 0; spot < SPOTS; spot++) if (spotOffered(s, a, spot)) out[n++] = PLACE + spot;
      if (n === 0) throw new Error(`no free set-up spot for ${s.name(a)} (seat ${s.seatOf[a]}): the layout leaves no room along its edges`);
      return n;
    case PH_FIRST:
      for (let p = 0; p < s.players; p++) out[n++] = FIRST + p;
      return n;
    case PH_MOVE:
    case PH_HALF_MOVE:
    case PH_EXTRA_MOVE: {
      if (s.allowance > 0) {
        // Candidates in order (actions.ts): each opponent's ring points and away, then compass.
        const last = s.count * PER_ENEMY;
        for (let cand = 0; cand < last; cand++) {
          if (!candidateOffered(s, a, cand)) continue;
          out[n++] = MOVE + cand * 2;
          out[n++] = MOVE + cand * 2 + 1;
        }
        for (let cand = COMPASS; cand < HOLD_CANDIDATE; cand++) {
          out[n++] = MOVE + cand * 2;
          out[n++] = MOVE + cand * 2 + 1;
        }
      }
      out[n++] = MOVE + HOLD_CANDIDATE * 2;
      out[n++] = MOVE + HOLD_CANDIDATE * 2 + 1;
      if (s.phase !== PH_EXTRA_MOVE) n = addBonuses(s, a, s.phase === PH_MOVE ? T_MOVE : T_HALF_MOVE, out, n);
      if (s.phase === PH_MOVE && s.rules.surrender) out[n++] = SURRENDER;
      return n;
    }
    case PH_MELEE:
      for (let t = 0; t < s.count; t++) {
        if (s.alive[t] === 0 || !s.enemies(a, t) || !btb(s, a, t)) continue;
        out[n++] = MELEE + t * 2;
        if (s.defenceSpent[a] === 0) out[n++] = MELEE + t * 2 + 1;
      }
      if (s.rules.optionalMelee) out[n++] = NO_MELEE;
      return addBonuses(s, a, T_MELEE, out, n);
    case PH_RANGE:
      for (let t = 0; t < s.count; t++) if (validShot(s, a, t)) out[n++] = SHOOT + t;
      out[n++] = NO_SHOT;
      return addBonuses(s, a, T_RANGE, out, n);
    case PH_MELEE_ROLL:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_MELEE_ROLL, out, n);
    case PH_DEFEND:
      out[n++] = CONTINUE;
      return addBonuses(s, s.target, T_DEFEND, out, n);
    case PH_AFTER_MELEE:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_AFTER_MELEE, out, n);
    case PH_RANGE_ROLL:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_RANGE_ROLL, out, n);
    case PH_AFTER_RANGE:
      out[n++] = CONTINUE;
      return addBonuses(s, a, T_AFTER_RANGE, out, n);
    default:
      return 0;
  }
}

function addBonuses(s: SquallState, c: number, timing: number, out: Int32Array, n: number): number {
  const w = s.world;
  const k0 = s.kind[c]! * MAX_BONUSES;
  const count = w.bCount[s.kind[c]!]!;
  for (let k = 0; k < count; k++) if (bonusUsable(s, c, k0 + k, k, timing)) out[n++] = BONUS + k;
  return n;
}

/** Can character c try its bonus k (world index j) now? */
function bonusUsable(s: SquallState, c: number, j: number, k: number, timing: number): boolean {
  const w = s.world;
  if (w.bTiming[j] !== timing || (s.tried & (1 << k)) !== 0 || w.bCost[j]! > s.special[c]!) return false;
  const e = w.bEffect[j]!;
  if (e === E_HEAL) return s.hp[c]! < s.hpMax(c);
  // Extra attacks and moves: once per activation each, so even a free one cannot loop.
  if ((e === E_EXTRA_ATTACK || e === E_EXTRA_MOVE) && (s.activationTried & (1 << k)) !== 0) return false;
  if (e === E_EXTRA_ATTACK) return timing === T_AFTER_MELEE ? anyMeleeTarget(s, c) : anyShotTarget(s, c);
  return true;
}

function hasUsableBonus(s: SquallState, c: number, timing: number): boolean {
  const w = s.world;
  const k0 = s.kind[c]! * MAX_BONUSES;
  const count = w.bCount[s.kind[c]!]!;
  for (let k = 0; k < count; k++) if (bonusUsable(s, c, k0 + k, k, timing)) return true;
  return false;
}

function anyMeleeTarget(s: SquallState, c: number): boolean {
  return inBtbWithEnemy(s, c);
}

function anyShotTarget(s: SquallState, c: number): boolean {
  for (let t = 0; t < s.count; t++) if (validShot(s, c, t)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Apply

export function apply(s: SquallState, action: number, rng: Rng): void {
  s.logLen = 0;
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
      s.event(EV_FIRST, s.toMove, s.firstSeat);
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
        s.event(EV_NO_ATTACK, a, 0);
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
        s.event(EV_NO_ATTACK, a, 1);
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
  s.event(EV_MOVE, m, fromX, fromY, s.x[m]!, s.y[m]!, moveOut[OUT_USED]!, s.allowance, Math.atan2(s.fy[m]!, s.fx[m]!), cand);
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
  s.event(EV_ATTACK, a, t, packDice(s.dice, s.nDice), s.nDice, extraDie);
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
  const behind = attackFromBehind(s.x[t]!, s.y[t]!, s.fx[t]!, s.fy[t]!, s.world.cosHalfFov, s.x[a]!, s.y[a]!);
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
  s.event(EV_DEFENCE, a, t, packDice(defDice, dice), dice, behind ? 1 : 0, damage, lost, s.hp[t]!, riposteLost);
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
    s.event(EV_ATTACK, a, t, packDice(s.dice, s.nDice), s.nDice, 2);
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
  s.event(EV_SHOT, a, t, packDice(s.dice, s.nDice), s.nDice, s.shotCovered, s.shotOutOfSight, hit ? 1 : 0, lost, s.hp[t]!);
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
  s.event(EV_FALL, c);
  const seat = s.seatOf[c]!;
  s.seatLiving[seat]!--;
  if (s.seatLiving[seat] === 0) s.seatsAlive--;
}

function surrender(s: SquallState, seat: number): void {
  s.event(EV_SURRENDER, seat);
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
  s.event(EV_BONUS, c, k, mine, theirs, ok ? 1 : 0, opponent, cost);
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
      s.event(EV_HEAL, c, gained, s.hp[c]!);
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
      s.event(EV_REROLL, c, packDice(s.dice, s.nDice), s.nDice);
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
