/**
 * What Squall adds to the results, beyond wins and game length. Everything is an integer count
 * or sum, folded once per finished game.
 *
 * - Game counters (per scenario, so per terrain layout): attacks, hits, damage, ranged attacks
 *   and covered ranged attacks, out-of-sight shots, bonuses; per-game squares and the product of
 *   ranged and covered attacks, for an interval on the covered share that treats games (not
 *   shots, which are correlated within a game) as the independent units.
 * - Seat counters: the same per seat.
 * - Table `characters` (one row per roster character): games, wins, draws, capped, the sum of
 *   game lengths of its wins (turns to win = turnsToWin / wins), melee and ranged attacks, hits,
 *   misses and damage, bonuses tried and succeeded, damage taken, HP healed, falls, and melee and
 *   ranged damage squared per game (the spread of damage per game). A character
 *   that appears twice in a game (a mirror match) counts twice.
 * - Table `matchups` (two seats of one character each): one row per pair "A vs B" that can be
 *   played (A in seat 0, B in seat 1): games, A's wins, B's wins, draws, capped, games where A
 *   went first and A's wins among them, the sum of lengths of decided games. A's overall rate
 *   against B pools the rows "A vs B" (as aWins) and "B vs A" (as bWins): see matrix.ts.
 */
import type { GameMetricsSpec, MetricTableSpec } from '../../sim/types.js';
import type { SquallState } from './state.js';
import { type SquallRules, rosterOf, matchupPairs, seatCharacters } from './params.js';
import { defineCounters } from '../kit/counters.js';

/** Whole-game counters, in summary order. */
const C = defineCounters({
  meleeAttacks: 'melee attacks made',
  meleeHits: 'melee attacks that took HP',
  meleeDamage: 'HP taken by melee attacks (and ripostes)',
  extraDieAttacks: 'melee attacks that added a defence die',
  attacksFromBehind: 'melee attacks from outside the defender\'s field of view',
  rangedAttacks: 'ranged attacks made',
  coveredRangedAttacks: 'ranged attacks at a covered target (two dice unless cover was ignored)',
  outOfSightShots: 'ranged attacks at a target out of sight (blockedShots: covered)',
  rangedHits: 'ranged attacks that hit',
  rangeDamage: 'HP taken by ranged attacks',
  bonusesTried: 'bonuses tried (SPECIAL paid)',
  bonusesSucceeded: 'bonuses whose opposed roll succeeded',
  hpHealed: 'HP restored by bonuses',
  surrenders: 'seats that surrendered',
  rangedAttacksSquared: 'sum over games of rangedAttacks² (with the next two, the spread of the covered share over games)',
  coveredRangedAttacksSquared: 'sum over games of coveredRangedAttacks²',
  coveredTimesRangedAttacks: 'sum over games of coveredRangedAttacks × rangedAttacks',
});

/** Per-seat counters, in summary order. */
const S = defineCounters({
  meleeAttacks: 'melee attacks made by the seat',
  meleeHits: 'melee attacks by the seat that took HP',
  meleeDamage: 'HP the seat dealt in melee (and by ripostes)',
  rangedAttacks: 'ranged attacks made by the seat',
  rangedHits: 'ranged hits by the seat',
  coveredShots: 'ranged attacks by the seat at covered targets',
  rangeDamage: 'HP the seat dealt with ranged attacks',
  bonusesTried: 'bonuses the seat tried',
  bonusesSucceeded: 'bonuses of the seat that succeeded',
  damageTaken: 'HP the seat lost',
  falls: 'characters of the seat that fell',
});

