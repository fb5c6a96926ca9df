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
import { neutraliseCsvText, escapeHtml, jsonForScript } from '../../src/report/escape.js';

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

  it('renders the index page of several runs (what npm start writes) the same way, the board and matchup charts of Squish and Squall included', async () => {
    const second = join(dir, 'second');
    expect((await cli('run', 'scenarios/worms/sudden-death.yaml', '--games', '2000', '--workers', '0', '--out', second, '--quiet', '--no-report')).code).toBe(0);
    const squish = join(dir, 'squish');
    expect((await cli('run', 'scenarios/squish/big-board.yaml', '--games', '300', '--workers', '0', '--out', squish, '--quiet', '--no-report')).code).toBe(0);
    const squall = join(dir, 'squall');
    expect((await cli('run', 'scenarios/squall/matchups-scattered.yaml', '--games', '300', '--workers', '0', '--out', squall, '--quiet', '--no-report')).code).toBe(0);
    const { indexHtml } = await import('../../src/report/index-report.js');
    const index = join(dir, 'index.html');
    const html = indexHtml(dir, [out, second, squish, squall]);
    for (const id of ['squish-squish-rate-by-start-square', 'squish-block-entries', 'squall-matchups', 'squall-damage-melee-vs-range', 'squall-covered-ranged-attacks']) expect(html).toContain(id);
    writeFileSync(index, html);
    const check = await openInChromium(index, 'index.png');
    expectClean(check, 35);
    expect(check.h1).toBe('squabble results');
  });
});
