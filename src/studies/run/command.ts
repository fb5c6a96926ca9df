/**
 * `squabble run <scenario>`: play the games and write summary.json, summary.md, run.json and the
 * report. A run keeps checkpoint.json up to date (at most once a second) so that `run --resume
 * DIR` continues after Ctrl-C or a crash; `--shard K/N` plays one slice and writes partial.json
 * for `squabble merge`.
 */
import type { Command } from 'commander';
import { runPlan, WorkerError, InterruptedError, shardTasks } from '../../runner/pool.js';
import { runIdentity } from '../../runner/results.js';
import { claimOutDir, resumeOutDir, abandonOutDir, removeOwned, OutputDirError, type ClaimedOutDir, defaultOut } from '../../runner/outdir.js';
import { writePartial, writeCheckpoint, readCheckpoint, accumulatorOf, shardRange, PartialError } from '../../runner/partial.js';
import { GameFailure } from '../../sim/batch.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { gameOf } from '../../registry.js';
import { CliError, EXIT, type CliIO } from '../kit/io.js';
import { Progress } from '../kit/progress.js';
import { watchCost } from '../kit/cost-warning.js';
import { cellsFrom, searchWarning } from '../kit/plan.js';
import { addPlayOptions, playArgs, shardFrom, redisTargetFrom, DEFAULT_REDIS_TIMEOUT_SECONDS, MAX_REDIS_TIMEOUT_SECONDS, type PlayFlags } from '../kit/options.js';
import { runSweep } from './sweep.js';
import { finishRun } from '../kit/finish.js';
import { rateUnderLevels } from '../kit/level-runs.js';
import type { LevelRatings } from '../../sim/stats/summary.js';
import { runPlanOnQueue, probeRedis, RedisError, ShardFailedError, type RedisTarget } from '../../runner/distributed.js';
import { parseRule, RuleError, type StoppingRule, type Decision } from '../../analysis/stopping.js';

/** How often a checkpoint is written; the fault-injection tests set SQUABBLE_CHECKPOINT_MS=0 to checkpoint after every shard. */
const CHECKPOINT_MS = process.env.SQUABBLE_CHECKPOINT_MS !== undefined ? Number(process.env.SQUABBLE_CHECKPOINT_MS) : 1000;

interface RunOptions extends PlayFlags {
  quiet?: boolean;
  force?: boolean;
  checkInvariants?: boolean;
  report: boolean;
  shard?: string;
  resume?: string;
  redis?: string;
  redisTimeout?: string;
  until?: string;
  all?: boolean;
}

export function registerRun(program: Command, io: CliIO): void {
  const command = program
    .command('run')
    .description('play a scenario and write its results (summary.json, summary.md, run.json) and report')
    .argument('[scenario]', 'scenario file (YAML or JSON); not needed with --resume');
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers', 'out'], { out: 'results directory (default: results/<scenario name>[-<variant>])' })
    .option('--force', 'replace a results directory that holds a different run')
    .option('--shard <k/n>', 'play only slice k of n of the games and write partial.json (see `squabble merge`)')
    .option('--resume <dir>', 'continue the interrupted run in <dir> from its checkpoint')
    .option('--redis <url>', 'play the shards on `squabble worker --redis <url>` processes instead of here')
    .option('--redis-timeout <s>', `give up when Redis or the workers have not answered for this long, 1-${MAX_REDIS_TIMEOUT_SECONDS} s (checked every second; the message gives the silence measured, and the run ends at most 4 s after it gives up, finished shards kept)`, String(DEFAULT_REDIS_TIMEOUT_SECONDS))
    .option('--until <rule>', 'stop as soon as a rule is met: "seats.0.winRate ±0.005" (interval this narrow) or "seats.0.winRate within 0.5±0.02" (band test, at most 5% wrong answers); --games is the budget')
    .option('--check-invariants', "check the game's invariants after every move (slower)")
    .option('--no-report', 'skip report.html, charts/ and tables/')
    .option('--all', 'print every row of the balance sheet (default: flagged rows, then the top and bottom 10)')
    .option('--quiet', 'no progress or diagnostics on stderr')
    .action(async (file: string | undefined, options: RunOptions) => {
      await run(file, options, io);
    });
}

