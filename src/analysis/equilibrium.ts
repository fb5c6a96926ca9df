/**
 * What a smart field would play (issue 38 item 2): the maximum-entropy Nash equilibrium of a
 * matchup matrix, Nash-averaged ratings and the matrix's cyclic layer, each with an interval from
 * resampling the matrix's games.
 *
 * The matrix is a symmetric zero-sum game: picking choice i against j pays A[i][j] = i's share of
 * the decided games between them minus its expectation (50%, or its seat share in a multi-player
 * tournament), so A[j][i] = −A[i][j] and the game's value is 0. A mixture p is an equilibrium when
 * no pure choice does better than even against it: (Aᵀp)_j ≥ 0 for every j. Those mixtures form a
 * polytope; among them we take the one of maximum entropy (Balduzzi et al., "Re-evaluating
 * evaluation", 2018), which is unique, spreads weight evenly over equivalent choices, and so is
 * unchanged by a duplicate entrant (the copies share the original's weight; every rating stays).
 *
 * It is found through its dual: maximising H(p) subject to Aᵀp ≥ 0 gives p(λ) = softmax(Aλ) for
 * multipliers λ ≥ 0 minimising f(λ) = log Σᵢ exp((Aλ)ᵢ), a smooth convex function whose gradient
 * is Aᵀp(λ). We minimise it by spectral projected gradient (Barzilai-Borwein steps with a
 * non-monotone Armijo search, Birgin-Martínez-Raydan 2000) until min(λ_j, (Aᵀp)_j) is within 1e-10
 * of zero for every j: then p is feasible to that tolerance and the duality gap λ·Aᵀp is that small.
 * A choice that is never worth picking has weight → 0 as its multipliers grow (exp(−30) by λ of a
 * few hundred), so its weight is reported as 0 below `never`.
 *
 * Nash-averaged rating (the same paper): each choice's payoff against the equilibrium mixture,
 * (Ap)_i ≤ 0, shown as a share of decided games (50% plus the payoff): every choice the
 * equilibrium plays scores 50%, every other one less. It too is invariant to duplicates.
 *
 * The cyclic layer (combinatorial Hodge decomposition, Jiang et al. 2011): A = grad r + C, where
 * r_i = mean_j A[i][j] is the transitive part (a rating) and C the rest; the cyclic share is
 * ‖C‖² / ‖A‖² over the pairings. Sampling noise alone makes a matrix look partly cyclic, so the
 * share is corrected: noise adds about Σ var(A[i][j]) to ‖A‖² and (k − 2)/k of it to ‖C‖²
 * (the cyclic subspace has (k − 1)(k − 2)/2 of the k(k − 1)/2 dimensions), and both are
 * subtracted (clipped to [0, 1]).
 *
 * Intervals: a parametric bootstrap of the games. Each resample draws every pairing's wins as
 * Binomial(decided games, measured share) and recomputes everything; the 2.5% and 97.5% points
 * are the interval, and a choice's "never played" share is the fraction of resamples whose
 * equilibrium gives it weight below `never`. A fixed seed makes the report deterministic.
 * test/analysis/equilibrium.test.ts checks known equilibria (rock-paper-scissors, a dominated
 * choice, a duplicate entrant, an uneven three-cycle) and the intervals' coverage on noisy
 * matrices (docs/analysis.md has the figures).
 */
import type { PairCounts } from '../sim/stats/dominance.js';
import type { Summary } from '../sim/stats/summary.js';
import type { EquilibriumReport, EquilibriumRow } from '../sim/stats/equilibrium.js';
import { Rng } from '../sim/rng.js';

export type { EquilibriumReport, EquilibriumRow };

/** Resamples for the intervals (a solve of eight choices takes well under a millisecond). */
export const EQUILIBRIUM_RESAMPLES = 500;
/** A weight below this counts as "never played". */
export const NEVER_WEIGHT = 0.001;
const SEED = 38;
const TOLERANCE = 1e-7;
const MAX_ITERATIONS = 150;

