/**
 * `squabble watch <scenario>`: re-run the scenario whenever it or a file it uses (deck, roster,
 * layout, board) is saved. A quick run first, then runs four times longer while nothing changes,
 * up to the scenario's game count; each prints what moved since the last good run: the headline
 * figures by the gate's test, and the balance-sheet rows by the one "what moved" definition that
 * run's since-previous, compare, sweeps and tune use (src/analysis/what-changed.ts). An edit with a
 * mistake prints the one-line error and keeps the last good result (files and page).
 */
import type { Command } from 'commander';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { runPlan, InterruptedError, IN_THREAD_NS } from '../../runner/pool.js';
import { summarise, type Summary } from '../../sim/stats/summary.js';
import type { AnyGameModule } from '../../sim/types.js';
import { changedSubjects, unpairedChanges, whatChanged } from '../../analysis/what-changed.js';
import { whatChangedLines } from '../../report/what-changed-report.js';
import { SINCE_NOTE } from '../../report/since-previous.js';
import { writeAtomic } from '../../runner/results.js';
import { checkOutPath, makeOutDir, RUN_PARTS } from '../../runner/outdir.js';
import { readScenarioData } from '../../sim/scenario/load.js';
import { compare, headlineMetrics, DEFAULT_GATE, type Comparison, type GateMetric } from '../../studies/gate/analysis.js';
import { textTable } from '../../report/format.js';
import { gameOf } from '../../registry.js';
import { CliError, parseCount, type CliIO } from '../../studies/kit/io.js';
import { finishRun } from '../../studies/kit/finish.js';
import { reportOrFail } from '../../studies/kit/replay-pages.js';
import { planFrom } from '../../studies/kit/plan.js';
import { workersFrom } from '../../studies/kit/options.js';
import { makeLive, endLive } from './watch-live.js';

/** Present in a folder `watch` writes to: it may overwrite what is there, and nothing else. */
const MARKER = '.squabble-watch';
/** Each run after a quiet one plays this many times more games. */
const GROWTH = 4;

export interface WatchOptions {
  out?: string;
  workers?: string;
  quick?: string;
  games?: string;
  poll?: string;
  report?: boolean;
  variant?: string;
}

export function registerWatch(program: Command, io: CliIO): void {
  program
    .command('watch')
    .description('re-run a scenario on every save of it or of a file it uses, printing what moved since the last run')
    .argument('<scenario>', 'scenario file')
    .option('--out <dir>', 'results folder, overwritten by every run (default: results/<scenario file name>-watch)')
    .option('--workers <n>', 'worker threads')
    .option('--quick <n>', 'games in the first run after a change', '1000')
    .option('--games <n>', "games of the longest run (default: the scenario's)")
    .option('--poll <ms>', 'how often the files are looked at', '300')
    .option('--variant <name>', 'play a named variant of the scenario')
    .option('--no-report', 'write no report page (faster runs)')
    .action(async (file: string, options: WatchOptions) => {
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      try {
        await watchScenario(file, options, io, stop.signal);
      } finally {
        process.off('SIGINT', onSignal);
      }
    });
}

/** A run's figures as `watch` compares them with the next run's. */
export interface WatchedRun {
  number: number;
  games: number;
  summary: Summary;
  game: AnyGameModule;
}

