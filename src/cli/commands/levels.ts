/**
 * `squabble levels <scenario> --levels A,B`: the scenario's card / character / matchup tables
 * under two or more skill levels (every seat plays the level, seats rotating), so a designer
 * sees which ratings are about the game and which about the bot. The same runs and comparison as
 * a scenario's `compareLevels` in `run` (src/studies/kit/level-runs.ts, src/analysis/level-ratings.ts),
 * without playing the scenario's own seats; writes levels.json and levels.md.
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { buildPlan, readScenarioData } from '../../sim/scenario/load.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { textTable, markdownTable } from '../../report/format.js';
import { levelsText, levelsMarkdown } from '../../report/levels-report.js';
import { CliError, type CliIO } from '../../studies/kit/io.js';
import { refuseSweep, overridesOf } from '../../studies/kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../../studies/kit/options.js';
import { checkOutPath, makeOutDir, defaultOut } from '../../runner/outdir.js';
import { rateUnderLevels } from '../../studies/kit/level-runs.js';

interface LevelsOptions extends PlayFlags {
  levels: string;
  quiet?: boolean;
}

export const LEVELS_FORMAT = 'squabble-levels/3';

export function registerLevels(program: Command, io: CliIO): void {
  const command = program
    .command('levels')
    .description("the scenario's card, character and matchup tables under several skill levels: agreement corrected for noise, reliability and the rows that depend on the bot")
    .argument('<scenario>', 'scenario whose rules and game count are used (its seats are replaced by each level in turn)')
    .requiredOption('--levels <names>', 'two or more of the game\u2019s skill levels, comma-separated (the first is the reference)');
  addPlayOptions(command, ['games', 'seed', 'workers', 'out'], { games: 'games per level (default: the scenario\u2019s)', out: 'where to write levels.json and levels.md (default results/<name>-levels)' })
    .option('--quiet', 'no progress on stderr');
  command.action(async (file: string, options: LevelsOptions) => {
      const say = (t: string) => void (options.quiet ? undefined : io.err(t));
      const levels = options.levels.split(',').map((l) => l.trim()).filter((l) => l !== '');
      if (levels.length < 2) throw new CliError(`--levels: expected two or more level names separated by commas, found ${JSON.stringify(options.levels)}`);
      const args = playArgs(options, { minGames: 2 });
      let plan;
      try {
        const data = readScenarioData(file).data as Record<string, unknown>;
        refuseSweep(data, file, 'levels');
        // The levels are checked as the scenario's compareLevels would be; errors name --levels.
        plan = buildPlan({ ...data, compareLevels: levels }, file, registry, overridesOf(args));
      } catch (e) {
        if (e instanceof ScenarioError) throw new CliError(e.message.replace(/compareLevels(\[\d+\])?/, '--levels'));
        throw e;
      }
      if (!gameOf(plan.game).metrics.tables) throw new CliError(`levels: ${plan.game} has no card, character or matchup tables to compare`);
      // The folder, given or the default, is checked before a game is played.
      const out = args.out ?? defaultOut(`${plan.name}-levels`);
      checkOutPath(out, ['levels.json', 'levels.md']);
      const ratings = await rateUnderLevels(plan, plan.compareLevels!, { workers: args.workers, io, quiet: options.quiet ?? false });
      const title = `${plan.name}: tables under the levels ${levels.join(', ')}`;
      io.out(`${[title, ...levelsText(ratings, textTable, true)].join('\n')}\n`);
      makeOutDir(out);
      writeJson(out, 'levels.json', { format: LEVELS_FORMAT, scenario: file, ...ratings });
      writeAtomic(join(out, 'levels.md'), `${[`# ${title}`, ...levelsMarkdown(ratings, markdownTable)].join('\n')}\n`);
      say(`wrote ${out}/levels.json and levels.md\n`);
    });
}
