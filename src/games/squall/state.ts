/**
 * Squall game state: typed arrays allocated once per worker, rewound by `reset` for each game.
 *
 * Characters are numbered 0..count-1 in seat order (a seat's team in the scenario's order).
 * A character's position is its base centre (x, y) in inches, its facing a unit vector
 * (fx, fy). `alive` means "on the board and fighting": 0 before set-up, after falling and after
 * its seat surrendered. The static part (terrain, roster, planner) lives in `world`, shared.
 *
 * The turn is a small state machine (`phase`), one decision per phase; chance (dice) happens
 * inside `apply`. `log` keeps the events of the last `apply` for traces (numbers only, so
 * recording allocates nothing; render.ts turns them into text).
 */
import type { GameState } from '../../sim/types.js';
import type { Discs } from './geometry.js';
import { type SquallRules, MAX_CHARS, EDGES, seatCharacters, setupEdgesOf } from './params.js';
import { worldOf, type World } from './world.js';
import { GameHeader } from '../kit/game-header.js';
import { type EventLog, attachEventLog } from '../kit/event-log.js';
import { wordsByCode } from '../kit/words.js';

export const PH_PLACE = 0;
export const PH_FIRST = 1;
export const PH_MOVE = 2;
export const PH_MELEE = 3;
export const PH_MELEE_ROLL = 4;
export const PH_DEFEND = 5;
export const PH_AFTER_MELEE = 6;
export const PH_RANGE = 7;
export const PH_RANGE_ROLL = 8;
export const PH_AFTER_RANGE = 9;
export const PH_HALF_MOVE = 10;
export const PH_EXTRA_MOVE = 11;
export const PH_OVER = 12;
type PhaseCode = typeof PH_PLACE | typeof PH_FIRST | typeof PH_MOVE | typeof PH_MELEE | typeof PH_MELEE_ROLL | typeof PH_DEFEND | typeof PH_AFTER_MELEE | typeof PH_RANGE | typeof PH_RANGE_ROLL | typeof PH_AFTER_RANGE | typeof PH_HALF_MOVE | typeof PH_EXTRA_MOVE | typeof PH_OVER;
/** Each phase's name in traces, keyed by its code (a phase without a name fails to compile). */
export const PHASE_NAMES = wordsByCode<PhaseCode>({
  [PH_PLACE]: 'SET-UP',
  [PH_FIRST]: 'INITIATIVE',
  [PH_MOVE]: 'MOVE',
  [PH_MELEE]: 'MELEE',
  [PH_MELEE_ROLL]: 'MELEE (after the attack roll)',
  [PH_DEFEND]: 'MELEE (defence)',
  [PH_AFTER_MELEE]: 'MELEE (after the attack)',
  [PH_RANGE]: 'RANGE',
  [PH_RANGE_ROLL]: 'RANGE (after a miss)',
  [PH_AFTER_RANGE]: 'RANGE (after the shot)',
  [PH_HALF_MOVE]: 'HALF-MOVE',
  [PH_EXTRA_MOVE]: 'EXTRA MOVE',
  [PH_OVER]: 'game over',
});

/** Most dice in one roll (extra dice from bonuses beyond this are not rolled). */
export const MAX_DICE = 16;

// Events (the kit's EventLog, at most EVENT_CAP since the last decision; more are dropped: traces
// only): the type, then the fields listed.
export const EVENT_CAP = 48;
export const EV_PLACE = 1; // c, x, y, facing degrees
export const EV_INITIATIVE = 2; // seat, roll
export const EV_FIRST = 3; // chooser seat, first seat
export const EV_MOVE = 4; // c, fromX, fromY, toX, toY, inches used, allowance, facing degrees, candidate
export const EV_ATTACK = 5; // c, target, packed dice, dice, extra die used
export const EV_REROLL = 6; // c, packed dice, dice
export const EV_DEFENCE = 7; // attacker, defender, packed dice, dice, behind, damage, hp lost, hp after, riposte hp lost
export const EV_SHOT = 8; // c, target, packed dice, dice, covered, out of sight, hit, hp lost, hp after
export const EV_BONUS = 9; // c, bonus index, user roll, opponent roll, success, opponent, cost
export const EV_HEAL = 10; // c, hp gained, hp after
export const EV_FALL = 11; // c
export const EV_SURRENDER = 12; // seat
export const EV_NO_ATTACK = 13; // c, 0 = declined melee, 1 = held fire