/** Watch until `signal` aborts. Exported for tests, which stop it themselves. */
export async function watchScenario(file: string, options: WatchOptions, io: CliIO, signal: AbortSignal): Promise<void> {
  const workers = workersFrom(options.workers);
  const quick = parseCount(options.quick ?? '1000', '--quick', 1, 10_000_000_000);
  const poll = parseCount(options.poll ?? '300', '--poll', 10, 60_000);
  const maxGames = options.games === undefined ? null : parseCount(options.games, '--games', 1, 10_000_000_000);
  const out = options.out ?? join('results', `${basename(file).replace(/\.[^.]*$/, '')}-watch`);
  if (options.variant !== undefined) checkVariant(file, options.variant);
  claimFolder(out);

  // Without --workers, a run whose games the last run says take under IN_THREAD_NS of play goes
  // in this thread: starting the pool's threads (about half a second of CPU each, to load the
  // modules) costs more than such a run (Worms: 1,000 games are about 10 ms). Results are the same
  // with any worker count.
  let nsPerGame = 0;
  const workersFor = (games: number) => (options.workers === undefined && nsPerGame > 0 && games * nsPerGame < IN_THREAD_NS ? 0 : workers);
  const measured = (ns: number, games: number) => {
    if (games > 0) nsPerGame = ns / games;
  };
  let last: WatchedRun | null = null;
  let seen = fingerprint(file);
  let games = quick;
  let cause = 'start';
  /** After a save: settle (a save is often several writes), then start again with a quick run. */
  const restart = async () => {
    const changed = changedFiles(file, seen);
    await sleep(poll, signal);
    seen = fingerprint(file);
    games = quick;
    cause = `after a save of ${changed}`;
  };
  try {
    await watchLoop();
  } finally {
    endLive(out);
  }

  async function watchLoop(): Promise<void> {
    while (!signal.aborted) {
      const outcome = await playOnce(file, games, maxGames, { workers: workersFor(games), measured, out, variant: options.variant, signal, poll, io, isStale: () => fingerprint(file) !== seen });
      if (outcome.kind === 'error') {
        io.err(`✗ ${outcome.message}\n  keeping the last good result${last ? ` (run ${last.number}, ${last.games.toLocaleString('en-US')} games)` : ' (none yet)'}; fix the file and save\n`);
      } else if (outcome.kind === 'done') {
        const number: number = (last?.number ?? 0) + 1;
        const now: WatchedRun = { number, games: outcome.games, summary: outcome.summary, game: outcome.game };
        io.out(`run ${number} (${cause}): ${outcome.games.toLocaleString('en-US')} games of ${outcome.name}; results in ${out}/\n${sinceLastRun(last, now)}\n\n`);
        last = now;
        // The page after the figures: rendering its charts takes longer than 1,000 games of most
        // scenarios, and the figures are what the designer waits for after a save.
        if (options.report !== false) await writePage(out, outcome.startedAt, outcome.games);
      }
      if (signal.aborted) return;
      if (fingerprint(file) !== seen) {
        await restart();
      } else if (outcome.kind === 'done' && outcome.more) {
        // Nothing changed: the same games and more of them, so the figures sharpen.
        games = outcome.games * GROWTH;
        cause = 'nothing changed: more games';
      } else if (await waitForChange(() => fingerprint(file) !== seen, poll, signal)) {
        await restart();
      }
    }
  }
}

type Outcome = { kind: 'done'; games: number; name: string; summary: Summary; game: AnyGameModule; more: boolean; startedAt: Date } | { kind: 'error'; message: string } | { kind: 'stale' };

/**
 * The run's report page (the live one: it reloads when the run recorded beside it is newer), with
 * its charts as SVG only: their PNG copies were two thirds of the page's CPU (Squirmish, 1.5 of
 * 2.3 s) and held up the run after the next save; `squabble report <folder>` writes them.
 */
async function writePage(out: string, startedAt: Date, games: number): Promise<void> {
  await reportOrFail(out, false);
  makeLive(out, `${startedAt.toISOString()} ${games}`);
}

