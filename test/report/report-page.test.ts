/**
 * report.html leads with the answer (issue 34): what was run with its content named, the key
 * numbers, the balance sheet in percent as the terminal shows it, then charts, then detail
 * tables, under a table of contents; a chart that carries nothing in the run is left out with a
 * line saying why.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { playFixture } from '../golden/chart-fixtures.js';
import { readReportInput, buildCharts } from '../../src/report/write-report.js';
import { reportTables } from '../../src/report/tables.js';
import { reportHtml, contentNames, omittedCharts, botDescriptions } from '../../src/report/report-page.js';
import type { ReportInput } from '../../src/report/charts/types.js';
import { indexHtml } from '../../src/report/index-report.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let squall: ReportInput;
let squirmish: ReportInput;
let squallDir: string;
let squirmishDir: string;
beforeAll(async () => {
  squallDir = await playFixture(['scenarios/squall/sniper-vs-brawler-open.yaml', '--games', '60', '--seed', '1']);
  squirmishDir = await playFixture(['scenarios/squirmish/classic-greedy.yaml', '--games', '60', '--seed', '1']);
  squall = readReportInput(squallDir);
  squirmish = readReportInput(squirmishDir);
}, 120_000);

const page = (input: ReportInput) => reportHtml(input, buildCharts(input), reportTables(input.summary));

describe('report.html', () => {
  it('names the content: the roster and layout, each seat its character, and what each bot does', () => {
    const { named, perSeat } = contentNames(squall.summary);
    expect(named).toEqual([
      ['terrain', 'open'],
      ['roster', 'standard'],
    ]);
    expect(perSeat).toEqual([
      ['Archer', 'south'],
      ['Knight', 'north'],
    ]);
    expect(page(squall)).toContain('<dt>seats</dt><dd>0: sniper, Archer, south; 1: brawler, Knight, north (seating fixed)</dd>');
    expect(contentNames(squirmish.summary).named).toEqual([['cards', 'Classic 70']]);
    // Each bot says what it does (Squall's "auto" was never explained).
    expect(page(squall)).toMatch(/<dt>bot sniper<\/dt><dd>Keeps its distance/);
    expect(botDescriptions({ ...squall.summary, policies: [{ ...squall.summary.policies[0]!, label: 'auto' }] })).toEqual([['auto', expect.stringContaining('Plays each character by its roster `style`')]]);
  });

  it('leads with what was run, the key numbers and the balance sheet, then charts, then detail tables, each in the contents', () => {
    const html = page(squirmish);
    const at = (id: string) => html.indexOf(`<section id="${id}">`);
    const order = ['what-was-run', 'key-numbers', 'balance-sheet', 'charts', 'tables'].map(at);
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const id of ['what-was-run', 'key-numbers', 'balance-sheet', 'charts', 'tables']) expect(html).toContain(`<li><a href="#${id}">`);
    expect(html.indexOf('id="chart-run--')).toBeGreaterThan(at('charts'));
  });

  it('shows the balance sheet as the terminal does: percentages and human headers, not raw decimals', () => {
    const html = page(squirmish);
    const sheet = html.slice(html.indexOf('<section id="balance-sheet">'), html.indexOf('<section id="charts">'));
    expect(sheet).toContain('<th class="text">cards</th>');
    for (const h of ['games', 'rate', '95% interval', 'shrunk', 'q', 'flags']) expect(sheet).toMatch(new RegExp(`<th[^>]*>${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</th>`));
    expect(sheet).not.toMatch(/ciLow|ciHigh|qValue|examplesWon/);
    expect(sheet).toMatch(/>\d+\.\d%<\/td>/);
    // The detail tables no longer repeat the balance sheets in raw decimals.
    expect(html.slice(html.indexOf('<section id="tables">'))).not.toContain('Balance sheet:');
  });

  it('leaves out the policy charts when every seat plays one bot, and says why', () => {
    expect(omittedCharts(squirmish.summary)).toEqual([expect.stringContaining('every seat plays greedy')]);
    expect(buildCharts(squirmish).map((c) => c.id)).not.toContain('win-rate-by-policy');
    expect(page(squirmish)).toContain('<p class="omitted">No “win rate by policy”');
    expect(omittedCharts(squall.summary)).toEqual([]);
    expect(buildCharts(squall).map((c) => c.id)).toContain('win-rate-by-policy');
  });

  it('draws a card chart\'s "differs (FDR)" point over the shrinkage diamond, not under it', () => {
    const chart = buildCharts(squirmish).find((c) => c.id === 'rate-cards-winRateWhenPlaced')!;
    const marks = (chart.spec as unknown as { layer: { layer: { mark: { type: string; shape?: string }; encoding: { color?: unknown } }[] }[] }).layer[0]!.layer;
    const diamond = marks.findIndex((m) => m.mark.shape === 'diamond');
    const status = marks.findIndex((m) => m.mark.type === 'point' && m.encoding.color !== undefined);
    expect(diamond).toBeGreaterThanOrEqual(0);
    expect(status).toBeGreaterThan(diamond);
  });

  it('the index names the runs that need attention first: a failing assertion, a ladder warning', () => {
    const clean = indexHtml(dirname(squallDir), [squallDir]);
    expect(clean).toContain('<strong>No run needs attention</strong>');
    const file = join(squirmishDir, 'summary.json');
    const summary = JSON.parse(readFileSync(file, 'utf8')) as ReportInput['summary'];
    summary.assertions!.results[0]!.verdict = 'fail';
    summary.botWarnings = ['skilled does not beat novice here'];
    writeFileSync(file, JSON.stringify(summary));
    const html = indexHtml(dirname(squirmishDir), [squallDir, squirmishDir]);
    const attention = html.slice(html.indexOf('<section class="attention"'), html.indexOf('</section>'));
    expect(attention).toContain('1 of 2 runs need attention');
    expect(attention).toMatch(/squirmish-classic-greedy<\/a>: 1 of 3 design assertions fail; the skill ladder does not hold on this content \(1 step\)/);
    expect(attention).not.toContain('squall-sniper');
  });
});
