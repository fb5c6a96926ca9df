/**
 * Stat weights (squabble weights, docs/analysis.md): for each card or character, the change in
 * its controller's win rate per +1 of a stat, from paired runs (the base plan and the plan with
 * the stat raised play every game from the same seed).
 *
 * The paired quantity. For subject c and game i, in each arm X (A = base, B = tweaked):
 *   H_X = the number of seats that controlled c in game i (Squirmish: held it — dealt, drawn or
 *         drafted; Squall: fielded it), read from the game's controller table (StatSpec.controller);
 *   W_X = how many of those seats won (0 or 1: one winner per game).
 * The controller's win rate of an arm is the ratio r_X = ΣW_X / ΣH_X (wins per seat-game with
 * the subject), and the weight is r_B − r_A.
 *
 * Intervals: the ratio estimator's linearisation. With h_X the mean of H_X, each game
 * contributes e_i = (W_B − r_B·H_B)/h_B − (W_A − r_A·H_A)/h_A, whose mean is exactly 0, so
 * var(r_B − r_A) ≈ Σe²/(n(n−1)). Σe² is a quadratic form in the raw sums of (W_A, H_A, W_B, H_B)
 * and their products — 14 exact integer sums per tweak, merged by addition like every
 * accumulator, so results do not depend on worker count or task order. Because both arms play
 * the same games, W_A and W_B are strongly correlated and the paired interval is much narrower
 * than two independent samples would give (reported as "games saved", as in squabble compare).
 *
 * The base rates (furthest from fair) use the same estimator on the base arm alone:
 * var(r_A) ≈ Σ(W_A − r_A·H_A)²/(h_A² n(n−1)). Fair is 1/players.
 *
 * Flags control the false-discovery rate (Benjamini-Hochberg at q = 0.05, rates.ts) over all
 * weights of a run, and separately over the subjects' distances from fair.
 */
import { Z95 } from '../sim/stats/intervals.js';
import { normalCdf } from './normal.js';
import { benjaminiHochberg, FDR_Q } from './rates.js';
import type { WeightStat } from '../sim/types.js';

/** Sums kept per tweak: ΣWA, ΣHA, ΣWB, ΣHB, then the 10 products x_j·x_k (j ≤ k) in that order. */
export const PAIR_SUMS = 14;
/** Sums kept per subject on the base arm: ΣW, ΣH, ΣW², ΣW·H, ΣH². */
export const BASE_SUMS = 5;

/** Fold one game's paired counts of one tweak into sums[o .. o + 14). */
export function addPair(sums: Float64Array, o: number, wA: number, hA: number, wB: number, hB: number): void {
  sums[o]! += wA;
  sums[o + 1]! += hA;
  sums[o + 2]! += wB;
  sums[o + 3]! += hB;
  sums[o + 4]! += wA * wA;
  sums[o + 5]! += wA * hA;
  sums[o + 6]! += wA * wB;
  sums[o + 7]! += wA * hB;
  sums[o + 8]! += hA * hA;
  sums[o + 9]! += hA * wB;
  sums[o + 10]! += hA * hB;
  sums[o + 11]! += wB * wB;
  sums[o + 12]! += wB * hB;
  sums[o + 13]! += hB * hB;
}

/** Fold one game's base counts of one subject into sums[o .. o + 5). */
export function addBase(sums: Float64Array, o: number, w: number, h: number): void {
  sums[o]! += w;
  sums[o + 1]! += h;
  sums[o + 2]! += w * w;
  sums[o + 3]! += w * h;
  sums[o + 4]! += h * h;
}

export interface PairedRate {
  games: number;
  /** Seat-games with the subject in each arm (ΣH). */
  heldA: number;
  heldB: number;
  rateA: number;
  rateB: number;
  /** r_B − r_A. */
  effect: number;
  se: number;
  interval: [number, number];
  /** The standard error two independent samples of the same size would have had. */
  unpairedSe: number;
  /** Σ(W_B − W_A)²: with one winner per game, the games whose result for the subject's controllers differed between the arms. */
  changed: number;
}

