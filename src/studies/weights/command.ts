/**
 * `squabble weights <scenario>`: for every card (Squirmish) or character (Squall) of the
 * scenario, the change in its controller's win rate per +1 HP and per +1 damage, from paired
 * runs (base plan and tweaked plan on the same seeds), with 95% intervals and Benjamini-Hochberg
 * flags; and each one's base controller win rate against fair, with the HP change that would
 * bring it there (linear). Method: src/studies/weights/analysis.ts and docs/analysis.md. Writes
 * weights.json, weights.md, weights.csv, fair.csv and charts/ (.vl.json, .svg, .png).
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { checkOutPath, makeOutDir, defaultOut } from '../../runner/outdir.js';
import * as aq from 'arquero';
import type { WeightStat } from '../../sim/types.js';
import { GameFailure } from '../../sim/batch.js';
import { nearest, found } from '../../sim/scenario/errors.js';
import { gameOf, registry } from '../../registry.js';
import { planWeights, runWeights, type WeightsStudy } from '../kit/stat-weights/play.js';
import { WorkerError, InterruptedError } from '../../runner/pool.js';
import { baseRate } from '../../analysis/paired-rates.js';
import { fairLineText, subjectsFairLine } from '../../analysis/fair-line.js';
import { weightRows, fairRows, rankWeights, rankFair, weightSheets, NOT_ESTIMABLE, type WeightRow, type FairRow } from './analysis.js';
import { levelsText, levelsMarkdown } from '../../report/levels-report.js';
import { compareUnderLevels, samePlay } from '../kit/level-runs.js';
import type { Plan } from '../../sim/scenario/types.js';
import { FDR_Q } from '../../analysis/rates.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { textTable, markdownTable } from '../../report/format.js';
import { tableToCsv } from '../../report/tables.js';
import { statWeightChart, furthestFromFairChart } from './charts.js';
import { saveCharts } from '../../report/chart-files.js';
import { CliError, EXIT, type CliIO } from '../kit/io.js';
import { Progress } from '../kit/progress.js';
import { planFrom } from '../kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../kit/options.js';
import { warningsFor } from '../kit/ladder-verdict.js';

interface WeightsOptions extends PlayFlags {
  stat: string;
  only: string[];
  quiet?: boolean;
}

const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}`;
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const ci = (i: readonly [number, number]) => `[${pts(i[0])}, ${pts(i[1])}]`;
const q = (x: number) => (x < 0.001 ? x.toExponential(1) : x.toFixed(3));

const WEIGHT_HEADER = ['', 'group', 'base rate', 'change, pts [95% interval]', 'q', 'flag', 'held', 'games changed', 'games saved'];
const FAIR_HEADER = ['', 'group', 'win rate [95% interval]', 'from fair, pts', 'q', 'flag', 'HP to fair (log scale)'];

function weightCells(r: WeightRow): string[] {
  const e = r.estimate;
  if (!e) return [r.subject, r.group, '-', `skipped: ${r.skipped}`, '-', '', '-', '-', '-'];
  return [
    r.subject,
    r.group,
    pct(e.rateA),
    `${pts(e.effect)} ${ci(e.interval)}`,
    q(r.qValue),
    r.flagged ? (e.effect > 0 ? 'stronger' : 'weaker') : '',
    `${e.exposureChange >= 0 ? '+' : ''}${(e.exposureChange * 100).toFixed(1)}%`,
    e.changed.toLocaleString('en-US'),
    r.gamesSaved === null ? '-' : `${r.gamesSaved.toFixed(1)}x`,
  ];
}

function hpCell(r: FairRow): string {
  if (!r.base) return '-';
  if (r.hpToFair === null || r.hpToFairRange === null) return r.hpToFairNote ?? NOT_ESTIMABLE;
  const v = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  return `${v(r.hpToFair)} [${v(r.hpToFairRange[0])}, ${v(r.hpToFairRange[1])}]`;
}

function fairCells(r: FairRow): string[] {
  if (!r.base) return [r.subject, r.group, 'never held', '-', '-', '', '-'];
  return [r.subject, r.group, `${pct(r.base.rate)} [${pct(r.base.interval[0])}, ${pct(r.base.interval[1])}]`, pts(r.deviation), q(r.qValue), r.flagged ? (r.deviation > 0 ? 'too strong' : 'too weak') : '', hpCell(r)];
}

function parseStats(text: string): WeightStat[] {
  if (text === 'both') return ['hp', 'damage'];
  if (text === 'hp' || text === 'damage') return [text];
  throw new CliError(`--stat: expected hp, damage or both, found ${JSON.stringify(text)}`);
}

export function registerWeights(program: Command, io: CliIO): void {
  const command = program
    .command('weights')
    .description("per card or character: change in its controller's win rate per +1 HP and +1 damage (paired runs), and distance from fair")
    .argument('<scenario>', 'a Squirmish or Squall scenario')
    .option('--stat <which>', 'hp, damage or both', 'both')
    .option('--only <names>', 'only these cards or characters (comma-separated; repeatable)', (v: string, all: string[] = []) => {
      const names = v.split(',').map((x) => x.trim()).filter((x) => x !== '');
      // An empty --only must not quietly mean "all of them".
      if (names.length === 0) throw new CliError(`--only: expected card or character names separated by commas, found ${JSON.stringify(v)}`);
      return [...all, ...names];
    }, []);
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers', 'out'], {
    games: 'paired games per tweak (each played under the base and the tweaked plan; default: the scenario\u2019s)',
    variant: "weigh the stats under one of the scenario's variants",
    out: 'where to write weights.json, weights.md, weights.csv, fair.csv and charts/ (default results/<name>-weights)',
  })
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, o: WeightsOptions) => {
      await weights(file, o, io);
    });
}

async function weights(file: string, o: WeightsOptions, io: CliIO): Promise<void> {
  const say = (t: string) => void (o.quiet ? undefined : io.err(t));
  const { workers, out: outOption, ...choice } = playArgs(o, { minGames: 2 });
  const stats = parseStats(o.stat);
  const base = planFrom(file, choice, 'weights');
  // The folder, given or the default, is checked before a game is played.
  const out = outOption ?? defaultOut(`${base.name}${base.variant ? `-${base.variant}` : ''}-weights`);
  checkOutPath(out, ['weights.json', 'weights.md', 'weights.csv', 'fair.csv', 'charts']);
  const game = gameOf(base.game);
  const spec = game.stats;
  const withStats = Object.values(registry.games).filter((g) => g.stats).map((g) => g.id);
  if (!spec) throw new CliError(`weights: ${file} is a ${game.title} scenario, which has no cards or characters to weigh; stat weights exist for ${withStats.join(' and ')} scenarios`);
  if (base.games < 2) throw new CliError('--games: weights need at least 2 games per tweak (intervals come from the spread between games)');
  const available = spec.subjects(base.rules, base.players).map((s) => s.name);
  let only: string[] | null = null;
  if (o.only.length > 0) {
    for (const name of o.only)
      if (!available.includes(name))
        throw new CliError(`--only: no ${spec.noun} ${found(name)} in ${file}; nearest: ${nearest(name, available).map((x) => found(x)).join(', ')}`);
    only = [...new Set(o.only)];
  }
  const { study, sums, rows, wallSeconds } = await weigh(base, stats, only, { workers, io, quiet: o.quiet ?? false, what: base.name });
  const live = study.tweaks.filter((t) => t.plan !== null).length;
  const weighed = new Set(study.tweaks.map((t) => t.subject)).size;
  const nouns = `${spec.noun}${weighed === 1 ? '' : 's'}`;
  // The same weights with every seat at each of the scenario's compareLevels (docs/skill-ladder.md).
  const levels = base.compareLevels
    ? await compareUnderLevels(
        base,
        base.compareLevels,
        async (run, what) => {
          if (samePlay(base, run)) return { sheets: weightSheets(rows, spec.noun), reused: true };
          return { sheets: weightSheets((await weigh(run, stats, only, { workers, io, quiet: o.quiet ?? false, what })).rows, spec.noun), reused: false };
        },
        "A weight's verdict is above (stronger) or below (weaker) when it is flagged at the false-discovery rate of 5%, within otherwise; rates are changes in the controller's win rate",
      )
    : undefined;
  const currentHp = (name: string) => Number(spec.read(base.rules, `${spec.namespace}.${name}.hp`));
  const fair = rankFair(fairRows(study.subjects.map((s, i) => ({ subject: s.name, group: s.group, base: baseRate(sums.base[i]!, 0, sums.games), hp: currentHp(s.name) })), rows, spec.hpLimits));
  const measured = rows.filter((r) => r.estimate !== null);
  const title = `${base.name}${base.variant ? ` (${base.variant})` : ''}: stat weights of ${weighed} ${nouns}, ${base.games.toLocaleString('en-US')} paired games per tweak, seed ${base.seed}`;
  const line = subjectsFairLine(`${spec.controller.table}.${spec.controller.rate}`, study.subjects.map((_, i) => ({ base: baseRate(sums.base[i]!, 0, sums.games) })));
  const fairRate = line.value;
  const fairShare = fairLineText(line);
  const tuneExample = fair.find((r) => r.flagged && r.hpToFair !== null && r.base !== null) ?? fair.find((r) => r.hpToFair !== null && r.base !== null);
  const tuneCommand = (() => {
    const target = (name: string) => `--target "${spec.controller.table}.${name}.${spec.controller.rate}=fair"`;
    if (!tuneExample) return `squabble tune ${file} --param "${spec.namespace}.NAME.hp" --integer --min 1 --max 20 ${target('NAME')}`;
    const hp = currentHp(tuneExample.subject);
    const reach = Math.max(3, Math.ceil(2 * Math.abs(tuneExample.hpToFair!)));
    const [min, max] = tuneExample.hpToFair! >= 0 ? [hp, hp + reach] : [Math.max(1, hp - reach), hp];
    return `squabble tune ${file} --param "${spec.namespace}.${tuneExample.subject}.hp" --integer --min ${min} --max ${max} ${target(tuneExample.subject)}`;
  })();
  const notes = [
    `Controller's win rate of a ${spec.noun}: ${spec.controller.meaning} (wins per seat-game with it). A weight is the change in how many of its controllers win, per seat-game with it in the base games, in percentage points: (wins in the tweaked games - wins in the base games) / base seat-games, from paired runs (both play every game from the same seed; interval from the per-game paired differences). "held": change in the seat-games with it (the exposure, kept at the base value in the weight). "games changed": games in which the tweak changed whether a controller of the ${spec.noun} won (0: the tweak never mattered in these games). "games saved": how many times more games two independent samples would need for the same interval width.`,
    `Flags: Benjamini-Hochberg at q = ${FDR_Q} over the ${measured.length} weights (p-values: exact sign test on the games changed), and separately over the ${fair.filter((r) => r.base).length} distances from fair (${fairShare}: what a neutral ${spec.noun} gets; not 1/players = ${pct(1 / base.players)}, because losing seats hold more ${nouns} and draws and capped games are won by nobody; normal p-values); of the flagged rows about ${FDR_Q * 100}% are expected to be false alarms.`,
    `HP to fair: the HP at which the ${spec.noun}'s win rate reaches fair, on a log scale (+1 HP on a 2-HP ${spec.noun} is a 50% gain, on a 14-HP one about 7%): HP · e^((fair - win rate) / β), with β its +1 HP weight per log-HP shrunk toward the pooled slope of all ${fair.filter((r) => r.hpSlope).length} weights (empirical Bayes; a single weight's interval often holds 0 at this size, the pooled slope's does not); bracket: β's 95% interval, an end past legal HP (${spec.hpLimits.min}-${spec.hpLimits.max}) shown at the limit. A ${spec.noun} whose win rate's 95% interval holds the fair line reads "0: fair within its 95% interval"; "${NOT_ESTIMABLE}" only when its shrunk slope is not positive (HP does not move it here) or the HP it points to is not legal. An extrapolation, and every other ${spec.noun}'s rate moves when one changes: \`squabble fair\` finds edits for all of them at once and confirms them; squabble tune confirms one, e.g.\n  ${tuneCommand}`,
  ];
  const sections: { heading: string; header: string[]; rows: string[][] }[] = [];
  for (const stat of stats) {
    const chosen = rows.filter((r) => r.stat === stat);
    sections.push({ heading: `Per +1 ${stat === 'hp' ? 'HP' : 'damage'} (${spec.bumpMeaning[stat]}), largest first:`, header: [spec.noun, ...WEIGHT_HEADER.slice(1)], rows: chosen.map(weightCells) });
  }
  sections.push({ heading: `Furthest from fair (${fairShare}), base games:`, header: [spec.noun, ...FAIR_HEADER.slice(1)], rows: fair.map(fairCells) });
  const footer = `${live} tweaks x ${base.games.toLocaleString('en-US')} paired games; ${sums.gamesPlayed.toLocaleString('en-US')} games played in ${wallSeconds.toFixed(1)} s with ${workers} worker${workers === 1 ? '' : 's'}.`;
  // The terminal lists the rows whose verdict changes with the level; weights.md lists every row.
  const levelsBlock = levels ? `${levelsText(levels, textTable, false, 'weights.md lists every row').join('\n')}\n\n` : '';
  const botWarnings = warningsFor(base, outOption ? [outOption] : []);
  const warned = botWarnings.length ? `${botWarnings.join('\n')}\n\n` : '';
  io.out(`${title}\n\n${warned}${sections.map((s) => `${s.heading}\n${textTable(s.header, s.rows)}`).join('\n\n')}\n\n${notes.join('\n\n')}\n${levelsBlock}\n${footer}\n`);

  makeOutDir(out);
  writeJson(out, 'weights.json', {
    format: 'squabble-weights/1',
    scenario: file,
    name: base.name,
    game: base.game,
    variant: base.variant,
    scenarioHash: base.scenarioHash,
    seed: base.seed,
    players: base.players,
    gamesPerTweak: base.games,
    gamesPlayed: sums.gamesPlayed,
    workers,
    wallSeconds,
    fair: fairRate,
    fairMeaning: fairShare,
    fdr: FDR_Q,
    controller: spec.controller,
    bumps: spec.bumpMeaning,
    weights: rows.map((r) => ({ ...r, tweakHash: study.tweaks.find((t) => t.subject === r.subject && t.stat === r.stat)?.plan?.scenarioHash ?? null })),
    furthestFromFair: fair,
    ...(levels ? { levels } : {}),
    ...(botWarnings.length ? { botWarnings } : {}),
  });
  writeAtomic(join(out, 'weights.md'), `# ${title}\n\n${botWarnings.map((w) => `> **${w}**\n\n`).join('')}${sections.map((s) => `${s.heading}\n\n${markdownTable(s.header, s.rows)}`).join('\n\n')}\n\n${notes.join('\n\n')}\n${levels ? `${levelsMarkdown(levels, markdownTable).join('\n')}\n` : ''}\n${footer}\n`);
  writeAtomic(
    join(out, 'weights.csv'),
    tableToCsv(
      aq.table({
        [spec.noun]: rows.map((r) => r.subject),
        group: rows.map((r) => r.group),
        stat: rows.map((r) => r.stat),
        change: rows.map((r) => Object.entries(r.change).map(([k, v]) => `${k}=${v}`).join('; ')),
        rateBase: rows.map((r) => r.estimate?.rateA ?? null),
        effect: rows.map((r) => r.estimate?.effect ?? null),
        ciLow: rows.map((r) => r.estimate?.interval[0] ?? null),
        ciHigh: rows.map((r) => r.estimate?.interval[1] ?? null),
        se: rows.map((r) => r.estimate?.se ?? null),
        exposureChange: rows.map((r) => r.estimate?.exposureChange ?? null),
        gamesChanged: rows.map((r) => r.estimate?.changed ?? null),
        pValue: rows.map((r) => (r.estimate ? r.pValue : null)),
        qValue: rows.map((r) => (r.estimate ? r.qValue : null)),
        flagged: rows.map((r) => r.flagged),
        skipped: rows.map((r) => r.skipped ?? ''),
      }),
    ),
  );
  writeAtomic(
    join(out, 'fair.csv'),
    tableToCsv(
      aq.table({
        [spec.noun]: fair.map((r) => r.subject),
        group: fair.map((r) => r.group),
        winRate: fair.map((r) => r.base?.rate ?? null),
        ciLow: fair.map((r) => r.base?.interval[0] ?? null),
        ciHigh: fair.map((r) => r.base?.interval[1] ?? null),
        heldSeatGames: fair.map((r) => r.base?.held ?? 0),
        fair: fair.map((r) => r.fair),
        deviation: fair.map((r) => (r.base ? r.deviation : null)),
        qValue: fair.map((r) => (r.base ? r.qValue : null)),
        flagged: fair.map((r) => r.flagged),
        hpToFair: fair.map((r) => r.hpToFair),
      }),
    ),
  );
  const charts = await saveCharts(join(out, 'charts'), [
    ...stats.map((stat) => ({ id: `weights-${stat}`, spec: statWeightChart(`${base.name}: change in the controller\u2019s win rate per +1 ${stat === 'hp' ? 'HP' : 'damage'}`, rows, stat, spec.noun, spec.bumpMeaning[stat]) })),
    { id: 'furthest-from-fair', spec: furthestFromFairChart(`${base.name}: ${spec.noun}s furthest from fair`, fair, spec.noun) },
  ]);
  say(`wrote ${out}/weights.json, weights.md, weights.csv, fair.csv and charts/ (${charts.join(', ')})\n`);
}

interface WeighOptions {
  workers: number;
  io: CliIO;
  quiet: boolean;
  /** Names the plan in progress lines (the scenario, or a level). */
  what: string;
}

