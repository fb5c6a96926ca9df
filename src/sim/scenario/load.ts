/**
 * Scenario files: read (YAML, or JSON which is YAML too), validate in stages with one clear
 * message per mistake, and resolve into a Plan with every default filled in.
 *
 * Validation is staged rather than one big union so each message names the exact field:
 *  1. the scenario's own fields (game, seats, games, seed, ...);
 *  2. the game's rules, with the game's rules schema (and each named variant on top of them);
 *  3. each seat's policy name and parameters, with that policy's schema;
 *  4. the game's cross-field checks (e.g. enough cards for the players).
 * The JSON Schema in scenarios/schema.json is generated from the same zod schemas (json-schema.ts).
 *
 * By job: schema.ts (the scenario's own fields, LIMITS), files.ts (reading files and YAML, data
 * files), validate.ts (zod issues as one-line messages), seats.ts (seat entries to policies),
 * field-path.ts (paths for messages and overrides); this file reads a scenario, runs the stages
 * and builds the Plan (and its cells, level plans, hash).
 */
import { createHash } from 'node:crypto';
import { ScenarioError, found, didYouMean } from './errors.js';
import type { CompareLevel, Plan, PlanOverrides, Registry, SeatPlan } from './types.js';
import { masterSeedFrom } from '../rng.js';
import { STAT_OVERRIDES } from '../stat-paths.js';
import { parseCondition, checkAssertionPath, HEADLINE_PATHS, QUALITY_PATHS, type Assertion, type Condition } from './expect.js';
import { LIMITS, baseScenarioSchema } from './schema.js';
import { readText, parseYaml, rulesContext, contextAt, type LineOf, type ScenarioRulesContext } from './files.js';
import { parse } from './validate.js';
import { fieldName, setPath } from './field-path.js';
import { resolveSeat, levelNamed } from './seats.js';

/** Read and validate a scenario file. Throws ScenarioError with file, field and line. */
export function loadScenario(file: string, registry: Registry, overrides: PlanOverrides = {}): Plan {
  const { data, lineOf } = readScenarioData(file);
  return buildPlan(data, file, registry, overrides, lineOf);
}

/** Read a scenario file into its cells (one, or one per sweep grid point). */
export function loadCells(file: string, registry: Registry, overrides: PlanOverrides = {}): Plan[] {
  const { data, lineOf } = readScenarioData(file);
  return buildCells(data, file, registry, overrides, lineOf);
}

/** A scenario file's parsed data, not yet validated (for commands that derive scenarios from it). */
export function readScenarioData(file: string): { data: unknown; lineOf: (path: readonly PropertyKey[]) => number | null } {
  return parseYaml(file, readText(file, file, file, ''));
}

/**
 * Resolve a scenario into its cells: one plan without a sweep; one plan per grid point with
 * one. Each cell is the scenario with the swept fields set, validated like any scenario (a bad
 * value names its field and cell), and has its own hash; all cells share the master seed, so
 * game i of every cell starts from the same seed (common random numbers).
 */
export function buildCells(data: unknown, file: string, registry: Registry, overrides: PlanOverrides = {}, lineOf: LineOf = () => null): Plan[] {
  // One context for every cell, so each data file is read and parsed once.
  const ctx = rulesContext(file, overrides.dataRoots ?? []);
  const base = buildPlan(data, file, registry, overrides, lineOf, ctx);
  const sweep = (data as { sweep?: Record<string, unknown[]> }).sweep;
  if (!sweep) return [base];
  // Each cell would need its own level runs and comparison: ask for them in a scenario per cell.
  if (base.compareLevels) throw new ScenarioError(file, 'compareLevels', 'does not combine with `sweep` (every cell would need its own level runs); copy one cell\'s values into a scenario of its own to rate it under levels', lineOf(['compareLevels']));
  const fields = Object.keys(sweep);
  const cells = fields.reduce((n, f) => n * sweep[f]!.length, 1);
  if (cells > LIMITS.sweepCells) throw new ScenarioError(file, 'sweep', `${cells} cells; a sweep may have at most ${LIMITS.sweepCells}`, lineOf(['sweep']));
  const plans: Plan[] = [];
  for (let c = 0; c < cells; c++) {
    const values: Record<string, unknown> = {};
    let rest = c;
    for (let f = fields.length - 1; f >= 0; f--) {
      const options = sweep[fields[f]!]!;
      values[fields[f]!] = options[rest % options.length];
      rest = Math.floor(rest / options.length);
    }
    const cellData = structuredClone(data) as Record<string, unknown>;
    delete cellData.sweep;
    for (const [path, value] of Object.entries(values)) setScenarioPath(cellData, path, value, registry);
    const at = Object.entries(values).map(([k, v]) => `${k} = ${found(v)}`).join(', ');
    let plan: Plan;
    try {
      plan = buildPlan(cellData, file, registry, overrides, lineOf, ctx);
    } catch (e) {
      // A mistake inside a data file keeps its own file and line; one in the scenario points at the sweep.
      if (e instanceof ScenarioError && e.file !== file) throw new ScenarioError(e.file, e.field, `${e.problem} (in the sweep cell ${at})`, e.line);
      if (e instanceof ScenarioError) throw new ScenarioError(file, e.field, `in the sweep cell ${at}: ${e.problem}`, lineOf(['sweep']));
      throw e;
    }
    plans.push({ ...plan, cell: c, cellValues: values });
  }
  return plans;
}

