/**
 * Bradley-Terry ratings from a win matrix: P(i beats j) = πi / (πi + πj). Fitted by Hunter's
 * MM algorithm (2004); a drawn or capped game counts half a win to each side. Ratings are
 * reported on the Elo scale, 400·log10(π), relative to a reference entrant (rating 0), with
 * 95% intervals from the observed Fisher information of θ = log π (the reference fixed at 0).
 *
 * With `seats` (a multi-player tournament, where a pairing of two entrants over three seats
 * seats the first-listed twice: A, B, A), seats[i][j] is how many seats i held against j and the
 * model is Luce's choice over the seats, P(i beats j) = s_ij·πi / (s_ij·πi + s_ji·πj): π is the
 * strength of one seat, and two entrants equally strong per seat get equal ratings although the
 * one seated twice wins two games in three.
 */
import { Z95, wilson } from '../sim/stats/intervals.js';

export interface Rating {
  name: string;
  /** Elo-scale rating relative to the reference. */
  elo: number;
  interval: [number, number];
  se: number;
}

const ELO = 400 / Math.LN10;

/** wins[i][j] = games i won against j (halves allowed for draws). */
export function bradleyTerry(names: string[], wins: number[][], reference = 0, iterations = 10_000, seats?: number[][]): Rating[] {
  const n = names.length;
  const games = (i: number, j: number) => wins[i]![j]! + wins[j]![i]!;
  const seat = (i: number, j: number) => seats?.[i]?.[j] ?? 1;
  let p = new Array<number>(n).fill(1);
  for (let it = 0; it < iterations; it++) {
    const next = p.map((pi, i) => {
      let w = 0;
      let denom = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        w += wins[i]![j]!;
        const g = games(i, j);
        if (g > 0) denom += (g * seat(i, j)) / (seat(i, j) * pi + seat(j, i) * p[j]!);
      }
      // An entrant that never won (or never lost) has no finite strength: keep it tiny (huge).
      return denom > 0 ? Math.max(w, 1e-9) / denom : pi;
    });
    const scale = next[reference]!;
    const normalised = next.map((x) => x / scale);
    const change = Math.max(...normalised.map((x, i) => Math.abs(Math.log(x) - Math.log(p[i]!))));
    p = normalised;
    if (change < 1e-12) break;
  }
  // Fisher information of θ (minus the reference), then its inverse by Gauss-Jordan elimination.
  const free = names.map((_, i) => i).filter((i) => i !== reference);
  const info = free.map(() => new Array<number>(free.length).fill(0));
  free.forEach((i, a) => {
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const g = games(i, j);
      const q = (seat(i, j) * p[i]!) / (seat(i, j) * p[i]! + seat(j, i) * p[j]!);
      const v = g * q * (1 - q);
      info[a]![a]! += v;
      const b = free.indexOf(j);
      if (b >= 0) info[a]![b]! -= v;
    }
  });
  const cov = invert(info);
  return names.map((name, i) => {
    const elo = ELO * Math.log(p[i]!);
    const a = free.indexOf(i);
    const se = a < 0 ? 0 : ELO * Math.sqrt(Math.max(0, cov?.[a]?.[a] ?? Infinity));
    return { name, elo, se, interval: [elo - Z95 * se, elo + Z95 * se] };
  });
}

function invert(m: number[][]): number[][] | null {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...row.map((_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) < 1e-12) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const d = a[c]![c]!;
    for (let k = 0; k < 2 * n; k++) a[c]![k]! /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      for (let k = 0; k < 2 * n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}

export interface BradleyTerryFit {
  /** Pearson's χ² of the observed scores against the ratings' predictions, over the pairings played. */
  chiSquare: number;
  /** Pairings played minus (entrants − 1); 0 with two entrants (the ratings then fit exactly). */
  df: number;
  /** P(χ² ≥ observed) under the model; null when df is 0. */
  pValue: number | null;
  /** The pairing the ratings predict worst: observed and predicted score of `row` against `column`. */
  worst: { row: string; column: string; observed: number; predicted: number } | null;
  /** Cycles a > b > c > a where each score is above 50% beyond its 95% interval (rock-paper-scissors). */
  cycles: string[][];
  /** Whether one rating per entrant is a fair summary of the matrix: the fit holds (p ≥ 0.05) and no cycle. */
  fair: boolean;
}

const probability = (elo: number) => 1 / (1 + 10 ** (-elo / 400));

/**
 * How well the ratings summarise the matrix: Pearson's χ² over pairings of
 * (wins − games·q)² / (games·q·(1 − q)), q the predicted score, on pairings − (entrants − 1)
 * degrees of freedom; and clear intransitive cycles, which no rating can represent.
 */
export function bradleyTerryFit(ratings: readonly Rating[], wins: number[][], games: number[][], seats?: number[][]): BradleyTerryFit {
  const seat = (i: number, j: number) => seats?.[i]?.[j] ?? 1;
  const n = ratings.length;
  let chiSquare = 0;
  let pairs = 0;
  let worst: BradleyTerryFit['worst'] = null;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const g = games[i]![j]!;
      if (!(g > 0)) continue;
      pairs++;
      // The seat shares shift the odds: log(s_ij / s_ji) on the Elo scale.
      const q = probability(ratings[i]!.elo - ratings[j]!.elo + ELO * Math.log(seat(i, j) / seat(j, i)));
      const observed = wins[i]![j]! / g;
      chiSquare += (g * (observed - q) ** 2) / (q * (1 - q));
      if (!worst || Math.abs(observed - q) > Math.abs(worst.observed - worst.predicted)) worst = { row: ratings[i]!.name, column: ratings[j]!.name, observed, predicted: q };
    }
  const df = Math.max(0, pairs - (n - 1));
  const pValue = df > 0 ? chiSquareSurvival(chiSquare, df) : null;
  const cycles = intransitiveCycles(
    ratings.map((r) => r.name),
    (i, j) => games[i]![j]! > 0 && wilson(wins[i]![j]!, games[i]![j]!)[0] > seat(i, j) / (seat(i, j) + seat(j, i)),
  );
  return { chiSquare, df, pValue, worst, cycles, fair: (pValue === null || pValue >= 0.05) && cycles.length === 0 };
}

/**
 * Every cycle a > b > c > a of a "clearly beats" relation (rock-paper-scissors), each listed once
 * starting from its first-listed member. Three-cycles suffice where every pair is decided (any
 * cycle of a complete relation contains one); the caller decides what "clearly" means.
 */
export function intransitiveCycles(names: readonly string[], beats: (i: number, j: number) => boolean): string[][] {
  const n = names.length;
  const cycles: string[][] = [];
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++)
      for (let c = 0; c < n; c++)
        if (a < b && a < c && b !== c && beats(a, b) && beats(b, c) && beats(c, a)) cycles.push([names[a]!, names[b]!, names[c]!]);
  return cycles;
}

/** P(X ≥ x) for X ~ χ²(df): the regularised upper incomplete gamma Q(df/2, x/2). */
export function chiSquareSurvival(x: number, df: number): number {
  if (x <= 0) return 1;
  const a = df / 2;
  const z = x / 2;
  const logPrefix = a * Math.log(z) - z - logGamma(a);
  if (z < a + 1) {
    // Series for the lower function P(a, z).
    let term = 1 / a;
    let sum = term;
    for (let k = 1; k < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; k++) {
      term *= z / (a + k);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Continued fraction for Q(a, z) (modified Lentz).
  let b = z + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let s = c[0]!;
  for (let i = 1; i < 9; i++) s += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(s);
}