export const CHARACTER_COLUMNS = [
  ['games', 'games it played'],
  ['wins', 'games its seat won'],
  ['draws', 'drawn games'],
  ['capped', 'games stopped by the turn cap'],
  ['turnsToWin', 'sum of the lengths (turns) of its wins: divide by wins'],
  ['meleeAttacks', 'melee attacks made'],
  ['meleeHits', 'melee attacks that took HP'],
  ['meleeMisses', 'melee attacks that took no HP'],
  ['meleeDamage', 'HP dealt in melee (and by ripostes)'],
  ['extraDieAttacks', 'melee attacks adding a defence die'],
  ['attacksFromBehind', 'melee attacks from behind'],
  ['rangedAttacks', 'ranged attacks made'],
  ['rangedHits', 'ranged hits'],
  ['rangedMisses', 'ranged misses'],
  ['coveredShots', 'ranged attacks at covered targets'],
  ['rangeDamage', 'HP dealt by ranged attacks'],
  ['bonusesTried', 'bonuses tried'],
  ['bonusesSucceeded', 'bonuses that succeeded'],
  ['damageTaken', 'HP lost'],
  ['hpHealed', 'HP healed'],
  ['falls', 'games in which it fell'],
  ['meleeDamageSquared', 'sum over its games of meleeDamage² (with meleeDamage, the spread of melee damage per game)'],
  ['rangeDamageSquared', 'sum over its games of rangeDamage² (with rangeDamage, the spread of ranged damage per game)'],
] as const;
const CH = CHARACTER_COLUMNS.length;

export const MATCHUP_COLUMNS = [
  ['games', 'games played with A in seat 0 and B in seat 1'],
  ['aWins', "A's wins"],
  ['bWins', "B's wins"],
  ['draws', 'draws'],
  ['capped', 'games stopped by the turn cap'],
  ['aFirst', 'games in which A took the first turn'],
  ['aFirstWins', 'wins of A in the games it went first'],
  ['decidedTurns', 'sum of the lengths (turns) of decided games'],
] as const;
const MU = MATCHUP_COLUMNS.length;

/** Rows of the matchup table: the pairs (seat 0, seat 1) this scenario can play, or null. */
export function matchupRows(rules: SquallRules, players: number): [number, number][] | null {
  if (players !== 2) return null;
  if (rules.matchups !== 'none') return matchupPairs(rules);
  const seats = seatCharacters(rules, players);
  if (seats[0]!.length !== 1 || seats[1]!.length !== 1) return null;
  return [[seats[0]![0]!, seats[1]![0]!]];
}

