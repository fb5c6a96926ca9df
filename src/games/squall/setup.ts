/**
 * Squall rules (docs/rules/squall.md), set-up: `reset` (the world's characters, the set-up
 * order), where each set-up spot lies along the allowed edges and whether it is free, placing a
 * character, and the initiative roll that follows (ties among the highest re-roll). Hot path:
 * nothing here allocates per move.
 */
import type { Rng } from '../../sim/rng.js';
import { SPOTS_ALONG, spotEdge, spotAlong, spotDepth } from './actions.js';
import { SquallState, PH_PLACE, PH_FIRST, EV_PLACE, EV_INITIATIVE } from './state.js';
import { faceTowards, positionFree } from './moves.js';

export const d6 = (rng: Rng): number => 1 + rng.int(6);
const spotXY = new Float64Array(2);

/** Character c's size, HP and SPECIAL as its kind starts the game. */
function startStats(s: SquallState, c: number): void {
  const k = s.kind[c]!;
  s.r[c] = s.world.rRadius[k]!;
  s.hp[c] = s.world.rHp[k]!;
  s.special[c] = s.world.rSpecial[k]!;
}

/** Put matchup pair p's characters in place of the pair reset drew (after reset, before anyone has placed). */
export function setPair(s: SquallState, p: number): void {
  s.pair = p;
  for (let c = 0; c < 2; c++) {
    s.kind[c] = s.world.pairs[2 * p + c]!;
    startStats(s, c);
  }
}

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
    startStats(s, c);
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
  s.eventLog.clear();
  dealSetup(s, rng);
  s.phase = PH_PLACE;
  s.placed = 0;
  s.active = s.placeOrder[0]!;
  s.allowance = 0;
  s.tried = 0;
  s.activationTried = 0;
  s.resume = 0;
  clearAttack(s);
  s.resetHeader(0);
  s.toMove = s.seatOf[s.active]!;
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

export function clearAttack(s: SquallState): void {
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

export function spotOffered(s: SquallState, c: number, spot: number): boolean {
  if ((s.seatEdgeMask[s.seatOf[c]!]! & (1 << spotEdge(spot))) === 0) return false;
  spotPosition(s, c, spot, spotXY);
  return positionFree(s, c, spotXY[0]!, spotXY[1]!);
}

export function place(s: SquallState, spot: number, rng: Rng): void {
  const c = s.active;
  spotPosition(s, c, spot, spotXY);
  s.x[c] = spotXY[0]!;
  s.y[c] = spotXY[1]!;
  s.alive[c] = 1;
  faceTowards(s, c, s.world.width / 2, s.world.height / 2);
  s.eventLog.add(EV_PLACE, c, s.x[c]!, s.y[c]!, spot);
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
      s.eventLog.add(EV_INITIATIVE, p, roll);
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
