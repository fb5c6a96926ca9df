// The cost of each named skill level (npm run bench:levels): games/s of every level of every
// game playing itself (every seat that level) on one worker, on the game's skill-ladder scenario
// (its rules and player count). Each figure is measured in a process of its own
// (bench/measure.mjs), BENCH_REPEAT times (default 3), and the best sample is kept, as in
// bench/run.mjs: the host's load only ever slows a run down. Game counts are fixed per level so a
// figure takes a few seconds; they include about half a second of start-up, which matters only
// for the slowest levels. BENCH_ONLY=text measures only the games whose id contains text.
// Prints a table; writes nothing (docs/skill-ladder.md quotes the figures with their date).
import { execFileSync } from 'node:child_process';
import { registry } from '../dist/registry.js';

const only = process.env.BENCH_ONLY ?? '';
const repeats = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));

// Games per measurement, by game and level: a few seconds each on a quiet machine.
const gamesPerRun = {
  worms: { random: 200_000, novice: 40_000, skilled: 25_000, expert: 500 },
  squirmish: { random: 2_000, novice: 1_000, skilled: 700, expert: 500 },
  squish: { random: 20_000, novice: 1_500, skilled: 1_000, expert: 150 },
  squall: { random: 4_000, novice: 2_000, skilled: 1_500, expert: 1_000 },
};

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));
const rows = [];
for (const [id, game] of Object.entries(registry.games)) {
  if (!id.includes(only) || !game.levels) continue;
  for (const level of game.levels) {
    const games = gamesPerRun[id]?.[level.name];
    if (!games) throw new Error(`bench/levels.mjs: no game count for ${id} level ${level.name}; add one to gamesPerRun`);
    let best = null;
    for (let r = 0; r < repeats; r++) {
      const out = execFileSync(process.execPath, ['bench/measure.mjs', `scenarios/${id}/skill-ladder.yaml`, String(games), '1', level.name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      const row = JSON.parse(out.trim().split('\n').pop());
      console.error(`  ${id} ${level.name}: ${games.toLocaleString('en-US')} games, ${fmt(row.seconds > 0 ? games / row.seconds : 0)} games/s`);
      if (!best || row.seconds < best.seconds) best = row;
    }
    rows.push({ game: id, level: level.name, games, gamesPerSecond: games / best.seconds });
  }
}
if (rows.length === 0) throw new Error(`BENCH_ONLY=${only} matches no game with levels`);
console.log(`\ngames/s of each level playing itself, one worker, best of ${repeats} (the game's skill-ladder scenario)`);
console.log(`${'game'.padEnd(11)}${'level'.padEnd(9)}${'games'.padStart(8)}${'games/s'.padStart(10)}`);
for (const r of rows) console.log(`${r.game.padEnd(11)}${r.level.padEnd(9)}${r.games.toLocaleString('en-US').padStart(8)}${fmt(r.gamesPerSecond).padStart(10)}`);
