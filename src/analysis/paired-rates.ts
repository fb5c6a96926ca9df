/**
 * Paired win-rate sums of one row (a card's or character's controllers) over games played under
 * two plans from the same seeds, and their estimators: the change at the base exposure with its
 * ratio-estimator interval, the exact sign test, and the base arm's rate. `squabble weights`
 * keeps them per tweak (src/studies/weights/analysis.ts describes the method) and `compare` per
 * table row (src/studies/kit/rate-pairs.ts, src/analysis/what-changed.ts).
 */
import { Z95 } from '../sim/stats/intervals.js';
import { normalCdf } from './normal.js';

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
  /** Seat-games with the subject (ΣH) and winning ones (ΣW) in each arm. */
  heldA: number;
  heldB: number;
  winsA: number;
  winsB: number;
  /** The base controller win rate, ΣW_A / ΣH_A. */
  rateA: number;
  /** Δ = (ΣW_B − ΣW_A) / ΣH_A: the change in the controllers' win rate at the base exposure. */
  effect: number;
  se: number;
  interval: [number, number];
  /** The standard error two independent samples of the same size would have had. */
  unpairedSe: number;
  /** ΣH_B / ΣH_A − 1: how much more (or less) the subject was held in the tweaked games. */
  exposureChange: number;
  /** Σ(W_B − W_A)²: with one winner per game, the games whose result for the subject's controllers differed between the arms. */
  changed: number;
  /** Of those, the games in which W rose (W_A = 0, W_B = 1). */
  rose: number;
}

/** The paired estimate from one tweak's 14 sums over n games; null if the base never had the subject. */
export function pairedRate(s: ArrayLike<number>, o: number, n: number, z = Z95): PairedRate | null {
  const S = (k: number) => s[o + k]!;
  const [winsA, heldA, winsB, heldB] = [S(0), S(1), S(2), S(3)];
  if (heldA <= 0 || n < 2) return null;
  const h = heldA / n;
  const effect = (winsB - winsA) / heldA;
  // Σ(D − Δ·H_A)² with D = W_B − W_A: ΣD² − 2Δ·ΣD·H_A + Δ²·ΣH_A².
  const sdd = S(11) + S(4) - 2 * S(6);
  const sdh = S(9) - S(5);
  const see = Math.max(0, sdd - 2 * effect * sdh + effect * effect * S(8)) / (h * h);
  const se = Math.sqrt(see / (n - 1) / n);
  // Two independent samples: var(W_A) + var(W_B), over the same exposure.
  const varA = Math.max(0, S(4) - (winsA * winsA) / n) / (n - 1);
  const varB = Math.max(0, S(11) - (winsB * winsB) / n) / (n - 1);
  const unpairedSe = Math.sqrt((varA + varB) / n) / h;
  // With W in {0, 1}: rose − fell = ΣW_B − ΣW_A and rose + fell = Σ(W_B − W_A)².
  const rose = Math.max(0, Math.min(sdd, Math.round((sdd + winsB - winsA) / 2)));
  return {
    games: n,
    heldA,
    heldB,
    winsA,
    winsB,
    rateA: winsA / heldA,
    effect,
    se,
    interval: [effect - z * se, effect + z * se],
    unpairedSe,
    exposureChange: heldB / heldA - 1,
    changed: sdd,
    rose,
  };
}

/**
 * Two-sided exact sign test: the probability, with m discordant games each as likely to go
 * either way, of a split at least as uneven as k against m − k. Exact up to 5,000 games (summed
 * in log space), normal with continuity correction beyond.
 */
export function signTestP(k: number, m: number): number {
  if (m <= 0) return 1;
  const low = Math.min(k, m - k);
  if (m > 5000) return Math.min(1, 2 * normalCdf((low + 0.5 - m / 2) / Math.sqrt(m / 4)));
  // P(X <= low) for X ~ Bin(m, 1/2): sum of C(m, i) / 2^m, each term from the previous one.
  let log = -m * Math.LN2; // log C(m, 0) / 2^m
  let sum = Math.exp(log);
  for (let i = 1; i <= low; i++) {
    log += Math.log((m - i + 1) / i);
    sum += Math.exp(log);
  }
  return Math.min(1, 2 * sum);
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

/**
 * The difference of two ratio rates on paired games, R_B − R_A with R = ΣW / ΣH, and its
 * standard error by the delta method with the game as the unit: each game contributes
 * z = (W_B − R_B·H_B) / H̄_B − (W_A − R_A·H_A) / H̄_A, whose sum is 0, so var(R_B − R_A) ≈
 * Σz² / ((n − 1)·n), all from one row's 14 sums (addPair order). With H = 1 in every game (a seat's
 * win, a game's length) it is the mean of the per-game differences over their sd / √n. Null if
 * either arm never had a trial.
 */
export function pairedRatioDifference(s: ArrayLike<number>, o: number, n: number): { difference: number; se: number } | null {
  const S = (k: number) => s[o + k]!;
  const [wA, hA, wB, hB] = [S(0), S(1), S(2), S(3)];
  if (hA <= 0 || hB <= 0 || n < 2) return null;
  const [rA, rB, mA, mB] = [wA / hA, wB / hB, hA / n, hB / n];
  // Σa² with a = W_A − R_A·H_A, Σb² likewise, Σab: from the products.
  const aa = S(4) - 2 * rA * S(5) + rA * rA * S(8);
  const bb = S(11) - 2 * rB * S(12) + rB * rB * S(13);
  const ab = S(6) - rB * S(7) - rA * S(9) + rA * rB * S(10);
  const zz = Math.max(0, aa / (mA * mA) + bb / (mB * mB) - (2 * ab) / (mA * mB));
  return { difference: rB - rA, se: Math.sqrt(zz / (n - 1) / n) };
}
