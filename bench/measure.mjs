// One benchmark measurement in a process of its own (bench/run.mjs starts one per figure), so
// its peak memory is its own and no measurement inherits another's JIT state or heap.
// Usage: node bench/measure.mjs <scenario> <games> <workers> [level]; prints one JSON line.
// With a level, every seat plays that named skill level (the scenario's own seats are replaced).
import { buildPlan, readScenarioData } from '../dist/sim/scenario/load.js';
import { registry } from '../dist/registry.js';
import { runPlan } from '../dist/runner/pool.js';
import { FinishedGames } from '../dist/runner/finished-games.js';

const [scenario, gamesArg, workersArg, level] = process.argv.slice(2);
const games = Number(gamesArg);
const workers = Number(workersArg);
const { data, lineOf } = readScenarioData(scenario);
if (level) data.seats = data.seats.map(() => ({ level }));
const plan = buildPlan(data, scenario, registry, { games }, lineOf);
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
// The workers' own time: each task's thread CPU and wall time in its worker (src/runner/worker.ts),
// summed; -1 where the platform has no per-thread CPU figure.
let threadCpuNs = 0;
let threadNs = 0;
const onTaskTime = (_games, ns, cpuNs) => {
  threadNs += ns;
  threadCpuNs = threadCpuNs < 0 || cpuNs < 0 ? -1 : threadCpuNs + cpuNs;
};
// Count finished games as `squabble run` does (its cost warning reads them), so the bench times that path.
await runPlan(plan, { workers, finished: new FinishedGames(), onTaskTime });
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
const cpuMicrosPerGame = (cpu.user + cpu.system) / games;
console.log(
  JSON.stringify({
    scenario,
    ...(level ? { level } : {}),
    games,
    workers,
    seconds: +seconds.toFixed(3),
    gamesPerSecond: Math.round(games / seconds),
    // CPU time of every thread, per game: if it grows with the worker count, the workers slow
    // each other down (shared caches, memory bandwidth, the host), not the pool.
    cpuMicrosPerGame: +cpuMicrosPerGame.toFixed(2),
    // Games per CPU-second: of the whole process (start-up, main thread, V8's helper threads
    // included), and of the worker threads' game playing alone. A busy host slows a run's wall
    // clock by waiting, which neither CPU figure counts, so these compare across loads.
    gamesPerCpuSecond: Math.round(1e6 / cpuMicrosPerGame),
    ...(threadCpuNs > 0 ? { threadCpuMicrosPerGame: +(threadCpuNs / 1e3 / games).toFixed(2), gamesPerThreadCpuSecond: Math.round((games * 1e9) / threadCpuNs) } : {}),
    // Of the workers' task time, the share their threads were on a CPU (under 1: the host took it away).
    ...(threadCpuNs > 0 && threadNs > 0 ? { threadOnCpu: +(threadCpuNs / threadNs).toFixed(3) } : {}),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
