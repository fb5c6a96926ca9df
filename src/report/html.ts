/**
 * The self-contained HTML report: vega, vega-lite and vega-embed are inlined, so the file
 * opens offline, and its Content-Security-Policy forbids every network request. Every string
 * that comes from a scenario or data file is escaped (HTML text, or JSON safe inside <script>).
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { TopLevelSpec } from 'vega-lite';
import type { ReportInput } from './charts/types.js';
import type { ReportTable } from './tables.js';
import { ruleValue } from './summary-report.js';
import { headlineSets, replayAdvice, NO_REPLAY_PAGES, type ReplayPages } from './examples.js';
import { escapeHtml, jsonForScript, chartSafeLabels, proseHtml } from './escape.js';
import { SINCE_NOTE, type SincePrevious } from './since-previous.js';
import { whatChangedTables } from './what-changed-report.js';
import { levelsHtml } from './levels-report.js';
import type { LevelRatings } from '../sim/stats/summary.js';

const require = createRequire(import.meta.url);

/** The minified UMD builds, made safe to inline: nothing in them may close the <script> element. */
export function inlineScript(module: string, file: string): string {
  // The packages do not export package.json; find their folder from the main entry instead.
  let dir = dirname(require.resolve(module));
  while (basename(dir) !== module && dirname(dir) !== dir) dir = dirname(dir);
  return readFileSync(join(dir, 'build', file), 'utf8').replace(/<\/script/gi, '<\\/script');
}

export const CSP = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:";

export const STYLE = `
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1.5rem;color:#222;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
dl.run{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;font-size:.9rem}dl.run dt{color:#666}dl.run dd{margin:0}
p.description{font-size:1.05rem;color:#333;max-width:60rem}
ul.key li{margin:.25rem 0;font-size:1.05rem}
figure.chart{margin:1.5rem 0;padding:.5rem;border:1px solid #eee;border-radius:6px}
figure.chart figcaption{font-size:.8rem;color:#666}
.chart-error{color:#b00020;font-weight:bold}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-size:.85rem}th,td{padding:.2rem .6rem;border-bottom:1px solid #eee;text-align:right}
th{cursor:pointer;background:#f6f6f6;user-select:none}table{display:block;max-width:100%;overflow-x:auto}figure.chart{overflow-x:auto}table.plain th{cursor:default}section.since{margin:1rem 0;padding:.5rem 1rem;border-left:4px solid #4c78a8;background:#f7f9fc}th:first-child,td:first-child{text-align:left}th.asc::after{content:" \\25B2"}th.desc::after{content:" \\25BC"}
`;

/**
 * Vega's chart defaults for the page: the page's own font (DejaVu Sans, which .ci/run installs and
 * the PNG renderer uses, so the page and the PNGs measure text alike; without it vega's
 * "sans-serif" is whatever the machine has, and a wider font than the one the layout was made with
 * cuts labels short), and axis labels up to 320 px before vega shortens them (its default, 180 px,
 * cuts "first player, of 3,000 decided games" in DejaVu Sans).
 */
const CHART_CONFIG = { font: '"DejaVu Sans", sans-serif', axis: { labelLimit: 320 } };

export const SCRIPT = `
(function(){
  var specs = JSON.parse(document.getElementById('chart-specs').textContent);
  window.__charts = {expected: Object.keys(specs).length, rendered: 0, failed: []};
  Object.keys(specs).forEach(function(id){
    var el = document.querySelector('#chart-' + CSS.escape(id) + ' .vega');
    vegaEmbed(el, specs[id], {actions: false, renderer: 'svg', config: ${JSON.stringify(CHART_CONFIG)}}).then(function(){ window.__charts.rendered++; })
      .catch(function(err){ window.__charts.failed.push(id); el.textContent = 'This chart could not be drawn: ' + err; el.className += ' chart-error'; console.error(err); });
  });
  document.querySelectorAll('table.sortable th').forEach(function(th, col){
    th.addEventListener('click', function(){
      var table = th.closest('table'), body = table.tBodies[0], rows = Array.from(body.rows);
      var asc = !th.classList.contains('asc');
      table.querySelectorAll('th').forEach(function(h){ h.classList.remove('asc','desc'); });
      th.classList.add(asc ? 'asc' : 'desc');
      var index = Array.prototype.indexOf.call(th.parentNode.children, th);
      rows.sort(function(a, b){
        var x = a.cells[index].dataset.v, y = b.cells[index].dataset.v, nx = parseFloat(x), ny = parseFloat(y);
        var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
        return asc ? c : -c;
      });
      rows.forEach(function(r){ body.appendChild(r); });
    });
  });
})();
`;

