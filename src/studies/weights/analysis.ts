/**
 * Stat weights (squabble weights, docs/analysis.md): for each card or character, the change in
 * its controller's win rate per +1 of a stat, from paired runs (the base plan and the plan with
 * the stat raised play every game from the same seed).
 *
 * The paired quantity. For subject c and game i, in each arm X (A = base, B = tweaked):
 *   H_X = the number of seats that controlled c in game i (Squirmish: held it — dealt, drawn or
 *         drafted; Squall: fielded it), read from the game's controller table (StatSpec.controller);
 *   W_X = how many of those seats won (0 or 1: one winner per game).
 * The controller's win rate of the base is r_A = ΣW_A / ΣH_A (wins per seat-game with the
 * subject, the metric table's own rate). The weight is the change in winning controllers per
 * game, at the base exposure:
 *   Δ = (ΣW_B − ΣW_A) / ΣH_A = mean(D) / mean(H_A), with D = W_B − W_A per game.
 * Why not r_B − r_A: once the paired games diverge, the exposure itself can change (a card that
 * ends games sooner is drawn by fewer seats, and the draws that disappear are mostly the losers'
 * late ones), which would move the per-holder ratio by selection rather than by strength. Fixing
 * the denominator at the base exposure keeps the weight to "how many more of its holders win";
 * the exposure change ΣH_B / ΣH_A − 1 is reported beside it.
 *
 * Intervals: the ratio estimator's linearisation, e_i = (D_i − Δ·H_A,i) / mean(H_A), whose mean
 * is exactly 0, so var(Δ) ≈ Σe² / (n(n−1)); Σe² is a quadratic form in 14 exact integer sums per
 * tweak (ΣW_A, ΣH_A, ΣW_B, ΣH_B and their pairwise products), merged by addition like every
 * accumulator, so results do not depend on worker count or task order. Pairing makes D zero in
 * most games, so the interval is much narrower than two independent samples would give (reported
 * as "games saved", as in squabble compare).
 *
 * P-values for the flags: an exact sign test (McNemar's) on the games whose W differed between
 * the arms — with W in {0, 1} these are the only games that carry information about ΣD, and with
 * few of them the normal interval is optimistic while the exact test is not. Flags control the
 * false-discovery rate (Benjamini-Hochberg at q = 0.05, rates.ts) over all weights of a run.
 *
 * Base rates (furthest from fair): r_A with var ≈ Σ(W_A − r_A·H_A)² / (mean(H_A)² n(n−1)),
 * against fair = the pooled controller win rate of all subjects (ΣW / ΣH over every subject:
 * what a neutral card gets), normal p-values, Benjamini-Hochberg over the subjects. Not
 * 1/players: losing seats hold more cards (they draw longer), so an average card's controller
 * wins less than 1/players, and draws and capped games are won by nobody.
 *
 * HP to fair: on a log scale from the +1 HP weights of every subject shrunk toward their pooled
 * slope (hpToFairOf), so a subject whose own weight is too noisy to be clearly positive still
 * gets an answer; not estimable only when the HP it points to is not legal.
 */
import { twoSidedP } from '../../analysis/normal.js';
import { pairedRate, signTestP, type PairedRate, type BaseRate } from '../../analysis/paired-rates.js';
import { benjaminiHochberg, FDR_Q } from '../../analysis/rates.js';
import type { WeightStat } from '../../sim/types.js';
import type { BalanceSheet } from '../../sim/stats/summary.js';
import { subjectsFairLine } from '../../analysis/fair-line.js';
import { betaOfStep, shrinkSlopes, type SlopeEstimate } from '../../analysis/stat-slopes.js';

export interface WeightRow {
  subject: string;
  group: string;
  stat: WeightStat;
  /** The overrides that made the tweak (path → new value). */
  change: Record<string, number | string>;
  estimate: PairedRate | null;
  /** Why there is no estimate (stat does not apply, or the subject never took part). */
  skipped: string | null;
  pValue: number;
  qValue: number;
  flagged: boolean;
  /** (var A + var B) / var(B − A): how many times more games unpaired sampling would need. */
  gamesSaved: number | null;
}

export interface FairRow {
  subject: string;
  group: string;
  base: BaseRate | null;
  /** The pooled controller win rate of all subjects (what a neutral subject gets). */
  fair: number;
  /** rate − fair. */
  deviation: number;
  pValue: number;
  qValue: number;
  flagged: boolean;
  /** The +1 HP weight measured, if any. */
  hpWeight: PairedRate | null;
  /** The shrunk log-HP slope the HP-to-fair estimate uses (hpToFairOf). */
  hpSlope: HpSlope | null;
  /** The HP change that brings the rate to fair on a log scale, hp·e^((fair − rate)/β) − hp; null when not estimable (see hpToFairNote). */
  hpToFair: number | null;
  /** The same at the ends of the weight's 95% interval. */
  hpToFairRange: [number, number] | null;
  /** Why there is no HP-to-fair estimate, in words; null when there is one. */
  hpToFairNote: string | null;
}

