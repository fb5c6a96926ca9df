/**
 * results/index.md: one page over several runs (what `npm start` writes), each run's key
 * numbers in plain words with a link to its own summary.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Summary } from '../sim/stats/summary.js';
import type { RunRecord } from '../runner/results.js';
import { keyNumbers, cappedWarning, CAPPED_WARN_RATE } from './summary-report.js';
import { CSP } from './html.js';
import { readReportInput } from './write-report.js';
import { contentNames, botDescriptions } from './report-page.js';
import { sheetsOf } from './balance-report.js';
import { escapeHtml } from './escape.js';
import { pct } from './format.js';

export function indexMarkdown(indexDir: string, runDirs: readonly string[]): string {
  const lines = ['# squabble results', ''];
  for (const dir of runDirs) {
    const runFile = join(dir, 'run.json');
    if (!existsSync(runFile)) {
      lines.push(`## ${dir}`, '', 'No complete run here (run.json is missing).', '');
      continue;
    }
    const run = JSON.parse(readFileSync(runFile, 'utf8')) as RunRecord;
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
    const variant = run.variant ? `, variant ${run.variant}` : '';
    lines.push(`## ${run.name} (${run.game}${variant})`, '');
    lines.push(`${run.games.toLocaleString('en-US')} games from \`${run.scenario}\`, seed ${run.seed}, in ${run.wallSeconds.toFixed(1)} s on ${run.workers} workers. [Full summary](${relative(indexDir, join(dir, 'summary.md'))})`, '');
    for (const line of keyNumbers(summary)) lines.push(`- ${line}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** One run's row of the overview, and why it needs attention (empty when it does not). */
export interface OverviewRow {
  game: string;
  name: string;
  report: string;
  cells: { text: string; sort: string | number; title?: string }[];
  attention: string[];
}

const pctOf = (x: number) => pct(x, 1);

/** A run's row: what was run, key numbers, verdicts, what changed since its previous run. */
export function overviewRow(indexDir: string, dir: string): OverviewRow {
  const input = readReportInput(dir);
  const s = input.summary;
  const { named, perSeat } = contentNames(s);
  const seats = s.seats.map((x) => `${x.seat}: ${[x.policy, ...(perSeat[x.seat] ?? [])].join(', ')}`).join('; ');
  const content = named.map(([k, v]) => `${k} ${v}`).join('; ');
  const wins = s.seats.map((x) => `${x.seat}: ${pctOf(x.winRate)}`).join(', ');
  const failed = s.assertions?.results.filter((r) => r.verdict === 'fail').length ?? 0;
  const passed = s.assertions?.results.filter((r) => r.verdict === 'pass').length ?? 0;
  const total = s.assertions?.results.length ?? 0;
  const outliers = sheetsOf(s).reduce((n, sheet) => n + sheet.rows.filter((r) => r.flags.includes('differs')).length, 0);
  const rows = sheetsOf(s).reduce((n, sheet) => n + sheet.rows.length, 0);
  const ladder = s.botWarnings?.length ?? 0;
  const since = input.sincePrevious;
  const sinceText = since ? `${since.changedRules.length ? `rules: ${since.changedRules.join('; ')}` : 'rules unchanged'}; ${since.moved.selected} of ${since.moved.tested} rows moved; ${since.rows.filter((r) => r[0]!.startsWith('seat ')).map((r) => `${r[0]} ${r[3]}`).join('; ')}` : 'no previous run kept';
  const attention = [
    ...(failed ? [`${failed} of ${total} design assertions fail`] : []),
    ...(cappedWarning(s) ? [`${pctOf(s.capped.rate)} of games hit the turn cap`] : []),
    ...(ladder ? [`the skill ladder does not hold on this content (${ladder} step${ladder === 1 ? '' : 's'})`] : []),
  ];
  const fp = s.firstPlayer;
  const cells = [
    { text: s.scenario.name, sort: s.scenario.name, title: s.scenario.description ?? '' },
    { text: [content, seats].filter(Boolean).join(' — '), sort: seats, title: botDescriptions(s).map(([n, d]) => `${n}: ${d}`).join('\n') },
    { text: s.games.toLocaleString('en-US'), sort: s.games },
    { text: wins, sort: s.seats[0]?.winRate ?? 0 },
    { text: `${fp.verdict}: ${pctOf(fp.winRate)} of decided (fair ${pctOf(fp.fair)})${fp.sameBot === false ? ', mixed bots' : ''}`, sort: fp.winRate - fp.fair, title: fp.statement },
    { text: `${pctOf(s.draws.rate)} / ${pctOf(s.capped.rate)}`, sort: s.draws.rate + s.capped.rate },
    { text: s.length.turns.mean.toFixed(1), sort: s.length.turns.mean },
    { text: total ? `${passed} pass, ${failed} fail, ${total - passed - failed} undecided` : '—', sort: total ? failed * 1000 + (total - passed) : -1, title: s.assertions?.results.map((r) => r.statement).join('\n') ?? '' },
    { text: rows ? `${outliers} of ${rows}` : '—', sort: outliers },
    { text: ladder ? `does not hold (${ladder})` : 'no warning', sort: ladder, title: s.botWarnings?.join('\n') ?? '' },
    { text: sinceText, sort: since ? since.moved.selected : -1 },
  ];
  return { game: s.scenario.game, name: s.scenario.name, report: relative(indexDir, join(dir, 'report.html')), cells, attention };
}

const HEADER = ['run', 'what was run (content; seat: bot, characters)', 'games', 'seat win rates', 'first player', 'draws / capped', 'mean turns', 'design assertions', 'outlier rows (FDR 5%)', 'skill ladder', 'since the previous run'];

