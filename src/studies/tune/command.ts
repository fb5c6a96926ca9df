/**
 * `squabble tune <scenario> --param PATH --target METRIC=VALUE`: find the field value that brings a
 * metric closest to a target. Without --param, the scenario's `tune:` block: several parameters
 * towards several targets at once (tune-block.ts).
 */
import type { Command } from 'commander';
import { buildPlan, readScenarioData, setScenarioPath } from '../../sim/scenario/load.js';
import { isSafeFieldPath } from '../../sim/scenario/field-path.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import { summarise, type Summary } from '../../sim/stats/summary.js';
import type { Plan } from '../../sim/scenario/types.js';
import { changedSubjects, unpairedChanges, whatChanged } from '../../analysis/what-changed.js';
import { whatChangedLines } from '../../report/what-changed-report.js';
import { tune, tuneMetric, type Evaluation } from './bisection.js';
import { textTable } from '../../report/format.js';
import { CliError, strictNumber, type CliIO } from '../kit/io.js';
import { refuseSweep, overridesOf } from '../kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../kit/options.js';
import { tuneBlock } from './block.js';
import { summaryFairLine } from '../../analysis/balance.js';
import { fairLineText } from '../../analysis/fair-line.js';

interface TuneOptions extends PlayFlags {
  param?: string;
  target?: string;
  min?: string;
  max?: string;
  integer?: boolean;
  budget?: string;
  verifyGames?: string;
  verifyLooks?: string;
  quiet?: boolean;
}

const SINGLE = ['target', 'min', 'max'] as const;

