/// <reference lib="dom" />
/**
 * The HTML report: self-contained, escaped, and really rendering in Debian's chromium with no
 * request leaving the file and no console error. A screenshot is kept in test-artifacts/.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { cli } from '../helpers/cli.js';
import { neutraliseCsvText, escapeHtml, jsonForScript, proseHtml } from '../../src/report/escape.js';

const CHROMIUM = '/usr/bin/chromium';
const HOSTILE = '<script>alert(1)</script>';

let dir: string;
let out: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-report-'));
  const scenario = join(dir, 'hostile.yaml');
  writeFileSync(
    scenario,
    `name: "${HOSTILE}"\ngame: worms\nseats:\n  - policy: random\n    name: "=HYPERLINK(\\"http://evil\\")"\n  - policy: greedy\n    name: "<img src=x onerror=alert(2)>"\ngames: 3000\nseed: 3\n`,
  );
  out = join(dir, 'run');
  const r = await cli('run', scenario, '--workers', '0', '--out', out, '--quiet');
  expect(r.code, r.err).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('report files', () => {
  it('are all written by run: report.html, charts as Vega-Lite, SVG and PNG, tables as CSV and Arrow', () => {
    expect(existsSync(join(out, 'report.html'))).toBe(true);
    const charts = readdirSync(join(out, 'charts'));
    for (const id of ['win-rate-by-seat', 'win-rate-by-policy', 'outcomes', 'game-length', 'worms-win-rate-by-top-card'])
      for (const ext of ['vl.json', 'svg', 'png']) expect(charts).toContain(`${id}.${ext}`);
    const png = readFileSync(join(out, 'charts', 'outcomes.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const tables = readdirSync(join(out, 'tables'));
    for (const id of ['seats', 'policies', 'length', 'metrics']) expect(tables).toEqual(expect.arrayContaining([`${id}.csv`, `${id}.arrow`]));
  });

  it('escape every string from the scenario in the HTML, and neutralise formulas in CSV', () => {
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const csv = readFileSync(join(out, 'tables', 'policies.csv'), 'utf8');
    expect(csv).toContain(`'=HYPERLINK`);
    expect(csv).not.toMatch(/^=HYPERLINK/m);
  });

  it('has helpers that escape what they must', () => {
    expect(neutraliseCsvText('=1+1')).toBe("'=1+1");
    expect(neutraliseCsvText('-cmd')).toBe("'-cmd");
    expect(neutraliseCsvText('@x')).toBe("'@x");
    expect(neutraliseCsvText('random')).toBe('random');
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
    expect(proseHtml('replay one with `squabble replay <dir>`; `<b>`')).toBe('replay one with <code>squabble replay &lt;dir&gt;</code>; <code>&lt;b&gt;</code>');
  });

  it('show the commands and fields of their prose as code, not as literal backticks', () => {
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const examples = /<p class="examples" id="examples">(.*?)<\/p>/s.exec(html)?.[1] ?? '';
    expect(examples).toContain('<code>squabble replay');
    expect(examples).not.toContain('`');
    const key = /<ul class="key">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
    expect(key).not.toContain('`');
  });

  it('report <dir> refuses a directory without a complete run (exit 2)', async () => {
    const r = await cli('report', join(dir, 'nothing-here'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/holds no complete run \(run\.json is missing\)/);
  });
});

interface PageCheck {
  requests: string[];
  errors: string[];
  dialogs: string[];
  charts: { expected: number; rendered: number; failed: string[] };
  figures: number;
  svgs: number;
  h1: string | null;
}

/** Open a page in Debian's chromium, wait for every chart, and report what happened. */
async function openInChromium(file: string, screenshot: string, act?: (page: import('playwright-core').Page) => Promise<void>): Promise<PageCheck> {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`).toBe(true);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const url = pathToFileURL(resolve(file)).href;
    const check: PageCheck = { requests: [], errors: [], dialogs: [], charts: { expected: 0, rendered: 0, failed: [] }, figures: 0, svgs: 0, h1: null };
    page.on('request', (r) => {
      if (r.url() !== url && !r.url().startsWith('data:')) check.requests.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') check.errors.push(m.text());
    });
    page.on('pageerror', (e) => check.errors.push(e.message));
    page.on('dialog', async (d) => {
      check.dialogs.push(d.message());
      await d.dismiss();
    });
    await page.goto(url);
    type Charts = { __charts?: PageCheck['charts'] };
    await page.waitForFunction(() => {
      const c = (window as unknown as Charts).__charts;
      return c !== undefined && c.rendered + c.failed.length === c.expected;
    });
    check.charts = await page.evaluate(() => (window as unknown as Required<Charts>).__charts);
    check.figures = await page.locator('figure.chart').count();
    check.svgs = await page.locator('figure.chart .vega svg').count();
    check.h1 = await page.locator('h1').first().textContent();
    if (act) await act(page);
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: join('test-artifacts', screenshot), fullPage: true });
    return check;
  } finally {
    await browser.close();
  }
}

/**
 * Every text of every chart that is clipped: outside its chart's drawing (the SVG), or cut by
 * the page (wider than its figure), or shortened by vega with an ellipsis.
 */
async function clippedTexts(page: import('playwright-core').Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    document.querySelectorAll('figure.chart').forEach((figure) => {
      const svg = figure.querySelector('.vega svg');
      if (!svg) return;
      const box = svg.getBoundingClientRect();
      const frame = figure.getBoundingClientRect();
      const id = figure.id;
      if (box.right > frame.right + 1) bad.push(`${id}: the chart (${Math.round(box.width)} px) is wider than its figure (${Math.round(frame.width)} px)`);
      svg.querySelectorAll('text').forEach((t) => {
        const text = (t.textContent ?? '').trim();
        if (!text) return;
        const r = t.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) bad.push(`${id}: "${text}" lies outside the chart`);
        if (text.endsWith('\u2026')) bad.push(`${id}: "${text}" is cut short`);
      });
    });
    return bad;
  });
}

function expectClean(check: PageCheck, minimumCharts: number): void {
  expect(check.charts.failed).toEqual([]);
  expect(check.charts.rendered).toBeGreaterThanOrEqual(minimumCharts);
  expect(check.figures).toBe(check.charts.expected);
  expect(check.svgs).toBe(check.figures);
  expect(check.errors).toEqual([]);
  expect(check.requests).toEqual([]);
  expect(check.dialogs).toEqual([]);
}

describe('the report in a real browser (Debian chromium via playwright-core)', () => {
  it('renders every chart offline, shows hostile names as text, logs no error and requests nothing', async () => {
    const check = await openInChromium(join(out, 'report.html'), 'report.png', async (page) => {
      await page.locator('table[data-table="seats"] th', { hasText: 'wins' }).click(); // sorting works without error
    });
    expectClean(check, 7);
    expect(check.h1).toBe(HOSTILE);
  });

  it('draws the game-quality chart: both panels, every label whole, kept as a screenshot of its own', async () => {
    let clipped: string[] = ['not checked'];
    let marks = 0;
    const check = await openInChromium(join(out, 'report.html'), 'report-quality.png', async (page) => {
      const figure = page.locator('figure.chart[id$="--game-quality"]');
      await figure.screenshot({ path: join('test-artifacts', 'game-quality.png') });
      marks = await figure.locator('svg path[role="graphics-symbol"], svg .mark-symbol path').count();
      clipped = (await clippedTexts(page)).filter((t) => t.includes('game-quality'));
    });
    expectClean(check, 7);
    expect(marks).toBeGreaterThanOrEqual(5); // four measures on the 0-1 scale, lead changes below
    expect(clipped).toEqual([]);
  });

  it('renders a page of several runs the same way, the board and matchup charts of Squish and Squall and the card charts of Squirmish included, no text clipped', async () => {
    const second = join(dir, 'second');
    expect((await cli('run', 'scenarios/worms/sudden-death.yaml', '--games', '2000', '--workers', '0', '--out', second, '--quiet', '--no-report')).code).toBe(0);
    const squish = join(dir, 'squish');
    expect((await cli('run', 'scenarios/squish/big-board.yaml', '--games', '300', '--workers', '0', '--out', squish, '--quiet', '--no-report')).code).toBe(0);
    const squall = join(dir, 'squall');
    expect((await cli('run', 'scenarios/squall/matchups-scattered.yaml', '--games', '300', '--workers', '0', '--out', squall, '--quiet', '--no-report')).code).toBe(0);
    const squirmish = join(dir, 'squirmish');
    expect((await cli('run', 'scenarios/squirmish/classic-greedy.yaml', '--games', '300', '--workers', '0', '--out', squirmish, '--quiet', '--no-report')).code).toBe(0);
    // Every game's charts on one page (the index is a table now, test/report/page-layout.test.ts; a sweep's page is built like this).
    const { pageHtml, runFacts } = await import('../../src/report/html.js');
    const { buildCharts, readReportInput } = await import('../../src/report/write-report.js');
    const index = join(dir, 'index.html');
    const html = pageHtml(
      'squabble results',
      [out, second, squish, squall, squirmish].map((run, i) => {
        const input = readReportInput(run);
        return { id: `r${i}`, heading: input.summary.scenario.name, facts: runFacts(input), keyLines: [], charts: buildCharts(input), tables: [] };
      }),
    );
    for (const id of ['squish-squish-rate-by-start-square', 'squish-block-entries', 'squall-matchups', 'squall-damage-melee-vs-range', 'squall-covered-ranged-attacks']) expect(html).toContain(id);
    writeFileSync(index, html);
    let clipped: string[] = [];
    let planted: string[] = [];
    const check = await openInChromium(index, 'index.png', async (page) => {
      clipped = await clippedTexts(page);
      // The check itself can fail: a chart whose label runs out of it, and one cut short.
      await page.evaluate(() => {
        const f = document.createElement('figure');
        f.className = 'chart';
        f.id = 'chart-planted';
        f.innerHTML = '<div class="vega"><svg width="200" height="60"><text x="5" y="20">a label far too long for this chart, it runs on and on</text><text x="5" y="45">Swamp Hul\u2026</text></svg></div>';
        document.body.appendChild(f);
      });
      planted = await clippedTexts(page);
      await page.evaluate(() => document.getElementById('chart-planted')?.remove());
    });
    expect(planted).toEqual(['chart-planted: "a label far too long for this chart, it runs on and on" lies outside the chart', 'chart-planted: "Swamp Hul\u2026" is cut short']);
    expectClean(check, 35);
    // No legend, label or title is clipped (issue 20, item 5).
    expect(clipped).toEqual([]);
    expect(check.h1).toBe('squabble results');
  }, 180_000); // four runs and a page of 35 charts: near a minute on the loaded 2-core machine
});
