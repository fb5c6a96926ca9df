/**
 * The report of a `tune:` block run (src/studies/tune/block.ts): the parameters it changed
 * (old → new), every target before and after with its interval and verdict, measured on fresh
 * seeds, and — for pooled pair rates such as Squall's `matchups.*.winRate` — the matrix before
 * and after. Terminal text, summary.md and report.html say the same.
 */
import * as aq from 'arquero';
import type { TopLevelSpec } from 'vega-lite';
import type { TuneOutcome, TuneMeasurement } from './targets.js';
import type { AssertionValue, Verdict } from '../../analysis/assertions.js';
import { markdownTable, textTable } from '../../report/format.js';
import { pageHtml } from '../../report/html.js';

/** "1 pass", "3 passes". */
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const isMean = (what: string) => what.endsWith('.mean');
const value = (v: AssertionValue) => (isMean(v.what) ? `${v.estimate.toFixed(2)} [${v.interval[0].toFixed(2)}, ${v.interval[1].toFixed(2)}]` : `${pct(v.estimate)} [${pct(v.interval[0])}, ${pct(v.interval[1])}]`);
const VERDICT: Record<Verdict, string> = { pass: 'met', fail: 'NOT met', undecided: 'undecided' };

interface TargetRow {
  target: string;
  what: string;
  before?: AssertionValue;
  after?: AssertionValue;
}

/** Every measured value of every target, before and after side by side (matched by what it measures). */
export function targetRows(o: TuneOutcome): TargetRow[] {
  const rows: TargetRow[] = [];
  o.targets.forEach((t, i) => {
    const before = o.verification.before.judged.results[i]?.values ?? [];
    const after = o.verification.after.judged.results[i]?.values ?? [];
    const whats = [...new Set([...before, ...after].map((v) => v.what))].sort();
    for (const what of whats) rows.push({ target: `${t.path} ${t.text}`, what, before: before.find((v) => v.what === what), after: after.find((v) => v.what === what) });
  });
  return rows;
}

const PAIR = /^([^.]+)\.(.+) vs (.+)\.winRate$/;

/**
 * The pooled pair rates of each pair table (`matchups`, the level target's `levels`) as a matrix,
 * names in alphabetical order: each cell "before → after" of the row's win rate against the
 * column. A pair measured once, as "A vs B", fills the cell (B, A) with 100 minus it, which counts
 * the pair's drawn games (rare) for B; a cell measured itself (every cell of a level target)
 * shows its own estimate.
 */
export function pairMatrices(rows: readonly TargetRow[]): { table: string; header: string[]; rows: string[][] }[] {
  const pairs = rows.map((r) => ({ r, m: PAIR.exec(r.what) })).filter((x): x is { r: TargetRow; m: RegExpExecArray } => x.m !== null);
  const est = (v: AssertionValue | undefined, flip: boolean) => (v ? ((flip ? 1 - v.estimate : v.estimate) * 100).toFixed(0) : '?');
  return [...new Set(pairs.map(({ m }) => m[1]!))].map((table) => {
    const mine = pairs.filter(({ m }) => m[1] === table);
    const names = [...new Set(mine.flatMap(({ m }) => [m[2]!, m[3]!]))].sort();
    const cell = new Map<string, string>();
    for (const { r, m } of mine) {
      cell.set(`${m[2]}\u0000${m[3]}`, `${est(r.before, false)} → ${est(r.after, false)}`);
      const mirror = `${m[3]}\u0000${m[2]}`;
      if (!mine.some(({ m: n }) => n[2] === m[3] && n[3] === m[2])) cell.set(mirror, `${est(r.before, true)} → ${est(r.after, true)}`);
    }
    return { table, header: ['', ...names], rows: names.map((a) => [a, ...names.map((b) => (a === b ? '·' : cell.get(`${a}\u0000${b}`) ?? ''))]) };
  });
}

const pctOf = (confidence: number) => `${(confidence * 100).toPrecision(4)}%`;