/** The legal starting HP of a subject, for HP-to-fair estimates. */
export interface HpLimits {
  min: number;
  max: number;
}

export const NOT_ESTIMABLE = 'not estimable here \u2014 use `tune`';
/** The HP-to-fair cell of a subject whose rate's 95% interval holds the fair line. */
export const AT_FAIR = '0: fair within its 95% interval';

/** A subject's scale-free log-HP slope β (its +1 HP weight / ln((hp + 1) / hp)), shrunk toward the pooled slope of every subject, with its standard error. */
export interface HpSlope {
  beta: number;
  se: number;
}

/**
 * HP change to fair on a log scale (src/analysis/stat-slopes.ts: +1 HP on a 2-HP card is a 50%
 * gain, on a 14-HP card about 7%): the HP h' with β·ln(h' / hp) = needed, h' = hp·e^(needed/β),
 * from the subject's shrunk slope, so every subject with a measured HP weight gets an answer (a
 * single weight's interval often holds 0 at affordable sizes; the pooled slope of 70 cards does
 * not). The bracket comes from the ends of β's 95% interval, an end at or below 0 (no HP gets
 * there) or past legal HP reading as the legal limit. Not estimable: no slope, a slope that is
 * not positive, or a point estimate outside legal HP.
 */
export function hpToFairOf(needed: number, slope: HpSlope | null, current: number | null, limits: HpLimits): { hpToFair: number | null; hpToFairRange: [number, number] | null; hpToFairNote: string | null } {
  const none = (why: string) => ({ hpToFair: null, hpToFairRange: null, hpToFairNote: `${NOT_ESTIMABLE} (${why})` });
  if (!slope || current === null || !(current > 0)) return none('no HP weight measured');
  if (!(slope.beta > 0)) return none('HP does not move it here: its shrunk HP slope is not positive');
  const at = (beta: number) => (beta > 0 ? Math.min(limits.max, Math.max(limits.min, current * Math.exp(needed / beta))) : needed >= 0 ? limits.max : limits.min);
  const target = current * Math.exp(needed / slope.beta);
  if (target < limits.min - 0.5 || target > limits.max + 0.5) return none(`it would leave legal HP ${limits.min}-${limits.max}`);
  const ends = [at(slope.beta - 1.96 * slope.se) - current, at(slope.beta + 1.96 * slope.se) - current].sort((a, b) => a - b) as [number, number];
  return { hpToFair: target - current, hpToFairRange: ends, hpToFairNote: null };
}

/** Every subject's shrunk log-HP slope from its +1 HP weight (by subject name). */
export function hpSlopes(subjects: readonly { subject: string; hp: number | null }[], weights: readonly WeightRow[]): Map<string, HpSlope> {
  const estimates: SlopeEstimate[] = [];
  for (const s of subjects) {
    const w = weights.find((r) => r.subject === s.subject && r.stat === 'hp')?.estimate;
    if (!w || s.hp === null || !(s.hp > 0)) continue;
    const scale = betaOfStep(1, s.hp, 'log');
    estimates.push({ subject: s.subject, effect: w.effect * scale, se: w.se * scale });
  }
  const { slopes, ses } = shrinkSlopes(estimates);
  return new Map([...slopes].map(([subject, beta]) => [subject, { beta, se: ses.get(subject)! }]));
}

export interface TweakInput {
  subject: string;
  group: string;
  stat: WeightStat;
  change: Record<string, number | string>;
  /** The tweak's 14 sums (null when skipped), and its games. */
  sums: ArrayLike<number> | null;
  offset: number;
  games: number;
  skipped: string | null;
}

/** Benjamini-Hochberg q-values for the measured rows, flagged at FDR_Q (in place). */
function flagByFdr(measured: readonly { pValue: number; qValue: number; flagged: boolean }[]): void {
  const q = benjaminiHochberg(measured.map((r) => r.pValue));
  measured.forEach((r, i) => {
    r.qValue = q[i]!;
    r.flagged = r.qValue <= FDR_Q;
  });
}

/** Estimates, p-values and Benjamini-Hochberg flags for every tweak of a run. */
export function weightRows(tweaks: readonly TweakInput[]): WeightRow[] {
  const rows = tweaks.map((t): WeightRow => {
    const estimate = t.sums === null ? null : pairedRate(t.sums, t.offset, t.games);
    const skipped = t.skipped ?? (estimate === null ? 'never held in the base games' : null);
    const gamesSaved = estimate && estimate.se > 0 ? (estimate.unpairedSe / estimate.se) ** 2 : null;
    const pValue = estimate ? signTestP(estimate.rose, estimate.changed) : 1;
    return { subject: t.subject, group: t.group, stat: t.stat, change: t.change, estimate, skipped, pValue, qValue: 1, flagged: false, gamesSaved };
  });
  flagByFdr(rows.filter((r) => r.estimate !== null));
  return rows;
}


