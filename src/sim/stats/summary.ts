/**
 * summary.json: the headline figures of a run, derived only from the accumulator and the plan.
 * Nothing here depends on timing or workers, so the same plan and seed give identical bytes.
 * The format is documented in docs/results.md; bump SUMMARY_FORMAT when it changes.
 */
import type { AnyGameModule } from '../types.js';
import type { Plan } from '../scenario/types.js';
import type { AssertionsSummary } from '../scenario/expect.js';
import type { DominanceReport } from './dominance.js';
import type { EquilibriumReport } from './equilibrium.js';
import { CLUSTER_SUMS, type Accumulator } from './accumulator.js';
import { metricTables } from '../batch.js';
import { wilson, clusterWilson, Z95 } from './intervals.js';
import { summariseCounts, type Distribution } from './histogram.js';
import { exampleSetIndex } from '../example-games.js';
import { examplesOf, EXAMPLE_SET_SLOTS } from './examples.js';
import { qualitySummary, type QualitySummary } from './quality-summary.js';

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

export interface SummaryTable {
  description: string;
  columns: string[];
  rows: Record<string, number[]>;
  rates: SummaryRate[];
  groups?: Record<string, string>;
}

export interface SummaryRate {
  name: string;
  wins: string;
  of: string;
  description: string;
  fairShare?: boolean;
  /** The game's primary strength rate (MetricTableSpec): the balance sheet leads with it. */
  primary?: boolean;
  /**
   * Per row, sums over games of one game's wins w and trials n of this rate: [Σw², Σn², Σw·n].
   * They let the interval treat the game as the unit (clusterWilson). Absent in summaries
   * written before they were kept: intervals then fall back to Wilson over events.
   */
  perGame?: Record<string, [number, number, number]>;
}

/** One row of a table rate with its interval, the game as the unit where per-game sums exist. */
export interface TableRateRow {
  row: string;
  wins: number;
  games: number;
  rate: number;
  interval: [number, number];
  /** Variance of the rate over its binomial variance (1 without per-game sums). */
  deff: number;
}

/** A table-rate row's interval: the game as the unit where per-game sums exist, Wilson over trials otherwise. */
export function rateRowInterval(w: number, n: number, sums: readonly [number, number, number] | undefined, games: number, z = Z95): { ci: [number, number]; deff: number } {
  return sums ? clusterWilson(w, n, sums[0], sums[1], sums[2], games, z) : { ci: wilson(w, n, z), deff: 1 };
}

/** The rows of one rate of a summary table, with game-as-unit intervals (rows with no trials left out). */
export function tableRateRows(table: SummaryTable, rate: SummaryRate, games: number): TableRateRow[] {
  const wi = table.columns.indexOf(rate.wins);
  const oi = table.columns.indexOf(rate.of);
  if (wi < 0 || oi < 0) return [];
  const out: TableRateRow[] = [];
  for (const [row, values] of Object.entries(table.rows)) {
    const w = values[wi]!;
    const n = values[oi]!;
    if (!(n > 0)) continue;
    const sums = rate.perGame?.[row];
    const c = rateRowInterval(w, n, sums, games);
    out.push({ row, wins: w, games: n, rate: w / n, interval: c.ci, deff: c.deff });
  }
  return out;
}

export type SeatVerdict = 'advantage' | 'disadvantage' | 'no clear difference';

export interface FirstPlayerSummary {
  wins: number;
  winRate: number;
  winRateCI: [number, number];
  /** Games won by a seat: the denominator of `decidedShare`. */
  decided: number;
  /** Share of decided games the first player won, with its Wilson 95% interval. */
  decidedShare: number;
  decidedShareCI: [number, number];
  /** The fair value of `decidedShare`: 1 / players. */
  fair: number;
  /** `decidedShareCI` against `fair`: wholly above, wholly below, or straddling it. */
  verdict: SeatVerdict;
  /** The verdict in words with its comparison, as the terminal and summary.md print it. */
  statement: string;
  /**
   * Every seat played the same policy with the same parameters, so the figure is the game's;
   * otherwise it is a mixed-bot figure (it also measures which bot tends to move first).
   */
  sameBot: boolean;
}