export class SquallState extends GameHeader implements GameState {
  /**
   * Static data shared by every state of these rules (not part of the position; kept out of
   * enumeration so deep comparisons of states skip it).
   */
  declare readonly world: World;
  /** Characters in play. */
  readonly count: number;
  readonly seatOf: Int8Array;
  readonly teamStart: Int8Array;
  readonly teamSize: Int8Array;
  /** Set-up edges allowed to each seat this game, bit e for EDGES[e] (north, east, south, west). */
  readonly seatEdgeMask: Uint8Array;
  /** The scenario's edge lists, seat by seat; rules.setup random deals them out afresh per game. */
  readonly layoutEdgeMask: Uint8Array;
  /** Characters in the order they set up (rules.setup random: starting from a random seat). */
  readonly placeOrder: Int8Array;
  /** How many characters have set up so far. */
  placed = 0;
  /** Roster index of each character (chosen per game under `matchups`). */
  readonly kind: Int16Array;
  /** Matchup pair index of this game, -1 without matchups. */
  pair = -1;

  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly fx: Float64Array;
  readonly fy: Float64Array;
  readonly r: Float64Array;
  readonly hp: Int32Array;
  readonly special: Int32Array;
  readonly alive: Uint8Array;
  /** 1 if the character added a defence die to an attack since it was last attacked in melee. */
  readonly defenceSpent: Uint8Array;
  /** Living characters per seat (placed or not, not surrendered). */
  readonly seatLiving: Int8Array;
  readonly surrendered: Uint8Array;
  seatsAlive = 0;
  /** The bases as discs (views of x, y, r, alive) for the geometry and the planner. */
  readonly discs: Discs;

  // The turn machine.
  phase = PH_PLACE;
  /** Working space of reset (a permutation of the seats). */
  readonly scratchSeats: Int8Array;
  /** Character placing (set-up) or acting. */
  active = 0;
  /** Inches available to the current move phase. */
  allowance = 0;
  /** Bonuses (bit k) already tried at the current decision point. */
  tried = 0;
  /** Extra-attack and extra-move bonuses (bit k) already tried in this activation. */
  activationTried = 0;
  /** After an extra move: 0 = go on to RANGE, 1 = go on to HALF-MOVE. */
  resume = 0;
  // The attack being resolved.
  target = -1;
  extraDie = 0;
  /** From bonuses declared this phase: damage added to / dice added to the next attack. */
  pendDamage = 0;
  pendDice = 0;
  ignoreCover = 0;
  readonly dice: Int8Array;
  nDice = 0;
  /** Defender's bonuses for the current melee attack. */
  defBonusDice = 0;
  riposte = 0;
  shotCovered = 0;
  shotOutOfSight = 0;
  readonly initiative: Int8Array;

  // Per-character measurements for this game (see metrics.ts).
  readonly mMeleeDamage: Int32Array;
  readonly mRangeDamage: Int32Array;
  readonly mMeleeAttacks: Int32Array;
  readonly mMeleeHits: Int32Array;
  readonly mExtraDie: Int32Array;
  readonly mBehind: Int32Array;
  readonly mShots: Int32Array;
  readonly mShotHits: Int32Array;
  readonly mCoveredShots: Int32Array;
  readonly mBonusTried: Int32Array;
  readonly mBonusWon: Int32Array;
  readonly mDamageTaken: Int32Array;
  readonly mHealed: Int32Array;
  readonly mDistance: Float64Array;
  surrenders = 0;
  outOfSightShots = 0;

