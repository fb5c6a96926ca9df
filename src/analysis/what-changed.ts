/**
 * What changed between two runs of a scenario (compare, sweeps, tune): first the rows of the
 * cards or characters the variant itself changes, then the other rows that moved.
 *
 * - Paired (compare): both arms play every game from the same seed; per row Δ = r_B − r_A with
 *   r_X = ΣW_X / ΣH_X (wins over trials, the balance sheet's rate), and its interval from the
 *   linearisation of the two ratios, e_i = (W_B − r_B·H_B)/mean(H_B) − (W_A − r_A·H_A)/mean(H_A)
 *   per game (mean exactly 0), var(Δ) ≈ Σe² / (n(n−1)); Σe² is a quadratic form in the 14 exact
 *   sums that squabble weights keeps (src/analysis/paired-rates.ts, addPair).
 * - Unpaired (sweep cells, tune, since the previous run): two summaries; Δ = r_B − r_A with the
 *   interval of two independent proportions, each variance scaled by the row's design effect (a
 *   row counting several events per game: the game as the unit). Runs that share seeds make this
 *   interval conservative.
 * Every interval of a row is its own 95% interval. The unpaired variance takes each arm's rate as
 * Agresti and Caffo's (one win and one loss added to each arm), and a paired row whose per-game
 * differences have no spread falls back to it, so no interval has zero width (a card played in one
 * game that lost it is not −100.0 [−100.0, −100.0]); a paired row whose arms agree in every game
 * gets the rule-of-three bound ±3.69/trials (pairedRateDifference).
 *
 * "Moved" is a selection from many rows, and is accounted for as one: rows with fewer than
 * MIN_TRIALS trials in either run are not tested (counted apart: one game cannot say a card
 * moved); the others are tested for Δ = 0 and selected by Benjamini-Hochberg at FDR_Q (5%), so on
 * average at most 5% of the rows shown moved by chance, and when nothing moved at all a run shows
 * any in at most 5% of runs. A selected row's interval is the Benjamini-Yekutieli false-coverage-
 * rate interval (level 1 − R·q/m for R selected of m tested), which holds the selected rows' true
 * changes at the 95% rate the selection would otherwise spoil; it is simultaneous over the
 * selection and says so. They are shown most surely moved (smallest p) first.
 */
import type { AnyGameModule } from '../sim/types.js';
import type { Summary } from '../sim/stats/summary.js';
import { STAT_OVERRIDES } from '../sim/stat-paths.js';
import { Z95 } from '../sim/stats/intervals.js';
import { balanceSheets } from './balance.js';
import { PAIR_SUMS } from './paired-rates.js';
import { benjaminiHochberg, FDR_Q } from './rates.js';
import { normalCdf, normalQuantile, twoSidedP } from './normal.js';

/** A row with fewer trials than this in either run is not tested for a move (counted apart). */
export const MIN_TRIALS = 20;

export interface RowChange {
  /** `<table>.<rate>`, as in the balance sheet. */
  sheet: string;
  row: string;
  /** Trials (seat-games with the row) in each run. */
  gamesA: number;
  gamesB: number;
  before: number;
  after: number;
  difference: number;
  /** Its own 95% interval. */
  interval: [number, number];
  paired: boolean;
  /** Two-sided p of Δ = 0 (unpaired: the score test with the pooled rate; paired: from the interval's standard error). */
  p?: number;
  /** For a row selected as moved: the false-coverage-rate interval (simultaneous over the selection). */
  fcrInterval?: [number, number];
}

export interface WhatChanged {
  /** The cards or characters whose stats differ between the two runs. */
  subjects: string[];
  /** Every rate row of those subjects. */
  changed: RowChange[];
  /** The other rows selected as moved (Benjamini-Hochberg at `fdr`), the most surely moved first (at most `n`). */
  moved: RowChange[];
  /** Rows tested for a move (the others with at least MIN_TRIALS trials in both runs). */
  tested: number;
  /** Rows selected as moved (`moved` shows at most `n` of them). */
  selected: number;
  /** The false discovery rate of the selection. */
  fdr: number;
  /** Rows whose unadjusted 95% interval would exclude 0 by chance alone if nothing moved: 5% of `tested`. */
  expectedByChance: number;
  /** The FCR intervals' level, 1 − selected·fdr / tested (1 when none is selected). */
  fcrLevel: number;
  /** Other rows left out with fewer than MIN_TRIALS trials in a run. */
  few: number;
}