/** A share with its interval against a fair value: which side of fair the whole interval lies on. */
export function verdictAgainst(ci: readonly [number, number], fair: number): SeatVerdict {
  return ci[0] > fair ? 'advantage' : ci[1] < fair ? 'disadvantage' : 'no clear difference';
}

const pct1 = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The first-player verdict of a run: share of decided games against 1 / players, draws and caps beside it. */
export function firstPlayerSummary(wins: number, games: number, draws: number, capped: number, players: number, sameBot = true): FirstPlayerSummary {
  const decided = games - draws - capped;
  const decidedShare = decided > 0 ? wins / decided : 0;
  const decidedShareCI = wilson(wins, decided);
  const fair = 1 / players;
  const verdict = decided > 0 ? verdictAgainst(decidedShareCI, fair) : 'no clear difference';
  const words = verdict === 'advantage' ? 'an advantage' : verdict === 'disadvantage' ? 'a disadvantage' : 'no clear advantage';
  const rate = (k: number) => (games > 0 ? pct1(k / games) : '0.0%');
  const who = sameBot ? 'The first player' : 'Mixed-bot figure (the seats play different bots, so this also measures which bot tends to move first): the first player';
  const statement =
    `${who} wins ${pct1(decidedShare)} [${pct1(decidedShareCI[0])}, ${pct1(decidedShareCI[1])}] of the ${decided.toLocaleString('en-US')} decided games ` +
    `against a fair 1/${players} = ${pct1(fair)}: ${words} (draws ${rate(draws)}, capped ${rate(capped)} of all games; ${rate(wins)} of all games won by the first player).`;
  return { wins, winRate: games > 0 ? wins / games : 0, winRateCI: wilson(wins, games), decided, decidedShare, decidedShareCI, fair, verdict, statement, sameBot };
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
  /** The row's design effect when it counts several events per game (absent when 1): its interval and tests use the game as the unit. */
  deff?: number;
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
  /** True for the game's primary strength rate (listed first); its `mean` is the fair line (src/analysis/fair-line.ts). */
  primary?: boolean;
  /** The false-discovery rate at which `differs` is flagged. */
  fdr: number;
  /** Rows ranked by the shrunk estimate, highest first. */
  rows: SheetRow[];
  /** How `rate` and intervals read when they are not rates (absent): see SheetUnit. */
  unit?: SheetUnit;
}

/**
 * What a sheet's numbers are when they are not rates: `points`, differences of two rates (B − A
 * in `squabble compare`, shown in signed percentage points); `relative`, relative changes of
 * means (B / A − 1 of game length or a counter per game, shown as a signed percentage).
 */
export type SheetUnit = 'points' | 'relative';

/** Spearman's rank agreement of two ratings of the same rows, with its 95% interval (src/analysis/rank-agreement.ts). */
export interface RankAgreement {
  rho: number;
  interval: [number, number];
  rows: number;
}

/**
 * A row's verdict on a balance sheet: above or below the rest by the sheet's `differs` flag
 * (false-discovery rate held), or within when it is not shown to differ.
 */
export type Verdict = 'above' | 'within' | 'below';

/**
 * The agreement of two levels' true rates over the same rows, corrected for each row's own noise,
 * with a 95% interval from redrawing every row's rate from its game-unit noise
 * (src/analysis/rank-agreement.ts, `correctedAgreement`).
 */
export interface CorrectedAgreement {
  /** Correlation of the true rates, clipped to [−1, 1]; NaN (null in JSON) when a level's rows show no spread beyond their noise (the interval is then [−1, 1]). */
  rho: number;
  interval: [number, number];
  rows: number;
  /** Each side's reliability: the share of its spread over the rows that is not noise. */
  reliability: [number, number];
}