async function run(file: string | undefined, options: RunOptions, io: CliIO): Promise<void> {
  const say = (text: string) => {
    if (!options.quiet) io.err(text);
  };
  // Every option is checked before anything is read or written.
  const args = playArgs(options);
  const workers = args.workers;
  let shard = options.shard !== undefined ? shardFrom(options.shard) : null;
  if (options.until !== undefined && (shard || options.redis !== undefined)) throw new CliError('--until decides as games are merged in order: it does not combine with --shard or --redis');
  if (options.redis !== undefined && (shard || options.resume !== undefined)) throw new CliError('--redis runs the whole scenario: it does not combine with --shard or --resume');
  const redis = options.redis !== undefined ? redisTargetFrom(options.redis, options.redisTimeout) : null;
  let plan: Plan;
  let out: string;
  let range: [number, number];
  let resume: { acc: Accumulator; nextShard: number } | undefined;
  let earlierSeconds = 0;
  let until = options.until;
  if (options.resume !== undefined) {
    if (file !== undefined || shard || args.games !== undefined || args.seed !== undefined || args.variant !== undefined)
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
    shard = checkpoint.shard ?? null; // a --shard part continues as that part
    // The stopping rule is part of the run: a resumed run stops where the whole run would have.
    if (checkpoint.until !== undefined) {
      if (until !== undefined && until !== checkpoint.until) throw new CliError(`--until: the run in ${out} stops by ${JSON.stringify(checkpoint.until)}; resume it without --until (it keeps its rule)`);
      until = checkpoint.until;
    }
    resume = { acc: accumulatorOf(plan, checkpoint.data), nextShard: checkpoint.nextShard };
    earlierSeconds = checkpoint.wallSeconds;
  } else {
    if (file === undefined) throw new CliError('run: give a scenario file (or --resume DIR)');
    const cells = cellsFrom(file, args);
    if (cells.length > 1) {
      if (shard || options.redis !== undefined || options.until !== undefined) throw new CliError('a sweep runs its cells here, one after another: it does not combine with --shard, --redis or --until');
      const slow = searchWarning(cells, cells[0]!.games);
      if (slow) say(slow);
      await runSweep(io, cells, { workers, ...(args.out !== undefined ? { out: args.out } : {}), force: options.force ?? false, report: options.report, say });
      return;
    }
    plan = cells[0]!;
    if (plan.compareLevels && (shard || options.redis !== undefined))
      throw new CliError(`${file}: compareLevels: the level runs are played in this process after the scenario's games; it does not combine with --shard or --redis (run without them, or use \`squabble levels\`)`);
    range = shard ? shardRange(plan.games, shard.k, shard.n) : [0, plan.games];
    const name = plan.variant ? `${plan.name}-${plan.variant}` : plan.name;
    out = args.out ?? defaultOut(shard ? `${name}-part-${shard.k}-of-${shard.n}` : name);
  }
  const rule = until !== undefined ? ruleFrom(until, plan.players) : null;
  if (rule?.hint) io.err(`${rule.hint}\n`);
  if (redis) await reachable(redis);
  if (resume) say(`resuming ${plan.name} in ${out}: ${gamesIn(plan, range, resume.nextShard).toLocaleString('en-US')} of ${(range[1] - range[0]).toLocaleString('en-US')} games already played\n`);
  else {
    const slow = searchWarning([plan], range[1] - range[0]);
    if (slow) say(slow);
  }
  const identity = runIdentity(plan, shard ?? undefined);
  const claim = claimed(() => (resume ? resumeOutDir(out) : claimOutDir(out, identity, options.force ?? false)));
  if (claim.moved) say(`the previous run in ${out} (another version of the scenario) is kept in ${claim.moved}/\n`);
  try {
    await play(io, options, { plan, out, range, shard, workers, rule, redis, resume, earlierSeconds, claim, fileHash: identity.fileHash });
  } finally {
    claim.lock.release();
  }
}

