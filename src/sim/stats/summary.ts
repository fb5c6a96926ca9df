/**
 * summary.json: the headline figures of a run, derived only from the accumulator and the plan.
 * Nothing here depends on timing or workers, so the same plan and seed give identical bytes.
 * The format is documented in docs/results.md; bump SUMMARY_FORMAT when it changes.
 */
import type { AnyGameModule } from '../types.js';
import type { Plan } from '../scenario/types.js';
import type { Accumulator } from './accumulator.js';
import { metricTables } from '../batch.js';
import { wilson } from './intervals.js';
import { summariseCounts, type Distribution } from './histogram.js';
import { exampleSetIndex } from '../example-games.js';
import { examplesOf, EXAMPLE_SET_SLOTS } from './examples.js';

export const SUMMARY_FORMAT = 'squabble-summary/1';

export interface Proportion {
  count: number;
  rate: number;
  ci: [number, number];
}

export interface SeatSummary {
  seat: number;
  /** Label of the policy in this seat; with rotating seats, every label takes turns. */
  policy: string;
  wins: number;
  winRate: number;
  winRateCI: [number, number];
  /** Games in which this seat moved first. */
  firstMoves: number;
}

export interface PolicySummary {
  label: string;
  policy: string;
  params: Record<string, unknown>;
  /** Seat-games played under this label (a game with two seats of it counts twice). */
  seatGames: number;
  wins: number;
  winRate: number;
  winRateCI: [number, number];
  bySeat: { seat: number; games: number; wins: number; winRate: number; winRateCI: [number, number] }[];
}

/** Why a row deserves a look: its rate differs from the rest (after false-discovery control), or it has too few games to say. */
export type RowFlag = 'differs' | 'few games';

export interface SheetRow {
  row: string;
  /** The row's group (a card's faction...), when the table has groups. */
  group?: string;
  wins: number;
  games: number;
  rate: number;
  interval: [number, number];
  shrunk: number;
  /** Benjamini-Hochberg adjusted p-value of "same rate as the other rows". */
  qValue: number;
  flags: RowFlag[];
  /** Example games (indices) where the row's side won and where it lost (from `Summary.examples`). */
  examples?: RowExamples;
}

export interface RowExamples {
  won: number[];
  lost: number[];
}

/** Example games, a few per headline figure and per table-rate row (src/sim/stats/examples.ts). */
export interface Examples {
  /** longest, capped, draw, firstPlayerLost: game indices (longest first for `longest`). */
  headline: Record<string, number[]>;
  /** By balance-sheet id (`<table>.<rate>`), then row. */
  rows: Record<string, Record<string, RowExamples>>;
}

/** The balance sheet (computed by src/analysis/balance.ts from the tables below; written by `run`). */
export interface BalanceSheet {
  /** Stable id: `<table>.<rate>` (e.g. `cards.winRateWhenPlaced`), or `matchups`. */
  id: string;
  table: string;
  rate: string;
  description: string;
  /** The mean over all rows (total wins / total games). */
  mean: number;
  /** The false-discovery rate at which `differs` is flagged. */
  fdr: number;
  /** Rows ranked by the shrunk estimate, highest first. */
  rows: SheetRow[];
}

export interface Summary {
  format: string;
  scenario: {
    name: string;
    /** The scenario's free-text `description` ('' when it has none; absent in summaries older than it). */
    description?: string;
    game: string;
    players: number;
    rules: Record<string, unknown>;
    variant: string | null;
    seating: string;
    seed: number | string;
    scenarioHash: string;
    /** The game's resolved set-up (GameModule.setup), for games that have one: e.g. Squish's board. */
    setup?: Record<string, unknown>;
  };
  games: number;
  /** Games won by a seat (neither drawn nor capped). */
  decided: number;
  draws: Proportion;
  capped: Proportion;
  seats: SeatSummary[];
  policies: PolicySummary[];
  /**
   * Head to head: for each ordered pair of policy labels (a, b) that met at a table, the seat
   * pairs where a sat against b and how many of those a won (a's win rate when facing b).
   */
  matchups: { policy: string; opponent: string; games: number; wins: number; winRate: number; winRateCI: [number, number] }[];
  /** How often the seat that moved first won, against the fair share 1/players. */
  firstPlayer: { wins: number; winRate: number; winRateCI: [number, number]; fair: number };
  length: { turns: Distribution; rounds: Distribution };
  /** Present when the run had a stopping rule (run --until): which rule stopped it, and when. */
  stopping?: { rule: string; decided: boolean; decision: string | null; games: number };
  /**
   * Each rate of the metric tables (and the matchups) as ranked rows with intervals, shrunk
   * estimates and flags, so that scripts need not parse CSV. Written by `run`, `merge` and sweeps.
   */
  balance?: BalanceSheet[];
  /** Game indices that show each headline figure and each table-rate row; replay them with `squabble replay <run> --example`. */
  examples?: Examples;
  metrics: {
    game: Record<string, { total: number; perGame: number }>;
    seats: Record<string, { total: number; perGame: number }>[];
    /** The game's metric tables: per row (card, character...), the total of each column. */
    tables: Record<string, { description: string; columns: string[]; rows: Record<string, number[]>; rates: { name: string; wins: string; of: string; description: string; fairShare?: boolean }[]; groups?: Record<string, string> }>;
  };
}