export interface NashSolution {
  /** The maximum-entropy equilibrium mixture. */
  weights: number[];
  /** Each choice's payoff against it, (Ap)_i (0 on the support, below 0 off it). */
  payoffs: number[];
  /** Duality gap: how far the mixture may be from the best entropy, and its worst shortfall against any pure choice. */
  gap: number;
  iterations: number;
}

/** The maximum-entropy Nash equilibrium of the symmetric zero-sum game with skew-symmetric payoff matrix `a` (k × k, row-major). */
export function maxEntropyNash(a: Float64Array, k: number): NashSolution {
  const lambda = new Float64Array(k);
  const trial = new Float64Array(k);
  const p = new Float64Array(k);
  const g = new Float64Array(k);
  const d = new Float64Array(k);
  const h = new Float64Array(k * k);
  const free: number[] = [];
  const direction = new Float64Array(k);
  const saved = new Float64Array(k);
  // f(λ) with p = softmax(Aλ) and g = Aᵀp written into p and g.
  const evaluate = (l: Float64Array): number => {
    let top = -Infinity;
    for (let i = 0; i < k; i++) {
      let z = 0;
      for (let j = 0; j < k; j++) z += a[i * k + j]! * l[j]!;
      p[i] = z;
      if (z > top) top = z;
    }
    let sum = 0;
    for (let i = 0; i < k; i++) sum += p[i] = Math.exp(p[i]! - top);
    for (let i = 0; i < k; i++) p[i]! /= sum;
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let i = 0; i < k; i++) s += p[i]! * a[i * k + j]!;
      g[j] = s;
    }
    return top + Math.log(sum);
  };
  const stationarity = (): number => {
    let worst = 0;
    for (let j = 0; j < k; j++) worst = Math.max(worst, Math.abs(Math.min(lambda[j]!, g[j]!)));
    return worst;
  };
  let f = evaluate(lambda);
  // Moves λ along the projected arc P(λ + t·direction), halving t until Armijo's condition holds.
  const lineSearch = (tries: number): boolean => {
    let t = 1;
    for (let n = 0; n < tries; n++) {
      let change = 0;
      for (let j = 0; j < k; j++) {
        trial[j] = Math.max(0, lambda[j]! + t * direction[j]!);
        change += g[j]! * (trial[j]! - lambda[j]!);
      }
      saved.set(g);
      const ft = evaluate(trial);
      if (change < 0 && ft <= f + 1e-4 * change) {
        f = ft;
        lambda.set(trial);
        return true;
      }
      g.set(saved);
      t /= 2;
    }
    return false;
  };
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    const w = stationarity();
    if (w <= TOLERANCE) break;
    // Projected Newton (Bertsekas 1982): multipliers at 0 that the gradient pushes below 0 stay
    // there (a gradient step, which the projection undoes); the others a Newton step on the Hessian Aᵀ(diag p − ppᵀ)A,
    // damped because it is singular along directions that shift Aλ by a constant. Where a choice
    // is never worth picking its multipliers grow without bound, but f is then close to exp(−cλ)
    // along them and Newton advances a fixed amount a step, so its weight reaches 1e-12 in a few
    // dozen steps.
    free.length = 0;
    for (let j = 0; j < k; j++) if (!(lambda[j]! <= 0 && g[j]! > 0)) free.push(j);
    let gg = 0;
    for (let j = 0; j < k; j++) gg += g[j]! * g[j]!;
    const damping = 1e-12 + 1e-6 * Math.sqrt(gg);
    const m = free.length;
    for (let x = 0; x < m; x++)
      for (let y = 0; y < m; y++) {
        const jx = free[x]!;
        const jy = free[y]!;
        let s = 0;
        for (let i = 0; i < k; i++) s += p[i]! * a[i * k + jx]! * a[i * k + jy]!;
        h[x * m + y] = s - g[jx]! * g[jy]! + (x === y ? damping : 0);
      }
    for (let x = 0; x < m; x++) d[x] = -g[free[x]!]!;
    const solved = solveInPlace(h, d, m);
    let descent = 0;
    for (let x = 0; x < m; x++) descent += d[x]! * g[free[x]!]!;
    for (let j = 0; j < k; j++) direction[j] = -g[j]!;
    if (solved && descent < 0) for (let x = 0; x < m; x++) direction[free[x]!] = d[x]!;
    if (lineSearch(40)) continue;
    // The Newton step failed (a near-singular solve): a projected gradient step, scaled to move λ by about 1.
    for (let j = 0; j < k; j++) direction[j] = -g[j]! / Math.max(1e-300, Math.sqrt(gg));
    if (!lineSearch(80)) break; // no further progress in floating point
  }
  evaluate(lambda); // p and g at the final multipliers
  const gap = stationarity();
  const weights = Array.from(p);
  const payoffs = weights.map((_, i) => {
    let s = 0;
    for (let j = 0; j < k; j++) s += a[i * k + j]! * p[j]!;
    return s;
  });
  return { weights, payoffs, gap, iterations };
}