const INDEX_STYLE = `body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:0 auto;max-width:1360px;padding:1rem 1.5rem;color:#222;line-height:1.4}
h1{font-size:1.5rem;margin:.2rem 0}section.attention{border-left:4px solid #b35900;background:#fff7ec;padding:.3rem 1rem;margin:.8rem 0}section.fine{border-left:4px solid #3a8a3a;background:#f2faf2;padding:.3rem 1rem;margin:.8rem 0}
div.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;font-size:.8rem}th,td{padding:.2rem .45rem;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
th{background:#f6f6f6;cursor:pointer;user-select:none;position:sticky;top:0}th.asc::after{content:" \\25B2"}th.desc::after{content:" \\25BC"}tr.game th{background:#e8eef7;cursor:default;font-size:.9rem}tr.needs td{background:#fff4d6}
td.num{text-align:right;white-space:nowrap}table{width:100%}td:nth-child(1){min-width:9rem}td:nth-child(2){min-width:16rem}td:nth-child(4),td:nth-child(5){min-width:9rem}td:nth-child(11){min-width:12rem}input#filter{font-size:.95rem;padding:.25rem .5rem;width:22rem;margin:.4rem 0}`;

const INDEX_SCRIPT = `(function(){
  var table = document.getElementById('overview');
  table.querySelectorAll('thead th').forEach(function(th, col){
    th.addEventListener('click', function(){
      var asc = !th.classList.contains('asc');
      table.querySelectorAll('thead th').forEach(function(h){ h.classList.remove('asc','desc'); });
      th.classList.add(asc ? 'asc' : 'desc');
      Array.prototype.forEach.call(table.tBodies, function(body){
        var rows = Array.from(body.querySelectorAll('tr.run'));
        rows.sort(function(a, b){
          var x = a.cells[col].dataset.v, y = b.cells[col].dataset.v, nx = parseFloat(x), ny = parseFloat(y);
          var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
          return asc ? c : -c;
        });
        rows.forEach(function(r){ body.appendChild(r); });
      });
    });
  });
  document.getElementById('filter').addEventListener('input', function(e){
    var words = e.target.value.toLowerCase().split(/\\s+/).filter(Boolean);
    Array.prototype.forEach.call(table.tBodies, function(body){
      var shown = 0;
      body.querySelectorAll('tr.run').forEach(function(r){
        var text = r.textContent.toLowerCase(), ok = words.every(function(w){ return text.indexOf(w) >= 0; });
        r.hidden = !ok; if (ok) shown++;
      });
      body.querySelector('tr.game').hidden = shown === 0;
    });
  });
})();`;

/**
 * results/index.html: an overview of every run in one table, grouped by game, sortable and
 * filterable, the runs that need attention named first. No charts (each run's report has
 * them), so the page stays small and opens at once.
 */
export function indexHtml(indexDir: string, runDirs: readonly string[]): string {
  const rows = runDirs.map((dir) => overviewRow(indexDir, dir));
  const games = [...new Set(rows.map((r) => r.game))].sort();
  const needs = rows.filter((r) => r.attention.length);
  const attention = needs.length
    ? `<section class="attention" id="attention"><strong>${needs.length} of ${rows.length} runs need attention:</strong><ul>${needs.map((r) => `<li><a href="${escapeHtml(r.report)}">${escapeHtml(r.name)}</a>: ${escapeHtml(r.attention.join('; '))}</li>`).join('')}</ul></section>`
    : `<section class="fine" id="attention"><strong>No run needs attention</strong>: no design assertion fails, no run caps more than ${pct(CAPPED_WARN_RATE, 0)} of its games, and no skill-ladder warning.</section>`;
  const td = (c: OverviewRow['cells'][number], i: number, r: OverviewRow) =>
    `<td data-v="${escapeHtml(String(c.sort))}"${[2, 5, 6].includes(i) ? ' class="num"' : ''}${c.title ? ` title="${escapeHtml(c.title)}"` : ''}>${i === 0 ? `<a href="${escapeHtml(r.report)}">${escapeHtml(c.text)}</a>` : escapeHtml(c.text)}</td>`;
  const bodies = games.map((g) => {
    const mine = rows.filter((r) => r.game === g);
    return `<tbody data-game="${escapeHtml(g)}"><tr class="game"><th colspan="${HEADER.length}">${escapeHtml(g)} (${mine.length} run${mine.length === 1 ? '' : 's'})</th></tr>
${mine.map((r) => `<tr class="run${r.attention.length ? ' needs' : ''}">${r.cells.map((c, i) => td(c, i, r)).join('')}</tr>`).join('\n')}</tbody>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>squabble results</title>
<style>${INDEX_STYLE}</style>
</head><body>
<h1>squabble results</h1>
<p>${rows.length} runs of ${games.length} game${games.length === 1 ? '' : 's'}. Each row links to its run’s report (charts, balance sheet, tables). Click a column to sort within each game; type to filter. Hover a cell of what was run for what each bot does, and a first-player, assertion or ladder cell for the sentence behind it. Outlier rows: balance-sheet rows that differ from the rest with the false-discovery rate held at 5%.</p>
${attention}
<input id="filter" type="search" placeholder="Filter runs (e.g. squall knight)" aria-label="Filter runs">
<div class="scroll"><table id="overview"><thead><tr>${HEADER.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>
${bodies.join('\n')}</table></div>
<script>${INDEX_SCRIPT}</script>
</body></html>
`;
}