function proportion(count: number, n: number): Proportion {
  return { count, rate: n > 0 ? count / n : 0, ci: wilson(count, n) };
}

export function summarise(game: AnyGameModule, plan: Plan, acc: Accumulator): Summary {
  const n = acc.games;
  const players = plan.players;
  const seats: SeatSummary[] = [];
  for (let s = 0; s < players; s++) {
    const wins = acc.seatWins(s);
    seats.push({
      seat: s,
      policy: plan.seating === 'rotate' ? plan.labels.join(' / ') : plan.seats[s]!.label,
      wins,
      winRate: n > 0 ? wins / n : 0,
      winRateCI: wilson(wins, n),
      firstMoves: acc.seatFirst(s),
    });
  }
  const policies: PolicySummary[] = plan.labels.map((label, l) => {
    const seat = plan.seats[plan.seatLabel.indexOf(l)]!;
    let wins = 0;
    let games = 0;
    const bySeat: PolicySummary['bySeat'] = [];
    for (let s = 0; s < players; s++) {
      const w = acc.labelWins(l, s);
      const g = acc.labelGames(l, s);
      wins += w;
      games += g;
      if (g > 0) bySeat.push({ seat: s, games: g, wins: w, winRate: w / g, winRateCI: wilson(w, g) });
    }
    return { label, policy: seat.policy, params: seat.params, seatGames: games, wins, winRate: games > 0 ? wins / games : 0, winRateCI: wilson(wins, games), bySeat };
  });
  const matchups: Summary['matchups'] = [];
  plan.labels.forEach((a, i) =>
    plan.labels.forEach((b, j) => {
      const games = acc.pairGames(i, j);
      if (games === 0) return;
      const wins = acc.pairWins(i, j);
      matchups.push({ policy: a, opponent: b, games, wins, winRate: wins / games, winRateCI: wilson(wins, games) });
    }),
  );
  const perGame = (total: number) => ({ total, perGame: n > 0 ? total / n : 0 });
  const gameMetrics: Summary['metrics']['game'] = {};
  game.metrics.counters.forEach((c, k) => (gameMetrics[c.name] = perGame(acc.counters[k]!)));
  const k = game.metrics.seatCounters.length;
  const seatMetrics: Summary['metrics']['seats'] = [];
  for (let s = 0; s < players; s++) {
    const row: Record<string, { total: number; perGame: number }> = {};
    game.metrics.seatCounters.forEach((c, j) => (row[c.name] = perGame(acc.seatCounters[s * k + j]!)));
    seatMetrics.push(row);
  }
  const tables: Summary['metrics']['tables'] = {};
  metricTables(game, plan).forEach((spec, t) => {
    const data = acc.tables[t]!;
    const width = spec.columns.length;
    const rows: Record<string, number[]> = {};
    spec.rows.forEach((row, r) => (rows[row] = Array.from(data.subarray(r * width, (r + 1) * width))));
    tables[spec.name] = { description: spec.description, columns: spec.columns.map((c) => c.name), rows, rates: (spec.rates ?? []).map((r) => ({ ...r })) };
    if (spec.rowGroups) tables[spec.name]!.groups = Object.fromEntries(spec.rows.map((row, r) => [row, spec.rowGroups![r]!]));
  });
  return {
    format: SUMMARY_FORMAT,
    scenario: {
      name: plan.name,
      description: plan.description,
      game: plan.game,
      players,
      rules: plan.rules,
      variant: plan.variant,
      seating: plan.seating,
      seed: plan.seed,
      scenarioHash: plan.scenarioHash,
      ...(game.setup ? { setup: game.setup(plan.rules, players) } : {}),
    },
    games: n,
    decided: n - acc.draws - acc.capped,
    draws: proportion(acc.draws, n),
    capped: proportion(acc.capped, n),
    seats,
    policies,
    matchups,
    firstPlayer: { wins: acc.firstMoverWins, winRate: n > 0 ? acc.firstMoverWins / n : 0, winRateCI: wilson(acc.firstMoverWins, n), fair: 1 / players },
    length: { turns: summariseCounts(acc.turnCounts()), rounds: summariseCounts(acc.roundCounts()) },
    metrics: { game: gameMetrics, seats: seatMetrics, tables },
    examples: examplesFrom(game, plan, acc),
  };
}

function examplesFrom(game: AnyGameModule, plan: Plan, acc: Accumulator): Examples {
  const index = exampleSetIndex(game, plan);
  const at = (set: number) => examplesOf(acc.data, acc.oExamples + set * EXAMPLE_SET_SLOTS);
  const rows: Examples['rows'] = {};
  for (const r of index.rows) (rows[r.id] ??= {})[r.row] = { won: at(r.won), lost: at(r.lost) };
  return { headline: Object.fromEntries(Object.entries(index.headline).map(([name, set]) => [name, at(set)])), rows };
}