/** One run of up to `games` games (never more than the ceiling), abandoned as stale if a file changes meanwhile. */
async function playOnce(
  file: string,
  games: number,
  maxGames: number | null,
  o: { workers: number; measured: (ns: number, games: number) => void; out: string; variant: string | undefined; signal: AbortSignal; poll: number; io: CliIO; isStale: () => boolean },
): Promise<Outcome> {
  let plan;
  let ceiling: number;
  try {
    const variant = o.variant === undefined ? {} : { variant: o.variant };
    ceiling = maxGames ?? planFrom(file, variant, 'watch').games;
    plan = planFrom(file, { ...variant, games: Math.min(games, ceiling) }, 'watch');
  } catch (e) {
    if (e instanceof CliError) return { kind: 'error', message: e.message };
    throw e;
  }
  const stop = new AbortController();
  const abort = () => stop.abort();
  o.signal.addEventListener('abort', abort);
  const watcher = setInterval(() => o.isStale() && stop.abort(), o.poll);
  const startedAt = new Date();
  try {
    // The play's thread CPU time where it can be read (a busy host stretches wall time), else its wall time.
    let ns = 0;
    let cpuNs = 0;
    const onTaskTime = (_: number, taskNs: number, taskCpuNs: number) => {
      ns += taskNs;
      cpuNs = cpuNs < 0 || taskCpuNs < 0 ? -1 : cpuNs + taskCpuNs;
    };
    const acc = await runPlan(plan, { workers: o.workers, signal: stop.signal, onTaskTime });
    o.measured(cpuNs > 0 ? cpuNs : ns, plan.games);
    const wallSeconds = (Date.now() - startedAt.getTime()) / 1000;
    const quiet: CliIO = { ...o.io, out: () => {} };
    // The report page is written by the caller, after it has printed the figures.
    await finishRun(quiet, plan, acc, o.out, { workers: o.workers, wallSeconds, startedAt, checkInvariants: false, report: false, say: () => {} });
    const game = gameOf(plan.game);
    return { kind: 'done', games: plan.games, name: plan.name, summary: summarise(game, plan, acc), game, more: plan.games < ceiling, startedAt };
  } catch (e) {
    if (e instanceof InterruptedError) return { kind: 'stale' };
    throw e;
  } finally {
    clearInterval(watcher);
    o.signal.removeEventListener('abort', abort);
  }
}

/**
 * A --variant the scenario does not define is a mistake on the command line, not in a file that
 * a save can fix: stop at once. (A scenario that does not load yet is left to the first run.)
 */
function checkVariant(file: string, variant: string): void {
  let data: unknown;
  try {
    data = readScenarioData(file).data;
  } catch {
    return;
  }
  const variants = data !== null && typeof data === 'object' && 'variants' in data ? (data as { variants: unknown }).variants : undefined;
  const names = variants !== null && typeof variants === 'object' ? Object.keys(variants as object) : [];
  if (!names.includes(variant)) throw new CliError(`--variant: no variant ${JSON.stringify(variant)} in ${file}; ${names.length ? `expected one of ${names.join(', ')}` : 'it defines none'}`);
}

/**
 * What moved since the last good run: the headline figures by the gate's test (simultaneous over
 * them, as squabble check judges), then the balance-sheet rows by the shared "what moved"
 * definition (selected at FDR 5% with false-coverage-rate intervals, the same tables and note as
 * run's "since the previous run").
 */
export function sinceLastRun(last: WatchedRun | null, now: WatchedRun): string {
  const headline = (s: Summary) => headlineMetrics(s).filter((m) => !m.id.includes('['));
  if (last === null) return textTable(['metric', 'now'], headline(now.summary).map((m) => [m.id, shown(m.kind, m.value)]));
  const result = compare(headline(last.summary), headline(now.summary), DEFAULT_GATE);
  const level = `${(100 * (1 - DEFAULT_GATE.alpha)).toFixed(0)}% simultaneous`;
  const table = textTable([`since run ${last.number}`, 'before', 'now', `change [${level} interval]`, ''], result.comparisons.map(changeRow));
  // The gate's test: simultaneous over the headline figures, so wider than run's own 95% intervals of one figure.
  const how = `Headline intervals: ${level} over these ${result.tested} figures (Bonferroni; "moved" by Holm at ${DEFAULT_GATE.alpha * 100}%, as squabble check judges), so wider than the 95% interval of a single figure in run's "since the previous run".`;
  const rules = (r: WatchedRun) => r.summary.scenario.rules;
  const moved = whatChanged(unpairedChanges(last.summary, now.summary), changedSubjects(now.game, rules(last), rules(now), now.summary.scenario.players));
  const rows = whatChangedLines(moved, textTable, (t) => `${t}:`, 'the edit', SINCE_NOTE);
  return [`${table.replace(/ +$/gm, '')}`, how, ...rows.map((r) => r.replace(/ +$/gm, ''))].join('\n');
}