/** The pooled controller win rate over all subjects, ΣW / ΣH: what a neutral subject gets. */
export function pooledFair(subjects: readonly { base: BaseRate | null }[]): number {
  return subjectsFairLine('', subjects).value;
}

/** Each subject's base controller win rate against the pooled rate, flagged with BH, and the HP change to fair. */
export function fairRows(subjects: readonly { subject: string; group: string; base: BaseRate | null; hp: number | null }[], weights: readonly WeightRow[], limits: HpLimits): FairRow[] {
  const fair = pooledFair(subjects);
  const slopes = hpSlopes(subjects, weights);
  const rows = subjects.map((s): FairRow => {
    const hp = weights.find((w) => w.subject === s.subject && w.stat === 'hp')?.estimate ?? null;
    const deviation = s.base ? s.base.rate - fair : 0;
    const slope = slopes.get(s.subject) ?? null;
    const hpFields = !s.base
      ? { hpToFair: null, hpToFairRange: null, hpToFairNote: null }
      : s.base.interval[0] <= fair && fair <= s.base.interval[1]
        ? // Fair within its own interval: the answer is no change, whatever the slope.
          { hpToFair: 0, hpToFairRange: null, hpToFairNote: AT_FAIR }
        : hp && !(hp.se > 0)
          ? // A weight of exactly 0 in every game (+1 HP changed no game) carries no slope to shrink.
            { hpToFair: null, hpToFairRange: null, hpToFairNote: `${NOT_ESTIMABLE} (+1 HP changed no game)` }
          : hpToFairOf(-deviation, slope, s.hp, limits);
    return { subject: s.subject, group: s.group, base: s.base, fair, deviation, pValue: s.base ? twoSidedP(deviation, s.base.se) : 1, qValue: 1, flagged: false, hpWeight: hp, hpSlope: slope, ...hpFields };
  });
  flagByFdr(rows.filter((r) => r.base !== null));
  return rows;
}

/** Weights ranked: measured rows by effect (largest first) within each stat, skipped rows last. */
export function rankWeights(rows: readonly WeightRow[]): WeightRow[] {
  const order: WeightStat[] = ['hp', 'damage'];
  return [...rows].sort((a, b) => {
    if (a.stat !== b.stat) return order.indexOf(a.stat) - order.indexOf(b.stat);
    if ((a.estimate === null) !== (b.estimate === null)) return a.estimate === null ? 1 : -1;
    return (b.estimate?.effect ?? 0) - (a.estimate?.effect ?? 0) || a.subject.localeCompare(b.subject);
  });
}

/** Subjects furthest from fair first (by |rate − fair|); never-held subjects last. */
export function rankFair(rows: readonly FairRow[]): FairRow[] {
  return [...rows].sort((a, b) => {
    if ((a.base === null) !== (b.base === null)) return a.base === null ? 1 : -1;
    return Math.abs(b.deviation) - Math.abs(a.deviation) || a.subject.localeCompare(b.subject);
  });
}

/**
 * Weight rows as balance-sheet-shaped sheets, one per stat (`<noun>.changePerHp`), so they can
 * be compared under several skill levels like any table (src/analysis/level-ratings.ts): a row's
 * rate is its weight, its verdict the sign of a weight flagged at the false-discovery rate
 * (the sheet's mean is 0, so "above" is a flagged positive weight), and rows without an estimate
 * are left out.
 */
export function weightSheets(rows: readonly WeightRow[], noun: string): BalanceSheet[] {
  const stats = [...new Set(rows.map((r) => r.stat))];
  return stats.map((stat) => ({
    id: `${noun}.${stat === 'hp' ? 'changePerHp' : 'changePerDamage'}`,
    table: noun,
    rate: stat === 'hp' ? 'changePerHp' : 'changePerDamage',
    description: `change in the controller's win rate per +1 ${stat === 'hp' ? 'HP' : 'damage'}`,
    mean: 0,
    fdr: FDR_Q,
    rows: rows
      .filter((r) => r.stat === stat && r.estimate !== null)
      .map((r) => ({ row: r.subject, wins: r.estimate!.changed, games: r.estimate!.changed, rate: r.estimate!.effect, interval: r.estimate!.interval, shrunk: r.estimate!.effect, qValue: r.qValue, flags: r.flagged ? ['differs' as const] : [] })),
  }));
}