/** Solves M x = b for the m × m matrix M (row-major, overwritten) by Gaussian elimination with partial pivoting; x replaces b. False when M is singular. */
function solveInPlace(m: Float64Array, b: Float64Array, n: number): boolean {
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]!) > Math.abs(m[pivot * n + c]!)) pivot = r;
    if (!(Math.abs(m[pivot * n + c]!) > 1e-300)) return false;
    if (pivot !== c) {
      for (let x = 0; x < n; x++) {
        const t = m[c * n + x]!;
        m[c * n + x] = m[pivot * n + x]!;
        m[pivot * n + x] = t;
      }
      const t = b[c]!;
      b[c] = b[pivot]!;
      b[pivot] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const factor = m[r * n + c]! / m[c * n + c]!;
      if (factor === 0) continue;
      for (let x = c; x < n; x++) m[r * n + x]! -= factor * m[c * n + x]!;
      b[r]! -= factor * b[c]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let x = r + 1; x < n; x++) s -= m[r * n + x]! * b[x]!;
    b[r] = s / m[r * n + r]!;
  }
  return true;
}

/** The cyclic share of a skew-symmetric matrix's squared spread, with the noise energy `noise` (Σ over pairings of the payoff's variance) taken out. */
export function cyclicShare(a: Float64Array, k: number, noise = 0): number {
  const r = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = 0;
    for (let j = 0; j < k; j++) s += a[i * k + j]!;
    r[i] = s / k;
  }
  let total = 0;
  let cyclic = 0;
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      const x = a[i * k + j]!;
      const c = x - (r[i]! - r[j]!);
      total += x * x;
      cyclic += c * c;
    }
  const signal = total - noise;
  if (signal <= 0) return 0;
  return Math.min(1, Math.max(0, (cyclic - (noise * (k - 2)) / k) / signal));
}

/** A Binomial(n, p) draw: by inversion when the smaller tail's mean is under 20, else the normal approximation (rounded, clipped). */
function binomial(rng: Rng, n: number, p: number): number {
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const flip = p > 0.5;
  const q = flip ? 1 - p : p;
  let x: number;
  if (n * q < 20) {
    // Inversion: walk up the pmf from 0 until the uniform is used up.
    const u = rng.next();
    let pmf = Math.pow(1 - q, n);
    let cdf = pmf;
    x = 0;
    while (u > cdf && x < n) {
      pmf *= ((n - x) / (x + 1)) * (q / (1 - q));
      x++;
      cdf += pmf;
    }
  } else {
    // Box-Muller; n·q ≥ 20 keeps the approximation's error small beside the bootstrap's own.
    const u1 = Math.max(rng.next(), 1e-300);
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * rng.next());
    x = Math.min(n, Math.max(0, Math.round(n * q + z * Math.sqrt(n * q * (1 - q)))));
  }
  return flip ? n - x : x;
}

