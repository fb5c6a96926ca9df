/**
 * The interval of the coefficient of variation of game length (sd / mean), by a studentized
 * bootstrap over games on the log scale, from the exact per-length counts the accumulator keeps.
 *
 * Game lengths are skewed with a long tail, and the delta-method interval of the CV is too
 * narrow and biased low there. Each replicate resamples the games by the Poisson bootstrap (every
 * game drawn Poisson(1) times, so the c games of one length are drawn Poisson(c) times in all:
 * one draw per distinct length, whatever the number of games), and is studentized by its own
 * delta-method standard error: T* = (log cv* − log cv) / (se* / cv*). The interval is
 * [cv·exp(−t(1−α/2)·s), cv·exp(−t(α/2)·s)] with s = se / cv and t(p) the p-quantile of T*.
 * Deterministic: a fixed seed, the same counts give the same interval.
 */
import { Rng } from '../rng.js';

/** Bootstrap replicates. */
export const LENGTH_REPLICATES = 2000;

/**
 * Runs of more games than this take the delta-method interval: it is close to the bootstrap's by
 * then, and a replicate costs about one step per game below 30 games a length, so the bootstrap
 * stays under a few hundred milliseconds a summary (a Squall run of 1,000 games: about 10 ms).
 */
export const BOOTSTRAP_MAX_GAMES = 10_000;

/** The probabilities at which the quantiles of T* are kept (for an interval at any level up to 99.9%). */
export const T_PROBABILITIES = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.9, 0.95, 0.975, 0.99, 0.995, 0.9975, 0.999, 0.9995];

/** cv and its delta-method standard error from weights over lengths (central moments, no normality assumed). */
export function cvWithSE(values: ArrayLike<number>, weights: ArrayLike<number>): { cv: number; se: number; n: number } {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    n += weights[i]!;
    sum += weights[i]! * values[i]!;
  }
  if (n === 0) return { cv: 0, se: 0, n };
  const mu = sum / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = 0; i < values.length; i++) {
    const c = weights[i]!;
    if (c === 0) continue;
    const d = values[i]! - mu;
    m2 += c * d * d;
    m3 += c * d * d * d;
    m4 += c * d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  const cv = mu > 0 ? Math.sqrt(m2) / mu : 0;
  // Var(cv) ≈ (σ⁴/μ⁴ + (μ₄ − σ⁴) / (4μ²σ²) − μ₃/μ³) / n
  const variance = mu > 0 && m2 > 0 ? ((m2 * m2) / mu ** 4 + (m4 - m2 * m2) / (4 * mu * mu * m2) - m3 / mu ** 3) / n : 0;
  return { cv, se: Math.sqrt(Math.max(0, variance)), n };
}

/** A Poisson(mean) draw: by multiplication below 30, else the normal approximation (rounded, at least 0). */
function poisson(rng: Rng, mean: number): number {
  if (mean < 30) {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = rng.next();
    while (p > limit) {
      k++;
      p *= rng.next();
    }
    return k;
  }
  const u = Math.max(1e-300, rng.next());
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
}

/** The quantiles of T* at T_PROBABILITIES, for the lengths `values` seen `counts` times (null: too few games to resample, or more than BOOTSTRAP_MAX_GAMES). */
export function studentizedQuantiles(values: Float64Array, counts: Float64Array, cv: number): number[] | null {
  let games = 0;
  for (let i = 0; i < counts.length; i++) games += counts[i]!;
  if (values.length < 2 || !(cv > 0) || games > BOOTSTRAP_MAX_GAMES) return null;
  const rng = new Rng();
  rng.seedGame(0x5eed, 33, values.length);
  const w = new Float64Array(values.length);
  const t: number[] = [];
  for (let b = 0; b < LENGTH_REPLICATES; b++) {
    for (let i = 0; i < values.length; i++) w[i] = poisson(rng, counts[i]!);
    const r = cvWithSE(values, w);
    if (r.n < 2 || !(r.se > 0) || !(r.cv > 0)) continue;
    t.push((Math.log(r.cv) - Math.log(cv)) / (r.se / r.cv));
  }
  if (t.length < LENGTH_REPLICATES / 2) return null;
  t.sort((a, b) => a - b);
  return T_PROBABILITIES.map((p) => t[Math.min(t.length - 1, Math.max(0, Math.ceil(p * t.length) - 1))]!);
}

/**
 * The interval of cv at two-sided tail probability `alpha` from the quantiles of T*; a level
 * beyond the kept quantiles scales the outermost one by the ratio of normal quantiles.
 */
export function cvInterval(cv: number, se: number, tQuantiles: readonly number[], alpha: number, zOf: (p: number) => number): [number, number] {
  if (!(cv > 0) || !(se > 0)) return [cv, cv];
  const s = se / cv;
  const at = (p: number): number => {
    const k = T_PROBABILITIES.findIndex((q) => Math.abs(q - p) < 1e-12);
    if (k >= 0) return tQuantiles[k]!;
    // Between two kept probabilities: linear in the normal quantile; beyond them: scaled.
    const z = zOf(p);
    const zs = T_PROBABILITIES.map(zOf);
    if (z <= zs[0]!) return (tQuantiles[0]! * z) / zs[0]!;
    const last = zs.length - 1;
    if (z >= zs[last]!) return (tQuantiles[last]! * z) / zs[last]!;
    let i = 0;
    while (zs[i + 1]! < z) i++;
    const f = (z - zs[i]!) / (zs[i + 1]! - zs[i]!);
    return tQuantiles[i]! + f * (tQuantiles[i + 1]! - tQuantiles[i]!);
  };
  return [cv * Math.exp(-at(1 - alpha / 2) * s), cv * Math.exp(-at(alpha / 2) * s)];
}
