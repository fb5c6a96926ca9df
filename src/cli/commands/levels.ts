/**
 * `squabble levels <scenario> --levels A,B`: the scenario's card / character / matchup tables
 * under two or more skill levels (every seat plays the level, seats rotating), so a designer
 * sees which ratings are about the game and which about the bot. For each table rate: every
 * row under every level, Spearman rank agreement between each level and the first with a 95%
 * interval, beside the same level's agreement with itself on another seed (the ceiling noise
 * allows), and a mark on rows whose verdict (above, within or below the table's overall rate,
 * by the row's 95% interval) changes with the level.
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { buildPlan, readScenarioData } from '../../sim/scenario/load.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import { summarise, type Summary } from '../../sim/stats/summary.js';
import { wilson } from '../../sim/stats/intervals.js';
import { spearman, type RankAgreement } from '../../analysis/rank-agreement.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { textTable, markdownTable } from '../../report/format.js';
import { CliError, type CliIO } from '../io.js';
import { refuseSweep, overridesOf } from '../plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../options.js';
import { checkOutPath, makeOutDir } from '../../runner/outdir.js';

interface LevelsOptions extends PlayFlags {
  levels: string;
  quiet?: boolean;
}

type Verdict = 'above' | 'within' | 'below';

interface RateRows {
  table: string;
  rate: string;
  rows: { row: string; byLevel: { rate: number; interval: [number, number]; of: number; verdict: Verdict }[]; dependsOnBot: boolean }[];
  agreement: (RankAgreement & { level: string })[];
  ceiling: RankAgreement;
  /** Rows whose verdict changes between the first level's two seeds: what noise alone does. */
  ceilingChanges: number;
}


const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const rho = (a: RankAgreement) => `${a.rho.toFixed(2)} [${a.interval[0].toFixed(2)}, ${a.interval[1].toFixed(2)}]`;

export function registerLevels(program: Command, io: CliIO): void {
  const command = program
    .command('levels')
    .description("the scenario's card, character and matchup tables under several skill levels: rank agreement and rows whose verdict depends on the bot")
    .argument('<scenario>', 'scenario whose rules and game count are used (its seats are replaced by each level in turn)')
    .requiredOption('--levels <names>', 'two or more of the game\u2019s skill levels, comma-separated (the first is the reference)');
  addPlayOptions(command, ['games', 'seed', 'workers', 'out'], { games: 'games per level (default: the scenario\u2019s)', out: 'where to write levels.json and levels.md (default results/<name>-levels)' })
    .option('--quiet', 'no progress on stderr');
  command.action(async (file: string, options: LevelsOptions) => {
      const say = (t: string) => void (options.quiet ? undefined : io.err(t));
      const levels = options.levels.split(',').map((l) => l.trim()).filter((l) => l !== '');
      if (levels.length < 2) throw new CliError(`--levels: expected two or more level names separated by commas, found ${JSON.stringify(options.levels)}`);
      const args = playArgs(options, { minGames: 2 });
      if (args.out !== undefined) checkOutPath(args.out);
      // The seed is written into each level's scenario (the ceiling runs on another seed), so only the game count overrides.
      const overrides = overridesOf(args.games !== undefined ? { games: args.games } : {});
      let plans;
      let ceilingPlan;
      try {
        const data = readScenarioData(file).data as Record<string, unknown>;
        refuseSweep(data, file, 'levels');
        const probe = buildPlan(data, file, registry, overridesOf(args));
        const { entrants: _listed, ...scenario } = data;
        const planFor = (level: string, seed: number | string) =>
          buildPlan({ ...scenario, players: probe.players, seats: [{ level }], seating: 'rotate', seed }, file, registry, overrides);
        plans = levels.map((level) => planFor(level, probe.seed));
        // The ceiling: the first level against itself on another seed.
        ceilingPlan = planFor(levels[0]!, `${String(probe.seed)}-again`);
      } catch (e) {
        if (e instanceof ScenarioError) throw new CliError(e.message.replace(/seats\[0\]\.level/, '--levels'));
        throw e;
      }
      const game = gameOf(plans[0]!.game);
      if (!game.metrics.tables) throw new CliError(`levels: ${game.id} has no card, character or matchup tables to compare`);
      const { workers } = args;
      const summaries: Summary[] = [];
      for (const [i, plan] of [...plans, ceilingPlan].entries()) {
        say(`${i < levels.length ? levels[i] : `${levels[0]} (seed ${JSON.stringify(ceilingPlan.seed)})`}: ${plan.games.toLocaleString('en-US')} games\n`);
        summaries.push(summarise(game, plan, await runPlan(plan, { workers })));
      }
      const ceilingSummary = summaries.pop()!;
      const results = compareTables(levels, summaries, ceilingSummary);
      const lines = [`${plans[0]!.name}: tables under the levels ${levels.join(', ')} (every seat the level, seats rotating), ${plans[0]!.games.toLocaleString('en-US')} games each`];
      const md = [`# ${lines[0]}`];
      for (const r of results) {
        const head = `${r.table} ${r.rate}: rank agreement with ${levels[0]} (Spearman, 95% interval): ${r.agreement.map((a) => `${a.level} ${rho(a)}`).join('; ')}; ${levels[0]} on another seed ${rho(r.ceiling)} (the ceiling). ${r.rows.filter((x) => x.dependsOnBot).length} of ${r.rows.length} rows change verdict with the level (*); ${r.ceilingChanges} change between the two seeds of ${levels[0]}.`;
        const header = ['row', ...levels.map((l) => `${l}`), ''];
        const body = r.rows.map((x) => [x.row, ...x.byLevel.map((b) => `${pct(b.rate)} [${pct(b.interval[0])}, ${pct(b.interval[1])}] ${b.verdict}`), x.dependsOnBot ? '*' : '']);
        lines.push('', head, textTable(header, body));
        md.push('', `## ${r.table}: ${r.rate}`, '', head, '', markdownTable(header, body));
      }
      io.out(`${lines.join('\n')}\n`);
      const out = args.out ?? join('results', `${plans[0]!.name}-levels`);
      makeOutDir(out);
      writeJson(out, 'levels.json', { format: 'squabble-levels/1', scenario: file, levels, gamesPerLevel: plans[0]!.games, seed: plans[0]!.seed, ceilingSeed: ceilingPlan.seed, tables: results });
      writeAtomic(join(out, 'levels.md'), `${md.join('\n')}\n`);
      say(`wrote ${out}/levels.json and levels.md\n`);
    });
}

