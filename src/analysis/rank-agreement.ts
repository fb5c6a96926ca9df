/**
 * Agreement between two ratings of the same rows (cards, characters, matchups). Spearman's rho
 * with a 95% interval from Fisher's z (the Fieller-Hartley-Pearson standard error,
 * sqrt(1.06 / (n - 3))) is the raw rank agreement of the observed rates: it treats the rows as a
 * sample and ignores each rate's own noise, so it is attenuated towards 0 whenever the rows'
 * noise is comparable with their spread. `correctedAgreement` estimates the agreement of the
 * true rates instead (issue 33 item 1).
 */
import { Z95 } from '../sim/stats/intervals.js';
import type { RankAgreement, CorrectedAgreement } from '../sim/stats/summary.js';

export type { RankAgreement, CorrectedAgreement };

/** Ranks 1..n, ties given their mean rank. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length).fill(0);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}


/** Spearman's rho of two equally long lists (Pearson's correlation of their ranks). */
export function spearman(a: readonly number[], b: readonly number[]): RankAgreement {
  if (a.length !== b.length) throw new Error('spearman: lists of different lengths');
  const n = a.length;
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (n + 1) / 2;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = ra[i]! - mean;
    const y = rb[i]! - mean;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  const rho = saa === 0 || sbb === 0 ? Number.NaN : sab / Math.sqrt(saa * sbb);
  if (n < 4 || !Number.isFinite(rho)) return { rho, interval: [Number.NaN, Number.NaN], rows: n };
  const z = Math.atanh(Math.max(-0.999999, Math.min(0.999999, rho)));
  const se = Math.sqrt(1.06 / (n - 3));
  return { rho, interval: [Math.tanh(z - Z95 * se), Math.tanh(z + Z95 * se)], rows: n };
}

/**
 * The agreement of two levels' true rates over the same rows, corrected for each row's own noise
 * (a measurement-error model; Spearman's correction for attenuation with each level's reliability
 * measured from its rows' standard errors). Observed rates are true rates plus noise of known
 * variance s² (each row's game-unit standard error, from its 95% interval), independent between
 * the two runs, so over the rows
 *
 *   cov(a, b) estimates the true rates' covariance, and var(a) − mean(s_a²) their variance,
 *
 * and rho = cov / sqrt(Va·Vb) estimates the correlation of the true rates (the estimand: these
 * rows, as they would rate with unlimited games). Reliability is Va / var(a): the share of a
 * level's spread over rows that is not noise.
 *
 * The 95% interval inverts a parametric bootstrap test (the game as the unit: each row's rate is
 * redrawn from its game-unit sampling distribution, normal with its standard error): a value r is
 * kept when the observed estimate lies within the middle of the estimates the model gives for
 * rows whose true rates have the fitted spreads and correlation r (tails AGREEMENT_TAIL,
 * calibrated by simulation to cover 95%). The same draws serve every r
 * (common random numbers), so the interval is a pure function of the rows.
 */
export const AGREEMENT_DRAWS = 400;
/**
 * Each tail of the bootstrap test: 1.5%, not 2.5%. With the nuisance spreads plugged in at their
 * estimates the 2.5% test covered 93.7% at reliability 0.3 (1,000 simulated sheets); at 1.5% it
 * covers at least 95% from reliability 0.3 up (docs/results.md).
 */
export const AGREEMENT_TAIL = 0.015;

/** The 95% standard error a row's interval implies (half-width / 1.96). */
export function seOfInterval(interval: readonly [number, number]): number {
  return (interval[1] - interval[0]) / (2 * Z95);
}

interface Moments {
  cov: number;
  va: number;
  vb: number;
}

function moments(a: ArrayLike<number>, b: ArrayLike<number>, n: number): Moments {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - ma;
    const y = b[i]! - mb;
    cov += x * y;
    va += x * x;
    vb += y * y;
  }
  return { cov: cov / (n - 1), va: va / (n - 1), vb: vb / (n - 1) };
}

/**
 * Corrected correlation from moments and mean noise variances, held to [−2, 2]: ±2 (beyond any
 * correlation) when a true variance is not positive, and a ratio past ±2 (a true variance barely
 * above 0) counts as ±2 too, so the observed estimate and the bootstrap's are compared alike and
 * a sheet whose rows are nearly all noise gets an interval of nearly every value.
 */
