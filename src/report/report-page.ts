/**
 * report.html of one run, in the order a designer reads it: what was run (the content named,
 * not only the bots), the key numbers in words, the balance sheet (the terminal's table, in
 * percent, sortable, each row's example games linked), then the charts, then the detail tables.
 * A table of contents links each part; wide tables scroll inside their own box (html.ts STYLE).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ReportInput } from './charts/types.js';
import type { ReportTable } from './tables.js';
import type { Summary, RowExamples } from '../sim/stats/summary.js';
import { keyNumbers } from './summary-report.js';
import { qualityLines } from './quality-report.js';
import { sheetsOf, sheetTitle, sheetCaption, sheetHeader, sheetCells } from './balance-report.js';
import type { BalanceSheet } from '../analysis/balance.js';
import { assertionLines } from '../analysis/assertions.js';
import { dominanceLines } from '../analysis/dominance.js';
import { equilibriumTable, type EquilibriumReport } from '../analysis/equilibrium.js';
import { levelsHtml } from './levels-report.js';
import { NO_REPLAY_PAGES, type ReplayPages } from './examples.js';
import { escapeHtml, jsonForScript, chartSafeLabels, proseHtml } from './escape.js';
import { registry, gameOf } from '../registry.js';
import { CSP, STYLE, SCRIPT, inlineScript, runFacts, tableHtml, sinceHtml, gamesHtml, headlineExamplesHtml } from './html.js';

/** A part of the report: its anchor, its heading, and its body. */
interface Part {
  id: string;
  heading: string;
  body: string;
  /** The body brings its own section and heading. */
  raw?: boolean;
}

const PAGE_STYLE = 'nav.toc{font-size:.95rem;background:#fafafa;border:1px solid #eee;padding:.4rem 1rem}nav.toc ol{margin:.3rem 0;padding-left:1.2rem}nav.toc li{margin:.1rem 0}p.omitted{color:#555;font-style:italic}p.caption{font-size:.9rem;color:#444;max-width:60rem}table.balance tr.differs td{background:#fff4d6}table.balance td.text,table.balance th.text{text-align:left}';

/**
 * The named content of a run, from its rules: every rule whose value is a named data file (a deck,
 * a roster, a layout) by that name; and the per-seat lists (Squall's characters and edges), seat
 * by seat, so "seat 0 (sniper)" reads "0: sniper, Archer, south".
 */
export function contentNames(s: Summary): { named: [string, string][]; perSeat: string[][] } {
  const named: [string, string][] = [];
  const perSeat: string[][] = s.seats.map(() => []);
  for (const [key, value] of Object.entries(s.scenario.rules)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { name?: unknown }).name === 'string') named.push([key, (value as { name: string }).name]);
    else if (Array.isArray(value) && value.length === s.scenario.players && value.every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))))
      value.forEach((v, seat) => perSeat[seat]?.push(Array.isArray(v) ? v.join(' + ') : String(v)));
  }
  return { named, perSeat };
}

/** Why a chart every game gets is left out of this run's report, one line each. */
export function omittedCharts(s: Summary): string[] {
  if (s.policies.length >= 2) return [];
  const policy = s.policies[0]?.label ?? 'one bot';
  return [`No “win rate by policy” or “policy against policy” chart: every seat plays ${policy}, so each would be a single bar at the fair share. The seat and first-player charts show what seat order does.`];
}

/**
 * What each bot of the run is, from its policy's or skill level's own description ("auto" plays
 * each character by its roster style), so a seat's label needs no look-up elsewhere.
 */
export function botDescriptions(s: Summary): [string, string][] {
  let game;
  try {
    game = gameOf(s.scenario.game);
  } catch {
    return [];
  }
  const policies = registry.policiesFor(game);
  const names = [...new Set(s.policies.flatMap((p) => p.label.split(' / ')))];
  return names.flatMap((name): [string, string][] => {
    const bare = name.replace(/\s*\(.*\)$/, '');
    const text = game.levels?.find((l) => l.name === bare)?.description ?? (Object.hasOwn(policies, bare) ? policies[bare]!.description : undefined);
    return text ? [[name, text]] : [];
  });
}

