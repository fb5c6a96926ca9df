/**
 * The pool worker (piscina entry): plays one shard of games and returns its accumulator's
 * counts, or, for a task with a study's fold (FoldRef: compare's paired sums, weights' tweaks),
 * what that fold returns. A runner (state, buffers, policies) is built once per plan and reused
 * for every shard.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { GameFailure, newAccumulator, type GameRunner } from '../sim/batch.js';
import { createRunner } from './create-runner.js';
import { MOST_PLANS_PER_TASK, type ShardTask, type ShardResult, type ShardFold } from './shard.js';
import type { Plan } from '../sim/scenario/types.js';

/**
 * Runners by plan, least recently used first out. A task plays at most MOST_PLANS_PER_TASK plans
 * (one run, a compare pair, or a weights batch of a base plan and its tweaked ones); the room
 * for two such tasks keeps the switch from one task's plans to the next from rebuilding both.
 */
const cache = new Map<string, GameRunner>();
export const RUNNER_CACHE = 2 * MOST_PLANS_PER_TASK;

function runnerFor(plan: Plan, cell: number): GameRunner {
  const key = `${plan.scenarioHash}/${plan.masterSeed}/${cell}`;
  let runner = cache.get(key);
  if (runner) cache.delete(key); // re-inserted below as the most recently used
  else {
    if (cache.size >= RUNNER_CACHE) cache.delete(cache.keys().next().value!);
    runner = createRunner(plan, cell);
  }
  cache.set(key, runner);
  return runner;
}

/**
 * Fault injection for the reliability tests (test/runner/faults.test.ts, faults-round3.test.ts),
 * off unless set: SQUABBLE_FAULT_THREAD_EXIT=<shard>:<marker file> ends this worker thread
 * abruptly when it starts that shard; SQUABBLE_FAULT_THREAD_ABORT=<shard>:<marker file> aborts
 * the whole process from it (SIGABRT, exit 134: what a V8 fatal error in a worker does). Each
 * happens once (the marker file records that it happened).
 */
function injectedThreadFault(shard: number): void {
  if (isMainThread) return;
  for (const [name, act] of [
    ['SQUABBLE_FAULT_THREAD_EXIT', () => process.exit(9)],
    ['SQUABBLE_FAULT_THREAD_ABORT', () => process.kill(process.pid, 'SIGABRT')],
  ] as const) {
    const fault = process.env[name];
    if (!fault) continue;
    const at = fault.indexOf(':');
    if (Number(fault.slice(0, at)) !== shard) continue;
    try {
      writeFileSync(fault.slice(at + 1), String(shard), { flag: 'wx' });
    } catch {
      continue; // happened already
    }
    act();
  }
}

/**
 * A study's fold (FoldRef.study names its folder) is loaded once per worker, from
 * src/studies/<study>/fold beside this file: the compiled .js, or the .ts source under tsx and
 * the tests, as the pool finds this worker. A task names a study, never a path.
 */
const folds = new Map<string, ShardFold<unknown>>();
const STUDY_NAME = /^[a-z][a-z0-9-]*$/;
const SOURCE_EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

async function foldOf(study: string): Promise<ShardFold<unknown>> {
  let fold = folds.get(study);
  if (fold) return fold;
  if (!STUDY_NAME.test(study)) throw new Error(`not a study's name: ${JSON.stringify(study)}`);
  fold = (await loadModule(new URL(`../studies/${study}/fold.${SOURCE_EXT}`, import.meta.url).href)).default;
  folds.set(study, fold);
  return fold;
}

/**
 * import() the module; under tsx, a pool thread has loaded this file through tsx's require hook
 * (piscina requires its entry first), where import() of a .ts file is refused: require it there,
 * which also keeps one copy of the modules both share (GameFailure is matched by class).
 */
async function loadModule(module: string): Promise<{ default: ShardFold<unknown> }> {
  try {
    return (await import(module)) as { default: ShardFold<unknown> };
  } catch (e) {
    if (!module.endsWith('.ts') || (e as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e;
    return createRequire(import.meta.url)(fileURLToPath(module)) as { default: ShardFold<unknown> };
  }
}

/**
 * This thread's CPU time in ns (Linux: the scheduler's run time of the thread, brought up to
 * date at each tick and switch, so one short task may read 0; summed over a run's tasks the
 * errors cancel), or -1 where it cannot be read. process.cpuUsage() counts every thread of the
 * process (the main thread, V8's compiler and GC helpers), and Node 20 has no per-thread call.
 */
let schedstat = process.platform === 'linux';
export function threadCpuNs(): number {
  if (!schedstat) return -1;
  try {
    const text = readFileSync('/proc/thread-self/schedstat', 'latin1');
    return Number(text.slice(0, text.indexOf(' ')));
  } catch {
    schedstat = false;
    return -1;
  }
}

export default async function runShard(task: ShardTask): Promise<ShardResult> {
  injectedThreadFault(task.shard);
  const fold = task.fold ? await foldOf(task.fold.study) : null;
  const runner = runnerFor(task.plan, task.cell);
  // The task's own time in this thread (runner built, games played): the pool sizes its last
  // tasks from it, and the bench reads games per thread-CPU-second from it.
  const cpu0 = threadCpuNs();
  const t0 = process.hrtime.bigint();
  const timed = (data: Float64Array): ShardResult => {
    const cpu1 = threadCpuNs();
    return { shard: task.shard, data, ns: Number(process.hrtime.bigint() - t0), cpuNs: cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0 };
  };
  try {
    if (fold) return timed(fold(runner, task, task.fold!.args, runnerFor));
    const acc = newAccumulator(runner.game, task.plan);
    runner.runRange(acc, task.start, task.end, task.checkInvariants, task.played, task.playedSlot);
    return timed(acc.data);
  } catch (e) {
    if (!(e instanceof GameFailure)) throw e;
    return { shard: task.shard, failure: { key: e.key, reason: e.reason, turn: e.turn, kind: e.kind, stack: e.detail } };
  }
}
