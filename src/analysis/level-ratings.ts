/**
 * Balance-sheet rows under several skill levels (a scenario's `compareLevels`, `squabble
 * levels`): which ratings are about the game and which about the bot. Each level's run (every
 * seat at that level) has its own balance sheets (src/analysis/balance.ts); for each sheet this
 * puts every row beside itself under each level and answers two questions with the rows' own
 * noise accounted for (each row's standard error from its 95% interval, the game as the unit):
 *
 * - How well do the levels agree? The correlation of the true rates, corrected for noise, with a
 *   95% interval (src/analysis/rank-agreement.ts, `correctedAgreement`); beside it each level's
 *   reliability (the share of its spread that is not noise), the first level's test-retest
 *   reliability (its rates on two seeds, the ceiling run) and the raw rank agreement, which noise
 *   attenuates.
 * - Does this row depend on the bot? A level × row interaction test per row and later level: the
 *   row's change from the first level to that one, less the typical change (the median over the
 *   sheet's rows), over its standard error, two-sided; Benjamini-Hochberg over the sheet's rows and levels at 5%. The same
 *   test between the first level's two seeds is a null by construction: any row it flags is a
 *   false discovery, and under the same bot the report says "no dependence" but at that rate.
 *
 * The balance-sheet verdict (above or below the rest when the row is flagged `differs`, within
 * otherwise) is still shown per level, and rows whose verdict changes are counted, but a verdict
 * change is not a test: noise alone changes many (the ceiling run counts them).
 */
import type { BalanceSheet, LevelRow, LevelSheet, SheetRow, Verdict } from '../sim/stats/summary.js';
import { correctedAgreement, pearson, seOfInterval, spearman } from './rank-agreement.js';
import { benjaminiHochberg, FDR_Q } from './rates.js';
import { twoSidedP } from './normal.js';

export function verdictOf(sheet: BalanceSheet, row: SheetRow): Verdict {
  if (!row.flags.includes('differs')) return 'within';
  // Above the mean of all rows is above the mean of the rest (the mean lies between the row and the rest).
  return row.rate > sheet.mean ? 'above' : 'below';
}

/**
 * Two-sided p-values of "no level × row interaction": for each row, its change between the runs
 * (b − a) minus, on a sheet of rates, the typical change (a sheet of differences, compare's, is
 * not centred: a difference that changes with the bot is the finding), the median over the rows (robust to the few rows that do
 * depend on the bot, which a mean would spread over every other row), over its standard error
 * (the runs' noise independent; the median's own noise, about π/2 times the mean variance over
 * the rows, included). For rates (`rates` true) each row's variance is the pooled one of a score
 * test, as if both runs had the row's mean rate: the Wald variance plus (b − a)²/4 times each
 * run's variance per unit of p(1 − p); and, given each run's trials of the row (`trials`), the
 * distance is taken less Yates's continuity correction ½(1/nA + 1/nB), as "what moved" does
 * (what-changed.ts): a rate is a count over trials, and the far tail of a count's difference, where
 * Benjamini-Hochberg decides, is thinner than the normal's. Without the correction 5.6% of
 * same-bot null sheets were flagged, without either 6% (docs/results.md).
 */
export function interactionPValues(a: readonly number[], sa: readonly number[], b: readonly number[], sb: readonly number[], rates = false, trials?: readonly [readonly number[], readonly number[]]): number[] {
  const n = a.length;
  const change = a.map((x, i) => b[i]! - x);
  const sorted = [...change].sort((x, y) => x - y);
  // Differences (compare's sheets, `rates` false) are the object themselves: their change is not centred.
  const median = !rates ? 0 : n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  let all = 0;
  for (let i = 0; i < n; i++) all += sa[i]! ** 2 + sb[i]! ** 2;
  const medianVariance = rates ? (Math.PI / 2) * (all / n) / n : 0;
  const perUnit = (x: number, se: number) => (x > 0 && x < 1 ? se ** 2 / (x * (1 - x)) : 0);
  const yates = (i: number) => (rates && trials && trials[0][i]! > 0 && trials[1][i]! > 0 ? 0.5 * (1 / trials[0][i]! + 1 / trials[1][i]!) : 0);
  return change.map((d, i) => {
    const pooled = rates ? (d * d) / 4 * (perUnit(a[i]!, sa[i]!) + perUnit(b[i]!, sb[i]!)) : 0;
    return twoSidedP(Math.max(0, Math.abs(d - median) - yates(i)), Math.sqrt(sa[i]! ** 2 + sb[i]! ** 2 + pooled + medianVariance));
  });
}

