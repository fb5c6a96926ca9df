/**
 * The game contract: what every game module gives the simulator, and what policies see.
 *
 * The engine (engine.ts) drives any game through this interface, so it must stay cheap to
 * call millions of times a second:
 *  - State is one mutable object per worker (typed arrays inside), created once by
 *    `createState` and rewound by `reset` for every game. Nothing is allocated per move.
 *  - Actions are small non-negative integers. `legalActions` writes them into a caller-owned
 *    Int32Array (sized by `actionCapacity`) and returns how many it wrote. The order is part
 *    of the game's definition: the generic `random` policy picks uniformly by index, and the
 *    rules docs fix the enumeration order so results can be compared with other
 *    implementations.
 *  - All chance goes through the one `Rng` passed in (never Math.random), so a game is fully
 *    determined by its seed.
 *  - A position where the mover has no real choice still offers one action (e.g. "pass"),
 *    so "a legal action exists unless terminal" holds for every game.
 */
import type { z } from 'zod';
import type { Rng } from './rng.js';

/** Fields every game state carries; the engine and the statistics read them directly. */
export interface GameState {
  /** Number of seats in this game (fixed for the state's lifetime). */
  readonly players: number;
  /** Seat whose decision it is. Meaningful only while `terminal` is false. */
  toMove: number;
  /** True once the game is over (won, drawn or capped). */
  terminal: boolean;
  /** Seat index of the winner, or NO_WINNER for a draw or a capped game. */
  winner: number;
  /** True if the game was stopped by the turn cap rather than by the rules. */
  capped: boolean;
  /** Turns taken so far, over all players. */
  turns: number;
  /** Rounds started so far (one pass round the table from the first player). */
  rounds: number;
  /** Seat that took the first turn of this game. */
  firstSeat: number;
  /**
   * The game's log of what happened since the last decision, for `render` and `scene` (the game
   * kit's EventLog, src/games/kit/event-log.ts); off in play, switched on by the replay.
   */
  readonly eventLog?: EventSwitch;
}

/** The switch of a game state's event log: events are recorded only while `on`. */
export interface EventSwitch {
  on: boolean;
}

export const NO_WINNER = -1;

/**
 * What a policy decides with. `choose` returns an index into actions[0..n).
 * A policy may keep scratch buffers (allocated in `create`), but must not allocate per call,
 * and must read only what its seat may see (see GameModule.hiddenInformation).
 */
export interface Policy<S extends GameState = GameState> {
  choose(state: S, actions: Int32Array, n: number, rng: Rng): number;
  /**
   * True only for a policy whose `choose` is exactly `rng.int(n)` and reads nothing else (the
   * generic `random`): the engine may then draw the index itself and ask a game that offers
   * `countActions` and `actionAt` for that one action instead of the list. Wrappers (epsilon)
   * and the game's own policies leave it unset.
   */
  readonly uniform?: boolean;
}

export interface PolicyContext<R = unknown> {
  /** The game, for policies that search (copy, legalActions, apply on scratch states). */
  readonly game: AnyGameModule;
  readonly rules: R;
  readonly players: number;
  /** Index of the seat configuration this instance plays (with rotating seats, not always the seat). */
  readonly seat: number;
}

/** A named skill level: a policy (generic or the game's own) with fixed parameters and strength dial. */
export interface SkillLevel {
  readonly name: string;
  /** Who plays like this, and what it costs. */
  readonly description: string;
  readonly policy: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** The strength dial (src/policies/epsilon.ts): chance of a random move; omitted = 0. */
  readonly epsilon?: number;
}