function whatWasRun(input: ReportInput): string {
  const s = input.summary;
  const { named, perSeat } = contentNames(s);
  const facts = runFacts(input).map(([k, v]): [string, string] => (k === 'seats' ? [k, `${s.seats.map((x) => `${x.seat}: ${[x.policy, ...(perSeat[x.seat] ?? [])].join(', ')}`).join('; ')} (seating ${s.scenario.seating})`] : [k, v]));
  facts.splice(2, 0, ...named);
  const bots = botDescriptions(s);
  facts.splice(facts.findIndex(([k]) => k === 'seats') + 1, 0, ...bots.map(([n, d]): [string, string] => [`bot ${n}`, d]));
  return `<dl class="run">${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function keyLines(s: Summary): string[] {
  return [...(s.botWarnings ?? []), ...keyNumbers(s), ...(s.assertions ? assertionLines(s.assertions) : []), ...(s.dominance ? dominanceLines(s.dominance) : []), ...(s.equilibrium ? s.equilibrium.statement.slice(0, 2) : []), ...qualityLines(s)];
}

/** A row's example games, won and lost, each linked to its replay page where one was written. */
function examplesHtml(e: RowExamples | undefined, pages: ReplayPages): string {
  if (!e) return '';
  const part = (label: string, games: number[]) => (games.length ? `${label} ${gamesHtml(games, pages, ' ')}` : '');
  return [part('won', e.won), part('lost', e.lost)].filter(Boolean).join(' · ');
}

/** The sort value of each terminal cell: the number behind it, so a sort by "rate" sorts rates, not text. */
function sortValues(sheet: BalanceSheet, r: BalanceSheet['rows'][number]): (string | number)[] {
  const grouped = sheet.rows.some((x) => x.group !== undefined);
  return [r.row, ...(grouped ? [r.group ?? ''] : []), r.games, r.rate, r.interval[0], r.shrunk, r.qValue, r.flags.join(', ')];
}

export function balanceSheetHtml(s: Summary, pages: ReplayPages): string {
  const sheets = sheetsOf(s);
  if (!sheets.length) return '<p>This run has no balance sheet: its game declares no rate tables.</p>';
  const intro = `<p>The same tables as the terminal’s, every row: percentages, each with its 95% interval (the game as the unit); “shrunk” pulls a row with few games toward the mean; q is the false-discovery-rate-adjusted p-value; flagged rows differ from the rest. Click a column to sort.${s.examples ? ' The last column lists example games where the row’s side won and lost; a linked game opens its replay page.' : ''}</p>`;
  return (
    intro +
    sheets
      .map((sheet, i) => {
        const withExamples = sheet.rows.some((r) => r.examples);
        const header = [...sheetHeader(sheet), ...(withExamples ? ['example games'] : [])];
        const textColumns = sheet.rows[0] ? sortValues(sheet, sheet.rows[0]).map((v) => typeof v === 'string') : [];
        const rows = sheet.rows.map((r) => {
          const values = sortValues(sheet, r);
          // Text columns (row, group, flags, examples) read from the left, numbers from the right.
          const cells = sheetCells(sheet, r).map((c, j) => `<td${typeof values[j] === 'string' ? ' class="text"' : ''} data-v="${escapeHtml(String(values[j]))}">${escapeHtml(c)}</td>`);
          if (withExamples) cells.push(`<td class="text" data-v="">${examplesHtml(r.examples, pages)}</td>`);
          return `<tr${r.flags.includes('differs') ? ' class="differs"' : ''}>${cells.join('')}</tr>`;
        });
        return `<h3 id="balance-${i}">${escapeHtml(sheetTitle(sheet))}</h3>
<p class="caption">${escapeHtml(sheetCaption(sheet))}</p>
<table class="sortable balance" data-table="balance-${i}"><thead><tr>${header.map((h, j) => `<th${j >= textColumns.length || textColumns[j] ? ' class="text"' : ''}>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
      })
      .join('\n')
  );
}

/** The equilibrium of the run's matchup matrix: its statements, then the Nash table (sortable). */
function equilibriumHtml(r: EquilibriumReport): string {
  const t = equilibriumTable(r);
  const rows = t.rows.map((row) => `<tr>${row.map((c, j) => `<td${j === 0 ? ' class="text"' : ''} data-v="${escapeHtml(j === 0 ? c : c.replace(/^\[?([0-9.]+)%.*/, '$1'))}">${escapeHtml(c)}</td>`).join('')}</tr>`);
  return `<ul class="key">${r.statement.map((l) => `<li>${proseHtml(l)}</li>`).join('')}</ul>
<table class="sortable" data-table="equilibrium"><thead><tr>${t.header.map((h, j) => `<th${j === 0 ? ' class="text"' : ''}>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

function chartsHtml(s: Summary, charts: { id: string; spec: TopLevelSpec }[]): string {
  const omitted = omittedCharts(s).map((l) => `<p class="omitted">${escapeHtml(l)}</p>`);
  return [...omitted, ...charts.map((c) => `<figure class="chart" id="chart-run--${escapeHtml(c.id)}"><div class="vega"></div><figcaption>charts/${escapeHtml(c.id)}.vl.json</figcaption></figure>`)].join('\n');
}

/** The report of one run; `pages`: the replay pages written beside it. */
export function reportHtml(input: ReportInput, charts: { id: string; spec: TopLevelSpec }[], tables: ReportTable[], pages: ReplayPages = NO_REPLAY_PAGES): string {
  const s = input.summary;
  const examples = headlineExamplesHtml(input, pages);
  const detail = tables.filter((t) => !t.id.startsWith('balance-'));
  const parts: Part[] = [
    { id: 'what-was-run', heading: 'What was run', body: whatWasRun(input) },
    { id: 'key-numbers', heading: 'Key numbers', body: `<ul class="key">${keyLines(s).map((l) => `<li>${proseHtml(l)}</li>`).join('')}</ul>${examples ? `\n<p class="examples" id="examples">${examples}</p>` : ''}` },
    { id: 'balance-sheet', heading: 'Balance sheet', body: balanceSheetHtml(s, pages) },
    ...(s.equilibrium ? [{ id: 'equilibrium', heading: 'What a smart field would play', body: equilibriumHtml(s.equilibrium) }] : []),
    ...(input.sincePrevious ? [{ id: 'since-previous', heading: 'Since the previous run', body: sinceHtml(input.sincePrevious, 'h2'), raw: true }] : []),
    { id: 'charts', heading: 'Charts', body: chartsHtml(s, charts) },
    { id: 'tables', heading: 'Detail tables', body: `<p>Click a column to sort. These and the balance sheets are in tables/*.csv and tables/*.arrow.</p>\n${detail.map((t) => tableHtml(t, pages)).join('\n')}` },
  ];
  const levels = levelsHtml(s.levels, 'h2');
  const toc = [...parts.map((p) => [p.id, p.heading]), ...(levels ? [['levels', 'Skill levels']] : [])];
  const balanceToc = sheetsOf(s).map((sheet, i) => `<li><a href="#balance-${i}">${escapeHtml(sheetTitle(sheet))}</a></li>`);
  const specs: Record<string, TopLevelSpec> = {};
  for (const c of charts) specs[`run--${c.id}`] = chartSafeLabels(c.spec);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(s.scenario.name)} - squabble</title>
<style>${STYLE}${PAGE_STYLE}</style>
<script>${inlineScript('vega', 'vega.min.js')}</script>
<script>${inlineScript('vega-lite', 'vega-lite.min.js')}</script>
<script>${inlineScript('vega-embed', 'vega-embed.min.js')}</script>
</head><body>
<section class="run" id="run-run">
<h1>${escapeHtml(s.scenario.name)}</h1>${s.scenario.description ? `\n<p class="description">${escapeHtml(s.scenario.description)}</p>` : ''}
<nav class="toc" id="contents"><strong>Contents</strong><ol>${toc.map(([id, h]) => `<li><a href="#${id}">${escapeHtml(h!)}</a>${id === 'balance-sheet' && balanceToc.length > 1 ? `<ol>${balanceToc.join('')}</ol>` : ''}</li>`).join('')}</ol></nav>
${parts.map((p) => (p.raw ? p.body : `<section id="${p.id}"><h2>${escapeHtml(p.heading)}</h2>\n${p.body}</section>`)).join('\n')}
${levels}
</section>
<script type="application/json" id="chart-specs">${jsonForScript(specs)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