/** Every rate of every table, per row and level, with rank agreement and verdict changes. */
export function compareTables(levels: readonly string[], summaries: readonly Summary[], ceiling: Summary): RateRows[] {
  const out: RateRows[] = [];
  const first = summaries[0]!.metrics.tables;
  for (const [table, spec] of Object.entries(first)) {
    for (const rate of spec.rates) {
      const wins = spec.columns.indexOf(rate.wins);
      const of = spec.columns.indexOf(rate.of);
      const cell = (s: Summary, row: string) => {
        const values = s.metrics.tables[table]!.rows[row]!;
        return { w: values[wins]!, n: values[of]! };
      };
      // Rows measured under every level (and the ceiling run).
      const rowNames = Object.keys(spec.rows).filter((row) => [...summaries, ceiling].every((s) => cell(s, row).n > 0));
      if (rowNames.length < 2) continue;
      const overall = summaries.map((s) => {
        let w = 0;
        let n = 0;
        for (const row of rowNames) {
          const c = cell(s, row);
          w += c.w;
          n += c.n;
        }
        return w / n;
      });
      const judge = (s: Summary, row: string, reference: number) => {
        const { w, n } = cell(s, row);
        const interval = wilson(w, n);
        const verdict: Verdict = interval[0] > reference ? 'above' : interval[1] < reference ? 'below' : 'within';
        return { rate: w / n, interval, of: n, verdict };
      };
      const ceilingOverall = rowNames.reduce((t, row) => t + cell(ceiling, row).w, 0) / rowNames.reduce((t, row) => t + cell(ceiling, row).n, 0);
      let ceilingChanges = 0;
      const rows = rowNames.map((row) => {
        const byLevel = summaries.map((s, l) => judge(s, row, overall[l]!));
        if (judge(ceiling, row, ceilingOverall).verdict !== byLevel[0]!.verdict) ceilingChanges++;
        return { row, byLevel, dependsOnBot: byLevel.some((b) => b.verdict !== byLevel[0]!.verdict) };
      });
      const ratesOf = (s: Summary) => rowNames.map((row) => cell(s, row).w / cell(s, row).n);
      const reference = ratesOf(summaries[0]!);
      out.push({
        table,
        rate: rate.name,
        rows,
        agreement: summaries.slice(1).map((s, k) => ({ level: levels[k + 1]!, ...spearman(reference, ratesOf(s)) })),
        ceiling: spearman(reference, ratesOf(ceiling)),
        ceilingChanges,
      });
    }
  }
  return out;
}