/** Game indices, each with a replay page linked to it. */
export function gamesHtml(games: readonly number[], pages: ReplayPages, separator: string): string {
  return games.map((g) => (pages.pages.has(g) ? `<a class="replay" href="${escapeHtml(pages.pages.get(g)!)}">${g}</a>` : String(g))).join(separator);
}

/** Balance-sheet columns that list example games (src/report/tables.ts). */
const EXAMPLE_COLUMNS = new Set(['examplesWon', 'examplesLost']);

export function tableHtml(t: ReportTable, pages: ReplayPages): string {
  const names = t.table.columnNames();
  const rows = t.table.objects() as Record<string, unknown>[];
  const cell = (v: unknown, column: string) => {
    const text = typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('en-US') : String(v)) : String(v ?? '');
    const games = EXAMPLE_COLUMNS.has(column) && /^\d+( \d+)*$/.test(text) ? text.split(' ').map(Number) : null;
    return `<td data-v="${escapeHtml(String(v ?? ''))}">${games ? gamesHtml(games, pages, ' ') : escapeHtml(text)}</td>`;
  };
  return `<h3>${escapeHtml(t.title)}</h3>
<table class="sortable" data-table="${escapeHtml(t.id)}"><thead><tr>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((r) => `<tr>${names.map((n) => cell(r[n], n)).join('')}</tr>`).join('\n')}</tbody></table>`;
}

/** One run's part of a page: what was run, key numbers, charts, tables. */
export interface PageSection {
  /** Unique in the page; prefixes chart element ids. */
  id: string;
  heading: string;
  /** The scenario's description, shown under the heading. */
  description?: string;
  facts: [string, string][];
  keyLines: string[];
  charts: { id: string; spec: TopLevelSpec }[];
  tables: ReportTable[];
  /** Link to the run's own report, for index pages (relative path). */
  link?: string;
  /** What changed since the previous run of this scenario, shown under the key numbers. */
  since?: SincePrevious;
  /** The tables under the scenario's `compareLevels`, shown after the tables. */
  levels?: LevelRatings;
  /** The run's example games (HTML, links to replay pages), under the key numbers. */
  examples?: string;
  /** The replay pages written with the report, linked from the balance-sheet tables. */
  pages?: ReplayPages;
}

export function runFacts(input: ReportInput): [string, string][] {
  const { summary: s, run } = input;
  const rules = Object.entries(s.scenario.rules)
    .map(([k, v]) => `${k} = ${ruleValue(v)}`)
    .join(', ');
  return [
    ['scenario', `${run.scenario} (hash ${run.scenarioHash})`],
    ['game', `${s.scenario.game}, ${s.scenario.players} players${s.scenario.variant ? `, variant ${s.scenario.variant}` : ''}`],
    ['rules', rules],
    ['seats', s.seats.map((x) => `${x.seat}: ${x.policy}`).join('; ') + ` (seating ${s.scenario.seating})`],
    ['games', `${s.games.toLocaleString('en-US')}, seed ${JSON.stringify(run.seed)}`],
    ['run', `squabble ${run.version}, ${run.workers} workers, ${run.wallSeconds.toFixed(2)} s (${Math.round(run.gamesPerSecond).toLocaleString('en-US')} games/s), started ${run.startedAt}`],
  ];
}

function plainTable(header: string[], rows: string[][]): string {
  return `<table class="plain"><thead><tr>${header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n')}</tbody></table>`;
}

