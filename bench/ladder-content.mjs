// The skill ladder on generated content (issue 31; npm run bench:ladder): for each game, N
// contents drawn by the game's content generator (src/content/generate.ts: new Squall layouts
// and pairings, Squish! boards, Squirmish decklists in both editions, 2-4 players where the game
// allows), each consecutive step of the game's levels (read from the registry, so it measures
// whatever the levels are) played with seats rotating; per step, the share of contents where it
// holds (the higher level's score above 50% with its 95% Wilson interval) with that share's own
// 95% interval over contents, the mean score, and the draws and capped games (shown, never folded
// in: draws count half in a score, capped games are left out of it).
//
// Environment: LADDER_CONTENTS (contents per game, default 20), LADDER_GAMES (games per step and
// content, default 200), LADDER_SEED (default 1: the contents are drawn from it, and content k's
// games are played on seed "<LADDER_SEED>/k"), LADDER_WORKERS (default: one per core),
// BENCH_ONLY=text (games whose id contains text), LADDER_OUT (default bench/ladder-content.md). Prints progress on stderr, each content's
// ladder and the table on stdout, and writes the table with its sizes and seeds to LADDER_OUT
// (docs/skill-ladder.md shows it).
import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { CONTENT_GAMES } from '../dist/content/generate.js';
import { contentLadder, stepsOverContents } from '../dist/studies/ladder/contents.js';

const count = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}: expected a whole number of 1 or more, found ${JSON.stringify(v)}`);
  return n;
};
const contents = count('LADDER_CONTENTS', 20);
const games = count('LADDER_GAMES', 200);
const workers = process.env.LADDER_WORKERS === undefined ? availableParallelism() : count('LADDER_WORKERS', 1);
const seed = process.env.LADDER_SEED ?? 1;
const only = process.env.BENCH_ONLY ?? '';
const outFile = process.env.LADDER_OUT ?? 'bench/ladder-content.md';
const pct = (x) => `${(x * 100).toFixed(1)}%`;

const chosen = CONTENT_GAMES.filter((g) => g.includes(only));
if (chosen.length === 0) throw new Error(`BENCH_ONLY=${only} matches no game with a content generator (${CONTENT_GAMES.join(', ')})`);
const rows = [];
const t0 = Date.now();
for (const game of chosen) {
  const ladders = [];
  for (let k = 0; k < contents; k++) {
    const started = Date.now();
    // Each content's games on a seed of their own: a content drawn twice (Worms has three player
    // counts) is then two independent samples, not the same games again.
    const ladder = await contentLadder(game, seed, k, { games, seed: `${seed}/${k}`, workers });
    ladders.push(ladder);
    const steps = ladder.steps.map((s) => `${s.upper} ${pct(s.score)} [${pct(s.interval[0])}, ${pct(s.interval[1])}]${s.holds ? '' : ' NO'}${s.draws ? `, ${s.draws} draws` : ''}${s.capped ? `, ${s.capped} capped` : ''}`);
    console.log(`${game} #${k} ${ladder.content.label}: ${steps.join('; ')}`);
    console.error(`  ${game} content ${k + 1}/${contents}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const s of stepsOverContents(ladders)) rows.push({ game, ...s });
}
const header = '| game | step | contents where it holds | 95% interval (over contents) | mean score | lowest, highest | games | draws | capped |';
const lines = [
  `Generated contents: ${contents} per game (content seed ${JSON.stringify(seed)}, contents 0-${contents - 1}), ${games.toLocaleString('en-US')} games a step and content, seats rotating, content k's games on seed "${seed}/k"; ${workers} worker${workers === 1 ? '' : 's'}, ${((Date.now() - t0) / 1000).toFixed(0)} s in all (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
  '',
  header,
  '| --- | --- | ---: | --- | ---: | --- | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.game} | ${r.step} | ${r.holding} of ${r.contents} (${pct(r.share)}) | [${pct(r.shareInterval[0])}, ${pct(r.shareInterval[1])}] | ${pct(r.meanScore)} | ${pct(r.minScore)}, ${pct(r.maxScore)} | ${r.games.toLocaleString('en-US')} | ${r.draws.toLocaleString('en-US')} | ${r.capped.toLocaleString('en-US')} |`),
];
console.log(`\n${lines.join('\n')}`);
writeFileSync(outFile, `${lines.join('\n')}\n`);
console.error(`wrote ${outFile}`);
