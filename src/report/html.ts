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
import { keyNumbers } from './summary-report.js';
import { escapeHtml, jsonForScript } from './escape.js';

const require = createRequire(import.meta.url);

/** The minified UMD builds, made safe to inline: nothing in them may close the <script> element. */
function inlineScript(module: string, file: string): string {
  // The packages do not export package.json; find their folder from the main entry instead.
  let dir = dirname(require.resolve(module));
  while (basename(dir) !== module && dirname(dir) !== dir) dir = dirname(dir);
  return readFileSync(join(dir, 'build', file), 'utf8').replace(/<\/script/gi, '<\\/script');
}

export const CSP = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:";

const STYLE = `
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1.5rem;color:#222;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2rem}
dl.run{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;font-size:.9rem}dl.run dt{color:#666}dl.run dd{margin:0}
ul.key li{margin:.25rem 0;font-size:1.05rem}
figure.chart{margin:1.5rem 0;padding:.5rem;border:1px solid #eee;border-radius:6px}
figure.chart figcaption{font-size:.8rem;color:#666}
.chart-error{color:#b00020;font-weight:bold}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-size:.85rem}th,td{padding:.2rem .6rem;border-bottom:1px solid #eee;text-align:right}
th{cursor:pointer;background:#f6f6f6;user-select:none}th:first-child,td:first-child{text-align:left}th.asc::after{content:" \\25B2"}th.desc::after{content:" \\25BC"}
`;

const SCRIPT = `
(function(){
  var specs = JSON.parse(document.getElementById('chart-specs').textContent);
  window.__charts = {expected: Object.keys(specs).length, rendered: 0, failed: []};
  Object.keys(specs).forEach(function(id){
    var el = document.querySelector('#chart-' + CSS.escape(id) + ' .vega');
    vegaEmbed(el, specs[id], {actions: false, renderer: 'svg'}).then(function(){ window.__charts.rendered++; })
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

function tableHtml(t: ReportTable): string {
  const names = t.table.columnNames();
  const rows = t.table.objects() as Record<string, unknown>[];
  const cell = (v: unknown) => {
    const text = typeof v === 'number' ? (Number.isInteger(v) ? v.toLocaleString('en-US') : String(v)) : String(v ?? '');
    return `<td data-v="${escapeHtml(String(v ?? ''))}">${escapeHtml(text)}</td>`;
  };
  return `<h3>${escapeHtml(t.title)}</h3>
<table class="sortable" id="table-${escapeHtml(t.id)}"><thead><tr>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((r) => `<tr>${names.map((n) => cell(r[n])).join('')}</tr>`).join('\n')}</tbody></table>`;
}

export function reportHtml(input: ReportInput, charts: { id: string; spec: TopLevelSpec }[], tables: ReportTable[]): string {
  const { summary: s, run } = input;
  const rules = Object.entries(s.scenario.rules)
    .map(([k, v]) => `${k} = ${typeof v === 'object' ? JSON.stringify(v).slice(0, 80) : JSON.stringify(v)}`)
    .join(', ');
  const facts: [string, string][] = [
    ['scenario', `${run.scenario} (hash ${run.scenarioHash})`],
    ['game', `${s.scenario.game}, ${s.scenario.players} players${s.scenario.variant ? `, variant ${s.scenario.variant}` : ''}`],
    ['rules', rules],
    ['seats', s.seats.map((x) => `${x.seat}: ${x.policy}`).join('; ') + ` (seating ${s.scenario.seating})`],
    ['games', `${s.games.toLocaleString('en-US')}, seed ${JSON.stringify(run.seed)}`],
    ['run', `squabble ${run.version}, ${run.workers} workers, ${run.wallSeconds.toFixed(2)} s (${Math.round(run.gamesPerSecond).toLocaleString('en-US')} games/s), started ${run.startedAt}`],
  ];
  const specs: Record<string, TopLevelSpec> = {};
  for (const c of charts) specs[c.id] = c.spec;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(s.scenario.name)} - squabble report</title>
<style>${STYLE}</style>
<script>${inlineScript('vega', 'vega.min.js')}</script>
<script>${inlineScript('vega-lite', 'vega-lite.min.js')}</script>
<script>${inlineScript('vega-embed', 'vega-embed.min.js')}</script>
</head><body>
<header><h1>${escapeHtml(s.scenario.name)}</h1>
<dl class="run">${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl></header>
<section id="key"><h2>Key numbers</h2><ul class="key">${keyNumbers(s).map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul></section>
<section id="charts"><h2>Charts</h2>
${charts.map((c) => `<figure class="chart" id="chart-${escapeHtml(c.id)}"><div class="vega"></div><figcaption>charts/${escapeHtml(c.id)}.vl.json</figcaption></figure>`).join('\n')}
</section>
<section id="tables"><h2>Tables</h2><p>Click a column to sort. The same tables are in tables/*.csv and tables/*.arrow.</p>
${tables.map(tableHtml).join('\n')}
</section>
<script type="application/json" id="chart-specs">${jsonForScript(specs)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