/** The cards or characters whose stat overrides differ between two resolved rules. */
export function changedSubjects(game: AnyGameModule, rulesA: Record<string, unknown>, rulesB: Record<string, unknown>, players: number): string[] {
  if (!game.stats) return [];
  const oa = (rulesA[STAT_OVERRIDES] ?? {}) as Record<string, unknown>;
  const ob = (rulesB[STAT_OVERRIDES] ?? {}) as Record<string, unknown>;
  const stats = game.stats;
  // An override that sets a stat to the value it already had changes nothing.
  const differs = (path: string) => {
    if (oa[path] === ob[path]) return false;
    try {
      return stats.read(rulesA as never, path) !== stats.read(rulesB as never, path);
    } catch {
      return true;
    }
  };
  const paths = new Set([...Object.keys(oa), ...Object.keys(ob)].filter(differs));
  const prefix = `${game.stats.namespace}.`;
  const names = [...new Set([...game.stats.subjects(rulesA as never, players), ...game.stats.subjects(rulesB as never, players)].map((s) => s.name))];
  // The longest name that the path starts with (names may hold dots: cards.Mr. Mole.hp).
  const subjectOf = (path: string) => names.filter((n) => path.startsWith(`${prefix}${n}.`)).sort((x, y) => y.length - x.length)[0];
  return [...new Set([...paths].map(subjectOf).filter((n): n is string => n !== undefined))].sort();
}

/** r_B − r_A of one row from its 14 paired sums at s[o..], with its interval; null if an arm never had the row. */
export function pairedRateDifference(s: ArrayLike<number>, o: number, n: number, z = Z95): { gamesA: number; gamesB: number; before: number; after: number; difference: number; interval: [number, number] } | null {
  const S = (k: number) => s[o + k]!;
  const [wA, hA, wB, hB] = [S(0), S(1), S(2), S(3)];
  if (hA <= 0 || hB <= 0 || n < 2) return null;
  const rA = wA / hA;
  const rB = wB / hB;
  const mA = hA / n;
  const mB = hB / n;
  // Σ(W_B − r_B·H_B)², Σ(W_A − r_A·H_A)² and Σ(W_B − r_B·H_B)(W_A − r_A·H_A), from the sums.
  const bb = S(11) - 2 * rB * S(12) + rB * rB * S(13);
  const aa = S(4) - 2 * rA * S(5) + rA * rA * S(8);
  const ab = S(6) - rA * S(9) - rB * S(7) + rA * rB * S(10);
  const see = Math.max(0, bb / (mB * mB) + aa / (mA * mA) - (2 * ab) / (mA * mB));
  const difference = rB - rA;
  // Σ(W_B − W_A)² and Σ(H_B − H_A)² over the games, exact (integer sums): both 0 when the arms
  // agree game by game.
  const agree = S(11) - 2 * S(6) + S(4) === 0 && S(13) - 2 * S(10) + S(8) === 0;
  if (agree) {
    // Both arms agree in every game (the same wins and trials): no trial of this sample
    // differs. That bounds, not zeroes, the change: with none of the hA trials discordant, the
    // share that could be is at most −ln(α/2)/hA at level 1 − α (the rule of three: 3.69 at 95%),
    // each discordant trial moving the rate by at most 1/hA, so |Δ| ≤ −ln(α/2)/hA.
    // One trial is ±100 points (no information); 600 trials ±0.6, not the ±5 of unpaired arms.
    const bound = Math.min(1, -Math.log(1 - normalCdf(z)) / hA);
    return { gamesA: hA, gamesB: hB, before: rA, after: rB, difference, interval: [-bound, bound] };
  }
  // A row whose rate is constant in each arm but differs between them (a card in one game that it
  // won under A and lost under B) has no per-game spread either: the independent interval, widened.
  const se = see > 0 ? Math.sqrt(see / (n - 1) / n) : widenedSE(wA, hA, 1, wB, hB, 1);
  return { gamesA: hA, gamesB: hB, before: rA, after: rB, difference, interval: [difference - z * se, difference + z * se] };
}

/** Paired changes of every row from compare's sums (studies/kit/rate-pairs.ts order). */
export function pairedChanges(pairs: readonly { table: string; rate: string; rows: readonly string[] }[], sums: ArrayLike<number>, games: number): RowChange[] {
  const out: RowChange[] = [];
  let o = 0;
  for (const p of pairs) {
    for (const row of p.rows) {
      const r = pairedRateDifference(sums, o, games);
      o += PAIR_SUMS;
      if (r) out.push({ sheet: `${p.table}.${p.rate}`, row, ...r, paired: true });
    }
  }
  return out;
}