interface RunSetUp {
  plan: Plan;
  out: string;
  range: [number, number];
  shard: { k: number; n: number } | null;
  workers: number;
  rule: StoppingRule | null;
  redis: RedisTarget | null;
  resume: { acc: Accumulator; nextShard: number } | undefined;
  earlierSeconds: number;
  claim: ClaimedOutDir;
  fileHash: string;
}

/** Play a claimed run and write its results (the caller holds the folder's lock). */
async function play(io: CliIO, options: RunOptions, setUp: RunSetUp): Promise<void> {
  const { plan, out, range, shard, workers, rule, redis, resume, earlierSeconds, claim, fileHash } = setUp;
  const say = (text: string) => {
    if (!options.quiet) io.err(text);
  };
  let decision: Decision | null = null;
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
  const gamesBefore = (nextShard: number) => gamesIn(plan, range, nextShard);
  const saveCheckpoint = () => {
    if (latest === null) return;
    writeCheckpoint(out, { plan, range, ...(shard ? { shard } : {}), ...(rule ? { until: rule.source } : {}), nextShard: latest.nextShard, gamesDone: gamesBefore(latest.nextShard), wallSeconds: seconds(), data: Array.from(latest.acc.data) });
  };
  // The cost estimate (local play): the workers count every finished game, so a slow scenario is
  // noticed from its first games, long before its first shard ends.
  // (A queue run has no local threads to count: its cost is the workers'.)
  const cost = redis ? null : watchCost(games - (resume ? gamesBefore(resume.nextShard) : 0), workers, (line) => !options.quiet && progress.note(line));
  const controller = new AbortController();
  // SIGTERM (timeout, docker stop, an eviction) is handled as Ctrl-C: checkpoint, message, lock released.
  let terminated = false;
  const onSigint = () => controller.abort();
  const onSigterm = () => ((terminated = true), controller.abort());
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  let acc: Accumulator;
  // Whether an inThreadFirst run started the pool: run.json records the threads that played it (0: this thread).
  let pooled = options.workers !== undefined || Boolean(redis);
  try {
    if (redis) {
      acc = await runPlanOnQueue(plan, redis, {
        onMerged: (total, nextShard) => void (latest = { acc: total, nextShard }), checkInvariants, signal: controller.signal, onProgress: (d) => progress.update(d) });
    } else acc = await runPlan(plan, {
      workers,
      // No --workers: a run that measures short stays in this thread (src/runner/pool.ts).
      ...(options.workers === undefined ? { inThreadFirst: true, onPoolStart: () => (pooled = true) } : {}),
      checkInvariants,
      range,
      ...(resume ? { resume } : {}),
      ...(rule ? { stopWhen: (total: Accumulator) => (decision = rule.check(total)) !== null } : {}),
      signal: controller.signal,
      ...(cost ? { finished: cost.finished } : {}),
      onProgress: (d) => {
        progress.update(d);
        cost?.check();
      },
      onMerged: (total, nextShard) => {
        latest = { acc: total, nextShard };
        if (Date.now() - lastSaved >= CHECKPOINT_MS) {
          saveCheckpoint();
          lastSaved = Date.now();
        }
      },
    });
  } catch (e) {
    progress.finish();
    if (e instanceof CliError) throw e;
    if (e instanceof InterruptedError || e instanceof RedisError || e instanceof ShardFailedError) {
      const why = e instanceof InterruptedError ? (terminated ? 'terminated (SIGTERM)' : 'interrupted') : `${e.message}; stopped`;
      const code = e instanceof InterruptedError ? (terminated ? EXIT.terminated : EXIT.interrupted) : EXIT.error;
      // The resume command is printed only when a checkpoint holds games to continue from.
      if (latest === null) {
        abandonOutDir(out, claim);
        throw new CliError(`${why} before any games were saved; nothing was written (run it again)`, code);
      }
      saveCheckpoint();
      const done = gamesBefore(latest.nextShard);
      throw new CliError(`${why} after ${done.toLocaleString('en-US')} of ${games.toLocaleString('en-US')} games, which are saved; continue with: squabble run --resume ${out}`, code);
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
    cost?.stop();
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigterm);
  }
  progress.finish();

  if (shard) {
    writePartial(out, { plan, range, shard, workers, wallSeconds: seconds(), data: Array.from(acc.data) });
    removeOwned(out, 'checkpoint.json');
    say(`part ${shard.k} of ${shard.n} written to ${out}/partial.json; combine the parts with: squabble merge <part dirs...> --out <dir>\n`);
    return;
  }
  const stopping = rule ? { rule: rule.source, decided: decision !== null, decision: (decision as Decision | null)?.text ?? null, games: acc.games } : undefined;
  if (stopping) say(stopping.decided ? `stopped: ${stopping.decision}\n` : `--until: "${rule!.source}" was not met within ${acc.games.toLocaleString('en-US')} games (the budget); raise --games\n`);
  const played = acc.games === plan.games ? plan : { ...plan, games: acc.games };
  // run.json's time and games/s are the scenario's own games; the level runs are timed apart.
  const wallSeconds = seconds();
  const levels = played.compareLevels ? await levelRuns(io, options, { plan: played, acc, workers, out }, () => saveCheckpoint()) : undefined;
  if (levels) say(`compareLevels: level runs played in ${(seconds() - wallSeconds).toFixed(2)} s\n`);
  await finishRun(io, played, acc, out, { ...(levels ? { levels } : {}), workers: pooled ? workers : 0, wallSeconds, startedAt, checkInvariants, report: options.report, say, allRows: options.all ?? false, ...(stopping ? { stopping } : {}), ...(claim.moved ? { previous: claim.moved } : {}), ...(resume ? {} : { scenarioFileHash: fileHash }) });
  removeOwned(out, 'checkpoint.json');
}

