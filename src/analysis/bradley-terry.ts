/**
 * Bradley-Terry ratings from a win matrix: P(i beats j) = πi / (πi + πj). Fitted by Hunter's
 * MM algorithm (2004); a drawn or capped game counts half a win to each side. Ratings are
 * reported on the Elo scale, 400·log10(π), relative to a reference entrant (rating 0), with
 * 95% intervals from the observed Fisher information of θ = log π (the reference fixed at 0).
 */
import { Z95 } from '../sim/stats/intervals.js';

export interface Rating {
  name: string;
  /** Elo-scale rating relative to the reference. */
  elo: number;
  interval: [number, number];
  se: number;
}

const ELO = 400 / Math.LN10;

/** wins[i][j] = games i won against j (halves allowed for draws). */
export function bradleyTerry(names: string[], wins: number[][], reference = 0, iterations = 10_000): Rating[] {
  const n = names.length;
  const games = (i: number, j: number) => wins[i]![j]! + wins[j]![i]!;
  let p = new Array<number>(n).fill(1);
  for (let it = 0; it < iterations; it++) {
    const next = p.map((pi, i) => {
      let w = 0;
      let denom = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        w += wins[i]![j]!;
        const g = games(i, j);
        if (g > 0) denom += g / (pi + p[j]!);
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
      const q = p[i]! / (p[i]! + p[j]!);
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
