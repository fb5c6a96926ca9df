/**
 * A run's cost, measured from its first games: a scenario whose games are slow (a Squish! board
 * where blocks stay trapped bouncing, a deep search, a huge turn cap) gets one warning line with
 * the estimated time and how to cut it, instead of running for hours without a word. Works for
 * any scenario: only finished games and elapsed time go in.
 */

import { FinishedGames } from '../../runner/finished-games.js';

/** Warn when the whole run would take longer than this at the measured rate. */
export const COST_WARNING_SECONDS = 600;
/** Measure for at least this long first, so start-up (threads loading the game) does not count as play. */
export const COST_MEASURE_SECONDS = 5;
/** Stop estimating after this long: by then a slow run has been warned about, and a fast one needs no estimate. */
export const COST_GIVE_UP_SECONDS = 120;

export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1)} hours`;
  return `${(seconds / 86400).toFixed(1)} days`;
}

export class CostWarning {
  private done = false;

  /** `games`: the games this call plays; `limitSeconds`: warn above this estimated total. */
  constructor(
    private readonly games: number,
    private readonly limitSeconds = COST_WARNING_SECONDS,
  ) {}

  /**
   * Given the seconds since play started and the games finished so far, the warning line (once),
   * or null. With no game finished yet, the estimate is a lower bound: every game takes at least
   * as long as the run has been going, divided among the games in play (`inPlay`, one per thread).
   */
  check(elapsedSeconds: number, played: number, inPlay: number): string | null {
    if (this.done || elapsedSeconds < COST_MEASURE_SECONDS || elapsedSeconds > COST_GIVE_UP_SECONDS) return null;
    const perGame = elapsedSeconds / Math.max(played, inPlay);
    const estimate = perGame * this.games;
    if (estimate <= this.limitSeconds) return null;
    this.done = true;
    const lowerBound = played < inPlay;
    const measured =
      played === 0
        ? `no game has finished in ${Math.round(elapsedSeconds)} s`
        : `${played.toLocaleString('en-US')} game${played === 1 ? '' : 's'} finished in ${Math.round(elapsedSeconds)} s`;
    return `warning: ${measured}; at that rate the ${this.games.toLocaleString('en-US')} games take ${lowerBound ? 'at least' : 'about'} ${formatDuration(estimate)}. To cut it, lower the game's maxTurns in the scenario's rules (slow games are usually long ones), play fewer games (--games), or stop early with --until.\n`;
  }
}

/**
 * Watch a study's cost while it plays: `finished` goes to every runPlan/runPaired call of the
 * study (the threads count each finished game or pair in it), and once a second the estimate is
 * checked against the study's whole `games`; `note` gets the one warning line. `stop()` when play
 * ends. The clock starts here, so create it just before play starts.
 */
export function watchCost(games: number, workers: number, note: (line: string) => void): { finished: FinishedGames; stop: () => void; check: () => void } {
  const finished = new FinishedGames();
  const cost = new CostWarning(games);
  const t0 = process.hrtime.bigint();
  const check = () => {
    const warning = cost.check(Number(process.hrtime.bigint() - t0) / 1e9, finished.count(), Math.max(workers, 1));
    if (warning) note(warning);
  };
  const timer = setInterval(check, 1000);
  timer.unref();
  return { finished, check, stop: () => clearInterval(timer) };
}
