/**
 * Rank agreement between two ratings of the same rows (cards, characters, matchups): Spearman's
 * rho with a 95% interval from Fisher's z, using the Fieller-Hartley-Pearson standard error for
 * Spearman (sqrt(1.06 / (n - 3))).
 */
import { Z95 } from '../sim/stats/intervals.js';
import type { RankAgreement } from '../sim/stats/summary.js';

export type { RankAgreement };

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
