/**
 * `squabble tune <scenario>` with a `tune:` block (and no --param): tune several whole-number
 * parameters at once towards several targets, by compass search on common random numbers
 * (src/studies/tune/search.ts), then measure the scenario as written and as tuned on fresh
 * seeds the search never played. Writes summary.json, summary.md, report.html and charts/.
 */
import { join } from 'node:path';
import { buildPlan, readScenarioData, setScenarioPath } from '../../sim/scenario/load.js';
import { isSafeFieldPath } from '../../sim/scenario/field-path.js';
import { ScenarioError, found } from '../../sim/scenario/errors.js';
import { parseCondition, checkAssertionPath, type Assertion, type Condition } from '../../sim/scenario/expect.js';
import { TUNE_LIMITS, type TuneBlock } from '../../sim/scenario/tune-block.js';
import type { Plan } from '../../sim/scenario/types.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import { summarise } from '../../sim/stats/summary.js';
import type { Accumulator } from '../../sim/stats/accumulator.js';
import { sequentialVerify, verifySchedule, VERIFY_LOOKS } from './verify.js';
import { compassSearch, CONFIRM_SCALE, type SearchEvaluation, type SearchParam } from './search.js';
import { raceSearch, RACE_MAX_PARAMS, MAX_ROUNDS } from './race.js';
import { judgeTargets, targetMeasurement, type TuneOutcome, type TuneMeasurement } from './targets.js';
import { LEVEL_TARGET, parseLevelTarget, isLevelTargetProblem, levelCellAssertions, levelPairs, levelTable, withLevelTable, type LevelTarget } from './level-target.js';
import { pairingData, pairingResult } from '../kit/pairings.js';
import type { Summary } from '../../sim/stats/summary.js';
import { checkOutPath, makeOutDir, defaultOut } from '../../runner/outdir.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { tuneReport } from './report.js';
import { tuneTargetsChart } from './charts.js';
import { saveCharts } from '../../report/chart-files.js';
import { CliError, parseCount, type CliIO } from '../kit/io.js';
import { refuseSweep, overridesOf } from '../kit/plan.js';
import type { PlayArgs } from '../kit/options.js';

/** Evaluations the search may make when neither the block nor --budget says. */
export const DEFAULT_EVALUATIONS = 40;

export interface TuneBlockFlags {
  budget?: string;
  verifyGames?: string;
  verifyLooks?: string;
  quiet?: boolean;
}

