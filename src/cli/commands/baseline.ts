/** `squabble baseline <scenario...> --out baselines/`: run each scenario and store its headline metrics. */
import type { Command } from 'commander';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runPlan } from '../../runner/pool.js';
import { writeJson } from '../../runner/results.js';
import { summarise } from '../../sim/stats/summary.js';
import { baselineOf } from '../../analysis/gate.js';
import { encodeGameRecords } from '../../analysis/game-records.js';
import { gameOf } from '../../registry.js';
import { VERSION } from '../../version.js';
import type { CliIO } from '../io.js';
import { parseCount } from '../io.js';
import { planFrom, searchWarning, workersFrom } from '../plan.js';

/** A check replays this many games at most per scenario (or fewer, if the scenario asks for fewer). */
export const DEFAULT_GATE_GAMES = 20_000;

export const baselineFile = (dir: string, name: string, variant: string | null) => join(dir, `${variant ? `${name}-${variant}` : name}.json`);

export function registerBaseline(program: Command, io: CliIO): void {
  program
    .command('baseline')
    .description('run scenarios and store their headline metrics as baselines for `squabble check`')
    .argument('<scenario...>', 'scenario files')
    .requiredOption('--out <dir>', 'directory for the baseline files (commit it)')
    .option('--games <n>', `games per scenario (default: the scenario's, at most ${DEFAULT_GATE_GAMES.toLocaleString('en-US')})`)
    .option('--workers <n>', 'worker threads')
    .action(async (files: string[], options: { out: string; games?: string; workers?: string }) => {
      const workers = workersFrom(options.workers);
      // Every scenario is loaded before anything is played or written: a mistake in the last
      // file must not leave a half-made baselines folder.
      const plans = files.map((file) => {
        const scenario = planFrom(file, {}, 'baseline');
        const games = options.games !== undefined ? parseCount(options.games, '--games', 1, 10_000_000_000) : Math.min(scenario.games, DEFAULT_GATE_GAMES);
        // Each game's outcome is kept so `check` can test game by game (the paired test).
        return { ...planFrom(file, { games: String(games) }, 'baseline'), recordGames: true };
      });
      for (const plan of plans) {
        const slow = searchWarning([plan], plan.games, 'cells', 'Lower --games or the iterations.');
        if (slow) io.err(`${plan.file}: ${slow}`);
      }
      mkdirSync(options.out, { recursive: true });
      for (const plan of plans) {
        const games = plan.games;
        const acc = await runPlan(plan, { workers });
        const baseline = baselineOf(plan, summarise(gameOf(plan.game), plan, acc), VERSION, encodeGameRecords(acc.gameRecordData()));
        const path = baselineFile(options.out, plan.name, plan.variant);
        writeJson(options.out, path.slice(options.out.length + 1), baseline);
        io.err(`${path}: ${baseline.metrics.length} metrics from ${games.toLocaleString('en-US')} games\n`);
      }
    });
}