  /** Events since the last decision, for traces (see the kit's event-log.ts): non-enumerable. */
  declare readonly eventLog: EventLog;

  constructor(
    readonly rules: SquallRules,
    readonly players: number,
  ) {
    super();
    Object.defineProperty(this, 'world', { value: worldOf(rules), enumerable: false, writable: false });
    const seats = seatCharacters(rules, players);
    let count = 0;
    for (const team of seats) count += team.length;
    if (count > MAX_CHARS) throw new Error(`${count} characters in play; at most ${MAX_CHARS}`);
    this.count = count;
    this.seatOf = new Int8Array(count);
    this.teamStart = new Int8Array(players);
    this.teamSize = new Int8Array(players);
    this.kind = new Int16Array(count);
    this.seatEdgeMask = new Uint8Array(players);
    for (let p = 0; p < players; p++) for (const e of setupEdgesOf(rules, p)) this.seatEdgeMask[p]! |= 1 << EDGES.indexOf(e);
    this.layoutEdgeMask = this.seatEdgeMask.slice();
    this.placeOrder = new Int8Array(count);
    this.scratchSeats = new Int8Array(players);
    let c = 0;
    seats.forEach((team, p) => {
      this.teamStart[p] = c;
      this.teamSize[p] = team.length;
      for (const k of team) {
        this.seatOf[c] = p;
        this.kind[c] = k;
        c++;
      }
    });
    this.x = new Float64Array(count);
    this.y = new Float64Array(count);
    this.fx = new Float64Array(count);
    this.fy = new Float64Array(count);
    this.r = new Float64Array(count);
    this.hp = new Int32Array(count);
    this.special = new Int32Array(count);
    this.alive = new Uint8Array(count);
    this.defenceSpent = new Uint8Array(count);
    this.seatLiving = new Int8Array(players);
    this.surrendered = new Uint8Array(players);
    this.discs = { count, x: this.x, y: this.y, r: this.r, alive: this.alive };
    this.dice = new Int8Array(MAX_DICE);
    this.initiative = new Int8Array(players);
    this.mMeleeDamage = new Int32Array(count);
    this.mRangeDamage = new Int32Array(count);
    this.mMeleeAttacks = new Int32Array(count);
    this.mMeleeHits = new Int32Array(count);
    this.mExtraDie = new Int32Array(count);
    this.mBehind = new Int32Array(count);
    this.mShots = new Int32Array(count);
    this.mShotHits = new Int32Array(count);
    this.mCoveredShots = new Int32Array(count);
    this.mBonusTried = new Int32Array(count);
    this.mBonusWon = new Int32Array(count);
    this.mDamageTaken = new Int32Array(count);
    this.mHealed = new Int32Array(count);
    this.mDistance = new Float64Array(count);
    attachEventLog(this, EVENT_CAP);
  }

  /** Starting HP of character c. */
  hpMax(c: number): number {
    return this.world.rHp[this.kind[c]!]!;
  }
  move(c: number): number {
    return this.world.rMove[this.kind[c]!]!;
  }
  melee(c: number): number {
    return this.world.rMelee[this.kind[c]!]!;
  }
  rangeStat(c: number): number {
    return this.world.rRange[this.kind[c]!]!;
  }
  name(c: number): string {
    return this.world.names[this.kind[c]!] ?? '?';
  }
  enemies(a: number, b: number): boolean {
    return this.seatOf[a] !== this.seatOf[b];
  }
}

/** Dice packed base 8, first die lowest (for the log). */
export function packDice(dice: Int8Array, n: number): number {
  let p = 0;
  for (let i = n - 1; i >= 0; i--) p = p * 8 + dice[i]!;
  return p;
}

export function unpackDice(p: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(p % 8);
    p = Math.floor(p / 8);
  }
  return out;
}