const quantile = (sorted: Float64Array, q: number): number => {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (at - lo) * (sorted[hi]! - sorted[lo]!);
};

export interface EquilibriumOptions {
  subject: string;
  source: string;
  /** expected[i][j]: i's share of decided games against j if both were equally strong (default 50%). */
  expected?: number[][];
  resamples?: number;
  /** Cycles of clearly won pairings (the dominance report's), to name beside the cyclic share. */
  cycles?: string[][];
}

/** The equilibrium report of a matchup matrix (shares of decided games; draws and capped games left out, as in the dominance report). */
export function analyseEquilibrium(counts: PairCounts, o: EquilibriumOptions): EquilibriumReport {
  const { names, wins } = counts;
  const k = names.length;
  const resamples = o.resamples ?? EQUILIBRIUM_RESAMPLES;
  const fair = (i: number, j: number) => o.expected?.[i]?.[j] ?? 0.5;
  const decided = (i: number, j: number) => wins[i]![j]! + wins[j]![i]!;
  let unplayed = 0;
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (decided(i, j) === 0) unplayed++;
  // The payoff matrix from i's wins against j in each pairing (upper triangle), and its noise energy.
  const matrix = (won: (i: number, j: number) => number): { a: Float64Array; noise: number } => {
    const a = new Float64Array(k * k);
    let noise = 0;
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++) {
        const n = decided(i, j);
        if (n === 0) continue;
        const share = won(i, j) / n;
        a[i * k + j] = share - fair(i, j);
        a[j * k + i] = -(share - fair(i, j));
        noise += (share * (1 - share)) / Math.max(1, n - 1);
      }
    return { a, noise };
  };
  const measured = matrix((i, j) => wins[i]![j]!);
  const nash = maxEntropyNash(measured.a, k);
  const share = cyclicShare(measured.a, k, measured.noise);

  const rng = new Rng();
  rng.seedGame(SEED, 0, 0);
  const weightDraws = names.map(() => new Float64Array(resamples));
  const ratingDraws = names.map(() => new Float64Array(resamples));
  const cyclicDraws = new Float64Array(resamples);
  const sizes = new Float64Array(resamples);
  const never = names.map(() => 0);
  let gap = nash.gap;
  const drawn = names.map(() => new Array<number>(k).fill(0));
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) drawn[i]![j] = binomial(rng, decided(i, j), decided(i, j) > 0 ? wins[i]![j]! / decided(i, j) : 0.5);
    const m = matrix((i, j) => drawn[i]![j]!);
    const s = maxEntropyNash(m.a, k);
    gap = Math.max(gap, s.gap);
    let size = 0;
    for (let i = 0; i < k; i++) {
      weightDraws[i]![r] = s.weights[i]!;
      ratingDraws[i]![r] = 0.5 + s.payoffs[i]!;
      if (s.weights[i]! < NEVER_WEIGHT) never[i]!++;
      else size++;
    }
    sizes[r] = size;
    cyclicDraws[r] = cyclicShare(m.a, k, m.noise);
  }
  const span = (x: Float64Array): [number, number] => {
    x.sort();
    return [quantile(x, 0.025), quantile(x, 0.975)];
  };
  const rows: EquilibriumRow[] = names.map((name, i) => ({
    name,
    weight: nash.weights[i]! < NEVER_WEIGHT ? 0 : nash.weights[i]!,
    interval: span(weightDraws[i]!),
    neverShare: never[i]! / resamples,
    rating: 0.5 + nash.payoffs[i]!,
    ratingInterval: span(ratingDraws[i]!),
  }));
  sizes.sort();
  const support = rows.filter((r) => r.weight > 0).sort((x, y) => y.weight - x.weight).map((r) => r.name);
  const report: EquilibriumReport = {
    subject: o.subject,
    source: o.source,
    resamples,
    seed: SEED,
    never: NEVER_WEIGHT,
    rows,
    support,
    supportSizes: { min: sizes[0] ?? 0, median: quantile(sizes, 0.5), max: sizes[sizes.length - 1] ?? 0 },
    cyclic: { share, interval: span(cyclicDraws) },
    cycles: o.cycles ?? [],
    unplayed,
    gap,
    statement: [],
  };
  report.statement = equilibriumStatement(report);
  return report;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const spanText = ([lo, hi]: readonly [number, number]) => `[${pct(lo)}, ${pct(hi)}]`;

