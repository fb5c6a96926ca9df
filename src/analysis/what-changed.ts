/**
 * What changed between two runs of a scenario (compare, sweeps, tune): first the rows of the
 * cards or characters the variant itself changes, then the rows that moved most.
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
 * "Moved most" ranks the other rows by how far their interval stays from zero
 * (|Δ| − 1.96·se, ties by |Δ|): a large change measured well comes before a large change that is noise.
 */
import type { AnyGameModule } from '../sim/types.js';
import type { Summary } from '../sim/stats/summary.js';
import { STAT_OVERRIDES } from '../sim/stat-paths.js';
import { Z95 } from '../sim/stats/intervals.js';
import { balanceSheets } from './balance.js';
import { PAIR_SUMS } from './paired-rates.js';

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
  interval: [number, number];
  paired: boolean;
}

export interface WhatChanged {
  /** The cards or characters whose stats differ between the two runs. */
  subjects: string[];
  /** Every rate row of those subjects. */
  changed: RowChange[];
  /** The other rows that moved, the most surely moved first (at most `n`). */
  moved: RowChange[];
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
  const se = Math.sqrt(see / (n - 1) / n);
  const difference = rB - rA;
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
      // Each run's binomial variance scaled by its design effect (the game as the unit).
      const se = Math.sqrt(((ra.deff ?? 1) * ra.rate * (1 - ra.rate)) / ra.games + ((rb.deff ?? 1) * rb.rate * (1 - rb.rate)) / rb.games);
      const difference = rb.rate - ra.rate;
      out.push({ sheet: sheet.id, row: ra.row, gamesA: ra.games, gamesB: rb.games, before: ra.rate, after: rb.rate, difference, interval: [difference - Z95 * se, difference + Z95 * se], paired: false });
    }
  }
  return out;
}

/** How surely a row moved: the distance of its interval from zero. */
function sureness(c: RowChange): number {
  return c.interval[0] > 0 ? c.interval[0] : c.interval[1] < 0 ? -c.interval[1] : 0;
}

export function whatChanged(changes: readonly RowChange[], subjects: readonly string[], n = 10): WhatChanged {
  const mine = new Set(subjects);
  const changed = changes.filter((c) => mine.has(c.row));
  const moved = changes
    .filter((c) => !mine.has(c.row) && c.difference !== 0)
    .sort((x, y) => sureness(y) - sureness(x) || Math.abs(y.difference) - Math.abs(x.difference) || (x.sheet + x.row < y.sheet + y.row ? -1 : 1))
    .slice(0, n);
  return { subjects: [...subjects], changed, moved };
}