export const squallMetrics: GameMetricsSpec<SquallState> = {
  counters: C.list,
  seatCounters: S.list,
  record(s, counters, seat) {
    const g = C.at;
    const k = S.at;
    let tried = 0;
    let won = 0;
    let shots = 0;
    let covered = 0;
    for (let c = 0; c < s.count; c++) {
      shots += s.mShots[c]!;
      covered += s.mCoveredShots[c]!;
      const p = s.seatOf[c]! * S.size;
      counters[g.meleeAttacks]! += s.mMeleeAttacks[c]!;
      counters[g.meleeHits]! += s.mMeleeHits[c]!;
      counters[g.meleeDamage]! += s.mMeleeDamage[c]!;
      counters[g.extraDieAttacks]! += s.mExtraDie[c]!;
      counters[g.attacksFromBehind]! += s.mBehind[c]!;
      counters[g.rangedAttacks]! += s.mShots[c]!;
      counters[g.coveredRangedAttacks]! += s.mCoveredShots[c]!;
      counters[g.rangedHits]! += s.mShotHits[c]!;
      counters[g.rangeDamage]! += s.mRangeDamage[c]!;
      tried += s.mBonusTried[c]!;
      won += s.mBonusWon[c]!;
      counters[g.hpHealed]! += s.mHealed[c]!;
      seat[p + k.meleeAttacks]! += s.mMeleeAttacks[c]!;
      seat[p + k.meleeHits]! += s.mMeleeHits[c]!;
      seat[p + k.meleeDamage]! += s.mMeleeDamage[c]!;
      seat[p + k.rangedAttacks]! += s.mShots[c]!;
      seat[p + k.rangedHits]! += s.mShotHits[c]!;
      seat[p + k.coveredShots]! += s.mCoveredShots[c]!;
      seat[p + k.rangeDamage]! += s.mRangeDamage[c]!;
      seat[p + k.bonusesTried]! += s.mBonusTried[c]!;
      seat[p + k.bonusesSucceeded]! += s.mBonusWon[c]!;
      seat[p + k.damageTaken]! += s.mDamageTaken[c]!;
      seat[p + k.falls]! += s.hp[c]! <= 0 ? 1 : 0;
    }
    counters[g.outOfSightShots]! += s.outOfSightShots;
    counters[g.bonusesTried]! += tried;
    counters[g.bonusesSucceeded]! += won;
    counters[g.surrenders]! += s.surrenders;
    counters[g.rangedAttacksSquared]! += shots * shots;
    counters[g.coveredRangedAttacksSquared]! += covered * covered;
    counters[g.coveredTimesRangedAttacks]! += covered * shots;
  },
  tables(rules, players): readonly MetricTableSpec[] {
    const r = rules as SquallRules;
    const names = rosterOf(r).characters.map((c) => c.name);
    const specs: MetricTableSpec[] = [
      {
        name: 'characters',
        description: 'Per roster character: results, attacks, damage and bonuses',
        rows: names,
        columns: CHARACTER_COLUMNS.map(([name, description]) => ({ name, description })),
        rates: [
          { name: 'winRate', wins: 'wins', of: 'games', description: 'character strength: games its seat won', fairShare: true, primary: true },
          { name: 'meleeHitRate', wins: 'meleeHits', of: 'meleeAttacks', description: 'melee attacks that took HP' },
          { name: 'rangedHitRate', wins: 'rangedHits', of: 'rangedAttacks', description: 'ranged attacks that hit' },
          { name: 'bonusSuccessRate', wins: 'bonusesSucceeded', of: 'bonusesTried', description: 'bonuses whose opposed roll succeeded' },
        ],
        rowGroups: rosterOf(r).characters.map((c) => c.style),
      },
    ];
    const pairs = matchupRows(r, players);
    if (pairs !== null)
      specs.push({
        name: 'matchups',
        description: 'Per ordered pair "A vs B" (A in seat 0, B in seat 1): games and results',
        rows: pairs.map(([a, b]) => `${names[a]} vs ${names[b]}`),
        columns: MATCHUP_COLUMNS.map(([name, description]) => ({ name, description })),
        rates: [
          { name: 'aWinRate', wins: 'aWins', of: 'games', description: 'A (seat 0) won' },
          { name: 'bWinRate', wins: 'bWins', of: 'games', description: 'B (seat 1) won' },
        ],
      });
    return specs;
  },
  recordTables(s, tables) {
    const ch = tables[0]!;
    const decided = !s.capped && s.winner >= 0;
    for (let c = 0; c < s.count; c++) {
      const o = s.kind[c]! * CH;
      const win = decided && s.winner === s.seatOf[c];
      ch[o]!++;
      if (win) {
        ch[o + 1]!++;
        ch[o + 4]! += s.turns;
      }
      if (s.capped) ch[o + 3]!++;
      else if (s.winner < 0) ch[o + 2]!++;
      ch[o + 5]! += s.mMeleeAttacks[c]!;
      ch[o + 6]! += s.mMeleeHits[c]!;
      ch[o + 7]! += s.mMeleeAttacks[c]! - s.mMeleeHits[c]!;
      ch[o + 8]! += s.mMeleeDamage[c]!;
      ch[o + 9]! += s.mExtraDie[c]!;
      ch[o + 10]! += s.mBehind[c]!;
      ch[o + 11]! += s.mShots[c]!;
      ch[o + 12]! += s.mShotHits[c]!;
      ch[o + 13]! += s.mShots[c]! - s.mShotHits[c]!;
      ch[o + 14]! += s.mCoveredShots[c]!;
      ch[o + 15]! += s.mRangeDamage[c]!;
      ch[o + 16]! += s.mBonusTried[c]!;
      ch[o + 17]! += s.mBonusWon[c]!;
      ch[o + 18]! += s.mDamageTaken[c]!;
      ch[o + 19]! += s.mHealed[c]!;
      ch[o + 20]! += s.hp[c]! <= 0 ? 1 : 0;
      ch[o + 21]! += s.mMeleeDamage[c]! * s.mMeleeDamage[c]!;
      ch[o + 22]! += s.mRangeDamage[c]! * s.mRangeDamage[c]!;
    }
    const mu = tables[1];
    if (mu === undefined) return;
    const o = (s.pair >= 0 ? s.pair : 0) * MU;
    mu[o]!++;
    if (s.capped) mu[o + 4]!++;
    else if (s.winner < 0) mu[o + 3]!++;
    else {
      mu[o + (s.winner === 0 ? 1 : 2)]!++;
      mu[o + 7]! += s.turns;
    }
    if (s.firstSeat === 0) {
      mu[o + 5]!++;
      if (decided && s.winner === 0) mu[o + 6]!++;
    }
  },
};
