/**
 * Build a run's report from its results directory: charts as Vega-Lite JSON, SVG and PNG,
 * tables as CSV and Arrow, and one self-contained report.html. Reads only summary.json,
 * run.json and since-previous.json (aggregates), so its cost does not grow with the number of
 * games; the replay pages it links to are written by the caller (src/studies/kit/replay-pages.ts).
 */
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../sim/stats/summary.js';
import { writeAtomic, type RunRecord } from '../runner/results.js';
import type { ReportInput } from './charts/types.js';
import { CHARTS } from './charts/index.js';
import { reportTables, tableToCsv, tableToArrow } from './tables.js';
import { reportHtml } from './report-page.js';
import { specToSvg, svgToPng } from './render.js';
import { SINCE_PREVIOUS_FILE, sincePreviousMarkdown, type SincePrevious } from './since-previous.js';
import { summaryMarkdown } from './summary-report.js';
import { markdownFile } from './escape.js';
import type { ReplayPages } from './examples.js';

export class ReportInputError extends Error {}

export function readReportInput(dir: string): ReportInput {
  for (const f of ['run.json', 'summary.json'])
    if (!existsSync(join(dir, f))) throw new ReportInputError(`${dir} holds no complete run (${f} is missing); run \`squabble run\` first`);
  try {
    const input: ReportInput = {
      run: JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunRecord,
      summary: JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary,
    };
    if (existsSync(join(dir, SINCE_PREVIOUS_FILE))) input.sincePrevious = JSON.parse(readFileSync(join(dir, SINCE_PREVIOUS_FILE), 'utf8')) as SincePrevious;
    return input;
  } catch (e) {
    throw new ReportInputError(`${dir}: cannot read the run (${(e as Error).message})`);
  }
}

/** The charts that apply to this run, in registry order. */
export function buildCharts(input: ReportInput) {
  return CHARTS.filter((c) => !c.games || c.games.includes(input.summary.scenario.game)).flatMap((c) => {
    if (c.buildMany) return c.buildMany(input);
    const spec = c.build(input);
    return spec ? [{ id: c.id, spec }] : [];
  });
}

export interface ReportOptions {
  /** Skip PNG rendering (SVG and HTML are still written). */
  png?: boolean;
  /**
   * The replay pages written beside the report (src/studies/kit/replay-pages.ts): report.html links its
   * examples to them, and summary.md is written again with the same links.
   */
  pages?: ReplayPages;
}

/** Write the report into `dir`; returns the path of report.html. */
export async function writeReport(dir: string, options: ReportOptions = {}): Promise<string> {
  const input = readReportInput(dir);
  const charts = buildCharts(input);
  const tables = reportTables(input.summary);
  mkdirSync(join(dir, 'charts'), { recursive: true });
  mkdirSync(join(dir, 'tables'), { recursive: true });
  for (const c of charts) {
    writeAtomic(join(dir, 'charts', `${c.id}.vl.json`), `${JSON.stringify(c.spec, null, 2)}\n`);
    const svg = await specToSvg(c.spec);
    writeAtomic(join(dir, 'charts', `${c.id}.svg`), svg);
    if (options.png !== false) writeAtomic(join(dir, 'charts', `${c.id}.png`), svgToPng(svg));
  }
  for (const t of tables) {
    writeAtomic(join(dir, 'tables', `${t.id}.csv`), tableToCsv(t.table));
    writeAtomic(join(dir, 'tables', `${t.id}.arrow`), tableToArrow(t.table));
  }
  const html = join(dir, 'report.html');
  writeAtomic(html, reportHtml(input, charts, tables, options.pages));
  if (options.pages) writeAtomic(join(dir, 'summary.md'), markdownFile(summaryMarkdown(input.summary, options.pages) + (input.sincePrevious ? sincePreviousMarkdown(input.sincePrevious) : '')));
  return html;
}