function corrected(m: Moments, noiseA: number, noiseB: number): number {
  const ta = m.va - noiseA;
  const tb = m.vb - noiseB;
  if (ta <= 0 || tb <= 0) return m.cov >= 0 ? 2 : -2;
  return Math.max(-2, Math.min(2, m.cov / Math.sqrt(ta * tb)));
}

/** The last stream made: a sheet's levels share their row count, so their draws are made once. */
let lastNormals: { count: number; seed: number; values: Float64Array } | null = null;

/** A small deterministic normal stream (xorshift128 + Box-Muller), for the bootstrap draws. */
function normals(count: number, seed: number): Float64Array {
  if (lastNormals && lastNormals.count === count && lastNormals.seed === seed) return lastNormals.values;
  const values = makeNormals(count, seed);
  lastNormals = { count, seed, values };
  return values;
}

function makeNormals(count: number, seed: number): Float64Array {
  const out = new Float64Array(count);
  let x = 123456789 ^ seed;
  let y = 362436069;
  let z = 521288629;
  let w = 88675123;
  const uniform = () => {
    const t = x ^ (x << 11);
    x = y;
    y = z;
    z = w;
    w = (w ^ (w >>> 19) ^ t ^ (t >>> 8)) | 0;
    return ((w >>> 0) + 0.5) / 0x100000000;
  };
  for (let i = 0; i < count; i += 2) {
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const th = 2 * Math.PI * uniform();
    out[i] = r * Math.cos(th);
    if (i + 1 < count) out[i + 1] = r * Math.sin(th);
  }
  return out;
}

