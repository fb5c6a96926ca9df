/** Writing a finished run (from `run` or `merge`): summary.json, summary.md, run.json last, then the report. */
import { join } from 'node:path';
import type { Plan } from '../../sim/scenario/types.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { summarise, type LevelRatings } from '../../sim/stats/summary.js';
import { writeAtomic, writeJson, RUN_FORMAT, type RunRecord } from '../../runner/results.js';
import { fileHashOf } from '../../runner/outdir.js';
import { markdownFile } from '../../report/escape.js';
import { summaryText, summaryMarkdown } from '../../report/summary-report.js';
import { gameOf } from '../../registry.js';
import { withBalance } from '../../analysis/balance.js';
import { withDominance } from '../../analysis/dominance.js';
import { withEquilibrium } from '../../analysis/equilibrium.js';
import { withAssertions } from '../../analysis/assertions.js';
import { VERSION } from '../../version.js';
import type { CliIO } from './io.js';
import { warningsFor } from './ladder-verdict.js';
import { reportOrFail } from './replay-pages.js';
import { sincePrevious, sincePreviousMarkdown, sincePreviousText, SINCE_PREVIOUS_FILE } from '../../report/since-previous.js';

export interface FinishOptions {
  workers: number;
  wallSeconds: number;
  startedAt: Date;
  checkInvariants: boolean;
  report: boolean;
  say: (text: string) => void;
  /** Print every balance-sheet row, not only the rows that matter. */
  allRows?: boolean;
  /** run --until: the rule, whether it decided, in words, and after how many games. */
  stopping?: { rule: string; decided: boolean; decision: string | null; games: number };
  /** The folder the previous run of this scenario was moved to (history/...): the summary says what changed since. */
  previous?: string;
  /** The scenario file's hash when the run claimed its folder (the file may be edited while it plays). */
  scenarioFileHash?: string;
  /** The tables under the scenario's `compareLevels` (src/studies/kit/level-runs.ts). */
  levels?: LevelRatings;
}

export async function finishRun(io: CliIO, plan: Plan, acc: Accumulator, out: string, o: FinishOptions): Promise<void> {
  const summary = withAssertions(withEquilibrium(withDominance(withBalance(summarise(gameOf(plan.game), plan, acc)))), plan.expect);
  if (o.stopping) summary.stopping = o.stopping;
  if (o.levels) summary.levels = o.levels;
  const botWarnings = warningsFor(plan, [out]);
  if (botWarnings.length > 0) summary.botWarnings = botWarnings;
  const since = o.previous ? sincePrevious(o.previous, summary, gameOf(plan.game)) : null;
  writeJson(out, 'summary.json', summary);
  // For report.html (also when it is rebuilt later with `squabble report`).
  if (since) writeJson(out, SINCE_PREVIOUS_FILE, since);
  writeAtomic(join(out, 'summary.md'), markdownFile(summaryMarkdown(summary) + (since ? sincePreviousMarkdown(since) : '')));
  const record: RunRecord = {
    format: RUN_FORMAT,
    version: VERSION,
    scenario: plan.file,
    name: plan.name,
    game: plan.game,
    scenarioHash: plan.scenarioHash,
    scenarioFileHash: o.scenarioFileHash ?? fileHashOf(plan.file),
    seed: plan.seed,
    masterSeed: plan.masterSeed,
    variant: plan.variant,
    games: plan.games,
    workers: o.workers,
    checkInvariants: o.checkInvariants,
    startedAt: o.startedAt.toISOString(),
    wallSeconds: o.wallSeconds,
    gamesPerSecond: plan.games / o.wallSeconds,
    node: process.version,
  };
  writeJson(out, 'run.json', record); // last: its presence marks a complete run
  io.out(summaryText(summary, { allRows: o.allRows ?? false }) + (since ? sincePreviousText(since) : ''));
  o.say(`${Math.round(record.gamesPerSecond).toLocaleString('en-US')} games/s, ${o.wallSeconds.toFixed(2)} s; results in ${out}/ (summary.json, summary.md, run.json)\n`);
  if (o.report) o.say(`report: ${await reportOrFail(out)}\n`);
}
