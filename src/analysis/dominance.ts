/**
 * Dominance and diversity of a matchup matrix (issue 23 item 3): Squall characters from a run's
 * `matchups` table, Squirmish's named groups from `groupMatchups`, tournament entrants from
 * their pairings. Three questions, each decided by
 * intervals so that an answer is never just "not enough games":
 *
 * - **Is one choice dominant?** A choice is dominant when it wins more than its expected share
 *   (50%, or its seat share in a multi-player tournament) of its decided games against every
 *   other choice. That is an intersection-union test over the choice's row: every one of its k − 1
 *   pairings must be shown above expectation, each one-sided at alpha / 2 (a 1 − alpha Wilson
 *   interval; no multiplicity correction is needed, since the verdict needs all of them). A wrong
 *   "dominant" needs a pairing the choice does not win shown won (chance ≤ alpha / 2 for one
 *   choice), and at most two choices can come close at once (each must clearly beat the other, so
 *   they are a tie): at most alpha in all. "none" needs every choice to have a counter, an
 *   opponent shown to beat it, one-sided at alpha / (2(k − 1)) per pairing (Bonferroni over the
 *   choice's column, which is all that matters when one choice truly dominates): wrong with
 *   chance ≤ alpha / 2. Anything else is undecided. test/analysis/dominance-error-rates.test.ts
 *   measures both on simulated matrices (docs/results.md). Until issue 33 every pairing's
 *   interval was Bonferroni over all m pairings, which almost never called a 55% choice dominant.
 * - **How many are viable?** A choice's score against the field is its mean share of decided
 *   games over every other choice, each opponent weighted alike (what it scores against an
 *   opponent drawn at random); it is viable within ±margin of the fair 50%. Its interval is
 *   normal from the pairings' Agresti-Coull variances at 1 − alpha / k (Bonferroni over the k
 *   choices), so the true count lies in [surely viable, possibly viable] with chance ≥ 1 − alpha.
 * - **Rock-paper-scissors or a strict order?** With "clearly beats" read off simultaneous
 *   intervals, each pairing's Wilson interval at 1 − alpha / m (Bonferroni over the m pairings): cycles (src/analysis/bradley-terry.ts finds them), a strict order
 *   (every pairing decided, no cycle), or neither shown.
 *
 * Draws and capped games are counted beside the shares, never in them.
 */
import { wilson } from '../sim/stats/intervals.js';
import type { Summary, SummaryTable } from '../sim/stats/summary.js';
import { pairTableChoices, type PairCounts, type Viability, type FieldRow, type DominanceReport } from '../sim/stats/dominance.js';
import { intransitiveCycles } from './bradley-terry.js';
import { normalQuantile } from './normal.js';

/** The chance that any dominance, viability or order verdict of one matrix is wrong, at most. */
export const DOMINANCE_ALPHA = 0.05;
/** How far from the fair 50% against the field a viable choice may score. */
export const VIABLE_MARGIN = 0.05;

export type { PairCounts, Viability, FieldRow, DominanceReport };

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const span = ([lo, hi]: readonly [number, number]) => `[${pct(lo)}, ${pct(hi)}]`;

export interface DominanceOptions {
  subject: string;
  source: string;
  alpha?: number;
  margin?: number;
  /** expected[i][j]: i's share of decided games against j if both were equally strong (default 50%; a tournament's seat share). */
  expected?: number[][];
}

