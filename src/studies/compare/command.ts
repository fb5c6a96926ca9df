/**
 * `squabble compare <scenario> --variant A --variant B`: play the same games (same seeds) under
 * both variants and report the paired difference B − A of every headline metric with its 95%
 * interval, and how many times fewer games pairing needed than two independent samples.
 * `base` names the scenario's rules without a variant; `PATH=VALUE` the base with one field or
 * stat changed (`cards.Mudgrub.hp=7`). Writes compare.json, compare.md and a chart of the
 * differences (charts/compare-differences). A scenario with `compareLevels` also gets every
 * difference under each level (every seat at the level) beside the ceiling (the first level on
 * another seed): src/studies/kit/level-runs.ts, src/studies/compare/difference-sheets.ts.
 */
import { watchCost } from '../kit/cost-warning.js';
import type { Command } from 'commander';
import { join } from 'node:path';
import { checkOutPath, makeOutDir, defaultOut } from '../../runner/outdir.js';
import { runPaired } from './play.js';
import { pairedQuantities, pairedRows, type PairedRow } from './paired.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { gameOf, registry } from '../../registry.js';
import { textTable, markdownTable } from '../../report/format.js';
import { compareChart } from './charts.js';
import { changedSubjects, pairedChanges, whatChanged, type RowChange } from '../../analysis/what-changed.js';
import { differenceSheets, DIFFERENCE_VERDICT } from './difference-sheets.js';
import { compareUnderLevels, samePlay } from '../kit/level-runs.js';
import { levelsText, levelsMarkdown } from '../../report/levels-report.js';
import type { BalanceSheet, LevelRatings } from '../../sim/stats/summary.js';
import type { AnyGameModule } from '../../sim/types.js';
import { whatChangedLines } from '../../report/what-changed-report.js';
import { saveCharts } from '../../report/chart-files.js';
import { CliError, type CliIO } from '../kit/io.js';
import { parse as parseYaml } from 'yaml';
import { buildPlan, levelPlan, readScenarioData, setScenarioPath } from '../../sim/scenario/load.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import type { Plan } from '../../sim/scenario/types.js';
import { Progress } from '../kit/progress.js';
import { planFrom, refuseSweep, searchWarning, overridesOf } from '../kit/plan.js';
import { addPlayOptions, playArgs, type PlanChoice, type PlayFlags } from '../kit/options.js';
import { compareQuality, qualityCells, qualityNote, QUALITY_HEADER, type CompareQuality } from './quality.js';
import { identicalGames, noEffectLine } from './no-effect.js';
import { differenceText, ruleDifferences } from '../../analysis/rule-diff.js';
import { warningsForPlans } from '../kit/ladder-verdict.js';

interface CompareOptions extends Omit<PlayFlags, 'variant'> {
  variant: string[];
  all?: boolean;
  quiet?: boolean;
}

const HEADER = ['metric', 'A', 'B', 'B − A [95% interval]', 'paired se', 'unpaired se', 'games saved'];

function fmt(r: PairedRow, x: number): string {
  return r.kind === 'proportion' ? `${(x * 100).toFixed(2)}%` : x.toFixed(3);
}
function signed(r: PairedRow, x: number): string {
  const t = r.kind === 'proportion' ? (x * 100).toFixed(2) : x.toFixed(3);
  return x >= 0 ? `+${t}` : t;
}
function cells(r: PairedRow): string[] {
  const unit = r.kind === 'proportion' ? ' pts' : '';
  const se = (x: number) => (r.kind === 'proportion' ? `${(x * 100).toFixed(3)} pts` : x.toFixed(4));
  const saved = r.gamesSaved === null ? '-' : Number.isFinite(r.gamesSaved) ? `${r.gamesSaved.toFixed(1)}x` : 'all (no variance)';
  return [r.name, fmt(r, r.a), fmt(r, r.b), `${signed(r, r.difference)}${unit} [${signed(r, r.interval[0])}, ${signed(r, r.interval[1])}]`, se(r.pairedSe), se(r.unpairedSe), saved];
}

/** A file-name-safe form of a variant name or assignment (cards.Swamp Hulk.hp=7 -> cards.Swamp-Hulk.hp-7). */
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]+/g, '-');
}

/**
 * The base scenario with one field set: `PATH=VALUE`, where PATH is any sweep path (rules.X,
 * seats[i].params.Y, or a stat path such as cards.Mudgrub.hp) and VALUE is read as YAML (7, true, "heal 2").
 */
export function assignmentPlan(file: string, assignment: string, options: PlanChoice): Plan {
  const at = assignment.indexOf('=');
  const path = assignment.slice(0, at).trim();
  const text = assignment.slice(at + 1).trim();
  if (path === '' || text === '') throw new CliError(`--variant: expected a variant name, base, or PATH=VALUE (e.g. cards.Mudgrub.hp=7), found ${JSON.stringify(assignment)}`);
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch {
    value = text;
  }
  try {
    const data = readScenarioData(file).data as Record<string, unknown>;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return planFrom(file, options, 'compare'); // the loader says what is wrong
    refuseSweep(data, file, 'compare');
    setScenarioPath(data, path, value, registry);
    return buildPlan(data, file, registry, overridesOf(options));
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(`--variant ${assignment}: ${e.message}`);
    throw e;
  }
}