/** The paired ratio estimate from one tweak's 14 sums over n games; null if an arm never had the subject. */
export function pairedRate(s: ArrayLike<number>, o: number, n: number, z = Z95): PairedRate | null {
  const S = (k: number) => s[o + k]!;
  const heldA = S(1);
  const heldB = S(3);
  if (heldA <= 0 || heldB <= 0 || n < 2) return null;
  const rA = S(0) / heldA;
  const rB = S(2) / heldB;
  const hA = heldA / n;
  const hB = heldB / n;
  // e = a·x with x = (WA, HA, WB, HB).
  const a = [-1 / hA, rA / hA, 1 / hB, -rB / hB];
  // M[j][k] = Σ x_j x_k, from the upper-triangular sums.
  const idx = [
    [4, 5, 6, 7],
    [5, 8, 9, 10],
    [6, 9, 11, 12],
    [7, 10, 12, 13],
  ];
  const quad = (v: number[]) => {
    let q = 0;
    for (let j = 0; j < 4; j++) for (let k = 0; k < 4; k++) q += v[j]! * v[k]! * S(idx[j]![k]!);
    return Math.max(0, q);
  };
  const se = Math.sqrt(quad(a) / (n - 1) / n);
  const varA = quad([a[0]!, a[1]!, 0, 0]) / (n - 1);
  const varB = quad([0, 0, a[2]!, a[3]!]) / (n - 1);
  const effect = rB - rA;
  const changed = S(11) + S(4) - 2 * S(6);
  return { games: n, heldA, heldB, rateA: rA, rateB: rB, effect, se, interval: [effect - z * se, effect + z * se], unpairedSe: Math.sqrt((varA + varB) / n), changed };
}

export interface BaseRate {
  games: number;
  held: number;
  rate: number;
  se: number;
  interval: [number, number];
}

/** A subject's controller win rate on the base arm, with the ratio estimator's interval; null if never held. */
export function baseRate(s: ArrayLike<number>, o: number, n: number, z = Z95): BaseRate | null {
  const [w, h, ww, wh, hh] = [s[o]!, s[o + 1]!, s[o + 2]!, s[o + 3]!, s[o + 4]!];
  if (h <= 0 || n < 2) return null;
  const r = w / h;
  const mean = h / n;
  const v = Math.max(0, ww - 2 * r * wh + r * r * hh) / (mean * mean) / (n - 1);
  const se = Math.sqrt(v / n);
  return { games: n, held: h, rate: r, se, interval: [r - z * se, r + z * se] };
}

const twoSided = (x: number, se: number): number => (se > 0 ? 2 * (1 - normalCdf(Math.abs(x / se))) : x === 0 ? 1 : 0);

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
  fair: number;
  /** rate − fair. */
  deviation: number;
  pValue: number;
  qValue: number;
  flagged: boolean;
  /** The +1 HP weight used for the HP-to-fair estimate, if measured. */
  hpWeight: PairedRate | null;
  /** Linear estimate of the HP change that brings the rate to fair: (fair − rate) / weight; null unless the weight is positive. */
  hpToFair: number | null;
  /** The same with the weight's interval ends (only when the whole interval is above 0). */
  hpToFairRange: [number, number] | null;
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

/** Estimates, p-values and Benjamini-Hochberg flags for every tweak of a run. */
export function weightRows(tweaks: readonly TweakInput[]): WeightRow[] {
  const rows = tweaks.map((t): WeightRow => {
    const estimate = t.sums === null ? null : pairedRate(t.sums, t.offset, t.games);
    const skipped = t.skipped ?? (estimate === null ? 'never held in the base or tweaked games' : null);
    const gamesSaved = estimate && estimate.se > 0 ? (estimate.unpairedSe / estimate.se) ** 2 : null;
    return { subject: t.subject, group: t.group, stat: t.stat, change: t.change, estimate, skipped, pValue: estimate ? twoSided(estimate.effect, estimate.se) : 1, qValue: 1, flagged: false, gamesSaved };
  });
  const measured = rows.filter((r) => r.estimate !== null);
  const q = benjaminiHochberg(measured.map((r) => r.pValue));
  measured.forEach((r, i) => {
    r.qValue = q[i]!;
    r.flagged = r.qValue <= FDR_Q;
  });
  return rows;
}

/** Each subject's base controller win rate against fair (1/players), flagged with BH, and the HP change to fair. */
export function fairRows(subjects: readonly { subject: string; group: string; base: BaseRate | null }[], players: number, weights: readonly WeightRow[]): FairRow[] {
  const fair = 1 / players;
  const rows = subjects.map((s): FairRow => {
    const hp = weights.find((w) => w.subject === s.subject && w.stat === 'hp')?.estimate ?? null;
    const deviation = s.base ? s.base.rate - fair : 0;
    const needed = fair - (s.base?.rate ?? fair);
    const hpToFair = s.base && hp && hp.effect > 0 ? needed / hp.effect : null;
    const hpToFairRange: [number, number] | null =
      s.base && hp && hp.interval[0] > 0 ? ([needed / hp.interval[1], needed / hp.interval[0]].sort((a, b) => a - b) as [number, number]) : null;
    return { subject: s.subject, group: s.group, base: s.base, fair, deviation, pValue: s.base ? twoSided(deviation, s.base.se) : 1, qValue: 1, flagged: false, hpWeight: hp, hpToFair, hpToFairRange };
  });
  const measured = rows.filter((r) => r.base !== null);
  const q = benjaminiHochberg(measured.map((r) => r.pValue));
  measured.forEach((r, i) => {
    r.qValue = q[i]!;
    r.flagged = r.qValue <= FDR_Q;
  });
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
