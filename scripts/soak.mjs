// Soak (npm run soak): at least SOAK_GAMES (default 1,000,000) games per registered game, spread
// over its shipped scenarios, with every invariant checked after every move on all cores.
// Prints the games checked per game; exits 3 with the replay key on the first violation.
// `npm run soak -- worms squish` soaks only those games.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { games } from '../dist/games/index.js';
import { loadScenario } from '../dist/sim/scenario/load.js';
import { registry } from '../dist/registry.js';
import { runPlan } from '../dist/runner/pool.js';
import { GameFailure } from '../dist/sim/batch.js';

const perGame = Number(process.env.SOAK_GAMES ?? 1_000_000);
const workers = availableParallelism();
let total = 0;
const only = process.argv.slice(2);
for (const id of only.length ? only : Object.keys(games)) {
  if (!games[id]) throw new Error(`unknown game ${id}`);
  const dir = join('scenarios', id);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(dir, f)) : [];
  if (files.length === 0) throw new Error(`${id} ships no scenario to soak`);
  const each = Math.ceil(perGame / files.length);
  let checked = 0;
  const t0 = Date.now();
  for (const file of files) {
    const plan = loadScenario(file, registry, { games: each, seed: 'soak' });
    try {
      const acc = await runPlan(plan, { workers, checkInvariants: true });
      checked += acc.games;
    } catch (e) {
      if (!(e instanceof GameFailure)) throw e;
      console.error(`soak: ${file}: ${e.message}\nreplay: squabble replay ${file} --game ${e.key.gameIndex} --seed soak --check-invariants`);
      process.exit(3);
    }
  }
  total += checked;
  console.log(`${id}: ${checked.toLocaleString('en-US')} games checked over ${files.length} scenarios in ${((Date.now() - t0) / 1000).toFixed(1)} s, 0 violations`);
}
console.log(`soak: ${total.toLocaleString('en-US')} games checked, 0 violations`);
