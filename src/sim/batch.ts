/**
 * Playing many games of one plan in one thread: the worker's side of the pool, also used
 * in-process by `replay`, tests and `--workers 0`.
 */
import type { AnyGameModule, GameState, MetricTableSpec, Policy, PolicySpec } from './types.js';
import type { Plan } from './scenario/types.js';
import { Rng } from './rng.js';
import { playGame, type StepObserver } from './engine.js';
import { Accumulator, type AccumulatorShape } from './stats/accumulator.js';
import { PerGameRecorder, exampleSetCount } from './example-games.js';
import { StandingRecorder } from './stats/quality.js';

/** Everything needed to replay one game: with the scenario file, `squabble replay` reproduces it. */
export interface ReplayKey {
  scenarioHash: string;
  seed: number | string;
  cell: number;
  gameIndex: number;
}

/** A game that threw (rules bug, policy bug) or broke an invariant; carries its replay key. */
export class GameFailure extends Error {
  constructor(
    readonly key: ReplayKey,
    readonly reason: string,
    readonly turn: number,
    readonly kind: 'crash' | 'invariant',
    cause?: unknown,
  ) {
    super(`game ${key.gameIndex} ${kind === 'crash' ? 'crashed' : 'broke an invariant'} at turn ${turn}: ${reason}`, { cause });
    this.name = 'GameFailure';
  }

  /** The stack of the original error where there was one (that is where the bug is). */
  get detail(): string {
    return this.cause instanceof Error && this.cause.stack ? this.cause.stack : (this.stack ?? '');
  }
}

export function accumulatorShape(game: AnyGameModule, plan: Plan): AccumulatorShape {
  const tables = metricTables(game, plan);
  return {
    players: plan.players,
    labels: plan.labels.length,
    maxTurns: game.maxTurns(plan.rules),
    counters: game.metrics.counters.length,
    seatCounters: game.metrics.seatCounters.length,
    tableCells: tables.map((t) => t.rows.length * t.columns.length),
    tableWidths: tables.map((t) => t.columns.length),
    gameRecords: plan.recordGames ? plan.games : 0,
    rateColumns: tables.map((t) => (t.rates ?? []).map((r) => [t.columns.findIndex((c) => c.name === r.wins), t.columns.findIndex((c) => c.name === r.of)] as const).filter(([w, n]) => w >= 0 && n >= 0)),
    exampleSets: exampleSetCount(game, plan),
    quality: game.standing !== undefined,
  };
}

export function metricTables(game: AnyGameModule, plan: Plan): readonly MetricTableSpec[] {
  return game.metrics.tables?.(plan.rules, plan.players) ?? [];
}

export class GameRunner {
  readonly state: GameState;
  readonly rng = new Rng();
  readonly actions: Int32Array;
  /** One policy instance per seat configuration (each keeps its own scratch space). */
  private readonly configPolicies: Policy[];
  /** Who plays each seat in the current game, and their label index. */
  readonly seatPolicies: Policy[];
  readonly seatLabel: Int32Array;
  /** Each game's rate-row sums and example-game offers. */
  private readonly perGame: PerGameRecorder;
  /** Samples the standing once per round for the quality figures; null for a game without one. */
  readonly standing: StandingRecorder | null;

  constructor(
    readonly game: AnyGameModule,
    readonly plan: Plan,
    policySpecs: readonly PolicySpec[],
    readonly cell = 0,
  ) {
    this.state = game.createState(plan.rules, plan.players);
    this.actions = new Int32Array(game.actionCapacity(plan.rules, plan.players));
    this.configPolicies = plan.seats.map((seat, c) =>
      policySpecs[c]!.create(seat.params, { game, rules: plan.rules, players: plan.players, seat: c }),
    );
    this.seatPolicies = this.configPolicies.slice();
    this.seatLabel = new Int32Array(plan.players);
    this.perGame = new PerGameRecorder(game, plan);
    this.standing = game.standing ? new StandingRecorder(game.standing, plan.players, game.maxTurns(plan.rules)) : null;
  }

