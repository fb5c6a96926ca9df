/**
 * results/index.md: one page over several runs (what `npm start` writes), each run's key
 * numbers in plain words with a link to its own summary.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Summary } from '../sim/stats/summary.js';
import type { RunRecord } from '../runner/results.js';
import { keyNumbers } from './summary-report.js';
import { pageHtml, runFacts, type PageSection } from './html.js';
import { buildCharts, readReportInput } from './write-report.js';

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

/** results/index.html: every run's key numbers and charts in one self-contained page, linking each full report. */
export function indexHtml(indexDir: string, runDirs: readonly string[]): string {
  const sections: PageSection[] = [];
  runDirs.forEach((dir, i) => {
    const input = readReportInput(dir);
    sections.push({
      id: `r${i}`,
      heading: `${input.summary.scenario.name} (${input.summary.scenario.game})`,
      facts: runFacts(input),
      keyLines: keyNumbers(input.summary),
      charts: buildCharts(input),
      tables: [],
      link: relative(indexDir, join(dir, 'report.html')),
    });
  });
  return pageHtml('squabble results', sections, `${runDirs.length} runs. Each section shows one run's key numbers and charts; its full report has the tables.`);
}
