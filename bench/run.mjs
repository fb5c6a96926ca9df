// squabble benchmark (npm run bench): for every benchmarked game and policy, games/s on one
// worker and on all cores, the scaling ratio and efficiency, peak memory, CPU time per game and
// the garbage collector's share of one worker's time;
// the cost of deriving a game's random stream; the peak memory of a 10-million-game run; and a
// check of each speed target. Prints a table and writes bench/results.json.
//
// Every figure is measured in a process of its own (bench/measure.mjs). Each suite is measured
// BENCH_REPEAT times (default 5), a one-worker run and an all-cores run right after it. On this
// shared VM the host's load moves a single figure by 15% or more either way, and it moves for
// seconds to minutes at a time, so: games/s is the best sample of each; the scaling ratio is the
// median over the repeats of all-cores / one-worker within each pair (the two runs of a pair
// see the same host more often than two bests taken minutes apart do). The all-cores run plays
// `cores` times the games, so both runs last about as long and pay the same start-up (threads,
// imports, JIT warm-up: about half a second) in the same proportion. All samples are in
// results.json.
//
// BENCH_QUICK=1 skips the 10M-game memory run; BENCH_100M=1 adds the 100M-game Worms run;
// BENCH_ONLY=text measures only the suites whose label contains text (results.json untouched);
// BENCH_REPEAT=n sets the number of samples per figure. The cost of each named skill level is a
// suite of its own: bench/levels.mjs (npm run bench:levels).
//
// The garbage collector's share: after its pairs, every suite plays its one-worker run once more
// under `node --cpu-prof`, and bench/gc-share.mjs reads the worker thread's profile (GC samples
// over busy samples; also from the worker's first game on, without its start-up). A run of its
// own, so the profiler's cost stays out of games/s; as long as the timed run, because the
// worker's start-up (module imports, building the runner) has collections of its own that
// a shorter run would weigh more. The target reads the share from the first game on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../dist/sim/rng.js';
import { registry } from '../dist/registry.js';
import { gcShareOfProfiles } from './gc-share.mjs';

const cores = availableParallelism();
const quick = process.env.BENCH_QUICK === '1';
const only = process.env.BENCH_ONLY ?? '';
const repeats = Math.max(1, Number(process.env.BENCH_REPEAT ?? 5));
// BENCH_SCALE=x plays x times each suite's games (a multiple of 20 games, at least 20): on a host
// too loaded for 8-second runs, shorter ones still give games per CPU-second (the start-up then
// weighs more in the process figure, not in the thread figure). results.json records the scale.
const scale = Number(process.env.BENCH_SCALE ?? 1);
if (!(scale > 0)) throw new Error(`BENCH_SCALE=${process.env.BENCH_SCALE}: expected a positive number`);
const scaled = (games) => (scale === 1 ? games : Math.max(20, 20 * Math.round((games * scale) / 20)));
const samples = [];