/** The three verdicts of a matchup matrix, every one right with chance at least 1 − alpha together. */
export function analyseDominance(counts: PairCounts, o: DominanceOptions): DominanceReport {
  const alpha = o.alpha ?? DOMINANCE_ALPHA;
  const margin = o.margin ?? VIABLE_MARGIN;
  const { names, wins, draws, capped } = counts;
  const k = names.length;
  const decided = (i: number, j: number) => wins[i]![j]! + wins[j]![i]!;
  let pairings = 0;
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (decided(i, j) > 0) pairings++;
  const pairConfidence = 1 - alpha / Math.max(1, pairings);
  const zPair = normalQuantile(1 - alpha / (2 * Math.max(1, pairings)));
  const fair = (i: number, j: number) => o.expected?.[i]?.[j] ?? 0.5;
  const cell = (i: number, j: number, z = zPair) => wilson(wins[i]![j]!, decided(i, j), z);
  const rate = (i: number, j: number) => (decided(i, j) > 0 ? wins[i]![j]! / decided(i, j) : fair(i, j));
  const beats = (i: number, j: number) => decided(i, j) > 0 && cell(i, j)[0] > fair(i, j);
  const others = (i: number) => names.map((_, j) => j).filter((j) => j !== i);
  // How far a pairing falls short of its expectation: the worst pairing is the one furthest below.
  const margin0 = (i: number, j: number) => rate(i, j) - fair(i, j);
  const worstOf = (i: number) => others(i).reduce((w, j) => (margin0(i, j) < margin0(i, w) ? j : w));

  // Dominance: a row whose every pairing is shown won (each one-sided at alpha / 2); "none" when
  // every row has a counter (one-sided at alpha / (2(k − 1)) over the row's opponents).
  const zDominant = normalQuantile(1 - alpha / 2);
  const zCounter = normalQuantile(1 - alpha / (2 * Math.max(1, k - 1)));
  const shownAbove = (i: number, j: number, z: number) => decided(i, j) > 0 && cell(i, j, z)[0] > fair(i, j);
  const dominantIndex = names.findIndex((_, i) => others(i).every((j) => shownAbove(i, j, zDominant)));
  const uncountered = names
    .map((name, i) => ({ name, i }))
    .filter(({ i }) => !others(i).some((j) => shownAbove(j, i, zCounter)))
    .map(({ name, i }) => {
      const worst = worstOf(i);
      return { name, worst: names[worst]!, rate: rate(i, worst), interval: cell(i, worst, zCounter) };
    });
  const verdict = dominantIndex >= 0 ? 'dominant' : uncountered.length === 0 ? 'none' : 'undecided';
  const expectation = o.expected ? 'its expected share' : '50%';
  const how =
    `dominant: every pairing of its row above ${expectation} by a ${((1 - alpha) * 100).toPrecision(3)}% Wilson interval (an intersection-union test); ` +
    `a counter: above ${expectation} by a ${((1 - alpha / Math.max(1, k - 1)) * 100).toPrecision(4)}% interval, Bonferroni over each one's ${k - 1} opponents; either verdict is wrong with chance at most ${alpha * 100}%`;
  let statement: string;
  if (verdict === 'dominant') {
    const d = dominantIndex;
    const worst = worstOf(d);
    statement = `Dominant: ${names[d]} beats every other ${o.subject.replace(/s$/, '')}, at worst ${pct(rate(d, worst))} ${span(cell(d, worst, zDominant))} against ${names[worst]}${o.expected ? ` (expected ${pct(fair(d, worst))})` : ''} (${how}).`;
  } else if (verdict === 'none') statement = `No dominant choice: every one of the ${k} ${o.subject} has a counter, an opponent that clearly beats it (${how}).`;
  else {
    const list = uncountered.map((u) => `${u.name} (worst: ${pct(u.rate)} ${span(u.interval)} against ${u.worst})`).join(', ');
    statement = `Dominance UNDECIDED: no ${o.subject.replace(/s$/, '')} clearly beats every other, but ${list} ${uncountered.length === 1 ? 'has' : 'have'} no clear counter yet; play more games (${how}).`;
  }

  // Against the field: mean share over opponents, normal interval from Agresti-Coull variances.
  const zField = normalQuantile(1 - alpha / (2 * k));
  const fieldConfidence = 1 - alpha / k;
  const rows: FieldRow[] = names.map((name, i) => {
    const opp = others(i);
    let mean = 0;
    let variance = 0;
    let n = 0;
    let d = 0;
    let c = 0;
    for (const j of opp) {
      const g = decided(i, j);
      const tilde = (wins[i]![j]! + (zField * zField) / 2) / (g + zField * zField);
      // Against the field as if every pairing were fair: the share less its expectation, plus 50%.
      mean += rate(i, j) - fair(i, j) + 0.5;
      variance += (tilde * (1 - tilde)) / (g + zField * zField);
      n += g;
      d += draws[i]![j]!;
      c += capped[i]![j]!;
    }
    mean /= opp.length;
    const half = (zField * Math.sqrt(variance)) / opp.length;
    const interval: [number, number] = [Math.max(0, mean - half), Math.min(1, mean + half)];
    const viable: Viability = interval[0] >= 0.5 - margin && interval[1] <= 0.5 + margin ? 'yes' : interval[1] < 0.5 - margin || interval[0] > 0.5 + margin ? 'no' : 'undecided';
    return { name, rate: mean, interval, decided: n, draws: d, capped: c, viable };
  });
  const atLeast = rows.filter((r) => r.viable === 'yes').length;
  const atMost = k - rows.filter((r) => r.viable === 'no').length;
  const estimate = rows.filter((r) => Math.abs(r.rate - 0.5) <= margin).length;
  const viableWords = atLeast === atMost ? `${atLeast}` : `between ${atLeast} and ${atMost}`;
  const fieldStatement =
    `Viable: ${viableWords} of ${k} ${o.subject} (${estimate} by the estimates) score within ±${(margin * 100).toFixed(0)} points of a fair 50% against the field ` +
    `(the field: every other ${o.subject.replace(/s$/, '')}, each weighted alike; a score is the mean share of decided games${o.expected ? ', each less its expected share plus 50%' : ''}, with a ${(fieldConfidence * 100).toPrecision(4)}% interval, Bonferroni over the ${k}).`;

  // Rock-paper-scissors: cycles of "clearly beats", or a strict order.
  const cycles = intransitiveCycles(names, beats);
  let undecidedPairings = 0;
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) if (!beats(i, j) && !beats(j, i)) undecidedPairings++;
  const strict = cycles.length === 0 && undecidedPairings === 0;
  const ranking = strict ? names.map((name, i) => ({ name, won: others(i).filter((j) => beats(i, j)).length })).sort((a, b) => b.won - a.won).map((r) => r.name) : null;
  const kind = cycles.length > 0 ? 'cycles' : strict ? 'strict order' : 'not shown';
  const orderStatement =
    kind === 'cycles'
      ? `Rock-paper-scissors: ${cycles.length} cycle${cycles.length === 1 ? '' : 's'}, e.g. ${cycles[0]![0]} beats ${cycles[0]![1]}, ${cycles[0]![1]} beats ${cycles[0]![2]}, ${cycles[0]![2]} beats ${cycles[0]![0]} (each clearly, by the intervals above).`
      : kind === 'strict order'
        ? `A strict order, no cycle: ${ranking!.join(' > ')} (every pairing clearly decided).`
        : `Neither a cycle nor a strict order is shown: no cycle among the clearly decided pairings, and ${undecidedPairings} of ${(k * (k - 1)) / 2} pairings are not clearly decided.`;
  return {
    subject: o.subject,
    source: o.source,
    counts,
    alpha,
    pairings,
    pairConfidence,
    dominance: { verdict, dominant: dominantIndex >= 0 ? names[dominantIndex]! : null, uncountered, statement },
    field: { fair: 0.5, margin, confidence: fieldConfidence, rows, viable: { estimate, atLeast, atMost }, statement: fieldStatement },
    order: { kind, cycles, ranking, undecidedPairings, statement: orderStatement },
  };
}