/** A named policy: its documentation, its parameters (a zod object with defaults) and a factory. */
export interface PolicySpec<S extends GameState = GameState, R = unknown> {
  readonly description: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- params are validated by paramsSchema
  readonly paramsSchema: z.ZodType<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  create(params: any, ctx: PolicyContext<R>): Policy<S>;
  /**
   * Checks of parsed parameters that need the game (a rollout policy's name): the field and what
   * is wrong, or null. The loader calls it, so `validate` reports what `run` would refuse.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  check?(params: any, game: AnyGameModule): { field: string; problem: string } | null;
}

/**
 * Game-specific measurements, folded into the run's accumulators at the end of every game.
 * Every value is a count or a sum of integers, so merging partial results is exact and the
 * summary is byte-identical whatever the worker count or shard order.
 */
export interface GameMetricsSpec<S extends GameState = GameState> {
  /** Whole-game counters, e.g. "attacks". Reported as total and mean per game. */
  readonly counters: readonly { name: string; description: string }[];
  /** Per-seat counters, e.g. "wormsLost". Reported per seat as total and mean per game. */
  readonly seatCounters: readonly { name: string; description: string }[];
  /**
   * Add one finished game's counts: counters[k] += …, seatCounters[seat * seatCounters.length + k] += ….
   * Called once per game, after the game is terminal.
   */
  record(state: S, counters: Float64Array, seatCounters: Float64Array): void;
  /**
   * Optional tables whose rows depend on the scenario (one row per card of the deck, per
   * character of the roster, per block of the board...), each a rows x columns grid of
   * integer counts. Sized once per plan from the rules.
   */
  tables?(rules: unknown, players: number): readonly MetricTableSpec[];
  /** Add one finished game into the tables: tables[t][row * columns + column] += …. */
  recordTables?(state: S, tables: readonly Float64Array[]): void;
}

/**
 * Who is ahead in a position, and by how much (docs/quality.md; each game's rules doc says what
 * its score is). Called once per round in every game of a run, so it reads the state's typed
 * arrays and allocates nothing.
 */
export interface StandingSpec<S extends GameState = GameState> {
  /** What the score is, in one sentence (printed with the quality figures). */
  readonly description: string;
  /**
   * Write each seat's score into out[at + seat]: a number in [0, 1] on the game's scale of the
   * way to winning (1 = won), so that a deficit reads alike across games.
   */
  score(state: S, out: Float64Array, at: number): void;
  /**
   * Follow the standing only in games 0..all-1 and then in every `every`-th game (by game index,
   * so a run's figures do not depend on the worker count); absent: every game. For a game so
   * cheap that following every one costs measurable speed (Worms: bench/README.md).
   */
  readonly followGames?: { readonly all: number; readonly every: number };
}

export interface MetricTableSpec {
  /** e.g. "cards" */
  readonly name: string;
  readonly description: string;
  /** Row names, e.g. card names. */
  readonly rows: readonly string[];
  readonly columns: readonly { name: string; description: string }[];
  /**
   * Proportions this table defines per row, e.g. { name: 'winRateWhenPlaced', wins:
   * 'placedWins', of: 'placedGames' }: reports draw them with intervals and the balance gate
   * tests them for drift.
   */
  readonly rates?: readonly {
    name: string;
    wins: string;
    of: string;
    description: string;
    /** A win rate compared with fair: the pooled rate of all rows, what a neutral row gets (not 1 / players). */
    fairShare?: boolean;
    /**
     * The game's primary strength rate for these rows (one per game): the balance sheet leads
     * with it and its pooled value is the fair line (src/analysis/fair-line.ts) that the report,
     * `weights`, `tune`, `fair` and the gate print.
     */
    primary?: boolean;
  }[];
  /** Optional group of each row (e.g. a card's group), for colouring charts. */
  readonly rowGroups?: readonly string[];
}

/** When one rules field can change play (GameModule.ruleScope). */
export interface RuleScope<R = unknown> {
  /** In words, e.g. "advanced game only, and only when a block is hit twice before it moves". */
  readonly when: string;
  /** False when these rules and players leave the field no chance to change anything. */
  applies(rules: R, players: number): boolean;
  /** What these rules have that decides it, e.g. "this board has 1 block (mode: simple)". */
  here?(rules: R, players: number): string;
}

export interface GameModule<S extends GameState = GameState, R = unknown> {
  /** Short id used in scenario files (`game: worms`). */
  readonly id: string;
  readonly title: string;
  /** The rules document this module plays, relative to the package root (docs/rules/<id>.md). */
  readonly rulesDoc: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** True if some of the state is hidden from some seats (policies must not read it). */
  readonly hiddenInformation: boolean;
  /** What a policy may read, for hidden-information games (documentation for policy authors). */
  readonly visibility: string;
  /** The rules and their named variants: a zod object whose defaults are the rules doc's defaults. */
  readonly rulesSchema: z.ZodType<R>;
  /**
   * Inline data files the scenario's rules refer to (a deck, a roster, a terrain layout), before
   * the rules are validated: e.g. replace `deck: decks/classic-70.yaml` by the cards it holds.
   * The plan sent to workers is then self-contained, and the scenario hash covers the data.
   */
  prepareRules?(rules: Record<string, unknown>, ctx: RulesContext): Record<string, unknown>;
  /**
   * The data files this game reads on their own (a deck, a roster, a layout, a board), so that
   * `squabble validate` can check one alone: it recognises the kind by the file's top-level keys
   * and validates a scenario that uses the file, so the messages are the ones a run would give.
   */
  readonly dataFiles?: readonly DataFileKind<R>[];
  /**
   * When a rules field can change play, for fields that do not always (docs/scenario-reference.md
   * prints `when` beside the field; `compare` names it when two variants played identical games):
   * `applies(rules, players)` says whether these rules and players give the field a chance to
   * matter at all (false: it cannot, whatever it is set to).
   */
  readonly ruleScope?: Readonly<Record<string, RuleScope<R>>>;
  /** Cross-field checks zod cannot express (e.g. decks vs players). Returns [field, message] or null. */
  checkSetup?(rules: R, players: number): [field: string, message: string] | null;
  /**
   * The set-up these rules resolve to where defaults depend on more than the rules (Squish's
   * board: default blocks and start squares depend on the mode and player count), as plain
   * JSON. Recorded in summary.json (`scenario.setup`) so reports can draw it without the game.
   */
  setup?(rules: R, players: number): Record<string, unknown>;
  /**
   * The set-up a run's figures are measured under, in one sentence: who moves or sets up
   * first and who gets which start square, edge or character, and whether that is fixed or
   * drawn per game (rules.setup). Every report prints it beside the first-player figure.
   */
  describeSetup(rules: R, players: number): string;
  /** Games per pool task: large enough that a task takes well over 10 ms. */
  readonly shardSize: number;
  /** The turn cap for these rules; game length histograms are sized by it. */
  maxTurns(rules: R): number;
  /** Most legal actions any position can have; sizes the action buffer. */
  actionCapacity(rules: R, players: number): number;