/** A value inside the scenario data by field path (`rules.maxTurns`, `seats[1].params.depth`). */
function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.match(/[^.[\]]+/g) ?? []) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export async function tuneBlock(file: string, args: PlayArgs, flags: TuneBlockFlags, io: CliIO): Promise<void> {
  const say = (t: string) => void (flags.quiet ? undefined : io.err(t));
  const { workers } = args;
  const { data, lineOf } = readScenarioData(file);
  refuseSweep(data, file, 'tune');
  const scenario = data as Record<string, unknown>;
  const base = buildPlan(data, file, registry, overridesOf(args), lineOf);
  // The folder, given or the default, is checked before a game is played.
  const out = args.out ?? defaultOut(`${base.name}${base.variant ? `-${base.variant}` : ''}-tune`);
  checkOutPath(out, ['summary.json', 'summary.md', 'report.html', 'charts']);
  const block = scenario.tune as TuneBlock | undefined;
  if (block === undefined) throw new CliError(`${file}: tune: the scenario has no tune: block; add one (docs/analysis.md, "Tuning several parameters"), or tune one field with --param, --target, --min and --max`);
  const game = gameOf(base.game);
  const fail = (path: readonly string[], problem: string): never => {
    throw new ScenarioError(file, ['tune', ...path].join('.'), problem, lineOf(['tune', ...path]));
  };

  /** The scenario data with these parameter values. */
  const dataAt = (values: ReadonlyMap<string, number>): Record<string, unknown> => {
    const cell = structuredClone(scenario);
    for (const [path, v] of values) setScenarioPath(cell, path, v, registry);
    return cell;
  };
  const build = (data: Record<string, unknown>, seed: string, games?: number): Plan => buildPlan(data, file, registry, { ...overridesOf(args), seed, ...(games === undefined ? {} : { games }) }, lineOf);
  /** The scenario with these parameter values, played from `seed` (`games`: the scenario's unless given). */
  const planAt = (values: ReadonlyMap<string, number>, seed: string, games?: number): Plan => build(dataAt(values), seed, games);

  const params: SearchParam[] = Object.entries(block.params).map(([path, [min, max]]) => {
    if (!isSafeFieldPath(path)) fail(['params', path], 'expected a field path such as rules.maxTurns or characters.Knight.hp');
    if (min > max) fail(['params', path], `expected [min, max] with min <= max, found [${min}, ${max}]`);
    for (const v of new Set([min, max]))
      try {
        planAt(new Map([[path, v]]), 'check');
      } catch (e) {
        if (e instanceof ScenarioError) fail(['params', path], `${path} = ${v}: ${e.file === file ? '' : `${e.file}: `}${e.field ? `${e.field}: ` : ''}${e.problem}`);
        throw e;
      }
    let current: unknown;
    if (game.stats && path.startsWith(`${game.stats.namespace}.`)) current = game.stats.read(base.rules, path);
    else if (path.startsWith('rules.')) current = valueAt(base.rules, path.slice('rules.'.length));
    else current = valueAt(scenario, path);
    if (current === undefined && path.startsWith('seats[')) current = valueAt({ seats: base.seats }, path);
    if (typeof current !== 'number' || !Number.isInteger(current)) fail(['params', path], `the scenario's value ${found(current)} is not a whole number; tune takes whole-number fields`);
    if ((current as number) < min || (current as number) > max) fail(['params', path], `the scenario's value ${current} is outside [${min}, ${max}]; the search starts from it`);
    return { name: path, min, max, start: current as number };
  });

  const tables = game.metrics.tables?.(base.rules, base.players) ?? [];
  // The level target (tune.targets.levels) stands for one assertion per cell of its matrix.
  let levels: LevelTarget | null = null;
  if (block.targets[LEVEL_TARGET] !== undefined) {
    const parsed = parseLevelTarget(block.targets[LEVEL_TARGET], (game.levels ?? []).map((l) => l.name), game.id);
    if (isLevelTargetProblem(parsed)) fail(['targets', LEVEL_TARGET, ...parsed.path.map(String)], parsed.problem);
    else levels = parsed;
  }
  const ownTargets: Assertion[] = Object.entries(block.targets)
    .filter(([path]) => path !== LEVEL_TARGET)
    .map(([path, value]) => {
    const condition = parseCondition(value);
    if (typeof condition === 'string') fail(['targets', path], condition);
    const problem = checkAssertionPath(path, base.players, base.labels, tables);
    if (problem) fail(['targets', path], problem);
    return { path, text: Array.isArray(value) ? `in [${value.join(', ')}]` : String(value).trim(), condition: condition as Condition };
  });
  const targets: Assertion[] = [...ownTargets, ...(levels ? levelCellAssertions(levels) : [])];
  // The scenario itself is played only for targets of its own; the level target plays each pair
  // of levels as a tournament pairing (src/studies/kit/pairings.ts), `levels.games` games each.
  const playsScenario = ownTargets.length > 0;
  const pairs = levels ? levelPairs(levels) : [];
  const levelGames = levels?.games ?? base.games;
  const gamesPerEvaluation = (playsScenario ? base.games : 0) + pairs.length * levelGames;

  const budgetGames = flags.budget !== undefined ? parseCount(flags.budget, '--budget', 1, TUNE_LIMITS.budget) : block.budget ?? DEFAULT_EVALUATIONS * gamesPerEvaluation;
  const maxEvaluations = Math.floor(budgetGames / gamesPerEvaluation);
  if (maxEvaluations < 2)
    throw new CliError(`${flags.budget !== undefined ? '--budget' : `${file}: tune.budget`}: ${budgetGames} games is less than two evaluations of ${gamesPerEvaluation} games (the games per evaluation${levels ? `: ${playsScenario ? `the scenario's ${base.games} and ` : ''}${pairs.length} level pairing${pairs.length === 1 ? '' : 's'} of ${levelGames}` : ''}); raise it or lower --games`);
  const verifyGames = flags.verifyGames !== undefined ? parseCount(flags.verifyGames, '--verify-games', 1, TUNE_LIMITS.budget) : block.verifyGames ?? (playsScenario ? base.games : levelGames);
  const looks = verifySchedule(verifyGames, flags.verifyLooks !== undefined ? parseCount(flags.verifyLooks, '--verify-looks', 1, 8) : VERIFY_LOOKS);

  // Seed blocks: the search plays block k from "<seed>/tune k"; the before and after measurement
  // play "<seed>/fresh", which the search never plays, so the verdicts are not flattered by the luck
  // the search may have fitted.
  const blockSeed = (k: number) => `${base.seed}/tune ${k}`;
  const freshSeed = `${base.seed}/fresh`;
  const asMap = (values: readonly number[]) => new Map(params.map((p, i) => [p.name, values[i]!]));
  const show = (values: readonly number[]) => params.map((p, i) => `${p.name}=${values[i]}`).join(' ');

  say(
    `${base.name}: tuning ${params.length} parameter${params.length === 1 ? '' : 's'} towards ${targets.length} target${targets.length === 1 ? '' : 's'} by ${params.length <= RACE_MAX_PARAMS ? 'racing over the neighbourhood (points pooled over blocks, a point inside every target confirmed' : 'compass search (a loss of 0 confirmed'} on a fresh block of ${CONFIRM_SCALE} times the games) on common random numbers; ` +
      `${gamesPerEvaluation.toLocaleString('en-US')} games per evaluation${levels ? ` (${playsScenario ? `the scenario's ${base.games.toLocaleString('en-US')} and ` : ''}${pairs.length} level pairing${pairs.length === 1 ? '' : 's'} of ${levelGames.toLocaleString('en-US')}, seats rotating)` : ''}, at most ${maxEvaluations} evaluations (${(maxEvaluations * gamesPerEvaluation).toLocaleString('en-US')} games), seed ${JSON.stringify(base.seed)}, ${workers} worker${workers === 1 ? '' : 's'}\n`,
  );
  /**
   * The plans of one measurement at these values from `seed`: the scenario (for its own targets,
   * `scenarioGames` games) and every level pairing (for the level target, `pairGames` games). Each
   * pairing has its own seed under `seed`, the same for every candidate: common random numbers, as
   * for the scenario's own targets.
   */
  const plansAt = (values: readonly number[], seed: string, scenarioGames: number, pairGames: number): Plan[] => {
    const data = dataAt(asMap(values));
    const plans = playsScenario ? [build(data, seed, scenarioGames)] : [];
    for (const [a, b] of pairs) plans.push(build(pairingData(data, { label: a, seat: { level: a } }, { label: b, seat: { level: b } }, base.players), `${seed}/levels ${a} vs ${b}`, pairGames));
    return plans;
  };
  /** The targets judged on the plans' games so far (`accs[i]` holds plans[i]'s), at error `alpha`. */
  const judgeRuns = (plans: readonly Plan[], accs: readonly Accumulator[], alpha?: number) => {
    let summary: Summary | null = playsScenario ? summarise(game, plans[0]!, accs[0]!) : null;
    if (levels) {
      const first = playsScenario ? 1 : 0;
      summary = withLevelTable(summary, levelTable(pairs.map(([a, b], i) => ({ a, b, result: pairingResult(summarise(game, plans[first + i]!, accs[first + i]!), a, b) }))));
    }
    return judgeTargets(targets, summary!, alpha);
  };
  /** Play these values from `seed` (`games` each, else an evaluation's times `scale`) and judge the targets. */
  const judgeAt = async (values: readonly number[], seed: string, games?: number, scale = 1) => {
    const plans = plansAt(values, seed, games ?? base.games * scale, games ?? levelGames * scale);
    const accs: Accumulator[] = [];
    for (const plan of plans) accs.push(await runPlan(plan, { workers }));
    return judgeRuns(plans, accs);
  };

  const t0 = Date.now();
  const racing = params.length <= RACE_MAX_PARAMS;
  const progress = (e: SearchEvaluation, what: string, outcome: string) =>
    say(`  [${spent(e)}/${maxEvaluations}, ${((Date.now() - t0) / 1000).toFixed(0)} s] ${racing ? 'race' : 'pass'} ${e.pass}: ${what}: loss ${e.loss.toFixed(5)}${outcome}\n`);
  let used = 0;
  const spent = (e: SearchEvaluation) => (used += e.scale);
  const search = racing
    ? await raceSearch(
        params,
        async (values, k, scale) => targetMeasurement(await judgeAt(values, blockSeed(k), undefined, scale), targets),
        maxEvaluations,
        (e, s) => {
          const what = e.param === -2 ? `confirming ${show(e.values)} on fresh seed block ${e.block} (${e.scale} times the games)` : `${show(e.values)} on seed block ${e.block}`;
          const outcome = e.param === -2 ? (e.loss === 0 ? ' confirmed' : ' not confirmed') : ` (pooled over ${s.games} evaluation${s.games === 1 ? '' : 's'}: loss ${s.loss.toFixed(5)}${s.surelyInside ? ', inside every target' : s.possiblyInside ? '' : ', outside'})`;
          progress(e, what, outcome);
        },
      )
    : await compassSearch(
        params,
        async (values, k, scale) => (await judgeAt(values, blockSeed(k), undefined, scale)).loss,
        maxEvaluations,
        (e, _incumbent, incumbentLoss) => {
          const what = e.param === -2 ? `confirming ${show(e.values)} on fresh seed block ${e.block} (${e.scale} times the games)` : e.param < 0 ? `${show(e.values)} on seed block ${e.block}` : `${params[e.param]!.name} = ${e.values[e.param]} (step ${e.step})`;
          const outcome = e.param === -2 ? (e.accepted ? ' confirmed' : ' not confirmed') : e.param >= 0 ? (e.accepted ? ' accepted' : ` (incumbent ${incumbentLoss.toFixed(5)})`) : '';
          progress(e, what, outcome);
        },
      );
  const searchSeconds = (Date.now() - t0) / 1000;
  say(`search stopped: ${search.reason}; best ${show(search.best)}\nmeasuring the scenario as written and as tuned on fresh seeds (${verifyGames.toLocaleString('en-US')} games each)\n`);

  const t1 = Date.now();
  const measure = async (values: readonly number[]): Promise<TuneMeasurement> => {
    const { judged, loss } = await judgeAt(values, freshSeed, verifyGames);
    return { values: [...values], scenarioHash: planAt(asMap(values), freshSeed, verifyGames).scenarioHash, loss, judged };
  };
  const before = await measure(params.map((p) => p.start));
  // The after measurement in looks (verify.ts): more fresh games while a verdict is undecided.
  const accs: Accumulator[] = [];
  let played = 0;
  let plans: Plan[] = [];
  const sequential = await sequentialVerify(
    looks,
    async (games) => {
      plans = plansAt(search.best, freshSeed, games, games);
      for (let i = 0; i < plans.length; i++) {
        const acc = await runPlan(plans[i]!, { workers, range: [played, games] });
        if (accs[i]) accs[i]!.merge(acc);
        else accs[i] = acc;
      }
      played = games;
    },
    (alpha) => {
      const r = judgeRuns(plans, accs, alpha);
      say(`  after, look ${looks.findIndex((l) => l.games === played) + 1} of ${looks.length}: ${played.toLocaleString('en-US')} fresh games, loss ${r.loss.toFixed(5)}\n`);
      return r;
    },
  );
  const after: TuneMeasurement = { values: [...search.best], scenarioHash: planAt(asMap(search.best), freshSeed, sequential.games).scenarioHash, loss: sequential.result.loss, judged: sequential.result.judged };
  const verifySeconds = (Date.now() - t1) / 1000;

  const outcome: TuneOutcome = {
    format: 'squabble-tune/1',
    scenario: file,
    name: base.name,
    game: base.game,
    variant: base.variant,
    seed: base.seed,
    method: racing
      ? `racing over the incumbent's neighbourhood on common random numbers (each point's blocks pooled, points whose intervals leave the targets dropped, up to ${MAX_ROUNDS} blocks a race), a point inside every target confirmed on a fresh block of ${CONFIRM_SCALE} times the games, the best point seen kept (docs/analysis.md, "Tuning several parameters")`
      : `compass search on common random numbers, a loss of 0 confirmed on a fresh block of ${CONFIRM_SCALE} times the games, the best point seen kept (docs/analysis.md, "Tuning several parameters")`,
    gamesPerEvaluation,
    ...(levels ? { levels: { names: levels.names, matrix: levels.matrix, tolerance: levels.tolerance, gamesPerPairing: levelGames, playsScenario } } : {}),
    budgetGames,
    maxEvaluations,
    params: params.map((p, i) => ({ path: p.name, min: p.min, max: p.max, old: p.start, new: search.best[i]! })),
    targets: targets.map((t) => ({ path: t.path, text: t.text, condition: t.condition })),
    search: {
      stopped: search.stopped,
      reason: search.reason,
      passes: search.passes,
      evaluations: search.evaluations.map((e) => ({ ...e, seed: blockSeed(e.block) })),
      gamesPlayed: search.spent * gamesPerEvaluation,
      bestLoss: search.bestLoss,
      seconds: searchSeconds,
    },
    verification: { seed: freshSeed, games: verifyGames, seconds: verifySeconds, before, after, afterGames: sequential.games, looks: looks.map((l, k) => ({ ...l, taken: k <= sequential.look })) },
    workers,
  };
  const report = tuneReport(outcome);
  io.out(report.text);
  makeOutDir(out);
  writeJson(out, 'summary.json', outcome);
  writeAtomic(join(out, 'summary.md'), report.markdown);
  const chart = tuneTargetsChart(outcome);
  const charts = await saveCharts(join(out, 'charts'), [{ id: 'tune-targets', spec: chart }]);
  writeAtomic(join(out, 'report.html'), report.html(chart));
  say(`wrote ${out}/summary.json, summary.md, report.html and charts/ (${charts.join(', ')})\n`);
}
