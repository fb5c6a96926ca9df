// The balance gate under an RNG-stream-only change (docs/balance-gate.md, "Measured").
//
// A harmless refactor that draws one more random number per game changes every game's stream
// but not the game's odds. This script makes exactly that change (each game's generator is
// advanced by one draw after seeding), checks every chosen scenario against its unchanged run
// with the same seed and game count, and counts the trials in which the gate raised any alarm:
//  - suite: the gate as shipped (paired tests where possible, Holm over all metrics of all scenarios);
//  - per scenario: the old gate (unpaired tests, Holm within each scenario separately).
// Runs in this thread (--workers 0), so the patched generator is the one that plays.
//
//   npm run build && node scripts/gate-experiment.mjs [--games N] [--trials T] [--alpha A] [scenario.yaml ...]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadScenario } from '../dist/sim/scenario/load.js';
import { registry, gameOf } from '../dist/registry.js';
import { runPlan } from '../dist/runner/pool.js';
import { summarise } from '../dist/sim/stats/summary.js';
import { Rng } from '../dist/sim/rng.js';
import { headlineMetrics, testMetrics, decideSuite, DEFAULT_GATE } from '../dist/studies/gate/analysis.js';
import { gameValues } from '../dist/studies/gate/game-records.js';
import { wilson } from '../dist/sim/stats/intervals.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  args.splice(i, 2);
  if (!(value > 0)) throw new Error(`${name}: expected a positive number`);
  return value;
};
const games = option('--games', 1000);
const trials = option('--trials', 20);
const gate = { ...DEFAULT_GATE, alpha: option('--alpha', DEFAULT_GATE.alpha) };
const files = args.length ? args : ['worms', 'squish', 'squall', 'squirmish'].flatMap((g) => readdirSync(join('scenarios', g)).filter((f) => f.endsWith('.yaml')).map((f) => join('scenarios', g, f)));

const seedGame = Rng.prototype.seedGame;
const oneMoreDraw = function (...a) {
  seedGame.apply(this, a);
  this.next();
};

async function play(file, seed, patched) {
  const plan = { ...loadScenario(file, registry, { games, seed }), recordGames: true };
  Rng.prototype.seedGame = patched ? oneMoreDraw : seedGame;
  try {
    const acc = await runPlan(plan, { workers: 0 });
    return { metrics: headlineMetrics(summarise(gameOf(plan.game), plan, acc)), values: gameValues(Float64Array.from(acc.gameRecordData()), plan.players) };
  } finally {
    Rng.prototype.seedGame = seedGame;
  }
}

// A row seen in one run only ('new', 'gone') is no alarm; a significant change is, within tolerance or not.
const significant = (c) => c.verdict === 'DRIFT' || c.verdict === 'moved within tolerance';
const t0 = Date.now();
let suiteAlarms = 0;
let suiteDrifts = 0;
let oldAlarms = 0;
let oldDrifts = 0;
let metrics = 0;
const alarmsByMetric = new Map();
for (let t = 0; t < trials; t++) {
  const seed = `gate-experiment-${t}`;
  const paired = [];
  const unpaired = [];
  for (const file of files) {
    const base = await play(file, seed, false);
    const now = await play(file, seed, true);
    paired.push({ baseline: base.metrics, now: now.metrics, tests: testMetrics(base.metrics, now.metrics, { base: base.values, now: now.values }) });
    unpaired.push({ baseline: base.metrics, now: now.metrics, tests: testMetrics(base.metrics, now.metrics) });
  }
  metrics = paired.reduce((s, p) => s + p.tests.length, 0);
  const suite = decideSuite(paired, gate);
  const alarm = suite.some((r) => r.comparisons.some(significant));
  suite.forEach((r, k) => r.comparisons.filter(significant).forEach((c) => alarmsByMetric.set(`${files[k]}: ${c.id}`, (alarmsByMetric.get(`${files[k]}: ${c.id}`) ?? 0) + 1)));
  const old = unpaired.map((sc) => decideSuite([sc], gate)[0]);
  suiteAlarms += alarm ? 1 : 0;
  suiteDrifts += suite.some((r) => r.drift) ? 1 : 0;
  oldAlarms += old.some((r) => r.comparisons.some(significant)) ? 1 : 0;
  oldDrifts += old.some((r) => r.drift) ? 1 : 0;
  process.stderr.write(`trial ${t + 1}/${trials}: suite ${alarm ? 'ALARM' : 'quiet'}, per scenario ${old.some((r) => r.comparisons.some(significant)) ? 'ALARM' : 'quiet'} (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
}
// Each rate with its 95% Wilson interval: the trials are independent (different seeds).
const pct = (k) => {
  const [lo, hi] = wilson(k, trials);
  return `${k} of ${trials} (${((100 * k) / trials).toFixed(1)}%, 95% ${(100 * lo).toFixed(1)}-${(100 * hi).toFixed(1)}%)`;
};
console.log(`RNG-stream-only change: ${files.length} scenarios, ${metrics} metrics, ${games.toLocaleString('en-US')} games each per arm, ${trials} trials, alpha ${gate.alpha}`);
console.log(`  gate as shipped (paired where possible, Holm over the suite): any significant change in ${pct(suiteAlarms)}; DRIFT (red CI) in ${pct(suiteDrifts)}`);
console.log(`  old gate (unpaired, Holm per scenario):                        any significant change in ${pct(oldAlarms)}; DRIFT (red CI) in ${pct(oldDrifts)}`);
for (const [id, k] of alarmsByMetric) console.log(`  suite alarm: ${id} (${k})`);
console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s`);