  createState(rules: R, players: number): S;
  /** Start a new game: shuffle, deal, choose the first seat, clear every counter. */
  reset(state: S, rng: Rng): void;
  legalActions(state: S, out: Int32Array): number;
  /**
   * Optional, for speed with the uniform `random` policy (offer both or neither): how many actions
   * `legalActions` would write in this state, without writing them. The engine then draws
   * k = rng.int(n), exactly as `random` would, and plays `actionAt(state, k)`.
   */
  countActions?(state: S): number;
  /**
   * The action `legalActions` would write at index k (0 <= k < n), in the same enumeration
   * order (the rules doc's). Called only right after `countActions` on the same, unchanged state,
   * so it may walk what that call left in scratch space; results must be byte-identical with the
   * list (test/games/action-count.test.ts checks every game that offers the pair).
   */
  actionAt?(state: S, k: number): number;
  apply(state: S, action: number, rng: Rng): void;
  /**
   * Make dst a deep copy of src (both created by createState with the same rules). Fields whose
   * names start with `scratch` are working space reused within one call, not state: copy skips
   * them and the conformance suite does not compare them.
   */
  copy(dst: S, src: S): void;

  /** A human-readable name for an action in this state, for traces. */
  describeAction(state: S, action: number): string;
  /** The position as text, for traces. */
  render(state: S): string;
  /**
   * The position as plain JSON data for the drawing on `replay --html` pages
   * (src/replay/draw/<game>.ts turns it into SVG). Called only when replaying, never in play,
   * so it may allocate freely.
   */
  scene?(state: S): object;
  /**
   * Hidden-information games: re-deal everything `seat` cannot see (deck order, opponents'
   * hands...) at random, consistently with what it has seen, so a search policy can sample a
   * world it cannot tell from the real one. Called on a scratch copy, never on the real state.
   */
  determinize?(state: S, seat: number, rng: Rng): void;
  /** The game's own invariants; a message describing the first violation, or null. */
  checkInvariants(state: S): string | null;

