/**
 * The balance sheet under several skill levels (a scenario's `compareLevels`, `squabble levels`)
 * as terminal text, Markdown and an HTML section: each sheet's rank agreement between levels
 * beside the seed-to-seed ceiling, then its rows under every level with the rows whose verdict
 * changes with the level marked. Reads only `Summary.levels` (src/analysis/level-ratings.ts).
 */
import type { LevelRatings, LevelSheet, LevelRow, RankAgreement } from '../sim/stats/summary.js';
import { pct, interval, pctDigits } from './format.js';
import { words } from './charts/rates.js';
import { escapeHtml } from './escape.js';

type Table = (header: string[], rows: string[][]) => string;

export const LEVELS_HEADING = 'Ratings under skill levels';

const MARK = '*';

/** rho [low, high], or "n/a" where too few rows make it undefined (NaN in memory, null in JSON). */
export function rhoText(a: RankAgreement): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
  return Number.isFinite(a.rho) ? `${f(a.rho)} [${f(a.interval[0])}, ${f(a.interval[1])}]` : 'n/a';
}

/** A signed number as text, "-0.0" read as "+0.0". */
function signed(text: string): string {
  if (/^-0(\.0*)?$/.test(text)) return `+${text.slice(1)}`;
  return text.startsWith('-') ? text : `+${text}`;
}

/** A row's number under one level, in its sheet's unit: a rate, a difference in points, or a relative change. */
export function levelValue(sheet: LevelSheet, x: number, ci: readonly [number, number]): string {
  if (sheet.unit === 'points') return `${signed((x * 100).toFixed(pctDigits(ci)))} pts`;
  if (sheet.unit === 'relative') return `${signed((x * 100).toFixed(pctDigits(ci)))}%`;
  return pct(x);
}

/** Its 95% interval, in the same unit. */
export function levelInterval(sheet: LevelSheet, ci: readonly [number, number]): string {
  if (sheet.unit === 'points') return `[${ci.map((x) => signed((x * 100).toFixed(pctDigits(ci)))).join(', ')}]`;
  if (sheet.unit === 'relative') return `[${ci.map((x) => `${signed((x * 100).toFixed(pctDigits(ci)))}%`).join(', ')}]`;
  return interval(ci);
}

export function levelSheetTitle(sheet: LevelSheet): string {
  return `${sheet.table}: ${words(sheet.rate)}`;
}

/** What was played, and what a verdict and a mark mean. */
export function levelsIntro(r: LevelRatings): string {
  const first = r.levels[0]!.name;
  const reused = r.sameAsScenario.length ? ` (${r.sameAsScenario.join(', ')}: the scenario's own games)` : '';
  return (
    `Levels ${r.levels.map((l) => `${l.name} (${l.policy})`).join(', ')}: every seat at the level, seats rotating, ${r.games.toLocaleString('en-US')} games each on seed ${JSON.stringify(r.seed)}${reused}; ` +
    `the ceiling is ${first} again on seed ${JSON.stringify(r.ceilingSeed)}. ${r.verdict ?? "A row's verdict is above or below the rest when its balance sheet flags it (false-discovery rate 5%), within otherwise"}; ${MARK} marks a row whose verdict changes with the level.`
  );
}

export function changedRows(sheet: LevelSheet): number {
  return sheet.rows.filter((x) => x.dependsOnBot).length;
}

/** The sheet's agreement and counts in one sentence. */
export function agreementSentence(r: LevelRatings, sheet: LevelSheet): string {
  const first = r.levels[0]!.name;
  return (
    `Rank agreement with ${first} (Spearman, 95% interval): ${sheet.agreement.map((a) => `${a.level} ${rhoText(a)}`).join('; ')}; ${first} on another seed ${rhoText(sheet.ceiling)} (the ceiling). ` +
    `${changedRows(sheet)} of ${sheet.rows.length} rows change verdict with the level (${MARK}); ${sheet.ceilingChanges} change between the two seeds of ${first} alone.`
  );
}

function header(r: LevelRatings, sheet: LevelSheet): string[] {
  return [sheet.table, ...r.levels.map((l) => l.name), ''];
}

function cells(sheet: LevelSheet, row: LevelRow): string[] {
  return [row.row, ...row.byLevel.map((b) => `${levelValue(sheet, b.rate, b.interval)} ${levelInterval(sheet, b.interval)} ${b.verdict}`), row.dependsOnBot ? MARK : ''];
}

