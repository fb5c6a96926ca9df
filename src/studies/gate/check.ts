/**
 * `squabble check <scenario...> --baseline baselines/`: replay each scenario with its baseline's
 * seed and game count and test every headline metric for drift, and judge each scenario's design
 * assertions (`expect:`). Exit 0: no significant drift and every assertion passed; 1: drift beyond
 * tolerance, or an assertion that failed or is undecided; 2: bad input (e.g. no baseline).
 */
import type { Command } from 'commander';
import { existsSync, appendFileSync, writeFileSync } from 'node:fs';
import { runPlan } from '../../runner/pool.js';
import { summarise } from '../../sim/stats/summary.js';
import { testMetrics, decideSuite, headlineMetrics, DEFAULT_GATE, type Baseline, type GateMetric, type GateOptions } from './analysis.js';
import { decodeGameRecords, gameValues } from './game-records.js';
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
        // The baseline's seed and game count, as they were (a text seed stays a text).
        return { file, baseline, plan: { ...planFrom(file, { games: baseline.games, seed: baseline.seed }, 'check'), recordGames: true } };
      });
      const judged: { file: string; assertions: AssertionsSummary }[] = [];
      const runs: (Omit<ScenarioCheck, 'result'> & { now: GateMetric[]; tests: ReturnType<typeof testMetrics> })[] = [];
      for (const { file, baseline, plan } of jobs) {
        io.err(`checking ${file} (${baseline.games.toLocaleString('en-US')} games, seed ${baseline.seed})\n`);
        const acc = await runPlan(plan, { workers });
        const summary = summarise(gameOf(plan.game), plan, acc);
        const now = headlineMetrics(summary);
        if (plan.expect) judged.push({ file, assertions: evaluateAssertions(plan.expect, summary) });
        // Same seed, same games: pair game i with game i wherever the baseline kept its games.
        const before = decodeGameRecords(baseline.gameRecords, baseline.games);
        const perGame = before && { base: gameValues(before, plan.players), now: gameValues(acc.gameRecordData(), plan.players) };
        runs.push({ scenario: file, name: plan.name, baseline, scenarioHash: plan.scenarioHash, version: VERSION, now, tests: testMetrics(baseline.metrics, now, perGame ?? undefined) });
      }
      // One family over the whole suite: the chance of any false alarm in the check is at most alpha.
      const results = decideSuite(runs.map((r) => ({ baseline: r.baseline.metrics, now: r.now, tests: r.tests })), gate);
      const checks: ScenarioCheck[] = runs.map(({ now: _now, tests: _tests, ...r }, i) => ({ ...r, result: results[i]! }));
      io.out(gateText(checks, gate, options.all ?? false));
      const markdown = options.markdown ?? process.env.GITHUB_STEP_SUMMARY;
      if (markdown) (options.markdown ? writeFileSync : appendFileSync)(markdown, gateMarkdown(checks, gate));
      if (options.json) writeFileSync(options.json, `${JSON.stringify(gateJson(checks, gate), null, 2)}\n`);
      // Design assertions, beside the drift checks: anything but a pass fails the build.
      for (const j of judged) io.out(`\nDesign assertions of ${j.file}:\n${assertionLines(j.assertions).map((l, i) => (i === 0 ? l : `  ${l}`)).join('\n')}\n`);
      const failed = judged.filter((j) => !j.assertions.passed);
      if (judged.length) io.out(failed.length ? `\nFAIL: ${failed.length} of ${judged.length} scenarios with design assertions have one that did not pass (FAIL or UNDECIDED).\n` : `\nPASS: every design assertion of ${judged.length} scenario${judged.length === 1 ? '' : 's'} passed.\n`);
      if (checks.some((c) => c.result.drift) || failed.length) setExit(EXIT.drift);
    });
}