/** A pair table's results with both seatings pooled ("A vs B" and "B vs A"); mirror rows left out. */
export function pairCountsOfTable(table: SummaryTable): PairCounts {
  const [aw, bw, dr, cp] = ['aWins', 'bWins', 'draws', 'capped'].map((c) => table.columns.indexOf(c)) as [number, number, number, number];
  const names: string[] = [];
  const parsed: [string, string, number[]][] = [];
  for (const [row, v] of Object.entries(table.rows)) {
    const at = row.indexOf(' vs ');
    const a = row.slice(0, at);
    const b = row.slice(at + 4);
    if (at < 0 || a === b) continue;
    for (const x of [a, b]) if (!names.includes(x)) names.push(x);
    parsed.push([a, b, v]);
  }
  const square = () => names.map(() => new Array<number>(names.length).fill(0));
  const counts: PairCounts = { names, wins: square(), draws: square(), capped: square() };
  for (const [a, b, v] of parsed) {
    const i = names.indexOf(a);
    const j = names.indexOf(b);
    counts.wins[i]![j]! += v[aw]!;
    counts.wins[j]![i]! += v[bw]!;
    for (const [m, x] of [[counts.draws, v[dr]!], [counts.capped, v[cp]!]] as const) {
      m[i]![j]! += x;
      m[j]![i]! += x;
    }
  }
  return counts;
}