/** Terminal: each sheet's agreement and its marked rows (every row with `all`). */
export function levelsText(r: LevelRatings | undefined, table: Table, all: boolean, whereAll = '--all shows every row; summary.md has them all'): string[] {
  if (!r) return [];
  const out = [`\n${LEVELS_HEADING}`, levelsIntro(r)];
  for (const sheet of r.sheets) {
    const shown = all ? sheet.rows : sheet.rows.filter((x) => x.dependsOnBot);
    out.push(`\n${levelSheetTitle(sheet)}`, agreementSentence(r, sheet));
    if (shown.length) out.push(table(header(r, sheet), shown.map((row) => cells(sheet, row))));
    const hidden = sheet.rows.length - shown.length;
    if (hidden > 0) out.push(`(${hidden} rows keep their verdict under every level: ${whereAll})`);
  }
  return out;
}

/** Markdown: every row of every sheet. */
export function levelsMarkdown(r: LevelRatings | undefined, table: Table): string[] {
  if (!r) return [];
  const out = [`\n## ${LEVELS_HEADING}\n`, `${levelsIntro(r)}\n`];
  for (const sheet of r.sheets) out.push(`### ${levelSheetTitle(sheet)}\n`, `${agreementSentence(r, sheet)}\n`, table(header(r, sheet), sheet.rows.map((row) => cells(sheet, row))), '');
  return out;
}

const STYLE = 'section.levels td{white-space:nowrap}section.levels tr.depends td{background:#fff4d6}section.levels td.mark{font-weight:bold;color:#b35900}';

/** The report's section: a summary table of agreements, then each sheet's rows (sortable, marked rows shaded). */
export function levelsHtml(r: LevelRatings | undefined, sub: string): string {
  if (!r) return '';
  const first = r.levels[0]!.name;
  const td = (text: string, sortValue: string | number = text, cls = '') => `<td${cls ? ` class="${cls}"` : ''} data-v="${escapeHtml(String(sortValue))}">${escapeHtml(text)}</td>`;
  const th = (text: string) => `<th>${escapeHtml(text)}</th>`;
  const summaryRows = r.sheets.map(
    (sheet) =>
      `<tr>${td(levelSheetTitle(sheet))}${sheet.agreement.map((a) => td(rhoText(a))).join('')}${td(rhoText(sheet.ceiling))}${td(`${changedRows(sheet)} of ${sheet.rows.length}`)}${td(String(sheet.ceilingChanges))}</tr>`,
  );
  const summary = `<table class="plain"><thead><tr>${th('rate')}${r.levels.slice(1).map((l) => th(`${l.name} vs ${first}`)).join('')}${th(`${first} vs ${first}, another seed (ceiling)`)}${th('rows changing verdict with the level')}${th(`… between the two seeds of ${first}`)}</tr></thead>
<tbody>${summaryRows.join('\n')}</tbody></table>`;
  const sheets = r.sheets.map((sheet) => {
    const head = `<tr>${th(sheet.table)}${r.levels.map((l) => `${th(`${l.name} rate`)}${th(`${l.name} 95% interval`)}${th(`${l.name} verdict`)}`).join('')}${th('depends on the level')}</tr>`;
    const body = sheet.rows.map(
      (row) =>
        `<tr${row.dependsOnBot ? ' class="depends"' : ''}>${td(row.row)}${row.byLevel.map((b) => `${td(levelValue(sheet, b.rate, b.interval), b.rate)}${td(levelInterval(sheet, b.interval), b.interval[0])}${td(b.verdict)}`).join('')}${td(row.dependsOnBot ? MARK : '', row.dependsOnBot ? 1 : 0, 'mark')}</tr>`,
    );
    return `<h4>${escapeHtml(levelSheetTitle(sheet))}</h4>
<p>${escapeHtml(agreementSentence(r, sheet))}</p>
<table class="sortable" data-table="levels-${escapeHtml(sheet.id)}"><thead>${head}</thead>
<tbody>${body.join('\n')}</tbody></table>`;
  });
  return `<section class="levels" id="levels"><style>${STYLE}</style>
<${sub}>${escapeHtml(LEVELS_HEADING)}</${sub}>
<p>${escapeHtml(levelsIntro(r))} Click a column to sort.</p>
${summary}
${sheets.join('\n')}
</section>`;
}
