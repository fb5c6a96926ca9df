/**
 * The after measurement of a `tune:` block run, made decisive: the tuned point is played on fresh
 * seeds in looks of doubling size (verifyGames, then 2x, 4x, ... in all, each look adding games
 * to the ones before), and the measurement stops at the first look where every target value is
 * decided (met, or NOT met), or where one is NOT met, or at the last look.
 *
 * A point that truly lies a little inside a tight band (79.2% for 0.80 ± 0.02) needs more games
 * than one look of verifyGames gives to show it: its interval straddles the edge, and the verdict
 * is "undecided" although the search found the point. Looking again is honest only if the error
 * is spent over the looks: look k judges at alpha / looks (Bonferroni over the looks, as over the
 * values within a look), so the chance that any verdict at any look is wrong, whatever look the
 * measurement stops at, is at most alpha. The games are those of one fresh seed the search never
 * played, so extending it adds new games, never replays one.
 */
import { ASSERTION_ALPHA, type AssertionsSummary } from '../../analysis/assertions.js';

/** Looks the after measurement may take by default: verifyGames, 2x, 4x and 8x in all. */
export const VERIFY_LOOKS = 4;

/** One look: the games played in all by then, and the error it may spend. */
export interface VerifyLook {
  games: number;
  alpha: number;
}

/** The looks for `games` at the first look: doubling, each at alpha / looks. */
export function verifySchedule(games: number, looks = VERIFY_LOOKS, alpha = ASSERTION_ALPHA): VerifyLook[] {
  return Array.from({ length: looks }, (_, k) => ({ games: games * 2 ** k, alpha: alpha / looks }));
}

/** True when the measurement can stop: some value is NOT met, or none is undecided. */
export function decided(judged: AssertionsSummary): boolean {
  const values = judged.results.flatMap((r) => r.values);
  return values.length > 0 && (values.some((v) => v.verdict === 'fail') || values.every((v) => v.verdict === 'pass'));
}

/**
 * Take the looks in order: `extend(games)` plays the games up to `games` in all (on top of the ones
 * already played), `judge(alpha)` judges every game played so far at that error. Returns the last
 * look's judgement, with its look (0-based) and games.
 */
export async function sequentialVerify<T extends { judged: AssertionsSummary }>(
  schedule: readonly VerifyLook[],
  extend: (games: number) => Promise<void>,
  judge: (alpha: number) => T,
): Promise<{ result: T; look: number; games: number }> {
  let result: T | null = null;
  let k = 0;
  for (; k < schedule.length; k++) {
    await extend(schedule[k]!.games);
    result = judge(schedule[k]!.alpha);
    if (decided(result.judged)) break;
  }
  const look = Math.min(k, schedule.length - 1);
  return { result: result!, look, games: schedule[look]!.games };
}
