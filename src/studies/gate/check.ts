/**
 * `squabble check <scenario...> --baseline baselines/`: replay each scenario with its baseline's
 * seed and game count and test every headline metric for drift, and judge each scenario's design
 * assertions (`expect:`). When the content changed, the baseline's stored content is played
 * again beside it on the same seeds and every metric is tested on the paired games; when this
 * code no longer reproduces the baseline from its own content, the check falls back to the
 * unpaired test against the stored figures (and says so). Exit 0: no significant drift and every
 * assertion passed; 1: drift beyond tolerance, or an assertion that failed or is undecided; 2: bad
 * input (e.g. no baseline, or an empty or truncated one).
 */
import type { Command } from 'commander';
import { existsSync, appendFileSync } from 'node:fs';
import { checkOwnedFile } from '../../runner/outdir.js';
import { writeAtomic } from '../../runner/results.js';
import { runPlan } from '../../runner/pool.js';
import { summarise } from '../../sim/stats/summary.js';
import { summaryFairLine } from '../../analysis/balance.js';
import { fairLineText } from '../../analysis/fair-line.js';
import { testMetrics, decideSuite, headlineMetrics, incompleteBaseline, DEFAULT_GATE, type Baseline, type GateMetric, type GateOptions } from './analysis.js';
import { decodeGameRecords, gameValues } from './game-records.js';
import { decodeContent, storedContentPlan } from './content.js';
import { playGatePair } from './play.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { Summary } from '../../sim/stats/summary.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { gateText, gateMarkdown, gateJson, type ScenarioCheck } from './report.js';
import { gameOf } from '../../registry.js';
import { evaluateAssertions, assertionLines, type AssertionsSummary } from '../../analysis/assertions.js';
import { VERSION } from '../../version.js';
import { CliError, strictNumber, EXIT, type CliIO } from '../kit/io.js';
import { planFrom } from '../kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../kit/options.js';
import { baselineFile } from './baseline.js';
import { readBaselineFile, BaselineFileError } from './baseline-file.js';

interface CheckOptions extends PlayFlags {
  baseline: string;
  alpha: string;
  tolerance: string;
  meanTolerance: string;
  markdown?: string;
  json?: string;
  all?: boolean;
}

function fraction(text: string, option: string, max = 1): number {
  const x = strictNumber(text);
  if (!(x > 0 && x < max)) throw new CliError(`${option}: expected a number between 0 and ${max}, found ${JSON.stringify(text)}`);
  return x;
}

