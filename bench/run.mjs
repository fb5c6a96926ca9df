// squabble benchmark (npm run bench): games/s per game and policy on one worker and on all
// cores, the scaling ratio, the cost of deriving a game's random stream, and the peak memory
// of a 10-million-game run. Prints a table and writes bench/results.json.
// BENCH_QUICK=1 skips the 10-million-game memory run; BENCH_100M=1 adds the 100-million-game run.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { loadScenario } from '../dist/sim/scenario/load.js';
import { registry } from '../dist/registry.js';
import { runPlan } from '../dist/runner/pool.js';
import { Rng } from '../dist/sim/rng.js';

const cores = availableParallelism();
const quick = process.env.BENCH_QUICK === '1';
const rows = [];

async function measure(label, scenario, games, workers, overrides = {}) {
  const plan = loadScenario(scenario, registry, { games, ...overrides });
  const t0 = process.hrtime.bigint();
  await runPlan(plan, { workers });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const row = { label, scenario, games, workers, seconds: +seconds.toFixed(3), gamesPerSecond: Math.round(games / seconds) };
  rows.push(row);
  console.error(`  ${label}: ${workers} worker(s), ${games.toLocaleString('en-US')} games, ${row.gamesPerSecond.toLocaleString('en-US')} games/s`);
  return row;
}

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

console.error(`squabble bench on ${cores} cores, node ${process.version}`);
// Game counts give each one-worker measurement roughly 15-30 s on a quiet machine, so the
// fixed cost of a run (starting the threads, importing the modules, warming up the JIT: about
// half a second, paid in parallel by every worker) stays a few percent of it and the scaling
// ratio measures the pool, not the start-up.
const suites = [
  { label: 'worms random 2p', scenario: 'scenarios/worms/random-2p.yaml', games: 2_000_000 },
  { label: 'worms random 4p', scenario: 'scenarios/worms/random-4p.yaml', games: 1_000_000 },
  { label: 'worms greedy vs builder', scenario: 'scenarios/worms/greedy-vs-builder.yaml', games: 600_000 },
  { label: 'squirmish classic greedy', scenario: 'scenarios/squirmish/classic-greedy.yaml', games: 100_000 },
  { label: 'squirmish classic random', scenario: 'scenarios/squirmish/classic-random.yaml', games: 120_000 },
  { label: 'squirmish tabletop 4p', scenario: 'scenarios/squirmish/tabletop-4p.yaml', games: 50_000 },
  { label: 'squish simple random', scenario: 'scenarios/squish/simple.yaml', games: 600_000 },
  { label: 'squish simple safe', scenario: 'scenarios/squish/simple-safe.yaml', games: 50_000 },
  { label: 'squish advanced random', scenario: 'scenarios/squish/advanced.yaml', games: 20_000 },
  { label: 'squall duel brawlers', scenario: 'scenarios/squall/duel-open.yaml', games: 300_000 },
  { label: 'squall matchups scattered', scenario: 'scenarios/squall/matchups-scattered.yaml', games: 50_000 },
];
// Policy cost ratios the issues bound (the slower policy on the same board, one worker).
const ratios = [{ label: 'squish safe vs random (simple, 1 worker)', slow: 'squish simple safe', fast: 'squish simple random', bound: 20 }];
const scaling = [];
for (const s of suites) {
  const one = await measure(s.label, s.scenario, s.games, 1);
  const all = await measure(s.label, s.scenario, s.games, cores);
  scaling.push({ label: s.label, oneWorker: one.gamesPerSecond, allCores: all.gamesPerSecond, ratio: +(all.gamesPerSecond / one.gamesPerSecond).toFixed(2) });
}

const policyRatios = ratios.map((r) => {
  const slow = scaling.find((s) => s.label === r.slow).oneWorker;
  const fast = scaling.find((s) => s.label === r.fast).oneWorker;
  return { label: r.label, ratio: +(fast / slow).toFixed(1), bound: r.bound };
});

const seedNs = rngDerivationCost();
const gameNs = 1e9 / scaling[0].oneWorker;

let memory = null;
if (!quick) {
  const games = 10_000_000;
  const row = await measure('worms random 2p, memory run', 'scenarios/worms/random-2p.yaml', games, cores);
  memory = { games, workers: cores, gamesPerSecond: row.gamesPerSecond, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) };
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
  const t0 = Date.now();
  const row = await measure('worms random 2p, 100M run', 'scenarios/worms/random-2p.yaml', games, cores);
  hundred = { measured: new Date().toISOString(), games, workers: cores, seconds: (Date.now() - t0) / 1000, gamesPerSecond: row.gamesPerSecond, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) };
}

console.log('\ngame                      1 worker games/s   %d workers games/s   ratio', cores);
for (const s of scaling) console.log(`${s.label.padEnd(26)}${s.oneWorker.toLocaleString('en-US').padStart(16)}${s.allCores.toLocaleString('en-US').padStart(21)}${s.ratio.toFixed(2).padStart(8)}x`);
for (const r of policyRatios) console.log(`${r.label}: ${r.ratio}x slower (bound ${r.bound}x)`);
console.log(`\nderiving one game's random stream: ${seedNs.toFixed(0)} ns (${((100 * seedNs) / gameNs).toFixed(2)}% of a 2-player random Worms game)`);
if (memory) console.log(`10,000,000 games of 2-player random Worms on ${memory.workers} workers: ${memory.gamesPerSecond.toLocaleString('en-US')} games/s, peak memory ${memory.peakRssMB} MB (whole process, all threads)`);
if (hundred) console.log(`100,000,000 games of 2-player random Worms on ${hundred.workers} workers: ${(hundred.seconds / 60).toFixed(1)} minutes, peak memory ${hundred.peakRssMB} MB (measured ${hundred.measured.slice(0, 10)})`);
console.log('\ntargets (one worker): worms random 2p >= 100,000 games/s, squirmish classic greedy >= 5,000, squish simple random >= 20,000, squall duel brawlers >= 10,000; >= 1.8x on two workers, 10M and 100M games < 500 MB, 100M games < 15 minutes');

writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cores, rows, scaling, policyRatios, rngDerivationNs: +seedNs.toFixed(1), memory, hundred }, null, 2)}\n`);
