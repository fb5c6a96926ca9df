// Rewrite the rendered report examples in docs/examples/<game>/ (npm run examples): each game's
// example scenario is run, and a few of its chart PNGs are copied for the README to show.
// Game counts are modest so the whole script takes a few minutes on two cores; the PNGs are
// small (well under 1.5 MB together). `node scripts/update-examples.mjs squish` redoes one game.
import { mkdtempSync, mkdirSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../dist/cli/main.js';

export const EXAMPLES = [
  { game: 'worms', args: ['scenarios/worms/random-2p.yaml', '--games', '100000'], charts: ['win-rate-by-seat', 'game-length', 'worms-win-rate-by-top-card'] },
  { game: 'worms', args: ['scenarios/worms/greedy-vs-builder.yaml'], charts: ['policy-matchups'] },
  { game: 'squirmish', args: ['scenarios/squirmish/classic-greedy.yaml', '--games', '5000'], charts: ['squirmish-damage-dealt-vs-taken', 'squirmish-ko-matrix'] },
  { game: 'squish', args: ['scenarios/squish/big-board.yaml', '--games', '10000'], charts: ['squish-squish-rate-by-start-square'] },
  { game: 'squish', args: ['scenarios/squish/advanced.yaml', '--games', '2000'], charts: ['squish-block-entries'] },
  { game: 'squish', args: ['scenarios/squish/simple-policies.yaml', '--games', '1000'], charts: ['policy-matchups'] },
  { game: 'squall', args: ['scenarios/squall/matchups-scattered.yaml', '--games', '10000'], charts: ['squall-matchups', 'rate-characters-winRate', 'squall-damage-melee-vs-range'] },
];

const io = { out: () => {}, err: (t) => process.stderr.write(t), interactive: false, columns: 80 };
const scratch = mkdtempSync(join(tmpdir(), 'squabble-examples-'));
const only = process.argv[2];
for (const [i, ex] of EXAMPLES.entries()) {
  if (only && ex.game !== only) continue;
  const out = join(scratch, String(i));
  const code = await runCli(['run', ...ex.args, '--out', out, '--quiet'], io);
  if (code !== 0) throw new Error(`example ${ex.args[0]} failed (exit ${code})`);
  const dir = join('docs', 'examples', ex.game);
  mkdirSync(dir, { recursive: true });
  for (const c of ex.charts) copyFileSync(join(out, 'charts', `${c}.png`), join(dir, `${c}.png`));
  process.stderr.write(`wrote ${dir}/ (${ex.charts.join(', ')})\n`);
}
rmSync(scratch, { recursive: true, force: true });