export function registerCheck(program: Command, io: CliIO, setExit: (code: number) => void): void {
  const command = program
    .command('check')
    .description('replay scenarios and test their headline metrics against baselines (exit 1 on drift)')
    .argument('<scenario...>', 'scenario files')
    .requiredOption('--baseline <dir>', 'directory written by `squabble baseline`');
  addPlayOptions(command, ['workers'])
    .option('--alpha <p>', 'chance of any false alarm in the whole check (all metrics of all scenarios)', String(DEFAULT_GATE.alpha))
    .option('--tolerance <x>', 'smallest change of a rate that counts as drift (0.01 = 1 point)', String(DEFAULT_GATE.tolerance))
    .option('--mean-tolerance <x>', 'smallest relative change of a mean that counts as drift (0.02 = 2%)', String(DEFAULT_GATE.meanTolerance))
    .option('--markdown <file>', 'also write a Markdown summary (default: appended to $GITHUB_STEP_SUMMARY when set)')
    .option('--json <file>', 'also write the comparisons as JSON')
    .option('--all', 'show every table rate, not only those that moved')
    .action(async (files: string[], options: CheckOptions) => {
      const gate: GateOptions = {
        ...DEFAULT_GATE,
        alpha: fraction(options.alpha, '--alpha', 0.5),
        tolerance: fraction(options.tolerance, '--tolerance'),
        meanTolerance: fraction(options.meanTolerance, '--mean-tolerance'),
      };
      const { workers } = playArgs(options);
      // The files it will write are checked before a game is played: squabble replaces only a
      // file it wrote (src/runner/outdir.ts). $GITHUB_STEP_SUMMARY is the CI's own file, only appended to.
      if (options.markdown !== undefined) checkOwnedFile(options.markdown, '--markdown');
      if (options.json !== undefined) checkOwnedFile(options.json, '--json');
      // Every scenario and baseline is read before anything is played: a mistake in the last
      // one stops the check before it starts.
      const jobs = files.map((file) => {
        const scenario = planFrom(file, {}, 'check');
        const path = baselineFile(options.baseline, scenario.name, scenario.variant);
        if (!existsSync(path)) throw new CliError(`${file}: no baseline at ${path}; make one with: squabble baseline ${file} --out ${options.baseline}`);
        let baseline: Baseline;
        try {
          baseline = readBaselineFile(path);
        } catch (e) {
          if (e instanceof BaselineFileError) throw new CliError(e.message);
          throw e;
        }
        const incomplete = incompleteBaseline(baseline, scenario.players);
        if (incomplete) throw new CliError(`${path}: ${incomplete}; make it again with: squabble baseline ${file} --out ${options.baseline}`);
        if (baseline.gameRecords && decodeGameRecords(baseline.gameRecords, baseline.games) === null)
          throw new CliError(`${path}: gameRecords: expected ${baseline.games} games' records, found records that do not decode to them; the file is truncated or edited`);
        const content = baseline.content ? decodeContent(baseline.content, baseline.scenarioHash) : null;
        if (typeof content === 'string') throw new CliError(`${path}: ${content}`);
        // The baseline's seed and game count, as they were (a text seed stays a text).
        return { file, baseline, content, plan: { ...planFrom(file, { games: baseline.games, seed: baseline.seed }, 'check'), recordGames: true } };
      });
      const judged: { file: string; assertions: AssertionsSummary }[] = [];
      const runs: (Omit<ScenarioCheck, 'result'> & { now: GateMetric[]; tests: ReturnType<typeof testMetrics> })[] = [];
      for (const { file, baseline, content, plan } of jobs) {
        const stored = plan.scenarioHash !== baseline.scenarioHash && content ? storedContentPlan(content, plan, baseline.scenarioHash) : null;
        const both = stored !== null && typeof stored !== 'string';
        io.err(`checking ${file} (${baseline.games.toLocaleString('en-US')} games${both ? ", and as many of the baseline's content" : ''}, seed ${baseline.seed})\n`);
        const run = both ? await checkEdited(plan, stored, baseline, workers) : await checkAsStored(plan, baseline, workers, stored);
        if (plan.expect) judged.push({ file, assertions: evaluateAssertions(plan.expect, run.summary) });
        const line = summaryFairLine(run.summary);
        runs.push({ scenario: file, name: plan.name, baseline, scenarioHash: plan.scenarioHash, version: VERSION, now: run.now, tests: run.tests, mode: run.mode, ...(line ? { fairLine: fairLineText(line) } : {}) });
      }
      // One family over the whole suite: the chance of any false alarm in the check is at most alpha.
      const results = decideSuite(runs.map((r) => ({ baseline: r.baseline.metrics, now: r.now, tests: r.tests })), gate);
      const checks: ScenarioCheck[] = runs.map(({ now: _now, tests: _tests, ...r }, i) => ({ ...r, result: results[i]! }));
      io.out(gateText(checks, gate, options.all ?? false));
      const markdown = options.markdown ?? process.env.GITHUB_STEP_SUMMARY;
      if (options.markdown !== undefined) writeAtomic(options.markdown, gateMarkdown(checks, gate));
      else if (markdown) appendFileSync(markdown, gateMarkdown(checks, gate));
      if (options.json !== undefined) writeAtomic(options.json, `${JSON.stringify(gateJson(checks, gate), null, 2)}\n`);
      // Design assertions, beside the drift checks: anything but a pass fails the build.
      for (const j of judged) io.out(`\nDesign assertions of ${j.file}:\n${assertionLines(j.assertions).map((l, i) => (i === 0 ? l : `  ${l}`)).join('\n')}\n`);
      const failed = judged.filter((j) => !j.assertions.passed);
      if (judged.length) io.out(failed.length ? `\nFAIL: ${failed.length} of ${judged.length} scenarios with design assertions have one that did not pass (FAIL or UNDECIDED).\n` : `\nPASS: every design assertion of ${judged.length} scenario${judged.length === 1 ? '' : 's'} passed.\n`);
      if (checks.some((c) => c.result.drift) || failed.length) setExit(EXIT.drift);
    });
}