/** Play one weights study of `plan` (every tweak beside the base games) and rank its weights. */
async function weigh(base: Plan, stats: WeightStat[], only: string[] | null, o: WeighOptions) {
  const { workers, io } = o;
  const say = (t: string) => void (o.quiet ? undefined : io.err(t));
  const spec = gameOf(base.game).stats!;
  let study: WeightsStudy;
  try {
    study = planWeights(base, stats, only);
  } catch (e) {
    throw new CliError(`weights: ${(e as Error).message}`);
  }
  const live = study.tweaks.filter((t) => t.plan !== null).length;
  const weighed = new Set(study.tweaks.map((t) => t.subject)).size;
  const nouns = `${spec.noun}${weighed === 1 ? '' : 's'}`;
  say(
    `${o.what}: stat weights of ${weighed} ${nouns} (${stats.join(' and ')}): ${live} tweaks, ${base.games.toLocaleString('en-US')} paired games each ` +
      `(same seeds as the base), ${(live * base.games).toLocaleString('en-US')} tweaked games in all, seed ${base.seed}, ${workers} worker${workers === 1 ? '' : 's'}\n`,
  );
  const progress = new Progress(io, Math.max(1, live * base.games), io.interactive && !o.quiet);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const t0 = Date.now();
  let sums;
  try {
    sums = await runWeights(study, { workers, signal: controller.signal, onProgress: (d) => progress.update(d) });
  } catch (e) {
    progress.finish();
    if (e instanceof InterruptedError) throw new CliError('interrupted; nothing was written', EXIT.interrupted);
    if (e instanceof GameFailure) {
      const tweak = study.tweaks.find((t) => t.plan?.scenarioHash === e.key.scenarioHash);
      const under = tweak ? `the tweak ${JSON.stringify(tweak.change)}` : 'the base plan';
      throw new CliError(
        `${e.message} (under ${under})\nreplay key: scenario ${e.key.scenarioHash}, seed ${e.key.seed}, cell ${e.key.cell}, game ${e.key.gameIndex}\n` +
          `reproduce with a scenario whose rules.statOverrides hold that tweak: squabble replay <file> --game ${e.key.gameIndex}\nnothing was written\n${e.stack ?? ''}`,
        EXIT.gameFailed,
      );
    }
    if (e instanceof WorkerError) throw new CliError(`${e.message}\nnothing was written`, EXIT.error);
    throw e;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  progress.finish();
  const wallSeconds = (Date.now() - t0) / 1000;

  const rows = rankWeights(
    weightRows(
      study.tweaks.map((t, i) => ({ subject: t.subject, group: t.group, stat: t.stat, change: t.change, sums: sums.tweaks[i] ?? null, offset: 0, games: sums.games, skipped: t.skipped })),
    ),
  );
  return { study, sums, rows, wallSeconds };
}
