/**
 * One step of the skill ladder from its pairing's summary: the upper level's score against the
 * lower, seats rotating, with its 95% Wilson interval (the game as the unit). Draws count half
 * and are shown; games stopped by the turn cap have no result and are left out of the score (and
 * shown). With an odd number of players the two levels hold unequal numbers of seats (a, b, a),
 * so each side's wins are taken per seat it held before they are compared: a fair game scores
 * 50% at any player count.
 */
import type { Summary } from '../../sim/stats/summary.js';
import { wilson } from '../../sim/stats/intervals.js';
import type { LadderStepVerdict } from '../kit/ladder-verdict.js';

export function stepVerdict(s: Summary, lower: string, upper: string): LadderStepVerdict {
  const of = (label: string) => s.policies.find((p) => p.label === label);
  const lo = of(lower);
  const up = of(upper);
  const games = s.games;
  const capped = s.capped.count;
  const draws = s.draws.count;
  const upperWins = up?.wins ?? 0;
  const lowerWins = lo?.wins ?? 0;
  // Seats held per game by each side (1 and 1 with two players; 2 and 1 with three).
  const upSeats = games > 0 && up ? up.seatGames / games : 1;
  const loSeats = games > 0 && lo ? lo.seatGames / games : 1;
  const scale = (upSeats + loSeats) / 2;
  const upEq = (upperWins * scale) / upSeats;
  const loEq = (lowerWins * scale) / loSeats;
  const scored = upEq + loEq + draws;
  const points = upEq + draws / 2;
  const score = scored > 0 ? points / scored : 0.5;
  const interval = wilson(points, scored);
  return { upper, lower, games, upperWins, lowerWins, draws, capped, score, interval, holds: scored > 0 && interval[0] > 0.5 };
}