  /** Seat the policies for game `index` and seed its random stream. */
  private prepare(index: number): void {
    const n = this.plan.players;
    const shift = this.plan.seating === 'rotate' ? index % n : 0;
    for (let c = 0; c < n; c++) {
      const seat = (c + shift) % n;
      this.seatPolicies[seat] = this.configPolicies[c]!;
      this.seatLabel[seat] = this.plan.seatLabel[c]!;
    }
    this.rng.seedGame(this.plan.masterSeed, this.cell, index);
  }

  /**
   * Play game `index`; the finished game is left in `this.state`. `standing` (this runner's, from
   * runRange, for a game that follows it) samples the standing as the game goes; callers that do
   * not fold quality figures (paired, weights, replay) leave it out and pay nothing for it.
   */
  play(index: number, observer: StepObserver | null = null, standing: StandingRecorder | null = null): GameState {
    this.prepare(index);
    try {
      playGame(this.game, this.state, this.seatPolicies, this.rng, this.actions, observer, standing);
    } catch (e) {
      if (e instanceof GameFailure) throw e;
      throw new GameFailure(this.keyOf(index), e instanceof Error ? e.message : String(e), this.state.turns, 'crash', e);
    }
    return this.state;
  }

  /** Whether game `index` follows the standing (StandingSpec.followGames). */
  follows(index: number): boolean {
    const s = this.standing;
    if (s === null) return false;
    const f = this.game.standing!.followGames;
    return f === undefined || index < f.all || index % f.every === 0;
  }

  keyOf(index: number): ReplayKey {
    return { scenarioHash: this.plan.scenarioHash, seed: this.plan.seed, cell: this.cell, gameIndex: index };
  }

  /** Play games [start, end) and fold them into acc; with checks, verify invariants after every move. */
  /** `played[slot]`, if given, is kept equal to the games of this range finished so far (shared with the main thread, which estimates the run's cost from it; src/runner/finished-games.ts). */
  runRange(acc: Accumulator, start: number, end: number, checkInvariants = false, played?: Int32Array, slot = 0): void {
    const game = this.game;
    this.perGame.start(acc);
    for (let i = start; i < end; i++) {
      const standing = this.follows(i) ? this.standing : null;
      const state = this.play(i, checkInvariants ? this.invariantChecker(i) : null, standing);
      acc.recordGame(state, this.seatLabel, i);
      if (standing !== null) acc.recordQuality(standing.finish(state));
      game.metrics.record(state, acc.counters, acc.seatCounters);
      if (game.metrics.recordTables) game.metrics.recordTables(state, acc.tables);
      this.perGame.record(acc, state, i);
      if (played) played[slot] = i + 1 - start;
    }
  }

  /** An observer that checks the contract and the game's own invariants at every step. */
  invariantChecker(index: number): StepObserver {
    const maxTurns = this.game.maxTurns(this.plan.rules);
    const fail = (state: GameState, reason: string): never => {
      throw new GameFailure(this.keyOf(index), reason, state.turns, 'invariant');
    };
    return {
      beforeMove: (state, actions, n, chosen) => {
        if (!Number.isInteger(chosen) || chosen < 0 || chosen >= n) fail(state, `policy chose index ${chosen} of ${n} actions`);
        if (n > actions.length) fail(state, `${n} legal actions exceed the buffer of ${actions.length}`);
        if (state.toMove < 0 || state.toMove >= state.players) fail(state, `seat ${state.toMove} to move`);
      },
      afterMove: (state) => {
        const problem = this.game.checkInvariants(state);
        if (problem !== null) fail(state, problem);
        if (state.turns > maxTurns) fail(state, `game passed its turn cap of ${maxTurns}`);
        if (state.terminal && !state.capped && state.winner >= state.players) fail(state, `winner ${state.winner} is not a seat`);
      },
    };
  }
}

export function newAccumulator(game: AnyGameModule, plan: Plan): Accumulator {
  return new Accumulator(accumulatorShape(game, plan));
}