/**
 * Set a scenario field by path (sweeps, `tune --param`, `compare --variant PATH=VALUE`). A stat
 * path of the scenario's game (`cards.Mudgrub.hp`, `characters.Knight.melee`: see
 * src/sim/stat-paths.ts) goes into `rules.statOverrides`, which the game applies after loading
 * its data; any other path is set as it reads (setPath).
 */
export function setScenarioPath(data: Record<string, unknown>, path: string, value: unknown, registry: Registry): void {
  const game = typeof data.game === 'string' ? registry.games[data.game] : undefined;
  const namespace = game?.stats?.namespace;
  if (namespace !== undefined && path.startsWith(`${namespace}.`)) {
    if (data.rules === null || typeof data.rules !== 'object') data.rules = {};
    const rules = data.rules as Record<string, unknown>;
    const current = rules[STAT_OVERRIDES];
    rules[STAT_OVERRIDES] = { ...(current !== null && typeof current === 'object' ? current : {}), [path]: value };
  } else setPath(data, path, value);
}

/**
 * The plan with stat overrides added to its rules (squabble weights): the resolved rules are
 * prepared again by the game (their data is already inline, so only the overrides act),
 * validated and hashed exactly as if the scenario file had said `rules.statOverrides`.
 */
export function withStatOverrides(plan: Plan, registry: Registry, overrides: Record<string, unknown>): Plan {
  const game = registry.games[plan.game]!;
  const existing = plan.rules[STAT_OVERRIDES];
  const input = { ...plan.rules, [STAT_OVERRIDES]: { ...(existing !== null && typeof existing === 'object' ? existing : {}), ...overrides } };
  const fail = (path: readonly PropertyKey[], problem: string): never => {
    throw new ScenarioError(plan.file, fieldName(path), problem);
  };
  const prepared = game.prepareRules ? game.prepareRules(input, rulesContext(plan.file)) : input;
  const rules = parse(game.rulesSchema, prepared, ['rules'], fail) as Record<string, unknown>;
  const setupProblem = game.checkSetup?.(rules, plan.players);
  if (setupProblem) fail(setupProblem[0].split('.'), setupProblem[1]);
  return { ...plan, rules, scenarioHash: planHash(game.id, plan.players, rules, plan.seats, plan.seating) };
}

/** The scenario hash: everything that decides how a game plays, not its name, game count or seed. */
export function planHash(game: string, players: number, rules: Record<string, unknown>, seats: readonly SeatPlan[], seating: string): string {
  return hashOf({ game, players, rules, seats: seats.map(({ policy, params }) => ({ policy, params })), seating });
}