/** One paired comparison: the headline rows, every table row's change, and both as rated rows for levels. */
interface Comparison {
  rows: PairedRow[];
  changes: RowChange[];
  sheets: BalanceSheet[];
  /** The game-quality figures side by side (null for a game without a standing). */
  quality: CompareQuality | null;
  /** Every recorded figure was equal in every paired game (no-effect.ts). */
  identical: boolean;
}

function comparison(game: AnyGameModule, a: Plan, b: Plan, paired: Awaited<ReturnType<typeof runPaired>>): Comparison {
  const rows = pairedRows(pairedQuantities(game, a), paired.acc);
  const changes = pairedChanges(paired.pairs, paired.rowSums, paired.acc.games);
  const quality = compareQuality(game, a, b, paired.quality);
  const identical = identicalGames(paired.acc, paired.rowSums, quality?.leadChangeSquares ?? 0);
  return { rows, changes, sheets: differenceSheets(rows, paired.acc, changes), quality, identical };
}

/**
 * How many paired runs the scenario's compareLevels add (each level not already the comparison
 * itself, and the ceiling). Refuses variants that differ only in their seats: every level
 * replaces the seats, so under a level both would play the same games.
 */
function levelRunCount(file: string, a: Plan, b: Plan, nameA: string, nameB: string): number {
  let runs = 1;
  for (const level of a.compareLevels!) {
    const [la, lb] = [levelPlan(a, level), levelPlan(b, level)];
    if (a.scenarioHash !== b.scenarioHash && la.scenarioHash === lb.scenarioHash)
      throw new CliError(`${file}: compareLevels: ${nameA} and ${nameB} differ only in their seats, which every level replaces (all seats play the level), so under ${level.level} they would play the same games; compare rule or stat variants under levels, or leave compareLevels out`);
    if (!(samePlay(a, la) && samePlay(b, lb))) runs++;
  }
  return runs;
}