/** The noise-corrected agreement of rates `a` and `b` (standard errors `sa`, `sb`) over the same rows. */
export function correctedAgreement(a: readonly number[], sa: readonly number[], b: readonly number[], sb: readonly number[], draws = AGREEMENT_DRAWS): CorrectedAgreement {
  const n = a.length;
  if (b.length !== n || sa.length !== n || sb.length !== n) throw new Error('correctedAgreement: lists of different lengths');
  // Too few rows, or a level whose rows show no spread beyond their noise: nothing is measured, every value possible.
  const none: CorrectedAgreement = { rho: Number.NaN, interval: [-1, 1], rows: n, reliability: [0, 0] };
  if (n < 4) return none;
  let noiseA = 0;
  let noiseB = 0;
  for (let i = 0; i < n; i++) {
    noiseA += sa[i]! ** 2;
    noiseB += sb[i]! ** 2;
  }
  noiseA /= n;
  noiseB /= n;
  const m = moments(a, b, n);
  const Va = m.va - noiseA;
  const Vb = m.vb - noiseB;
  const reliability: [number, number] = [m.va > 0 ? Math.max(0, Va / m.va) : 0, m.vb > 0 ? Math.max(0, Vb / m.vb) : 0];
  if (Va <= 0 || Vb <= 0) return { ...none, reliability };
  const observed = corrected(m, noiseA, noiseB);
  // The model's rows: u, v orthonormal directions over the rows (from a, and b's part apart from a).
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  const meanOf = (x: readonly number[]) => x.reduce((s, t) => s + t, 0) / n;
  const ma = meanOf(a);
  const mb = meanOf(b);
  const beta = m.cov / m.va;
  for (let i = 0; i < n; i++) {
    u[i] = (a[i]! - ma) / Math.sqrt(m.va);
    v[i] = b[i]! - mb - beta * (a[i]! - ma);
  }
  let vv = 0;
  for (let i = 0; i < n; i++) vv += v[i]! ** 2;
  if (vv / (n - 1) < 1e-24) {
    // b is a line of a: any direction orthogonal to u (the rows' order, less its part along u).
    let dot = 0;
    for (let i = 0; i < n; i++) dot += (i - (n - 1) / 2) * u[i]!;
    for (let i = 0; i < n; i++) v[i] = i - (n - 1) / 2 - (dot / (n - 1)) * u[i]!;
    vv = 0;
    for (let i = 0; i < n; i++) vv += v[i]! ** 2;
  }
  const scale = Math.sqrt(vv / (n - 1));
  for (let i = 0; i < n; i++) v[i] = v[i]! / scale;
  // Each draw's noise enters the moments only through nine sums, so every r costs O(draws).
  const z = normals(draws * n * 2, n);
  const sums = new Float64Array(draws * 9);
  let su = 0;
  let sv = 0;
  let suu = 0;
  let svv = 0;
  let suv = 0;
  for (let i = 0; i < n; i++) {
    su += u[i]!;
    sv += v[i]!;
    suu += u[i]! * u[i]!;
    svv += v[i]! * v[i]!;
    suv += u[i]! * v[i]!;
  }
  for (let d = 0; d < draws; d++) {
    const off = d * n * 2;
    const at = d * 9;
    for (let i = 0; i < n; i++) {
      const ea = sa[i]! * z[off + i]!;
      const eb = sb[i]! * z[off + n + i]!;
      sums[at] = sums[at]! + ea;
      sums[at + 1] = sums[at + 1]! + ea * ea;
      sums[at + 2] = sums[at + 2]! + u[i]! * ea;
      sums[at + 3] = sums[at + 3]! + v[i]! * ea;
      sums[at + 4] = sums[at + 4]! + eb;
      sums[at + 5] = sums[at + 5]! + eb * eb;
      sums[at + 6] = sums[at + 6]! + u[i]! * eb;
      sums[at + 7] = sums[at + 7]! + v[i]! * eb;
      sums[at + 8] = sums[at + 8]! + ea * eb;
    }
  }
  const stats = new Float64Array(draws);
  const sqa = Math.sqrt(Va);
  const sqb = Math.sqrt(Vb);
  const draw: Moments = { cov: 0, va: 0, vb: 0 };
  // The lower and upper tail points of the estimate when the true correlation is r.
  const quantiles = (r: number): [number, number] => {
    // True rates (centred): ta = sqa·u, tb = p·u + q·v.
    const p = sqb * r;
    const q = sqb * Math.sqrt(1 - r * r);
    for (let d = 0; d < draws; d++) {
      const at = d * 9;
      const [ea, eaa, uea, vea, eb, ebb, ueb, veb, eab] = [sums[at]!, sums[at + 1]!, sums[at + 2]!, sums[at + 3]!, sums[at + 4]!, sums[at + 5]!, sums[at + 6]!, sums[at + 7]!, sums[at + 8]!];
      const xa = sqa * su + ea;
      const xb = p * su + q * sv + eb;
      const xaa = sqa * sqa * suu + 2 * sqa * uea + eaa;
      const xbb = p * p * suu + q * q * svv + 2 * p * q * suv + 2 * p * ueb + 2 * q * veb + ebb;
      const xab = sqa * p * suu + sqa * q * suv + sqa * ueb + p * uea + q * vea + eab;
      draw.va = (xaa - (xa * xa) / n) / (n - 1);
      draw.vb = (xbb - (xb * xb) / n) / (n - 1);
      draw.cov = (xab - (xa * xb) / n) / (n - 1);
      stats[d] = corrected(draw, noiseA, noiseB);
    }
    stats.sort();
    return [stats[Math.floor(AGREEMENT_TAIL * (draws - 1))]!, stats[Math.ceil((1 - AGREEMENT_TAIL) * (draws - 1))]!];
  };
  const LIMIT = 0.999;
  // Lower end: the least r whose upper quantile reaches the observed estimate; upper end: the greatest r whose lower quantile does not pass it.
  const bisect = (keep: (r: number) => boolean, fromLow: boolean): number => {
    let lo = -LIMIT;
    let hi = LIMIT;
    if (fromLow ? keep(lo) : keep(hi)) return fromLow ? -1 : 1;
    if (fromLow ? !keep(hi) : !keep(lo)) return Number.NaN;
    for (let k = 0; k < 16; k++) {
      const mid = (lo + hi) / 2;
      if (keep(mid) === fromLow) hi = mid;
      else lo = mid;
    }
    return (lo + hi) / 2;
  };
  let lower = bisect((r) => quantiles(r)[1] >= observed, true);
  let upper = bisect((r) => quantiles(r)[0] <= observed, false);
  // No r in (−1, 1) keeps the estimate: it lies beyond what any correlation gives (the ends).
  if (Number.isNaN(lower)) lower = observed > 0 ? 1 : -1;
  if (Number.isNaN(upper)) upper = observed > 0 ? 1 : -1;
  return { rho: Math.max(-1, Math.min(1, observed)), interval: [lower, upper], rows: n, reliability };
}

/** Pearson's correlation of two equally long lists (NaN when either has no spread). */
export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n < 2) return Number.NaN;
  const m = moments(a, b, n);
  return m.va > 0 && m.vb > 0 ? m.cov / Math.sqrt(m.va * m.vb) : Number.NaN;
}
