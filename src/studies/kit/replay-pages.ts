/**
 * Replay pages written with a run's report (`run`, and `squabble report` rebuilding one): the
 * example games src/report/replay-pages.ts picks, each replayed from the run's scenario and
 * drawn as a `replay --html` page in `<run>/replays/`. A scenario edited since the run would
 * replay other games, so then no page is written and the report says why.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportInput } from '../../report/charts/types.js';
import { replayPageGames, MAX_REPLAY_BYTES } from '../../report/replay-pages.js';
import { NO_REPLAY_PAGES, REPLAY_DIR, replayPagePath, type ReplayPages } from '../../report/examples.js';
import { replayGame } from '../../replay/steps.js';
import { replayHtml } from '../../replay/html.js';
import { writeAtomic } from '../../runner/results.js';
import { checkOwnedNames } from '../../runner/outdir.js';
import type { Plan } from '../../sim/scenario/types.js';
import { CliError } from './io.js';
import { planOfRun } from './plan.js';

/** What a report writes into a run's folder (src/report/write-report.ts and the pages above). */
const REPORT_NAMES = ['report.html', 'charts', 'tables', REPLAY_DIR, 'summary.md'];

export function writeReplayPages(dir: string, input: ReportInput, maxBytes = MAX_REPLAY_BYTES): ReplayPages {
  const games = replayPageGames(input.summary);
  if (!games.length) return NO_REPLAY_PAGES;
  let plan: Plan;
  try {
    plan = planOfRun(input.run);
  } catch (e) {
    if (e instanceof CliError) return { pages: new Map(), note: `No replay pages were written: ${e.message}.` };
    throw e;
  }
  mkdirSync(join(dir, REPLAY_DIR), { recursive: true });
  const pages = new Map<number, string>();
  let bytes = 0;
  for (const game of games) {
    if (bytes >= maxBytes)
      return { pages, note: `Replay pages stop at ${pages.size} games (${(bytes / 2 ** 20).toFixed(1)} MB, the limit for one run); the other examples replay with the command.` };
    const html = replayHtml(replayGame(plan, game));
    writeAtomic(join(dir, replayPagePath(game)), html);
    bytes += Buffer.byteLength(html);
    pages.set(game, replayPagePath(game));
  }
  return { pages, note: null };
}

/** The report of a run with its replay pages (writeReplayPages above). */
export async function reportOrFail(dir: string, png = true): Promise<string> {
  // Every name the report writes is checked before the first chart: a report.html (or a chart)
  // squabble did not write is kept, and nothing else is written (src/runner/outdir.ts).
  checkOwnedNames(dir, REPORT_NAMES, 'report');
  // The report stack (arquero, vega) loads only when a report is written: `run --no-report` skips it.
  const { writeReport, readReportInput, ReportInputError } = await import('../../report/write-report.js');
  try {
    return await writeReport(dir, { png, pages: writeReplayPages(dir, readReportInput(dir)) });
  } catch (e) {
    if (e instanceof ReportInputError) throw new CliError(e.message);
    throw e;
  }
}
