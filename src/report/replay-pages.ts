/**
 * Which example games get a replay page beside a run's report (`<run>/replays/game-<index>.html`;
 * examples.ts has the links to them). A static report cannot run squabble, so the pages are
 * written when the report is; each costs a replay and its drawing (0.1-0.2 s on a loaded
 * machine) and 9-120 KB (docs/replay.md), so only the examples the report shows first get one:
 * the first game of each headline figure, then one won and one lost game of each balance-sheet
 * row the terminal shows (flagged rows, then the top and bottom ENDS_SHOWN), taken a row of every
 * sheet at a time, at most MAX_REPLAY_PAGES pages. Every other example keeps its `squabble
 * replay` command.
 *
 * Pages are named by game index, never by a row's name: row names come from data files (card
 * and character names can be anything), and a game that is the example of several rows gets one
 * page.
 */
import type { Summary } from '../sim/stats/summary.js';
import { rowsThatMatter } from '../analysis/balance.js';
import { sheetsOf, ENDS_SHOWN } from './balance-report.js';

/** At most this many pages per run. */
export const MAX_REPLAY_PAGES = 40;
/** Stop writing pages once they hold this many bytes (long games make big pages). */
export const MAX_REPLAY_BYTES = 8 * 1024 * 1024;

/** The games to write pages for, most wanted first, without repeats, at most `max`. */
export function replayPageGames(s: Summary, max = MAX_REPLAY_PAGES): number[] {
  const games: number[] = [];
  const add = (g: number | undefined) => {
    if (g !== undefined && games.length < max && !games.includes(g)) games.push(g);
  };
  for (const examples of Object.values(s.examples?.headline ?? {})) add(examples[0]);
  const shown = sheetsOf(s).map((sheet) => rowsThatMatter(sheet.rows, ENDS_SHOWN).shown);
  const longest = Math.max(0, ...shown.map((rows) => rows.length));
  for (let i = 0; i < longest; i++)
    for (const rows of shown) {
      const e = rows[i]?.examples;
      add(e?.won[0]);
      add(e?.lost[0]);
    }
  return games;
}