/** One balance-sheet row under each level (src/analysis/level-ratings.ts). */
export interface LevelRow {
  row: string;
  /** In the order of `LevelRatings.levels`. */
  byLevel: { rate: number; interval: [number, number]; games: number; verdict: Verdict }[];
  /**
   * The level × row interaction test flags this row under some later level: its change from the
   * first level differs from the sheet's median change beyond noise (Benjamini-Hochberg over the
   * sheet's rows and levels, false-discovery rate `LevelSheet.fdr`).
   */
  dependsOnBot: boolean;
  /** The smallest Benjamini-Hochberg adjusted p-value of the row's interaction tests. */
  qValue: number;
  /** The balance-sheet verdict under some level differs from the first level's (noise alone changes many). */
  verdictChanges: boolean;
}

/** One balance sheet (one rate of one table) under each level. */
export interface LevelSheet {
  /** The balance sheet's id (`<table>.<rate>`). */
  id: string;
  table: string;
  rate: string;
  description: string;
  /** The sheet's unit when its numbers are not rates (compare's differences). */
  unit?: SheetUnit;
  /** Rows measured under every level and in the ceiling run, in the first level's rank order. */
  rows: LevelRow[];
  /** Each later level's agreement with the first, corrected for the rows' noise. */
  corrected: (CorrectedAgreement & { level: string })[];
  /** Each later level's raw rank agreement with the first (Spearman of the observed rates, attenuated by noise). */
  agreement: (RankAgreement & { level: string })[];
  /** Each level's reliability over these rows (share of its spread that is not noise), in the order of the levels. */
  reliability: number[];
  /** The first level against itself on another seed: its observed rates' correlation (test-retest reliability) and their noise-corrected agreement (1 in truth). */
  retest: { pearson: number; corrected: CorrectedAgreement };
  /** The first level's raw rank agreement with itself on another seed (attenuated by noise as the levels' is). */
  ceiling: RankAgreement;
  /** The false-discovery rate of the interaction tests. */
  fdr: number;
  /** Rows the interaction test flags between the first level's two seeds: false discoveries by construction. */
  ceilingDependent: number;
  /** Rows whose verdict changes between the first level's two seeds: the changes noise alone makes. */
  ceilingChanges: number;
}

/** A scenario's tables rated under several skill levels (its `compareLevels`; `squabble levels`). */
export interface LevelRatings {
  /** Each level's name and the policy it stands for, the reference (first) level first. */
  levels: { name: string; policy: string }[];
  /** Games per level run (every seat the level, seats rotating). */
  games: number;
  seed: number | string;
  /** The seed of the ceiling run (the first level again). */
  ceilingSeed: number | string;
  /** Levels whose run is the scenario's own games (the same seats and seed): not played twice. */
  sameAsScenario: string[];
  /** What a verdict means, when it is not a balance sheet's (`squabble weights`: the sign of a flagged weight). */
  verdict?: string;
  sheets: LevelSheet[];
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
    /** The set-up every figure was measured under, in words (GameModule.describeSetup). */
    setupDescription: string;
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
  /**
   * How often the seat that moved first won. `winRate` is over all games; the verdict compares
   * `decidedShare` (wins / decided games) with `fair` = 1 / players, because draws and capped
   * games are won by nobody and would otherwise read as a first-player disadvantage.
   */
  firstPlayer: FirstPlayerSummary;
  length: { turns: Distribution; rounds: Distribution };
  /** Game quality from the game's standing (docs/quality.md): lead changes, decisiveness, drama, comebacks, blow-outs, length spread. */
  quality?: QualitySummary;
  /** Present when the run had a stopping rule (run --until): which rule stopped it, and when. */
  stopping?: { rule: string; decided: boolean; decision: string | null; games: number };
  /**
   * Each rate of the metric tables (and the matchups) as ranked rows with intervals, shrunk
   * estimates and flags, so that scripts need not parse CSV. Written by `run`, `merge` and sweeps.
   */
  balance?: BalanceSheet[];
  /** The scenario's design assertions (`expect:`) judged on this run (src/analysis/assertions.ts). */
  assertions?: AssertionsSummary;
  /** The tables under each of the scenario's `compareLevels` (played by `run`). */
  levels?: LevelRatings;
  /**
   * Steps of the game's skill ladder that `squabble ladder` found not to hold on this content
   * (the same game, players and rules), one warning each: the figures may describe the bots.
   */
  botWarnings?: string[];
  /** With a matchup matrix of three or more choices (Squall's `matchups`): dominant choice, viable count, cycles (src/analysis/dominance.ts). */
  dominance?: DominanceReport;
  /** With the same matrix: what a smart field would play, the maximum-entropy Nash mixture with intervals (src/analysis/equilibrium.ts). */
  equilibrium?: EquilibriumReport;
  /** Game indices that show each headline figure and each table-rate row; replay them with `squabble replay <run> --example`. */
  examples?: Examples;
  metrics: {
    game: Record<string, { total: number; perGame: number }>;
    seats: Record<string, { total: number; perGame: number }>[];
    /** The game's metric tables: per row (card, character...), the total of each column. */
    tables: Record<string, SummaryTable>;
  };
}