  readonly metrics: GameMetricsSpec<S>;
  /** Who is ahead and by how much, sampled once per round for the quality figures (docs/quality.md). */
  readonly standing?: StandingSpec<S>;
  /** Game-specific policies (the generic ones in src/policies are available too). */
  readonly policies: Readonly<Record<string, PolicySpec<S, R>>>;
  /**
   * Named skill levels, weakest first: what a seat's `level: NAME` stands for, so a scenario
   * can ask for "a strong player" without tuning parameters (the game's skill-ladder.yaml plays
   * them against each other).
   */
  readonly levels?: readonly SkillLevel[];
  /**
   * Card or character stats addressable by name (`cards.Mudgrub.hp`, `characters.Knight.melee`)
   * in sweeps, `compare`, `tune` and `weights`. A game with stats has a `statOverrides` rules
   * field (src/sim/stat-paths.ts) that its `prepareRules` applies after inlining its data.
   */
  readonly stats?: StatSpec<R>;
}

/** The stats `squabble weights` bumps by one. */
export type WeightStat = 'hp' | 'damage';

export interface StatSubject {
  /** The card or character name (also its row in the controller table). */
  name: string;
  /** Its group or style, for colouring charts. */
  group: string;
}

export interface StatSpec<R = unknown> {
  /** First part of every stat path of this game: 'cards', 'characters'. */
  readonly namespace: string;
  /** What one subject is called in messages and reports: 'card', 'character'. */
  readonly noun: string;
  /** The stats after the name, with what they mean (docs, `squabble list`, messages). */
  readonly stats: readonly { path: string; description: string }[];
  /** What +1 of each weights stat changes, in words (printed with the results). */
  readonly bumpMeaning: Readonly<Record<WeightStat, string>>;
  /**
   * The controller's win rate, one row per subject: a metric table and one of its rates. The
   * weights command reads that row's wins and trials game by game in both arms.
   */
  readonly controller: { readonly table: string; readonly rate: string; readonly meaning: string };
  /** The legal starting HP of a subject (the weights command keeps "HP to fair" inside it). */
  readonly hpLimits: { readonly min: number; readonly max: number };
  /** The subjects that can take part in a game under these rules (rows of the controller table). */
  subjects(rules: R, players: number): StatSubject[];
  /** The value at a stat path of resolved rules; throws an Error naming the nearest names when the path is wrong. */
  read(rules: R, path: string): number | string;
  /** The overrides that make +1 of `stat` for one subject, or why that stat does not apply to it. */
  bump(rules: R, name: string, stat: WeightStat): { overrides: Record<string, number | string> } | { skip: string };
}

/** One kind of data file a game reads, as `squabble validate` checks it alone. */
export interface DataFileKind<R = unknown> {
  /** What the file is, in a word or two ("deck", "roster", "terrain layout"). */
  readonly kind: string;
  /** The top-level keys that make a file this kind, for the message when no kind fits. */
  readonly keys: string;
  /** True if parsed file data is this kind (judged by its top-level keys only). */
  recognise(data: Record<string, unknown>): boolean;
  /** The rules of a smallest scenario that uses the file `ref` (named relative to that scenario). */
  rulesUsing(ref: string): Record<string, unknown>;
  /** Players for that scenario. */
  readonly players: number;
  /** A short summary of what the file holds, from the resolved rules (for the "ok" line). */
  summary(rules: R): string;
}

/** What `prepareRules` may do with files: only read data files below the scenario's folder. */
export interface RulesContext {
  /**
   * Read a YAML or JSON file named relative to the scenario file and validate it with `schema`.
   * `field` is the scenario field that names it (for "cannot read" messages). Mistakes inside
   * the file are reported with that file's name, field path and line. Paths that leave the
   * scenario's folder are refused.
   */
  load<T extends z.ZodType>(ref: string, schema: T, field: string): z.output<T>;
  /**
   * Stop with a mistake in the rules being prepared: `path` is relative to them (e.g.
   * ['statOverrides', 'cards.Mudgrub.hp']); the message names the scenario file, the full field
   * (`rules.…` or `variants.NAME.…`) and its line.
   */
  fail(path: readonly PropertyKey[], problem: string): never;
}

/** A module of any game, as the registry holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any>;