/** Validate parsed scenario data and resolve it into a Plan. */
export function buildPlan(
  data: unknown,
  file: string,
  registry: Registry,
  overrides: PlanOverrides = {},
  lineOf: LineOf = () => null,
  ctx: ScenarioRulesContext = rulesContext(file, overrides.dataRoots ?? []),
): Plan {
  const fail = (path: readonly PropertyKey[], problem: string): never => {
    throw new ScenarioError(file, fieldName(path), problem, lineOf(path));
  };
  const gameIds = Object.keys(registry.games) as [string, ...string[]];
  const base = parse(baseScenarioSchema(gameIds), data, [], fail);
  const game = registry.games[base.game]!;

  // Seats and the player count.
  const players = base.players ?? base.seats.length;
  if (players < game.minPlayers || players > game.maxPlayers)
    fail(base.players === undefined ? ['seats'] : ['players'], `expected ${game.minPlayers}-${game.maxPlayers} players for ${game.id}, found ${players}`);
  if (base.seats.length !== 1 && base.seats.length !== players)
    fail(['seats'], `expected ${players} seat entries (one per player) or a single entry for all, found ${base.seats.length}`);
  const seatInputs = base.seats.length === 1 ? Array.from({ length: players }, () => base.seats[0]!) : base.seats;

  // Rules (with referenced data files inlined), then the chosen variant on top.
  const prepare = (input: Record<string, unknown>, at: readonly PropertyKey[]) =>
    game.prepareRules ? game.prepareRules(input, contextAt(ctx, file, at, lineOf)) : input;
  const rulesInput = base.rules ?? {};
  // A variant replaces the rules fields it names, except `statOverrides`, which it adds to: a
  // variant is "the scenario with these changes", and a stat change in the scenario (a card's
  // faces, say) should not vanish because a variant changes another stat.
  const withVariant = (changes: Record<string, unknown>): Record<string, unknown> => {
    const merged = { ...rulesInput, ...changes };
    const a = rulesInput.statOverrides;
    const b = changes.statOverrides;
    if (isPlainRecord(a) && isPlainRecord(b)) merged.statOverrides = { ...a, ...b };
    return merged;
  };
  const rules = parse(game.rulesSchema, prepare(rulesInput, ['rules']), ['rules'], fail) as Record<string, unknown>;
  const variants = base.variants ?? {};
  const variantCount = Object.keys(variants).length;
  if (variantCount > LIMITS.variants) fail(['variants'], `expected at most ${LIMITS.variants} variants, found ${variantCount}; split the scenario`);
  for (const [name, changes] of Object.entries(variants)) parse(game.rulesSchema, prepare(withVariant(changes), ['variants', name]), ['variants', name], fail);
  const variant = overrides.variant ?? null;
  let resolvedRules = rules;
  if (variant !== null) {
    // Own keys only: `--variant constructor` (or toString, __proto__) must not find Object.prototype's member.
    const changes = Object.hasOwn(variants, variant) ? variants[variant] : undefined;
    if (changes === undefined) {
      const names = Object.keys(variants);
      const hint = didYouMean(variant, names);
      throw new ScenarioError(
        file,
        '--variant',
        `no variant ${found(variant)} in this scenario; ${names.length ? `expected one of ${names.join(', ')}` : 'it defines none'}${hint ? ` (did you mean ${found(hint)}?)` : ''}`,
      );
    }
    resolvedRules = game.rulesSchema.parse(prepare(withVariant(changes), ['variants', variant])) as Record<string, unknown>;
  }
  const setupProblem = game.checkSetup?.(resolvedRules, players);
  if (setupProblem) {
    const rawRules = variant !== null ? withVariant(variants[variant]!) : rulesInput;
    throwSetupProblem(setupProblem, rawRules, ctx, fail);
  }

  // Policies.
  const available = registry.policiesFor(game);
  const seats: SeatPlan[] = seatInputs.map((seat, i) => resolveSeat(seat, base.seats.length === 1 ? ['seats', 0] : ['seats', i], game, available, fail));
  const labels = [...new Set(seats.map((s) => s.label))];
  const compareLevels = base.compareLevels?.map((name, i): CompareLevel => {
    levelNamed(name, ['compareLevels', i], game, fail);
    if (base.compareLevels!.indexOf(name) !== i) fail(['compareLevels', i], `${found(name)} is listed twice; list each level once`);
    return { level: name, seat: resolveSeat({ level: name }, ['compareLevels', i], game, available, fail) };
  });
  const entrants = base.entrants?.map((seat, i) => resolveSeat(seat, ['entrants', i], game, available, fail));
  if (entrants) {
    const seen = new Set<string>();
    entrants.forEach((e, i) => {
      if (seen.has(e.label)) fail(['entrants', i], `a second entrant labelled ${found(e.label)}; give each entrant its own \`name\``);
      seen.add(e.label);
    });
  }

  // Design assertions: every path names something a run of this scenario measures.
  const tables = game.metrics.tables?.(resolvedRules, players) ?? [];
  const expect: Assertion[] = Object.entries(base.expect ?? {}).map(([path, value]) => {
    const condition = parseCondition(value, path);
    if (typeof condition === 'string') fail(['expect', path], condition);
    const quality = game.standing !== undefined;
    const problem = checkAssertionPath(path, players, labels, tables, quality);
    if (problem) {
      const hint = didYouMean(path, [...HEADLINE_PATHS, ...(quality ? QUALITY_PATHS : []), ...Array.from({ length: players }, (_, i) => `seats.${i}.winRate`), ...tables.flatMap((t) => (t.rates ?? []).map((r) => `${t.name}.*.${r.name}`))]);
      fail(['expect', path], hint && problem.startsWith('not something') ? `${problem} (did you mean ${hint}?)` : problem);
    }
    return { path, text: Array.isArray(value) ? `in [${value.join(', ')}]` : String(value).trim(), condition: condition as Condition };
  });

  // Command-line overrides are checked like the fields they replace.
  const games = overrides.games ?? base.games;
  if (!Number.isInteger(games) || games < 1 || games > LIMITS.games)
    throw new ScenarioError(file, '--games', `expected a whole number from 1 to ${LIMITS.games}, found ${found(games)}`);
  const seed = overrides.seed ?? base.seed;

  return {
    cell: 0,
    cellValues: null,
    file,
    name: base.name ?? file.replace(/^.*[\\/]/, '').replace(/\.(ya?ml|json)$/i, ''),
    description: base.description ?? '',
    game: game.id,
    rules: resolvedRules,
    variant,
    players,
    seats,
    labels,
    seatLabel: seats.map((s) => labels.indexOf(s.label)),
    seating: base.seating,
    games,
    seed,
    masterSeed: masterSeedFrom(seed),
    scenarioHash: planHash(game.id, players, resolvedRules, seats, base.seating),
    ...(entrants ? { entrants } : {}),
    ...(expect.length ? { expect } : {}),
    ...(compareLevels ? { compareLevels } : {}),
  };
}

