/**
 * `squabble run <scenario>`: play the games and write summary.json, summary.md, run.json and the
 * report. A run keeps checkpoint.json up to date (at most once a second) so that `run --resume
 * DIR` continues after Ctrl-C or a crash; `--shard K/N` plays one slice and writes partial.json
 * for `squabble merge`.
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { runPlan, WorkerError, InterruptedError, shardTasks } from '../../runner/pool.js';
import { prepareOutDir, OutputDirError } from '../../runner/results.js';
import { writePartial, writeCheckpoint, readCheckpoint, accumulatorOf, shardRange, PartialError } from '../../runner/partial.js';
import { GameFailure } from '../../sim/batch.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { gameOf } from '../../registry.js';
import { CliError, EXIT, type CliIO } from '../io.js';
import { Progress } from '../progress.js';
import { cellsFrom, workersFrom, searchWarning, type ScenarioOptions } from '../plan.js';
import { runSweep } from '../sweep.js';
import { finishRun } from '../finish.js';
import { runPlanOnQueue } from '../../runner/distributed.js';
import { parseRule, RuleError, type StoppingRule, type Decision } from '../../analysis/stopping.js';

interface RunOptions extends ScenarioOptions {
  workers?: string;
  out?: string;
  quiet?: boolean;
  force?: boolean;
  checkInvariants?: boolean;
  report: boolean;
  shard?: string;
  resume?: string;
  redis?: string;
  until?: string;
}

export function registerRun(program: Command, io: CliIO): void {
  program
    .command('run')
    .description('play a scenario and write its results (summary.json, summary.md, run.json) and report')
    .argument('[scenario]', 'scenario file (YAML or JSON); not needed with --resume')
    .option('--games <n>', 'number of games (overrides the scenario)')
    .option('--seed <seed>', 'master seed: a 32-bit integer or any text (overrides the scenario)')
    .option('--variant <name>', "apply one of the scenario's named variants")
    .option('--workers <n>', 'worker threads (0 = play in this thread)', undefined)
    .option('--out <dir>', 'results directory (default: results/<scenario name>[-<variant>])')
    .option('--force', 'replace a results directory that holds a different run')
    .option('--shard <k/n>', 'play only slice k of n of the games and write partial.json (see `squabble merge`)')
    .option('--resume <dir>', 'continue the interrupted run in <dir> from its checkpoint')
    .option('--redis <url>', 'play the shards on `squabble worker --redis <url>` processes instead of here')
    .option('--until <rule>', 'stop as soon as a rule is met: "seat0.winRate ±0.005" (interval this narrow) or "seat0.winRate within 0.5±0.02" (band test, at most 5% wrong answers); --games is the budget')
    .option('--check-invariants', "check the game's invariants after every move (slower)")
    .option('--no-report', 'skip report.html, charts/ and tables/')
    .option('--quiet', 'no progress or diagnostics on stderr')
    .action(async (file: string | undefined, options: RunOptions) => {
      await run(file, options, io);
    });
}

function parseShard(text: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const n = m ? Number(m[2]) : 0;
  const k = m ? Number(m[1]) : 0;
  if (!m || n < 1 || n > 100_000 || k < 1 || k > n) throw new CliError(`--shard: expected k/n with 1 <= k <= n <= 100000 (e.g. 3/8), found ${JSON.stringify(text)}`);
  return { k, n };
}

async function run(file: string | undefined, options: RunOptions, io: CliIO): Promise<void> {
  const say = (text: string) => {
    if (!options.quiet) io.err(text);
  };
  const workers = workersFrom(options.workers);
  let plan: Plan;
  let out: string;
  let range: [number, number];
  let resume: { acc: Accumulator; nextShard: number } | undefined;
  let earlierSeconds = 0;
  const shard = options.shard !== undefined ? parseShard(options.shard) : null;
  if (options.resume !== undefined) {
    if (file !== undefined || shard || options.games || options.seed || options.variant)
      throw new CliError('--resume takes the run from its checkpoint: give no scenario, --games, --seed, --variant or --shard');
    out = options.resume;
    let checkpoint;
    try {
      checkpoint = readCheckpoint(out);
    } catch (e) {
      if (e instanceof PartialError) throw new CliError(e.message);
      throw e;
    }
    plan = checkpoint.plan;
    range = checkpoint.range;
    resume = { acc: accumulatorOf(plan, checkpoint.data), nextShard: checkpoint.nextShard };
    earlierSeconds = checkpoint.wallSeconds;
    say(`resuming ${plan.name} in ${out}: ${checkpoint.gamesDone.toLocaleString('en-US')} of ${(range[1] - range[0]).toLocaleString('en-US')} games already played\n`);
  } else {
    if (file === undefined) throw new CliError('run: give a scenario file (or --resume DIR)');
    const cells = cellsFrom(file, options);
    const [first, last] = shard ? shardRange(cells[0]!.games, shard.k, shard.n) : [0, cells[0]!.games];
    const slow = searchWarning(cells, last - first);
    if (slow) say(slow);
    if (cells.length > 1) {
      if (shard || options.redis !== undefined || options.until !== undefined) throw new CliError('a sweep runs its cells here, one after another: it does not combine with --shard, --redis or --until');
      await runSweep(io, cells, { workers, ...(options.out ? { out: options.out } : {}), force: options.force ?? false, report: options.report, say });
      return;
    }
    plan = cells[0]!;
    range = shard ? shardRange(plan.games, shard.k, shard.n) : [0, plan.games];
    const name = plan.variant ? `${plan.name}-${plan.variant}` : plan.name;
    out = options.out ?? join('results', shard ? `${name}-part-${shard.k}-of-${shard.n}` : name);
    try {
      prepareOutDir(out, plan, options.force ?? false);
    } catch (e) {
      if (e instanceof OutputDirError) throw new CliError(e.message);
      throw e;
    }
  }
  let rule: StoppingRule | null = null;
  let decision: Decision | null = null;
  if (options.until !== undefined) {
    if (shard || options.redis !== undefined) throw new CliError('--until decides as games are merged in order: it does not combine with --shard or --redis');
    try {
      rule = parseRule(options.until, plan.players);
    } catch (e) {
      if (e instanceof RuleError) throw new CliError(e.message);
      throw e;
    }
  }
  const game = gameOf(plan.game);
  const games = range[1] - range[0];
  const what = shard ? `games ${range[0]}-${range[1] - 1} (part ${shard.k} of ${shard.n}) of ${plan.games.toLocaleString('en-US')}` : `${plan.games.toLocaleString('en-US')} games`;
  say(`${plan.name}: ${what} of ${game.title}, ${plan.players} players, seed ${plan.seed}, ${workers} worker${workers === 1 ? '' : 's'}\n`);

  const progress = new Progress(io, games, !options.quiet);
  const startedAt = new Date();
  const t0 = process.hrtime.bigint();
  const seconds = () => earlierSeconds + Number(process.hrtime.bigint() - t0) / 1e9;
  const checkInvariants = options.checkInvariants ?? false;
  // Checkpoints (full runs only): the merged prefix of shards, written at most once a second.
  let lastSaved = 0;
  let latest: { acc: Accumulator; nextShard: number } | null = resume ?? null;
  const tasks = shardTasks(plan, range, 0, false);
  const gamesBefore = (nextShard: number) => tasks.slice(0, nextShard).reduce((n, t) => n + t.end - t.start, 0);
  const saveCheckpoint = () => {
    if (shard || latest === null) return;
    writeCheckpoint(out, { plan, range, nextShard: latest.nextShard, gamesDone: gamesBefore(latest.nextShard), wallSeconds: seconds(), data: Array.from(latest.acc.data) });
  };
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  let acc: Accumulator;
  try {
    if (options.redis !== undefined) {
      if (shard || resume) throw new CliError('--redis runs the whole scenario: it does not combine with --shard or --resume');
      acc = await runPlanOnQueue(plan, { url: options.redis }, { checkInvariants, signal: controller.signal, onProgress: (d) => progress.update(d) });
    } else acc = await runPlan(plan, {
      workers,
      checkInvariants,
      range,
      ...(resume ? { resume } : {}),
      ...(rule ? { stopWhen: (total: Accumulator) => (decision = rule.check(total)) !== null } : {}),
      signal: controller.signal,
      onProgress: (d) => progress.update(d),
      onMerged: (total, nextShard) => {
        latest = { acc: total, nextShard };
        if (Date.now() - lastSaved >= 1000) {
          saveCheckpoint();
          lastSaved = Date.now();
        }
      },
    });
  } catch (e) {
    progress.finish();
    if (e instanceof CliError) throw e;
    if (e instanceof InterruptedError) {
      saveCheckpoint();
      const done = latest ? gamesBefore(latest.nextShard) : 0;
      throw new CliError(
        shard
          ? `interrupted; nothing was written (run the part again)`
          : `interrupted after ${done.toLocaleString('en-US')} of ${games.toLocaleString('en-US')} games; continue with: squabble run --resume ${out}`,
        EXIT.interrupted,
      );
    }
    if (e instanceof GameFailure) {
      const command = `squabble replay ${plan.file} --game ${e.key.gameIndex} --seed ${JSON.stringify(String(plan.seed))}${plan.variant ? ` --variant ${plan.variant}` : ''}`;
      throw new CliError(
        `${e.message}\nreplay key: scenario ${e.key.scenarioHash}, seed ${e.key.seed}, cell ${e.key.cell}, game ${e.key.gameIndex}\nreproduce with: ${command}\nno results were written to ${out}\n${e.stack ?? ''}`,
        EXIT.gameFailed,
      );
    }
    if (e instanceof WorkerError) throw new CliError(`${e.message}\nno results were written to ${out}`, EXIT.error);
    throw e;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  progress.finish();

  if (shard) {
    writePartial(out, { plan, range, shard, workers, wallSeconds: seconds(), data: Array.from(acc.data) });
    say(`part ${shard.k} of ${shard.n} written to ${out}/partial.json; combine the parts with: squabble merge <part dirs...> --out <dir>\n`);
    return;
  }
  const stopping = rule ? { rule: rule.source, decided: decision !== null, decision: (decision as Decision | null)?.text ?? null, games: acc.games } : undefined;
  if (stopping) say(stopping.decided ? `stopped: ${stopping.decision}\n` : `--until: "${rule!.source}" was not met within ${acc.games.toLocaleString('en-US')} games (the budget); raise --games\n`);
  const played = acc.games === plan.games ? plan : { ...plan, games: acc.games };
  await finishRun(io, played, acc, out, { workers, wallSeconds: seconds(), startedAt, checkInvariants, report: options.report, say, ...(stopping ? { stopping } : {}) });
  rmSync(join(out, 'checkpoint.json'), { force: true });
}
