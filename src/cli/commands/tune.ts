/** `squabble tune <scenario> --param PATH --target METRIC=VALUE`: find the field value that brings a metric closest to a target. */
import type { Command } from 'commander';
import { buildPlan, readScenarioData, setScenarioPath, isSafeFieldPath } from '../../sim/scenario/load.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import { summarise, type Summary } from '../../sim/stats/summary.js';
import type { Plan } from '../../sim/scenario/types.js';
import { changedSubjects, unpairedChanges, whatChanged } from '../../analysis/what-changed.js';
import { whatChangedLines } from '../../report/what-changed-report.js';
import { tune, tuneMetric, type Evaluation } from '../../analysis/tune.js';
import { textTable } from '../../report/format.js';
import { CliError, type CliIO } from '../io.js';
import { refuseSweep, overridesOf } from '../plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../options.js';

interface TuneOptions extends PlayFlags {
  param: string;
  target: string;
  min: string;
  max: string;
  integer?: boolean;
  quiet?: boolean;
}

export function registerTune(program: Command, io: CliIO): void {
  const command = program
    .command('tune')
    .description('find the value of a numeric field that brings a metric closest to a target (same seeds for every value)')
    .argument('<scenario>', 'scenario file')
    .requiredOption('--param <path>', 'the field to tune, e.g. rules.maxTurns, seats[1].params.safetyWeight, or a card or character stat such as cards.Mudgrub.hp or characters.Knight.melee')
    .requiredOption('--target <metric=value>', 'e.g. seat0.winRate=0.5, policy:builder.winRate=0.5, drawRate=0.05, length.mean=40, cards.Mudgrub.winRateWhenDrawn=0.5 (a metric table row\u2019s rate)')
    .requiredOption('--min <x>', 'smallest value to try')
    .requiredOption('--max <x>', 'largest value to try')
    .option('--integer', 'the field takes whole numbers (e.g. hit points)');
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers'], { games: 'games per evaluation (default: the scenario\u2019s)' })
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, o: TuneOptions) => {
      const args = playArgs(o);
      const { workers } = args;
      const m = /^([^=]+)=([-\d.eE]+)$/.exec(o.target);
      if (!m) throw new CliError(`--target: expected METRIC=VALUE (e.g. seat0.winRate=0.5), found ${JSON.stringify(o.target)}`);
      const target = Number(m[2]);
      const min = Number(o.min);
      const max = Number(o.max);
      if (!Number.isFinite(min) || !Number.isFinite(max) || !(min < max)) throw new CliError(`--min and --max: expected numbers with min < max, found ${o.min} and ${o.max}`);
      if (o.integer && (!Number.isInteger(min) || !Number.isInteger(max))) throw new CliError('--integer: --min and --max must be whole numbers');
      if (!isSafeFieldPath(o.param)) throw new CliError(`--param: expected a field such as rules.maxTurns, found ${JSON.stringify(o.param)}`);
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
      const planAt = (value: number | null) => {
        const cell = structuredClone(data);
        if (value !== null) setScenarioPath(cell, o.param, value, registry);
        try {
          return buildPlan(cell, file, registry, overridesOf(args));
        } catch (e) {
          if (e instanceof ScenarioError) throw new CliError(`${o.param} = ${value}: ${e.message}`);
          throw e;
        }
      };
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
        if (!o.quiet) io.err(`  ${o.param} = ${value}: ${metric.name} ${read.value.toFixed(4)} [${read.interval[0].toFixed(4)}, ${read.interval[1].toFixed(4)}]\n`);
        return { value, metric: read.value, interval: read.interval };
      };
      const result = await tune(evaluate, min, max, target, o.integer ?? false);
      const row = (e: Evaluation) => [String(e.value), e.metric.toFixed(4), `[${e.interval[0].toFixed(4)}, ${e.interval[1].toFixed(4)}]`, e === result.best ? 'best' : result.neighbours.includes(e) ? 'neighbour' : ''];
      // What the best value changes against the scenario as written (the same games, one more run).
      const base = planAt(null);
      const best = summaries.get(result.best.value)!;
      const baseSummary = summarise(gameOf(base.game), base, await runPlan(base, { workers }));
      const changed = whatChanged(unpairedChanges(baseSummary, best.summary), changedSubjects(gameOf(base.game), base.rules, best.plan.rules, base.players));
      const changedText = whatChangedLines(changed, textTable, (t) => `${t}:`).join('\n\n');
      io.out(
        `${o.param} = ${result.best.value} brings ${metric.name} to ${result.best.metric.toFixed(4)} [${result.best.interval[0].toFixed(4)}, ${result.best.interval[1].toFixed(4)}] (target ${target}); stopped: ${result.reason}.\n\n` +
          `${textTable([o.param, metric.name, '95% interval', ''], result.evaluations.map(row))}\n` +
          (changedText ? `\nThe scenario as written (A) against ${o.param} = ${result.best.value} (B):\n\n${changedText}\n` : ''),
      );
    });
}