/**
 * The plan with every seat at one skill level (seats rotating), on `seed` (default: the plan's):
 * what `compareLevels` and `squabble levels` play. Rules, game count and variant stay the plan's,
 * so game i starts from the same seed as the plan's game i.
 */
export function levelPlan(plan: Plan, level: CompareLevel, seed: number | string = plan.seed): Plan {
  const { compareLevels: _levels, entrants: _entrants, expect: _expect, recordGames: _record, ...rest } = plan;
  const seats = Array.from({ length: plan.players }, () => level.seat);
  return { ...rest, seats, labels: [level.seat.label], seatLabel: seats.map(() => 0), seating: 'rotate', seed, masterSeed: masterSeedFrom(seed), scenarioHash: planHash(plan.game, plan.players, plan.rules, seats, 'rotate') };
}

/**
 * Report a game's cross-field problem. Its field may point into data a rules field named by file
 * (`rules.terrain.obstacles.3` with `terrain: layouts/ruins.yaml`): then the message names that
 * file, the field inside it and its line. A problem with the whole file names the scenario's
 * field and the file.
 */
function throwSetupProblem(
  [field, problem]: [string, string],
  rawRules: Record<string, unknown>,
  ctx: ScenarioRulesContext,
  fail: (path: readonly PropertyKey[], problem: string) => never,
): never {
  // "rules.blocks[1].number" or "rules.miniDecks.0": keys, with list positions as numbers.
  const path: PropertyKey[] = (field.match(/[^.[\]]+/g) ?? []).map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  if (path[0] === 'rules') {
    let node: unknown = rawRules;
    for (let i = 1; i < path.length && node !== null && typeof node === 'object'; i++) {
      node = (node as Record<PropertyKey, unknown>)[path[i]!];
      const origin = ctx.origin(node);
      if (!origin) continue;
      const rest = path.slice(i + 1);
      if (rest.length === 0) return fail(path, `${problem} (in ${origin.shown})`);
      if (origin.has(rest)) throw new ScenarioError(origin.shown, fieldName(rest), problem, origin.lineOf(rest));
      break;
    }
    // A field the scenario does not write may come from a file whose fields are used as rules
    // fields (Squish's `board: boards/x.yaml` gives width, height, blocks, starts): name that file.
    if (path.length > 1 && !Object.prototype.hasOwnProperty.call(rawRules, path[1]!)) {
      const rest = path.slice(1);
      for (const value of Object.values(rawRules)) {
        const origin = ctx.origin(value);
        if (origin?.has(rest)) throw new ScenarioError(origin.shown, fieldName(rest), problem, origin.lineOf(rest));
      }
    }
  }
  return fail(path, problem);
}

/** sha256 of the canonical JSON (keys sorted) of a value; the first 16 hex digits. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