export function registerCompare(program: Command, io: CliIO): void {
  const command = program
    .command('compare')
    .description('play the same games under two variants and report paired differences with intervals')
    .argument('<scenario>', 'scenario file')
    .requiredOption(
      '--variant <name>',
      'a variant of the scenario, "base" for its rules as written, or PATH=VALUE: the base with one field or stat changed, e.g. cards.Mudgrub.hp=7 or rules.victoryTarget=4 (give two)',
      (v: string, all: string[] = []) => [...all, v],
    );
  addPlayOptions(command, ['games', 'seed', 'workers', 'out'], { games: 'games per variant (overrides the scenario)', out: 'where to write compare.json and compare.md (default results/<name>-<A>-vs-<B>)' })
    .option('--all', "also show the game's own counters, and with compareLevels every row under the levels (not only the marked ones)")
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, options: CompareOptions) => {
      if (options.variant.length !== 2) throw new CliError(`compare: give exactly two --variant options (a variant name or "base"), found ${options.variant.length}`);
      const [nameA, nameB] = options.variant as [string, string];
      const { variant: _variants, ...flags } = options;
      const { workers, out: outOption, ...scenarioOptions } = playArgs(flags);
      const planOf = (variant: string) => (variant.includes('=') ? assignmentPlan(file, variant, scenarioOptions) : planFrom(file, { ...scenarioOptions, ...(variant === 'base' ? {} : { variant }) }, 'compare'));
      const a = planOf(nameA);
      const b = planOf(nameB);
      // The folder, given or the default, is checked before a game is played.
      const out = outOption ?? defaultOut(`${a.name}-${safeName(nameA)}-vs-${safeName(nameB)}`);
      checkOutPath(out, ['compare.json', 'compare.md', 'charts']);
      const game = gameOf(a.game);
      // Checked before anything is played: how many paired runs the levels add.
      const levelRuns = a.compareLevels ? levelRunCount(file, a, b, nameA, nameB) : 0;
      const slow = searchWarning([a, b], a.games, 'variants', 'Lower --games or the iterations.');
      if (slow) io.err(slow);
      let progress = new Progress(io, a.games, !options.quiet);
      if (!options.quiet) io.err(`${a.name}: ${a.games.toLocaleString('en-US')} paired games of ${game.title}, ${nameA} vs ${nameB}, seed ${a.seed}\n`);
      const t0 = Date.now();
      // Slow scenarios warn from their first pairs, as `run` does, for the whole study (the level runs too).
      const cost = watchCost(a.games * (1 + levelRuns), workers, (line) => !options.quiet && progress.note(line));
      const play = async (x: Plan, y: Plan) => {
        try {
          return comparison(game, x, y, await runPaired(x, y, { workers, finished: cost.finished, onProgress: (d) => (progress.update(d), cost.check()) }));
        } finally {
          progress.finish();
        }
      };
      let own: Comparison;
      let levels: LevelRatings | undefined;
      try {
        own = await play(a, b);
        // The same comparison with every seat at each of the scenario's compareLevels (docs/skill-ladder.md).
        levels = a.compareLevels
          ? await compareUnderLevels(
              a,
              a.compareLevels,
              async (runA, what, level) => {
                const runB = levelPlan(b, level, runA.seed);
                if (samePlay(a, runA) && samePlay(b, runB)) {
                  if (!options.quiet) io.err(`${what}: the comparison's own ${a.games.toLocaleString('en-US')} paired games (the same seats and seed)\n`);
                  return { sheets: own.sheets, reused: true };
                }
                if (!options.quiet) io.err(`${what}: ${runA.games.toLocaleString('en-US')} paired games, ${nameA} vs ${nameB}, every seat ${runA.labels[0]}, seats rotating, seed ${JSON.stringify(runA.seed)}\n`);
                progress = new Progress(io, runA.games, !options.quiet);
                return { sheets: (await play(runA, runB)).sheets, reused: false };
              },
              DIFFERENCE_VERDICT,
            )
          : undefined;
      } finally {
        cost.stop();
      }
      if (levels && !options.quiet) io.err(`compareLevels: ${levelRuns} level runs played; ${((Date.now() - t0) / 1000).toFixed(2)} s in all\n`);
      const { rows } = own;
      const changes = whatChanged(own.changes, changedSubjects(game, a.rules, b.rules, a.players));
      const headline = rows.filter((r, i) => options.all || i < a.players + 5);
      const title = `${a.name}: ${nameA} (A) vs ${nameB} (B), ${a.games.toLocaleString('en-US')} paired games, seed ${a.seed}`;
      const note =
        'Both variants play every game from the same seed; intervals come from the per-game differences. ' +
        '"games saved": how many times more games two independent samples would need for the same interval width.';
      // Two variants that played the same games get one line, not a table of zeros (no-effect.ts).
      const noEffect = own.identical ? noEffectLine(game, a, b, nameA, nameB) : null;
      const ruleLine = `Rules of B against A: ${ruleDifferences(game, a.rules, b.rules).map(differenceText).join('; ') || 'the same (the seats differ)'}.`;
      const changedText = whatChangedLines(changes, textTable, (t) => `${t}:`).join('\n\n');
      const quality = own.quality;
      const qualityText = quality ? `\n\n${textTable(QUALITY_HEADER, quality.rows.map(qualityCells))}\n\n${qualityNote(quality)}` : '';
      // The terminal lists the rows whose verdict changes with the level (--all: every row); compare.md lists every row.
      const levelsBlock = levels ? `${levelsText(levels, textTable, options.all ?? false, '--all shows every row; compare.md has them all').join('\n')}\n` : '';
      const botWarnings = warningsForPlans([{ label: nameA, plan: a }, { label: nameB, plan: b }], outOption ? [outOption] : []);
      const warned = botWarnings.length ? `${botWarnings.join('\n')}\n\n` : '';
      io.out(
        noEffect
          ? `${title}\n\n${warned}${noEffect}\n${levelsBlock}`
          : `${title}\n\n${warned}${ruleLine}\n\n${changedText ? `${changedText}\n\nHeadline figures:\n\n` : ''}${textTable(HEADER, headline.map(cells))}\n\n${note}${qualityText}\n${levelsBlock}`,
      );
      makeOutDir(out);
      writeJson(out, 'compare.json', {
        format: 'squabble-compare/1',
        scenario: file,
        scenarioHashes: { A: a.scenarioHash, B: b.scenarioHash },
        variants: { A: nameA, B: nameB },
        seed: a.seed,
        games: a.games,
        wallSeconds: (Date.now() - t0) / 1000,
        identicalGames: own.identical,
        ...(noEffect ? { noEffect } : {}),
        ruleDifferences: ruleDifferences(game, a.rules, b.rules),
        rows,
        whatChanged: changes,
        ...(quality ? { quality } : {}),
        ...(levels ? { levels } : {}),
        ...(botWarnings.length ? { botWarnings } : {}),
      });
      const changedMd = whatChangedLines(changes, markdownTable, (t) => `## ${t}`).join('\n\n');
      const qualityMd = quality ? `\n\n## Game quality\n\n${markdownTable(QUALITY_HEADER, quality.rows.map(qualityCells))}\n\n${qualityNote(quality)}` : '';
      const body = noEffect
        ? `${noEffect}\n`
        : `${ruleLine}\n\n${changedMd ? `${changedMd}\n\n## Headline figures\n\n` : ''}${markdownTable(HEADER, rows.map(cells))}\n\n${note}${qualityMd}\n`;
      writeAtomic(join(out, 'compare.md'), `# ${title}\n\n${botWarnings.map((w) => `> **${w}**\n\n`).join('')}${body}${levels ? `${levelsMarkdown(levels, markdownTable).join('\n')}\n` : ''}`);
      // The chart shows the headline metrics (with --all, the game's counters too).
      await saveCharts(join(out, 'charts'), [{ id: 'compare-differences', spec: compareChart(`${a.name}: ${nameB} against ${nameA}`, nameA, nameB, headline) }]);
      if (!options.quiet) io.err(`wrote ${out}/compare.json, compare.md and charts/compare-differences (.vl.json, .svg, .png)\n`);
    });
}