/** The run's matchup matrix (the first pair table with three or more choices), or null. */
export function summaryPairCounts(s: Summary): { table: string; counts: PairCounts } | null {
  for (const [name, t] of Object.entries(s.metrics.tables)) {
    if (pairTableChoices(t.columns, Object.keys(t.rows)).length < 3) continue;
    return { table: name, counts: pairCountsOfTable(t) };
  }
  return null;
}

/** What the choices of a known pair table are: Squall's characters, Squirmish's named groups. */
const PAIR_TABLE_SUBJECTS: Record<string, string> = { matchups: 'characters', groupMatchups: 'groups' };

/** A run's dominance report at level alpha, or null when it has no matchup matrix of three or more. */
export function runDominance(s: Summary, alpha = DOMINANCE_ALPHA): DominanceReport | null {
  const found = summaryPairCounts(s);
  if (!found) return null;
  return analyseDominance(found.counts, { subject: PAIR_TABLE_SUBJECTS[found.table] ?? 'choices', source: `the \`${found.table}\` table, both seatings pooled`, alpha });
}

/** The summary with its dominance report attached (as written to summary.json); unchanged without a matrix. */
export function withDominance(s: Summary): Summary {
  const report = runDominance(s);
  if (report) s.dominance = report;
  return s;
}

/** The report's lines for the terminal, summary.md and report.html. */
export function dominanceLines(r: DominanceReport): string[] {
  const k = r.counts.names.length;
  const draws = r.field.rows.reduce((t, x) => t + x.draws, 0) / 2;
  const capped = r.field.rows.reduce((t, x) => t + x.capped, 0) / 2;
  return [
    `Dominance and diversity of ${k} ${r.subject} (${r.source}; shares of decided games: ${draws.toLocaleString('en-US')} drawn and ${capped.toLocaleString('en-US')} capped games left out):`,
    r.dominance.statement,
    r.field.statement,
    r.order.statement,
  ];
}

/** The field table: each choice's score against the field with its interval and viability. */
export function fieldTable(r: DominanceReport): { header: string[]; rows: string[][] } {
  const header = ['choice', 'against the field', `${(r.field.confidence * 100).toPrecision(4)}% interval`, 'decided games', 'draws', 'capped', `viable (±${(r.field.margin * 100).toFixed(0)})`];
  const rows = [...r.field.rows].sort((a, b) => b.rate - a.rate).map((x) => [x.name, pct(x.rate), span(x.interval), x.decided.toLocaleString('en-US'), String(x.draws), String(x.capped), x.viable]);
  return { header, rows };
}
