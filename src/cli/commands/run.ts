/** `squabble run <scenario>`: play the games, write summary.json, summary.md and run.json. */
import type { Command } from 'commander';
import { join } from 'node:path';
import { runPlan, WorkerError } from '../../runner/pool.js';
import { prepareOutDir, writeAtomic, writeJson, OutputDirError, RUN_FORMAT, type RunRecord } from '../../runner/results.js';
import { summarise } from '../../sim/stats/summary.js';
import { GameFailure } from '../../sim/batch.js';
import { summaryText, summaryMarkdown } from '../../report/summary-report.js';
import { gameOf } from '../../registry.js';
import { VERSION } from '../../version.js';
import { CliError, EXIT, type CliIO } from '../io.js';
import { Progress } from '../progress.js';
import { planFrom, workersFrom, type ScenarioOptions } from '../plan.js';
import { reportOrFail } from './report.js';

interface RunOptions extends ScenarioOptions {
  workers?: string;
  out?: string;
  quiet?: boolean;
  force?: boolean;
  checkInvariants?: boolean;
  report: boolean;
}

export function registerRun(program: Command, io: CliIO): void {
  program
    .command('run')
    .description('play a scenario and write its results (summary.json, summary.md, run.json)')
    .argument('<scenario>', 'scenario file (YAML or JSON)')
    .option('--games <n>', 'number of games (overrides the scenario)')
    .option('--seed <seed>', 'master seed: a 32-bit integer or any text (overrides the scenario)')
    .option('--variant <name>', "apply one of the scenario's named variants")
    .option('--workers <n>', 'worker threads (0 = play in this thread)', undefined)
    .option('--out <dir>', 'results directory (default: results/<scenario name>[-<variant>])')
    .option('--force', 'replace a results directory that holds a different run')
    .option('--check-invariants', "check the game's invariants after every move (slower)")
    .option('--no-report', 'skip report.html, charts/ and tables/')
    .option('--quiet', 'no progress or diagnostics on stderr')
    .action(async (file: string, options: RunOptions) => {
      await run(file, options, io);
    });
}

async function run(file: string, options: RunOptions, io: CliIO): Promise<void> {
  const plan = planFrom(file, options);
  const workers = workersFrom(options.workers);
  const out = options.out ?? join('results', plan.variant ? `${plan.name}-${plan.variant}` : plan.name);
  try {
    prepareOutDir(out, plan, options.force ?? false);
  } catch (e) {
    if (e instanceof OutputDirError) throw new CliError(e.message);
    throw e;
  }
  const game = gameOf(plan.game);
  const say = (text: string) => {
    if (!options.quiet) io.err(text);
  };
  say(`${plan.name}: ${plan.games.toLocaleString('en-US')} games of ${game.title}, ${plan.players} players, seed ${plan.seed}, ${workers} worker${workers === 1 ? '' : 's'}\n`);
  const progress = new Progress(io, plan.games, io.interactive && !options.quiet);
  const startedAt = new Date();
  const t0 = process.hrtime.bigint();
  let acc;
  try {
    acc = await runPlan(plan, { workers, checkInvariants: options.checkInvariants ?? false, onProgress: (d) => progress.update(d) });
  } catch (e) {
    progress.finish();
    if (e instanceof GameFailure) {
      const command = `squabble replay ${plan.file} --game ${e.key.gameIndex} --seed ${JSON.stringify(String(plan.seed))}${plan.variant ? ` --variant ${plan.variant}` : ''}`;
      throw new CliError(
        `${e.message}\nreplay key: scenario ${e.key.scenarioHash}, seed ${e.key.seed}, cell ${e.key.cell}, game ${e.key.gameIndex}\nreproduce with: ${command}\nno results were written to ${out}\n${e.stack ?? ''}`,
        EXIT.gameFailed,
      );
    }
    if (e instanceof WorkerError) throw new CliError(`${e.message}\nno results were written to ${out}`, EXIT.error);
    throw e;
  }
  const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  progress.finish();

  const summary = summarise(game, plan, acc);
  writeJson(out, 'summary.json', summary);
  writeAtomic(join(out, 'summary.md'), summaryMarkdown(summary));
  const record: RunRecord = {
    format: RUN_FORMAT,
    version: VERSION,
    scenario: plan.file,
    name: plan.name,
    game: plan.game,
    scenarioHash: plan.scenarioHash,
    seed: plan.seed,
    masterSeed: plan.masterSeed,
    variant: plan.variant,
    games: plan.games,
    workers,
    checkInvariants: options.checkInvariants ?? false,
    startedAt: startedAt.toISOString(),
    wallSeconds,
    gamesPerSecond: plan.games / wallSeconds,
    node: process.version,
  };
  writeJson(out, 'run.json', record); // last: its presence marks a complete run
  io.out(summaryText(summary));
  say(`${Math.round(record.gamesPerSecond).toLocaleString('en-US')} games/s, ${wallSeconds.toFixed(2)} s; results in ${out}/ (summary.json, summary.md, run.json)\n`);
  if (options.report) say(`report: ${await reportOrFail(out)}\n`);
}