/** Unpaired changes of every row two summaries' balance sheets share. */
export function unpairedChanges(a: Summary, b: Summary): RowChange[] {
  const sheetsB = new Map(balanceSheets(b).map((s) => [s.id, new Map(s.rows.map((r) => [r.row, r]))]));
  const out: RowChange[] = [];
  for (const sheet of balanceSheets(a)) {
    const rowsB = sheetsB.get(sheet.id);
    if (!rowsB) continue;
    for (const ra of sheet.rows) {
      const rb = rowsB.get(ra.row);
      if (!rb) continue;
      out.push(unpairedChange(sheet.id, ra.row, ra, rb));
    }
  }
  return out;
}

/** One row's change between two independent runs, from each run's rate, trials and design effect. */
export function unpairedChange(sheet: string, row: string, a: { rate: number; games: number; deff?: number }, b: { rate: number; games: number; deff?: number }): RowChange {
  // Each run's binomial variance scaled by its design effect (the game as the unit).
  const se = widenedSE(a.rate * a.games, a.games, a.deff ?? 1, b.rate * b.games, b.games, b.deff ?? 1);
  const difference = b.rate - a.rate;
  // The test of Δ = 0 uses the variance under it: the pooled rate in both arms (the score test,
  // better calibrated than the interval's variance in the far tail a selection from many rows reaches).
  const pooled = (a.rate * a.games + b.rate * b.games) / (a.games + b.games);
  const se0 = Math.sqrt(pooled * (1 - pooled) * ((a.deff ?? 1) / a.games + (b.deff ?? 1) / b.games));
  // With Yates's continuity correction: counts are whole, and the far tail of a discrete count is thinner than the normal's.
  const corrected = Math.max(0, Math.abs(difference) - 0.5 * (1 / a.games + 1 / b.games));
  return { sheet, row, gamesA: a.games, gamesB: b.games, before: a.rate, after: b.rate, difference, interval: [difference - Z95 * se, difference + Z95 * se], paired: false, p: twoSidedP(corrected, se0) };
}

/**
 * The standard error of r_B − r_A for independent arms, each binomial variance at Agresti and
 * Caffo's rate (w + 1) / (h + 2) over h + 2 trials, times the arm's design effect: never 0.
 */
function widenedSE(wA: number, hA: number, deffA: number, wB: number, hB: number, deffB: number): number {
  const pA = (wA + 1) / (hA + 2);
  const pB = (wB + 1) / (hB + 2);
  return Math.sqrt((deffA * pA * (1 - pA)) / (hA + 2) + (deffB * pB * (1 - pB)) / (hB + 2));
}

export function whatChanged(changes: readonly RowChange[], subjects: readonly string[], n = 10, fdr = FDR_Q): WhatChanged {
  const mine = new Set(subjects);
  const changed = changes.filter((c) => mine.has(c.row));
  const others = changes.filter((c) => !mine.has(c.row));
  const judged = others.filter((c) => Math.min(c.gamesA, c.gamesB) >= MIN_TRIALS);
  const se = (c: RowChange) => (c.interval[1] - c.interval[0]) / (2 * Z95);
  const tested = judged.map((c) => ({ ...c, p: c.p ?? twoSidedP(c.difference, se(c)) }));
  const q = benjaminiHochberg(tested.map((c) => c.p));
  const chosen = tested.filter((_, i) => q[i]! <= fdr);
  const m = tested.length;
  const R = chosen.length;
  const fcrLevel = R > 0 ? 1 - (R * fdr) / m : 1;
  const z = R > 0 ? normalQuantile(1 - (1 - fcrLevel) / 2) : Z95;
  const moved = chosen
    .map((c): RowChange => ({ ...c, fcrInterval: [c.difference - z * se(c), c.difference + z * se(c)] }))
    .sort((x, y) => x.p! - y.p! || Math.abs(y.difference) - Math.abs(x.difference) || (x.sheet + x.row < y.sheet + y.row ? -1 : 1))
    .slice(0, n);
  return { subjects: [...subjects], changed, moved, tested: m, selected: R, fdr, expectedByChance: 0.05 * m, fcrLevel, few: others.length - judged.length };
}