type CheckRun = { summary: Summary; now: GateMetric[]; tests: ReturnType<typeof testMetrics>; mode: ScenarioCheck['mode'] };

/** Headline metrics of a run, as the gate reads them. */
const metricsOf = (plan: Plan, acc: Accumulator) => {
  const summary = summarise(gameOf(plan.game), plan, acc);
  return { summary, metrics: headlineMetrics(summary) };
};

/** Whether a replay reproduced the baseline: the same figures, and the same game records where it kept them. */
function reproduces(metrics: GateMetric[], acc: Accumulator, baseline: Baseline): boolean {
  const records = decodeGameRecords(baseline.gameRecords, baseline.games);
  // Key order is not compared: a baseline read back through its schema (baseline-file.ts) has
  // the schema's order, a fresh one the order it was built in.
  const strip = (ms: GateMetric[]) =>
    JSON.stringify(ms.map(({ detectable: _d, ...m }) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))));
  if (strip(metrics) !== strip(baseline.metrics)) return false;
  const now = acc.gameRecordData();
  return records === null || (records.length === now.length && records.every((x, i) => x === now[i]));
}

/**
 * The content changed and the baseline stores its own: both played on the same seeds. If the
 * stored content reproduces the baseline here, every metric is tested on the paired games;
 * otherwise the code changed, and the current run is tested against the stored figures.
 */
async function checkEdited(plan: Plan, stored: Plan, baseline: Baseline, workers: number): Promise<CheckRun> {
  const pair = await playGatePair(plan, stored, workers);
  const { summary, metrics: now } = metricsOf(plan, pair.now);
  const replayed = metricsOf(stored, pair.stored).metrics;
  const games = pair.now.gameRecordData();
  if (!reproduces(replayed, pair.stored, baseline)) return { summary, now, ...storedFigures(plan, baseline, now, games), mode: 'code changed' };
  const perGame = { base: gameValues(pair.stored.gameRecordData(), stored.players), now: gameValues(games, plan.players) };
  return { summary, now, tests: testMetrics(baseline.metrics, now, perGame, { at: pair.pairedAt, sums: pair.sums, games: plan.games }), mode: 'paired' };
}

/**
 * The content is the baseline's (or the baseline stores none, or none this code can play): the
 * current run alone, tested against the stored figures (seat, outcome and length game by game
 * against the stored game records).
 */
async function checkAsStored(plan: Plan, baseline: Baseline, workers: number, unplayable: string | null): Promise<CheckRun> {
  const acc = await runPlan(plan, { workers });
  const { summary, metrics: now } = metricsOf(plan, acc);
  const tested = storedFigures(plan, baseline, now, acc.gameRecordData());
  const same = plan.scenarioHash === baseline.scenarioHash;
  if (same && reproduces(now, acc, baseline)) return { summary, now, tests: tested.tests.map((t) => ({ ...t, se: 0, p: 1, paired: true, identical: true })), mode: 'identical' };
  return { summary, now, ...tested, mode: same ? 'code changed' : unplayable ? `unplayable: ${unplayable}` : 'no stored content' };
}

/** Today's test against the stored figures: paired where the baseline kept its game records, unpaired otherwise. */
function storedFigures(plan: Plan, baseline: Baseline, now: GateMetric[], games: Float64Array): { tests: ReturnType<typeof testMetrics> } {
  const before = decodeGameRecords(baseline.gameRecords, baseline.games);
  const perGame = before && { base: gameValues(before, plan.players), now: gameValues(games, plan.players) };
  return { tests: testMetrics(baseline.metrics, now, perGame ?? undefined) };
}