/**
 * The scenario's tables under each of its `compareLevels`, played after its own games (which a
 * level with the scenario's own seats reuses). Ctrl-C here keeps the scenario's games in the
 * checkpoint; `--resume` plays the level runs again.
 */
async function levelRuns(io: CliIO, options: RunOptions, run: { plan: Plan; acc: Accumulator; workers: number; out: string }, saveCheckpoint: () => void): Promise<LevelRatings> {
  const { plan, acc, workers, out } = run;
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);
  try {
    return await rateUnderLevels(plan, plan.compareLevels!, { workers, scenarioRun: { plan, acc }, signal: controller.signal, io, quiet: options.quiet ?? false });
  } catch (e) {
    if (!(e instanceof InterruptedError)) throw e;
    saveCheckpoint();
    throw new CliError(`interrupted while playing the compareLevels runs; the scenario's ${acc.games.toLocaleString('en-US')} games are saved; continue with: squabble run --resume ${out}`, EXIT.interrupted);
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigint);
  }
}

/** Games in the shards of `range` before `nextShard` (what a checkpoint at that shard holds). */
function gamesIn(plan: Plan, range: readonly [number, number], nextShard: number): number {
  return shardTasks(plan, range, 0, false)
    .slice(0, nextShard)
    .reduce((n, t) => n + t.end - t.start, 0);
}

function ruleFrom(text: string, players: number): StoppingRule {
  try {
    return parseRule(text, players);
  } catch (e) {
    if (e instanceof RuleError) throw new CliError(e.message);
    throw e;
  }
}

function claimed(claim: () => ClaimedOutDir): ClaimedOutDir {
  try {
    return claim();
  } catch (e) {
    if (e instanceof OutputDirError) throw new CliError(e.message);
    throw e;
  }
}

async function reachable(target: RedisTarget): Promise<void> {
  try {
    await probeRedis(target);
  } catch (e) {
    if (e instanceof RedisError) throw new CliError(e.message);
    throw e;
  }
}