export function registerTune(program: Command, io: CliIO): void {
  const command = program
    .command('tune')
    .description("find the value of a numeric field that brings a metric closest to a target (same seeds for every value); without --param, tune the scenario's tune: block (several parameters towards several targets)")
    .argument('<scenario>', 'scenario file')
    .option('--param <path>', 'the field to tune, e.g. rules.maxTurns, seats[1].params.safetyWeight, or a card or character stat such as cards.Mudgrub.hp or characters.Knight.melee')
    .option('--target <metric=value>', 'named as in expect:, e.g. seats.0.winRate=0.5, policies.builder.winRate=0.5, draws.rate=0.05, length.turns.mean=40, cards.Mudgrub.winRateWhenDrawn=0.5 (a metric table row\u2019s rate), or =fair for the fair line of the primary strength rate')
    .option('--min <x>', 'smallest value to try (with --param)')
    .option('--max <x>', 'largest value to try (with --param)')
    .option('--integer', 'the field takes whole numbers (e.g. hit points)');
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers', 'out'], {
    games: 'games per evaluation (default: the scenario\u2019s)',
    out: 'with a tune: block, where to write summary.json, summary.md, report.html and charts/ (default results/<name>-tune)',
  })
    .option('--budget <games>', 'with a tune: block: games the search may play (default: the block\u2019s budget, else 40 evaluations)')
    .option('--verify-games <n>', 'with a tune: block: games for the before and after measurement on fresh seeds (default: the block\u2019s verifyGames, else --games)')
    .option('--verify-looks <n>', 'with a tune: block: looks the after measurement may take while a verdict is undecided, doubling its fresh games each time, each look judged at 5% / n (default 4: up to 8 times --verify-games)')
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, o: TuneOptions) => {
      const args = playArgs(o);
      const { workers } = args;
      if (o.param === undefined) {
        const stray = SINGLE.find((k) => o[k] !== undefined);
        if (stray) throw new CliError(`--${stray}: goes with --param (one field); a tune: block names its own parameters and targets`);
        try {
          return await tuneBlock(file, args, o, io);
        } catch (e) {
          if (e instanceof ScenarioError) throw new CliError(e.message);
          throw e;
        }
      }
      if (o.budget !== undefined || o.verifyGames !== undefined || o.verifyLooks !== undefined || args.out !== undefined) throw new CliError(`--${o.budget !== undefined ? 'budget' : o.verifyGames !== undefined ? 'verify-games' : o.verifyLooks !== undefined ? 'verify-looks' : 'out'}: goes with a tune: block, not with --param`);
      const missing = SINGLE.find((k) => o[k] === undefined);
      if (missing) throw new CliError(`--${missing}: required with --param`);
      const m = /^([^=]+)=([-\d.eE]+|fair)$/.exec(o.target!);
      if (!m) throw new CliError(`--target: expected METRIC=VALUE (e.g. seats.0.winRate=0.5, or cards.NAME.winRateWhenDrawn=fair), found ${JSON.stringify(o.target)}`);
      const min = strictNumber(o.min!);
      const max = strictNumber(o.max!);
      const param = o.param;
      if (!Number.isFinite(min) || !Number.isFinite(max) || !(min < max)) throw new CliError(`--min and --max: expected numbers with min < max, found ${JSON.stringify(o.min)} and ${JSON.stringify(o.max)}`);
      if (o.integer && (!Number.isInteger(min) || !Number.isInteger(max))) throw new CliError('--integer: --min and --max must be whole numbers');
      // An empty path (or one of dots alone) would tune the scenario's root: nothing at all.
      if (!isSafeFieldPath(param) || param.trim() === '' || !/[^.[\]\s]/.test(param)) throw new CliError(`--param: expected a field such as rules.maxTurns, found ${JSON.stringify(param)}`);
      let data: Record<string, unknown>;
      let players: number;
      try {
        data = readScenarioData(file).data as Record<string, unknown>;
        refuseSweep(data, file, 'tune');
        players = buildPlan(data, file, registry, overridesOf(args)).players;
      } catch (e) {
        if (e instanceof ScenarioError) throw new CliError(e.message);
        throw e;
      }
      let metric;
      try {
        metric = tuneMetric(m[1]!, players);
      } catch (e) {
        throw new CliError(`--target: ${(e as Error).message}`);
      }
      if (metric.hint) io.err(`${metric.hint}\n`);
      const planAt = (value: number | null) => {
        const cell = structuredClone(data);
        if (value !== null) setScenarioPath(cell, param, value, registry);
        try {
          return buildPlan(cell, file, registry, overridesOf(args));
        } catch (e) {
          if (e instanceof ScenarioError) throw new CliError(`--param ${oneLine(param)} = ${value}: ${e.message}`);
          throw e;
        }
      };
      // The scenario as written: its fair line (the target when it is `fair`) and, below, what the best value changes.
      const base = planAt(null);
      const baseSummary = summarise(gameOf(base.game), base, await runPlan(base, { workers }));
      const line = summaryFairLine(baseSummary);
      if (m[2] === 'fair' && !line) throw new CliError(`--target: ${m[1]}=fair needs a game with a primary strength rate; ${gameOf(base.game).title} names none`);
      const target = m[2] === 'fair' ? line!.value : strictNumber(m[2]!);
      const lineText = line ? `The scenario as written: ${fairLineText(line)}.` : '';
      if (line && !o.quiet) io.err(`${lineText}\n`);
      const summaries = new Map<number, { plan: Plan; summary: Summary }>();
      const evaluate = async (value: number): Promise<Evaluation> => {
        const plan = planAt(value);
        const s = summarise(gameOf(plan.game), plan, await runPlan(plan, { workers }));
        summaries.set(value, { plan, summary: s });
        let read;
        try {
          read = metric.read(s);
        } catch (e) {
          throw new CliError(`--target: ${(e as Error).message}`);
        }
        if (!o.quiet) io.err(`  ${param} = ${value}: ${metric.name} ${read.value.toFixed(4)} [${read.interval[0].toFixed(4)}, ${read.interval[1].toFixed(4)}]\n`);
        return { value, metric: read.value, interval: read.interval };
      };
      const result = await tune(evaluate, min, max, target, o.integer ?? false);
      const row = (e: Evaluation) => [String(e.value), e.metric.toFixed(4), `[${e.interval[0].toFixed(4)}, ${e.interval[1].toFixed(4)}]`, e === result.best ? 'best' : result.neighbours.includes(e) ? 'neighbour' : ''];
      // What the best value changes against the scenario as written (the same games).
      const best = summaries.get(result.best.value)!;
      const changed = whatChanged(unpairedChanges(baseSummary, best.summary), changedSubjects(gameOf(base.game), base.rules, best.plan.rules, base.players));
      const changedText = whatChangedLines(changed, textTable, (t) => `${t}:`).join('\n\n');
      io.out(
        `${param} = ${result.best.value} brings ${metric.name} to ${result.best.metric.toFixed(4)} [${result.best.interval[0].toFixed(4)}, ${result.best.interval[1].toFixed(4)}] (target ${m[2] === 'fair' ? `${target.toFixed(4)}, the fair line` : target}); stopped: ${result.reason}.\n${lineText ? `${lineText}\n` : ''}\n` +
          `${textTable([param, metric.name, '95% interval', ''], result.evaluations.map(row))}\n` +
          (changedText ? `\nThe scenario as written (A) against ${param} = ${result.best.value} (B):\n\n${changedText}\n` : ''),
      );
    });
}

/** A name from the command line in a one-line message: quoted when it holds a control character. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const oneLine = (name: string) => (/[\u0000-\u001f\u007f-\u009f]/.test(name) ? JSON.stringify(name) : name);