function shown(kind: GateMetric['kind'], x: number | null): string {
  if (x === null) return '-';
  return kind === 'proportion' ? `${(x * 100).toFixed(1)}%` : x.toFixed(2);
}

function changeRow(c: Comparison): string[] {
  const scale = c.kind === 'proportion' ? 100 : 1;
  const sign = (x: number) => `${x >= 0 ? '+' : ''}${(x * scale).toFixed(c.kind === 'proportion' ? 1 : 2)}`;
  const change = c.difference === null ? c.verdict : `${sign(c.difference)}${c.kind === 'proportion' ? ' pts' : ''} [${sign(c.interval![0])}, ${sign(c.interval![1])}]`;
  const mark = c.verdict === 'not significantly changed' || c.verdict === 'unchanged' ? '' : c.verdict === 'DRIFT' ? 'moved' : c.verdict === 'moved within tolerance' ? 'moved a little' : c.verdict;
  return [c.id, shown(c.kind, c.baseline), shown(c.kind, c.now), change, mark];
}

/** The scenario and every data file it names (a string value under rules or variants that is a file beside it). */
export function usedFiles(file: string): string[] {
  const files = [file];
  let data: unknown;
  try {
    data = readScenarioData(file).data;
  } catch {
    return files;
  }
  const folder = dirname(file);
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      if (/\.(ya?ml|json)$/i.test(node) && existsSync(join(folder, node)) && !files.includes(join(folder, node))) files.push(join(folder, node));
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') Object.values(node).forEach(visit);
  };
  if (data !== null && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    visit(record.rules);
    visit(record.variants);
  }
  return files;
}

/** The content of every used file, as one string (a file that cannot be read counts as missing). */
function fingerprint(file: string): string {
  return usedFiles(file)
    .map((f) => `${f}\0${contentHash(f)}`)
    .join('\n');
}

function contentHash(path: string): string {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return 'missing';
  }
}

/** Which used files differ from the fingerprint `before`, for the run's heading. */
function changedFiles(file: string, before: string): string {
  const old = new Map(before.split('\n').map((line) => line.split('\0') as [string, string]));
  const changed = usedFiles(file).filter((f) => old.get(f) !== contentHash(f));
  return changed.length ? changed.map((f) => relative('.', f) || f).join(', ') : file;
}

/**
 * Make `out` the watch's folder: new, empty, or one a watch wrote before; never someone else's
 * results. Checked before the first game: a file at one of the names a run writes (or at the
 * marker's) that squabble did not write is refused, as for `run` (src/runner/outdir.ts).
 */
function claimFolder(out: string): void {
  checkOutPath(out, [MARKER, ...RUN_PARTS]);
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, MARKER)))
    throw new CliError(`--out ${out}: the folder holds other results; watch overwrites its folder on every run, so give a new or empty one (or one an earlier watch wrote)`);
  makeOutDir(out);
  writeAtomic(join(out, MARKER), 'squabble watch writes here and overwrites it on every run\n');
}

/** Resolve true when `changed()` holds (checked every `poll` ms), false if aborted first. */
function waitForChange(changed: () => boolean, poll: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((done) => {
    if (signal.aborted) return done(false);
    const timer = setInterval(() => {
      if (!changed()) return;
      finish(true);
    }, poll);
    const onAbort = () => finish(false);
    const finish = (value: boolean) => {
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      done(value);
    };
    signal.addEventListener('abort', onAbort);
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish);
  });
}