function equilibriumStatement(r: EquilibriumReport): string[] {
  const one = r.subject.replace(/s$/, '');
  const k = r.rows.length;
  const played = r.rows.filter((x) => x.weight > 0).sort((x, y) => y.weight - x.weight);
  const mostlyNever = r.rows.filter((x) => x.neverShare >= 0.95).map((x) => x.name);
  const sizes = r.supportSizes.min === r.supportSizes.max ? `${r.supportSizes.min}` : `${r.supportSizes.min}-${r.supportSizes.max} (median ${r.supportSizes.median})`;
  const lines = [
    `What a smart field would play: the equilibrium mixes ${played.length} of ${k} ${r.subject}: ${played.map((x) => `${x.name} ${pct(x.weight)} ${spanText(x.interval)}`).join(', ')} (the maximum-entropy Nash mixture of the matrix of decided games; 95% intervals from ${r.resamples.toLocaleString('en-US')} resamples of the games, in which it plays ${sizes} ${sizes === '1' ? one : r.subject}).`,
    mostlyNever.length > 0
      ? `Never worth picking against a smart field: ${mostlyNever.join(', ')} (weight below ${pct(r.never)} in at least 95% of resamples; a population of players learning from results would drift away from ${mostlyNever.length === 1 ? 'it' : 'them'}).`
      : `Nothing is shown never worth picking: every ${one} has weight in more than 5% of resamples.`,
    `Cycle layer: ${pct(r.cyclic.share)} ${spanText(r.cyclic.interval)} of the matrix's spread is rock-paper-scissors (the cyclic part of its Hodge decomposition, corrected for sampling noise)${r.cycles.length > 0 ? `; clear cycles: ${r.cycles.slice(0, 3).map((c) => `${c.join(' > ')} > ${c[0]}`).join('; ')}${r.cycles.length > 3 ? ` and ${r.cycles.length - 3} more` : ''}` : ''}. The rest is a plain ranking.`,
  ];
  if (r.unplayed > 0) lines.push(`${r.unplayed} pairing${r.unplayed === 1 ? ' has' : 's have'} no decided games and count${r.unplayed === 1 ? 's' : ''} as even.`);
  return lines;
}

/** The Nash table: weight, never-played share and Nash-averaged rating per choice, heaviest first. */
export function equilibriumTable(r: EquilibriumReport): { header: string[]; rows: string[][] } {
  const header = ['choice', 'equilibrium weight', '95% interval', 'never played (share of resamples)', 'against the equilibrium', '95% interval'];
  const rows = [...r.rows]
    .sort((a, b) => b.weight - a.weight || b.rating - a.rating)
    .map((x) => [x.name, pct(x.weight), spanText(x.interval), pct(x.neverShare), pct(x.rating), spanText(x.ratingInterval)]);
  return { header, rows };
}

/** The summary with the equilibrium of its matchup matrix attached (after withDominance, whose matrix and cycles it uses); unchanged without one. */
export function withEquilibrium(s: Summary): Summary {
  const d = s.dominance;
  if (!d) return s;
  s.equilibrium = analyseEquilibrium(d.counts, { subject: d.subject, source: d.source, cycles: d.order.cycles });
  return s;
}

