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
// Count finished games as `squabble run` does (its cost warning reads them), so the bench times that path.
await runPlan(plan, { workers, finished: new FinishedGames() });
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
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
    cpuMicrosPerGame: +((cpu.user + cpu.system) / games).toFixed(2),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