function proportion(count: number, n: number): Proportion {
  return { count, rate: n > 0 ? count / n : 0, ci: wilson(count, n) };
}

/** Every seat plays the same policy with the same parameters. */
export function sameBot(plan: Plan): boolean {
  const key = (i: number) => JSON.stringify([plan.seats[i]!.policy, plan.seats[i]!.params]);
  return plan.seats.every((_, i) => key(i) === key(0));
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
    const rateColumns = acc.shape.rateColumns[t]!;
    const clusters = acc.clusters[t]!;
    const rates: SummaryRate[] = (spec.rates ?? []).map((r) => ({ ...r }));
    // rateColumns keeps only rates whose columns exist, in the spec's order.
    let k = 0;
    for (const rate of rates) {
      if (!spec.columns.some((c) => c.name === rate.wins) || !spec.columns.some((c) => c.name === rate.of)) continue;
      const perGame: Record<string, [number, number, number]> = {};
      spec.rows.forEach((row, r) => {
        const o = (k * spec.rows.length + r) * CLUSTER_SUMS;
        perGame[row] = [clusters[o]!, clusters[o + 1]!, clusters[o + 2]!];
      });
      rate.perGame = perGame;
      k++;
    }
    if (k !== rateColumns.length) throw new Error(`table ${spec.name}: ${k} rates with per-game sums, expected ${rateColumns.length}`);
    tables[spec.name] = { description: spec.description, columns: spec.columns.map((c) => c.name), rows, rates };
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
      setupDescription: game.describeSetup(plan.rules, players),
    },
    games: n,
    decided: n - acc.draws - acc.capped,
    draws: proportion(acc.draws, n),
    capped: proportion(acc.capped, n),
    seats,
    policies,
    matchups,
    firstPlayer: firstPlayerSummary(acc.firstMoverWins, n, acc.draws, acc.capped, players, sameBot(plan)),
    length: { turns: summariseCounts(acc.turnCounts()), rounds: summariseCounts(acc.roundCounts()) },
    ...qualityOf(game, acc),
    metrics: { game: gameMetrics, seats: seatMetrics, tables },
    examples: examplesFrom(game, plan, acc),
  };
}

function qualityOf(game: AnyGameModule, acc: Accumulator): { quality?: QualitySummary } {
  const q = acc.qualityData();
  return game.standing && q ? { quality: qualitySummary(game.standing, q, acc.turnCounts(), acc.games, acc.capped) } : {};
}

function examplesFrom(game: AnyGameModule, plan: Plan, acc: Accumulator): Examples {
  const index = exampleSetIndex(game, plan);
  const at = (set: number) => examplesOf(acc.data, acc.oExamples + set * EXAMPLE_SET_SLOTS);
  const rows: Examples['rows'] = {};
  for (const r of index.rows) (rows[r.id] ??= {})[r.row] = { won: at(r.won), lost: at(r.lost) };
  return { headline: Object.fromEntries(Object.entries(index.headline).map(([name, set]) => [name, at(set)])), rows };
}