function measure(label, scenario, games, workers, level) {
  const out = execFileSync(process.execPath, ['bench/measure.mjs', scenario, String(games), String(workers), ...(level ? [level] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const row = { label, ...JSON.parse(out.trim().split('\n').pop()) };
  samples.push(row);
  console.error(`  ${label}: ${workers} worker(s), ${games.toLocaleString('en-US')} games, ${row.gamesPerSecond.toLocaleString('en-US')} games/s, ${row.peakRssMB} MB`);
  return row;
}

/** One worker's run under the CPU profiler: the garbage collector's share of the worker's busy time. */
function gcShare(label, scenario, games, level) {
  const dir = mkdtempSync(join(tmpdir(), 'squabble-bench-gc-'));
  try {
    execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'bench/measure.mjs', scenario, String(games), '1', ...(level ? [level] : [])], { stdio: ['ignore', 'ignore', 'inherit'] });
    const gc = gcShareOfProfiles(dir);
    console.error(
      `  ${label}: 1 worker profiled, ${games.toLocaleString('en-US')} games, ${(100 * gc.share).toFixed(2)}% of ${gc.busyMs.toLocaleString('en-US')} ms in the garbage collector (${gc.startupGcMs} ms before the first game; from the first game on ${(100 * gc.gamesShare).toFixed(2)}%)`,
    );
    return { games, gcMs: gc.gcMs, busyMs: gc.busyMs, share: +gc.share.toFixed(4), startupGcMs: gc.startupGcMs, gamesShare: +gc.gamesShare.toFixed(4) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const best = (rows) => rows.reduce((a, b) => (b.gamesPerSecond > a.gamesPerSecond ? b : a));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Cores the run kept busy: CPU time of all threads over wall time. */
const busy = (row) => (row.cpuMicrosPerGame * row.gamesPerSecond) / 1e6;

function rngDerivationCost() {
  const rng = new Rng();
  const n = 5_000_000;
  const t0 = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < n; i++) {
    rng.seedGame(1, 0, i);
    x ^= rng.int32();
  }
  const ns = Number(process.hrtime.bigint() - t0) / n;
  if (x === 0.5) console.log(x); // keep the loop alive
  return ns;
}

// Games per one-worker run: about 8 s each on a quiet machine (the slowest, 11 s), and an even
// number of shards per worker in the all-cores run, so no worker idles while the other plays
// the last shard (src/runner/shard.ts sizes shards from the game count).
const suites = [
  { label: 'worms random 2p', scenario: 'scenarios/worms/random-2p.yaml', games: 800_000 },
  { label: 'worms random 4p', scenario: 'scenarios/worms/random-4p.yaml', games: 440_000 },
  { label: 'worms greedy vs builder', scenario: 'scenarios/worms/greedy-vs-builder.yaml', games: 240_000 },
  { label: 'squirmish classic greedy', scenario: 'scenarios/squirmish/classic-greedy.yaml', games: 44_000 },
  { label: 'squirmish classic random', scenario: 'scenarios/squirmish/classic-random.yaml', games: 56_000 },
  { label: 'squirmish tabletop 4p', scenario: 'scenarios/squirmish/tabletop-4p.yaml', games: 24_000 },
  { label: 'squish simple random', scenario: 'scenarios/squish/simple.yaml', games: 280_000 },
  { label: 'squish simple safe', scenario: 'scenarios/squish/simple-safe.yaml', games: 16_000 },
  { label: 'squish advanced random', scenario: 'scenarios/squish/advanced.yaml', games: 6_000 },
  { label: 'squish advanced policies', scenario: 'scenarios/squish/advanced-policies.yaml', games: 2_000 },
  { label: 'squall duel brawlers', scenario: 'scenarios/squall/duel-open.yaml', games: 130_000 },
  { label: 'squall matchups scattered', scenario: 'scenarios/squall/matchups-scattered.yaml', games: 18_000 },
  // Every game's expert level (the last of src/games/<game>/levels.ts, read from the registry, so
  // the suite measures whatever the expert is now) playing itself on its skill ladder's rules:
  // what a game of the strongest level costs, read as games per CPU-second. Its game count is
  // sized by a probe run (expertGames).
  ...Object.entries(registry.games)
    .filter(([, game]) => game.levels?.length)
    .map(([id, game]) => ({ label: `${id} expert self-play`, scenario: `scenarios/${id}/skill-ladder.yaml`, level: game.levels.at(-1).name, games: 0 })),
]
  .filter((s) => s.label.includes(only))
  .map((s) => ({ ...s, games: scaled(s.games) }));
if (suites.length === 0) throw new Error(`BENCH_ONLY=${only} matches no suite`);

/**
 * Games for an expert suite's one-worker run: about EXPERT_CPU_S of the worker's CPU (an expert's
 * cost moves with its policy; a fixed count could take an hour or a fraction of a second),
 * rounded to a multiple of 20. Probes grow tenfold until one plays a second of thread CPU: a
 * probe of a few games weighs the runner's building and the JIT's warm-up far above a game.
 */
const EXPERT_CPU_S = 6;
function expertGames(s) {
  for (let games = 20; ; games *= 10) {
    const probe = JSON.parse(execFileSync(process.execPath, ['bench/measure.mjs', s.scenario, String(games), '1', s.level], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').pop());
    const micros = probe.threadCpuMicrosPerGame ?? probe.cpuMicrosPerGame;
    if (micros * games >= 1e6 || games >= 1e6) return scaled(Math.max(20, 20 * Math.round((EXPERT_CPU_S * 1e6) / micros / 20)));
  }
}

console.error(`squabble bench on ${cores} cores, node ${process.version}, ${repeats} pairs of runs per suite`);
const scaling = [];
for (const s of suites) {
  if (s.games === 0) s.games = expertGames(s);
  const one = [];
  const all = [];
  for (let r = 0; r < repeats; r++) {
    one.push(measure(s.label, s.scenario, s.games, 1, s.level));
    all.push(measure(s.label, s.scenario, s.games * cores, cores, s.level));
  }
  const gc = gcShare(s.label, s.scenario, s.games, s.level);
  const b1 = best(one);
  const bn = best(all);
  const pairRatios = one.map((r, i) => all[i].gamesPerSecond / r.gamesPerSecond);
  const ratio = median(pairRatios);
  scaling.push({
    label: s.label,
    oneWorker: b1.gamesPerSecond,
    allCores: bn.gamesPerSecond,
    ratio: +ratio.toFixed(2),
    pairRatios: pairRatios.map((r) => +r.toFixed(2)),
    efficiency: +(ratio / cores).toFixed(2),
    // Median cores kept busy: the pool's share of the scaling, whatever the host's speed.
    coresBusy: { oneWorker: +median(one.map(busy)).toFixed(2), allCores: +median(all.map(busy)).toFixed(2) },
    peakRssMB: Math.max(...all.map((r) => r.peakRssMB)),
    cpuMicrosPerGame: { oneWorker: +median(one.map((r) => r.cpuMicrosPerGame)).toFixed(2), allCores: +median(all.map((r) => r.cpuMicrosPerGame)).toFixed(2) },
    // The same, inverted: games per CPU-second of one worker (the figure quoted for search levels).
    gamesPerCpuSecond: +(1e6 / median(one.map((r) => r.cpuMicrosPerGame))).toPrecision(3),
    // Games per CPU-second, medians: the whole process (start-up, main thread and V8's helper
    // threads included) and the worker threads' play alone, one worker and all cores. These are
    // what a busy host does not blur: it makes a run wait, which no CPU clock counts.
    cpu: {
      process: { oneWorker: median(one.map((r) => r.gamesPerCpuSecond)), allCores: median(all.map((r) => r.gamesPerCpuSecond)) },
      ...(one.every((r) => r.gamesPerThreadCpuSecond) && all.every((r) => r.gamesPerThreadCpuSecond)
        ? { thread: { oneWorker: median(one.map((r) => r.gamesPerThreadCpuSecond)), allCores: median(all.map((r) => r.gamesPerThreadCpuSecond)) } }
        : {}),
      // Per pair, CPU per game on all cores over one worker (process; thread): above 1, the
      // workers slow each other down or the pool costs CPU; the wall-clock ratio's other half.
      pairRatios: one.map((r, i) => +(all[i].cpuMicrosPerGame / r.cpuMicrosPerGame).toFixed(3)),
      threadPairRatios: one.every((r, i) => r.threadCpuMicrosPerGame && all[i].threadCpuMicrosPerGame) ? one.map((r, i) => +(all[i].threadCpuMicrosPerGame / r.threadCpuMicrosPerGame).toFixed(3)) : [],
      // The workers' share of their task time on a CPU (1: the host never took it away).
      threadOnCpu: { oneWorker: median(one.map((r) => r.threadOnCpu ?? 0)), allCores: median(all.map((r) => r.threadOnCpu ?? 0)) },
    },
    gc,
    oneWorkerSamples: one.map((r) => r.gamesPerSecond),
    allCoresSamples: all.map((r) => r.gamesPerSecond),
  });
}

// Policy cost ratios the issues bound (the slower policy on the same board, one worker).
const ratios = [{ label: 'squish safe vs random (simple, 1 worker)', slow: 'squish simple safe', fast: 'squish simple random', bound: 20 }]
  .filter((r) => scaling.some((s) => s.label === r.slow) && scaling.some((s) => s.label === r.fast))
  .map((r) => ({ label: r.label, ratio: +(scaling.find((s) => s.label === r.fast).oneWorker / scaling.find((s) => s.label === r.slow).oneWorker).toFixed(1), bound: r.bound }));

const seedNs = rngDerivationCost();
const worms2p = scaling.find((s) => s.label === 'worms random 2p');

let memory = null;
if (!quick && !only) {
  const games = 10_000_000;
  const row = measure('worms random 2p, memory run', 'scenarios/worms/random-2p.yaml', games, cores);
  memory = { games, workers: cores, gamesPerSecond: row.gamesPerSecond, peakRssMB: row.peakRssMB };
}

// Without BENCH_100M the last measured 100M-game run is kept (with the date it was taken), so
// results.json always holds the latest figure of each kind.
let hundred = null;
try {
  const previous = JSON.parse(readFileSync('bench/results.json', 'utf8'));
  if (previous.hundred) hundred = { ...previous.hundred, measured: previous.hundred.measured ?? previous.date };
} catch {
  // no earlier results
}
if (process.env.BENCH_100M === '1') {
  const games = 100_000_000;
  const row = measure('worms random 2p, 100M run', 'scenarios/worms/random-2p.yaml', games, cores);
  hundred = { measured: new Date().toISOString(), games, workers: cores, seconds: row.seconds, gamesPerSecond: row.gamesPerSecond, peakRssMB: row.peakRssMB };
}

const fmt = (n) => n.toLocaleString('en-US');
console.log(`\ngames/s: best of ${repeats}; ratio: median of ${repeats} paired ratios (their range); busy cores and CPU per game: medians`);
console.log(`game                        1 worker  ${cores} workers   ratio (range)        efficiency  busy cores  peak MB  GC (games)  CPU µs/game (1 → ${cores})`);
for (const s of scaling)
  console.log(
    `${s.label.padEnd(27)}${fmt(s.oneWorker).padStart(9)}${fmt(s.allCores).padStart(11)}${s.ratio.toFixed(2).padStart(7)}x (${Math.min(...s.pairRatios).toFixed(2)}-${Math.max(...s.pairRatios).toFixed(2)})${(Math.round(100 * s.efficiency) + '%').padStart(10)}${`${s.coresBusy.oneWorker} → ${s.coresBusy.allCores}`.padStart(14)}${String(s.peakRssMB).padStart(8)}${`${(100 * s.gc.share).toFixed(1)}% (${(100 * s.gc.gamesShare).toFixed(1)}%)`.padStart(12)}  ${s.cpuMicrosPerGame.oneWorker} → ${s.cpuMicrosPerGame.allCores}`,
  );
console.log(`\ngames per CPU-second (medians): whole process and worker threads' play, one worker → ${cores}; CPU per game ${cores} ÷ 1 per pair (process; thread); workers' time on a CPU`);
console.log(`game                        process 1 → ${cores}       thread 1 → ${cores}        CPU ratio per pair (process; thread)        on CPU`);
for (const s of scaling) {
  const t = s.cpu.thread;
  const range = (xs) => (xs.length ? `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})` : '-');
  console.log(
    `${s.label.padEnd(27)}${`${fmt(s.cpu.process.oneWorker)} → ${fmt(s.cpu.process.allCores)}`.padStart(19)}${(t ? `${fmt(t.oneWorker)} → ${fmt(t.allCores)}` : '-').padStart(20)}   ${`${range(s.cpu.pairRatios)}; ${range(s.cpu.threadPairRatios)}`.padEnd(42)}${`${s.cpu.threadOnCpu.oneWorker} → ${s.cpu.threadOnCpu.allCores}`.padStart(12)}`,
  );
}
for (const r of ratios) console.log(`${r.label}: ${r.ratio}x slower (bound ${r.bound}x)`);
if (worms2p) console.log(`\nderiving one game's random stream: ${seedNs.toFixed(0)} ns (${((100 * seedNs * worms2p.oneWorker) / 1e9).toFixed(2)}% of a 2-player random Worms game)`);
if (memory) console.log(`10,000,000 games of 2-player random Worms on ${memory.workers} workers: ${fmt(memory.gamesPerSecond)} games/s, peak memory ${memory.peakRssMB} MB (whole process, all threads)`);
if (hundred) console.log(`100,000,000 games of 2-player random Worms on ${hundred.workers} workers: ${(hundred.seconds / 60).toFixed(1)} minutes, peak memory ${hundred.peakRssMB} MB (measured ${hundred.measured.slice(0, 10)})`);

// The targets of the issues, checked against this run's figures.
const targets = [];
// Read as games per thread-CPU-second of one worker (its play, start-up out) where the platform
// has that figure, else per process CPU-second: a loaded host cannot blur either, as it does games/s.
const oneWorkerTarget = (label, min) => {
  const s = scaling.find((x) => x.label === label);
  if (!s) return;
  const [what, rate] = s.cpu.thread ? ['games per thread-CPU-second', s.cpu.thread.oneWorker] : ['games per CPU-second', s.cpu.process.oneWorker];
  targets.push({ target: `${label}: >= ${fmt(min)} ${what} on one worker`, measured: `${fmt(rate)} (process ${fmt(s.cpu.process.oneWorker)}, wall ${fmt(s.oneWorker)} games/s)`, met: rate >= min });
};
// Issue 19 (item 5) raised the one-worker targets, added Squish! advanced and the GC share, and
// asks 1.85x of every suite; Squish! simple random's 20,000 is an earlier issue's.
oneWorkerTarget('worms random 2p', 120_000);
oneWorkerTarget('squirmish classic greedy', 10_000);
oneWorkerTarget('squish simple random', 20_000);
oneWorkerTarget('squish advanced random', 1_000);
oneWorkerTarget('squall duel brawlers', 25_000);
for (const s of scaling) targets.push({ target: `${s.label}: ${cores} workers >= 1.85x one worker (median pair)`, measured: `${s.ratio.toFixed(2)}x`, met: cores < 2 || s.ratio >= 1.85 });
// The games' share (from the worker's first game on): the collections of its start-up (module
// imports, JIT) are paid once per worker, whatever the game, and are printed beside it.
for (const s of scaling) targets.push({ target: `${s.label}: garbage collector < 1% of one worker's time from its first game on (profiled)`, measured: `${(100 * s.gc.gamesShare).toFixed(2)}% (whole run ${(100 * s.gc.share).toFixed(2)}%)`, met: s.gc.gamesShare < 0.01 });
for (const r of ratios) targets.push({ target: `${r.label} <= ${r.bound}x`, measured: `${r.ratio}x`, met: r.ratio <= r.bound });
if (memory) targets.push({ target: '10M Worms games < 500 MB', measured: `${memory.peakRssMB} MB`, met: memory.peakRssMB < 500 });
if (hundred) {
  targets.push({ target: '100M Worms games < 15 minutes', measured: `${(hundred.seconds / 60).toFixed(1)} min`, met: hundred.seconds < 900 });
  targets.push({ target: '100M Worms games < 500 MB', measured: `${hundred.peakRssMB} MB`, met: hundred.peakRssMB < 500 });
}
console.log('\ntargets');
for (const t of targets) console.log(`  ${t.met ? 'met    ' : 'MISSED '} ${t.target}: ${t.measured}`);

if (only) console.log(`\nBENCH_ONLY=${only}: bench/results.json not written (it holds full runs only)`);
else writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores, repeats, scale, loadAverage: loadavg(), scaling, policyRatios: ratios, rngDerivationNs: +seedNs.toFixed(1), memory, hundred, targets, samples }, null, 2)}\n`);