/** How many fresh games before and after, and how many looks the after measurement took (verify.ts). */
export function verifiedGames(o: TuneOutcome): string {
  const v = o.verification;
  const taken = v.looks.filter((l) => l.taken).length;
  const looks =
    v.looks.length === 1
      ? ''
      : taken === 1
        ? ` (the first of up to ${v.looks.length} looks decided)`
        : ` in ${taken} looks of up to ${v.looks.length} (${v.looks.filter((l) => l.taken).map((l) => l.games.toLocaleString('en-US')).join(', ')} games in all: more fresh games while a verdict was undecided)`;
  return `${count(v.games, 'game')} as written, ${count(v.afterGames, 'game')} as tuned${looks}, in ${v.seconds.toFixed(0)} s`;
}

function metCount(m: TuneMeasurement): string {
  const values = m.judged.results.flatMap((r) => r.values);
  const passed = values.filter((v) => v.verdict === 'pass').length;
  const failed = values.filter((v) => v.verdict === 'fail').length;
  return `${passed} of ${count(values.length, 'value')} met, ${failed} not met, ${values.length - passed - failed} undecided (loss ${m.loss.toFixed(5)})`;
}

export function tuneReport(o: TuneOutcome): { text: string; markdown: string; html: (chart: TopLevelSpec | null) => string } {
  const v = o.verification;
  const lastBlock = (t: TuneOutcome) => Math.max(0, ...t.search.evaluations.map((e) => e.block));
  const confirmations = (t: TuneOutcome) => {
    const c = t.search.evaluations.filter((e) => e.param === -2);
    return c.length ? `, ${c.length} of them ${c.length === 1 ? 'a confirmation' : 'confirmations'} on a fresh block of ${c[0]!.scale} times the games` : '';
  };
  const title = `${o.name}${o.variant ? ` (${o.variant})` : ''}: ${o.params.length} parameter${o.params.length === 1 ? '' : 's'} tuned towards ${o.targets.length} target${o.targets.length === 1 ? '' : 's'}`;
  const paramHeader = ['parameter', 'range', 'old', 'new', 'change'];
  const paramRows = o.params.map((p) => [p.path, `${p.min}-${p.max}`, String(p.old), String(p.new), p.new === p.old ? '' : `${p.new > p.old ? '+' : ''}${p.new - p.old}`]);
  const rows = targetRows(o);
  const targetHeader = ['target', 'value', 'before (as written)', 'after (tuned)', 'before', 'after'];
  const targetTable = rows.map((r) => [r.target, r.what, r.before ? value(r.before) : '-', r.after ? value(r.after) : '-', r.before ? VERDICT[r.before.verdict] : '-', r.after ? VERDICT[r.after.verdict] : '-']);
  const lines = [
    `Method: ${o.method}. The search played ${count(o.search.evaluations.length, 'evaluation')} of ${count(o.gamesPerEvaluation, 'game')}${confirmations(o)} (${count(o.search.gamesPlayed, 'game')} of a budget of ${o.budgetGames.toLocaleString('en-US')}) in ${o.method.startsWith('racing') ? count(o.search.passes, 'race') : count(o.search.passes, 'pass', 'passes')} on seed block${lastBlock(o) === 0 ? ` "${o.seed}/tune 0"` : `s "${o.seed}/tune 0" to "${o.seed}/tune ${lastBlock(o)}"`}, in ${o.search.seconds.toFixed(0)} s with ${o.workers} worker${o.workers === 1 ? '' : 's'}; stopped: ${o.search.reason}.`,
    `Before and after are measured on fresh seeds ("${v.seed}"), which the search never played, so the after figures are not flattered by luck it fitted: ${verifiedGames(o)}. The game is the unit of every interval. Each interval is the one that decides its verdict (${count(v.after.judged.checked, 'value')} checked, Bonferroni, as design assertions; before ${pctOf(v.before.judged.confidence)}, after ${pctOf(v.after.judged.confidence)}${v.looks.length > 1 ? `, the 5% split over the ${v.looks.length} looks the after measurement may take` : ''}: the chance that any verdict here is wrong is at most 5% for each); "met" needs the whole interval inside the target, "NOT met" the whole interval outside, "undecided" means more games are needed.`,
    `Before: ${metCount(v.before)}. After: ${metCount(v.after)}.`,
  ];
  if (o.levels) {
    const l = o.levels;
    lines.unshift(
      `Level target: the win matrix of ${l.names.join(', ')} (the game's skill levels), each cell within ±${l.tolerance} of its rate. Each pair of levels is played as a tournament pairing (the two levels in alternate seats, seats rotating), ${count(l.gamesPerPairing, 'game')} per evaluation on the evaluation's seed block, ${v.games.toLocaleString('en-US')} before and ${v.afterGames.toLocaleString('en-US')} after; the cell levels.A vs B.winRate is A's wins over all games of the pairing (draws and capped games count as not won)${l.playsScenario ? '; the scenario itself is played for its other targets' : '; the scenario itself is not played (no other target)'}.`,
    );
  }
  const matrices = pairMatrices(rows);
  const matrixNote = (table: string) =>
    table === 'levels'
      ? 'Level matrix: win rate (%) of the row level over the column level, seats rotating, before → after (estimates; every cell with its interval in the table above).'
      : `Win rate (%) of the row against the column (${table}), both seatings pooled, before → after (estimates; intervals in the table above, where each pair is measured once: its mirror cell here is 100 minus it, counting the pair\u2019s drawn games for the row).`;
  const text = [
    title,
    '',
    'Parameters:',
    textTable(paramHeader, paramRows),
    '',
    'Targets:',
    textTable(targetHeader, targetTable),
    ...matrices.flatMap((m) => ['', matrixNote(m.table), textTable(m.header, m.rows)]),
    '',
    ...lines.flatMap((l) => [l, '']),
  ].join('\n');
  const markdown = [
    `# ${title}`,
    '',
    '## Parameters',
    '',
    markdownTable(paramHeader, paramRows),
    '',
    '## Targets',
    '',
    markdownTable(targetHeader, targetTable),
    ...matrices.flatMap((m) => ['', `## Matrix: ${m.table}`, '', matrixNote(m.table), '', markdownTable(m.header, m.rows)]),
    '',
    ...lines.flatMap((l) => [l, '']),
  ].join('\n');
  const html = (chart: TopLevelSpec | null) =>
    pageHtml(title, [
      {
        id: 'tune',
        heading: title,
        facts: [
          ['scenario', o.scenario],
          ['game', o.game],
          ['seed', JSON.stringify(o.seed)],
          ['search', `${o.search.evaluations.length} evaluations x ${o.gamesPerEvaluation.toLocaleString('en-US')} games, ${o.search.seconds.toFixed(0)} s`],
          ['measured', `${v.games.toLocaleString('en-US')} games before, ${v.afterGames.toLocaleString('en-US')} after, seed "${v.seed}"`],
        ],
        keyLines: lines,
        charts: chart ? [{ id: 'tune-targets', spec: chart }] : [],
        tables: [
          { id: 'parameters', title: 'Parameters (old → new)', table: columns(paramHeader, paramRows) },
          { id: 'targets', title: 'Targets before and after', table: columns(targetHeader, targetTable) },
          ...matrices.map((m) => ({ id: `matrix-${m.table}`, title: `Matrix: ${matrixNote(m.table)}`, table: columns(['row', ...m.header.slice(1)], m.rows) })),
        ],
      },
    ]);
  return { text, markdown, html };
}

/** Rows of text as an arquero table for the page's sortable tables. */
function columns(header: readonly string[], rows: readonly string[][]) {
  return aq.table(Object.fromEntries(header.map((h, i) => [h, rows.map((r) => r[i]!)])));
}
