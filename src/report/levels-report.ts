/**
 * The balance sheet under several skill levels (a scenario's `compareLevels`, `squabble levels`)
 * as terminal text, Markdown and an HTML section: each sheet's agreement between levels corrected
 * for the rows' noise, each level's reliability, the rows the level × row interaction test flags
 * (and how many it flags between two seeds of the same level), then its rows under every level
 * with the flagged rows marked. Reads only `Summary.levels` (src/analysis/level-ratings.ts).
 */
import type { CorrectedAgreement, LevelRatings, LevelSheet, LevelRow, RankAgreement } from '../sim/stats/summary.js';
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

/** The noise-corrected agreement with its interval; "not measurable" where a level's rows show no spread beyond noise. */
export function correctedText(a: CorrectedAgreement): string {
  const f = (x: number) => (x === 0 ? '0.00' : x.toFixed(2));
  return Number.isFinite(a.rho) ? `${f(a.rho)} [${f(a.interval[0])}, ${f(a.interval[1])}]` : 'not measurable (no spread beyond noise)';
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
    `the retest run is ${first} again on seed ${JSON.stringify(r.ceilingSeed)}. ${r.verdict ?? "A row's verdict is above or below the rest when its balance sheet flags it (false-discovery rate 5%), within otherwise"}; ${MARK} marks a row that depends on the bot: the level × row interaction test (its change from ${first} to a level less the median change over the sheet's rows, over its noise; Benjamini-Hochberg over the sheet's rows and levels) flags it.`
  );
}

export function changedRows(sheet: LevelSheet): number {
  return sheet.rows.filter((x) => x.dependsOnBot).length;
}

const fdrText = (sheet: LevelSheet) => `${(sheet.fdr * 100).toFixed(0)}%`;
const two = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

/** The sheet's agreement, reliability and interaction tests in a few sentences. */
export function agreementSentence(r: LevelRatings, sheet: LevelSheet): string {
  const first = r.levels[0]!.name;
  const flagged = changedRows(sheet);
  const test = `level × row interaction, Benjamini-Hochberg, false-discovery rate ${fdrText(sheet)}`;
  const dependence =
    flagged === 0
      ? `No dependence on the bot shown: 0 of ${sheet.rows.length} rows flagged (${test}).`
      : `${flagged} of ${sheet.rows.length} rows depend on the bot (${MARK}; ${test}).`;
  const retestFlags =
    sheet.ceilingDependent === 0
      ? `between the two seeds of ${first} the same test finds no dependence`
      : `between the two seeds of ${first} the same test flags ${sheet.ceilingDependent} (false discoveries: the bot is the same)`;
  const changes = sheet.rows.filter((x) => x.verdictChanges).length;
  return (
    `Agreement of the true rates with ${first}, corrected for the rows' noise (95% interval): ${sheet.corrected.map((a) => `${a.level} ${correctedText(a)}`).join('; ')}. ` +
    `Reliability, the share of each level's spread over these rows that is not noise: ${r.levels.map((l, i) => `${l.name} ${two(sheet.reliability[i] ?? Number.NaN)}`).join(', ')}; ` +
    `${first}'s rates on two seeds correlate at ${two(sheet.retest.pearson)} (its test-retest reliability; corrected for noise ${correctedText(sheet.retest.corrected)}, 1 in truth). ` +
    `Raw rank agreement (Spearman of the observed rates, lowered by their noise): ${sheet.agreement.map((a) => `${a.level} ${rhoText(a)}`).join('; ')}; ${first} with itself on another seed ${rhoText(sheet.ceiling)}. ` +
    `${dependence} For comparison, ${retestFlags}. ` +
    `Balance-sheet verdicts change for ${changes} rows with the level and for ${sheet.ceilingChanges} between the two seeds of ${first} alone (a verdict change is not a test).`
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
    if (hidden > 0) out.push(`(${hidden} rows are not flagged as depending on the bot: ${whereAll})`);
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
      `<tr>${td(levelSheetTitle(sheet))}${sheet.corrected.map((a) => td(correctedText(a), a.rho)).join('')}${sheet.reliability.map((x) => td(two(x), x)).join('')}${td(two(sheet.retest.pearson), sheet.retest.pearson)}${td(`${changedRows(sheet)} of ${sheet.rows.length}`, changedRows(sheet))}${td(String(sheet.ceilingDependent))}${sheet.agreement.map((a) => td(rhoText(a), a.rho)).join('')}</tr>`,
  );
  const summary = `<table class="plain"><thead><tr>${th('rate')}${r.levels.slice(1).map((l) => th(`${l.name} vs ${first}, corrected for noise`)).join('')}${r.levels.map((l) => th(`${l.name} reliability`)).join('')}${th(`${first} vs ${first}, another seed (test-retest)`)}${th(`rows depending on the bot (FDR ${r.sheets[0] ? fdrText(r.sheets[0]) : '5%'})`)}${th(`… between the two seeds of ${first}`)}${r.levels.slice(1).map((l) => th(`${l.name} vs ${first}, raw rank agreement`)).join('')}</tr></thead>
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