/**
 * Every sheet present under every level and in the ceiling run, over the rows measured in all
 * of them. `perLevel[l]` are level l's sheets; `ceiling` the first level's on another seed.
 */
export function compareLevelSheets(levels: readonly string[], perLevel: readonly (readonly BalanceSheet[])[], ceiling: readonly BalanceSheet[]): LevelSheet[] {
  const out: LevelSheet[] = [];
  for (const first of perLevel[0] ?? []) {
    const runs = [...perLevel.map((sheets) => sheets.find((s) => s.id === first.id)), ceiling.find((s) => s.id === first.id)];
    if (runs.some((s) => s === undefined)) continue;
    const sheets = runs as BalanceSheet[];
    const byName = sheets.map((s) => new Map(s.rows.map((r) => [r.row, r])));
    // The first level's rank order (its sheet is ranked by the shrunk estimate).
    const names = first.rows.map((r) => r.row).filter((name) => byName.every((m) => m.has(name)));
    if (names.length < 2) continue;
    const ceilingAt = sheets.length - 1;
    const rates = (run: number) => names.map((name) => byName[run]!.get(name)!.rate);
    const errors = (run: number) => names.map((name) => seOfInterval(byName[run]!.get(name)!.interval));
    const reference = rates(0);
    const isRate = first.unit === undefined;
    const referenceSe = errors(0);
    // Interaction tests: one family per sheet over its rows and later levels; the ceiling's apart.
    const trials = (run: number) => names.map((name) => byName[run]!.get(name)!.games);
    const later = levels.slice(1).map((_, k) => interactionPValues(reference, referenceSe, rates(k + 1), errors(k + 1), isRate, [trials(0), trials(k + 1)]));
    const q = benjaminiHochberg(later.flat());
    const qOf = (row: number) => Math.min(...later.map((_, k) => q[k * names.length + row]!));
    const ceilingQ = benjaminiHochberg(interactionPValues(reference, referenceSe, rates(ceilingAt), errors(ceilingAt), isRate, [trials(0), trials(ceilingAt)]));
    let ceilingChanges = 0;
    const rows: LevelRow[] = names.map((name, i) => {
      const byLevel = levels.map((_, l) => {
        const r = byName[l]!.get(name)!;
        return { rate: r.rate, interval: r.interval, games: r.games, verdict: verdictOf(sheets[l]!, r) };
      });
      if (verdictOf(sheets[ceilingAt]!, byName[ceilingAt]!.get(name)!) !== byLevel[0]!.verdict) ceilingChanges++;
      const rowQ = qOf(i);
      return { row: name, byLevel, dependsOnBot: rowQ <= FDR_Q, qValue: rowQ, verdictChanges: byLevel.some((b) => b.verdict !== byLevel[0]!.verdict) };
    });
    const agreementWith = (run: number) => correctedAgreement(reference, referenceSe, rates(run), errors(run));
    const corrected = levels.slice(1).map((level, k) => ({ level, ...agreementWith(k + 1) }));
    const retest = agreementWith(ceilingAt);
    out.push({
      id: first.id,
      table: first.table,
      rate: first.rate,
      description: first.description,
      ...(first.unit ? { unit: first.unit } : {}),
      rows,
      corrected,
      agreement: levels.slice(1).map((level, k) => ({ level, ...spearman(reference, rates(k + 1)) })),
      reliability: [corrected[0]?.reliability[0] ?? retest.reliability[0], ...corrected.map((c) => c.reliability[1])],
      retest: { pearson: pearson(reference, rates(ceilingAt)), corrected: retest },
      ceiling: spearman(reference, rates(ceilingAt)),
      fdr: FDR_Q,
      ceilingDependent: ceilingQ.filter((x) => x <= FDR_Q).length,
      ceilingChanges,
    });
  }
  return out;
}