/** "Since the previous run": the headline before and after, the rules that changed, the rows that moved. */
export function sinceHtml(s: SincePrevious, sub: string): string {
  const rules = s.changedRules.length ? `Rules changed: ${s.changedRules.map((r) => `<code>${escapeHtml(r)}</code>`).join('; ')}.` : 'Rules unchanged (seats, seed or game count changed).';
  const moved = whatChangedTables(s.moved, 'the edit', SINCE_NOTE);
  const tables = moved ? moved.tables.map((t) => `<h4>${escapeHtml(t.heading)}</h4>\n${t.rows.length ? plainTable(t.header, t.rows) : '<p>No rate row of these was played in both runs.</p>'}`).join('\n') : '';
  return `<section class="since" id="since-previous"><${sub}>Since the previous run</${sub}>
<p>The previous run of this scenario is kept in <code>${escapeHtml(s.folder)}/</code>. ${rules}</p>
${plainTable(s.header, s.rows)}
${tables}
<p>${escapeHtml(moved ? moved.note : SINCE_NOTE)}</p></section>`;
}

function sectionHtml(sec: PageSection, headingLevel: 1 | 2): string {
  const h = `h${headingLevel}`;
  const sub = `h${headingLevel + 1}`;
  const link = sec.link ? `<p><a href="${escapeHtml(sec.link)}">Full report of this run</a></p>` : '';
  return `<section class="run" id="run-${escapeHtml(sec.id)}">
<${h}>${escapeHtml(sec.heading)}</${h}>${sec.description ? `\n<p class="description">${escapeHtml(sec.description)}</p>` : ''}
<dl class="run">${sec.facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>${link}
<${sub}>Key numbers</${sub}><ul class="key">${sec.keyLines.map((l) => `<li>${proseHtml(l)}</li>`).join('')}</ul>${sec.examples ? `\n<p class="examples" id="examples">${sec.examples}</p>` : ''}
${sec.since ? sinceHtml(sec.since, sub) : ''}
<${sub}>Charts</${sub}>
${sec.charts.map((c) => `<figure class="chart" id="chart-${escapeHtml(`${sec.id}--${c.id}`)}"><div class="vega"></div><figcaption>charts/${escapeHtml(c.id)}.vl.json</figcaption></figure>`).join('\n')}
${sec.tables.length ? `<${sub}>Tables</${sub}><p>Click a column to sort. The same tables are in tables/*.csv and tables/*.arrow.</p>\n${sec.tables.map((t) => tableHtml(t, sec.pages ?? NO_REPLAY_PAGES)).join('\n')}` : ''}
${levelsHtml(sec.levels, sub)}
</section>`;
}

/** A self-contained page of one or more runs. */
export function pageHtml(title: string, sections: PageSection[], intro = ''): string {
  const specs: Record<string, TopLevelSpec> = {};
  for (const sec of sections) for (const c of sec.charts) specs[`${sec.id}--${c.id}`] = chartSafeLabels(c.spec);
  const single = sections.length === 1;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - squabble</title>
<style>${STYLE}</style>
<script>${inlineScript('vega', 'vega.min.js')}</script>
<script>${inlineScript('vega-lite', 'vega-lite.min.js')}</script>
<script>${inlineScript('vega-embed', 'vega-embed.min.js')}</script>
</head><body>
${single ? '' : `<h1>${escapeHtml(title)}</h1>${intro ? `<p>${escapeHtml(intro)}</p>` : ''}<nav><ul>${sections.map((sec) => `<li><a href="#run-${escapeHtml(sec.id)}">${escapeHtml(sec.heading)}</a></li>`).join('')}</ul></nav>`}
${sections.map((sec) => sectionHtml(sec, single ? 1 : 2)).join('\n')}
<script type="application/json" id="chart-specs">${jsonForScript(specs)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}

/** The headline examples with their replay pages linked, and how to watch the others. */
export function headlineExamplesHtml(input: ReportInput, pages: ReplayPages): string | undefined {
  const sets = headlineSets(input.summary);
  if (!sets.length) return undefined;
  return `Example games (game indices) — ${sets.map((h) => `${escapeHtml(h.words)}: ${gamesHtml(h.games, pages, ', ')}`).join('; ')}. ${proseHtml(replayAdvice(pages))}`;
}
