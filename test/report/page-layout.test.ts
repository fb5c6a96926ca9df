/// <reference lib="dom" />
/**
 * The pages a designer reads, laid out in Debian's chromium at 1,400 px (issue 34): a run's
 * report and the results index never scroll sideways, the report's balance sheet starts within
 * the first 3,000 px, no two texts of the game-quality chart overlap, and the index is one small
 * overview table that names the runs needing attention on its first screen. Each page's height
 * and size are printed and a screenshot kept in test-artifacts/.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { cli } from '../helpers/cli.js';
import { indexHtml } from '../../src/report/index-report.js';

const CHROMIUM = '/usr/bin/chromium';
/** One run per game; Squirmish's 70 x 70 knock-out table once made its report 5,456 px wide. */
const RUNS = ['squirmish/classic-greedy', 'squall/sniper-vs-brawler-open', 'squish/simple', 'worms/greedy-vs-builder'];

let dir: string;
let browser: Browser;
const runDirs: string[] = [];
beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`).toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'squabble-layout-'));
  for (const run of RUNS) {
    const out = join(dir, run.replace('/', '-'));
    const r = await cli('run', `scenarios/${run}.yaml`, '--games', '300', '--workers', '0', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    runDirs.push(out);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 600_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Layout {
  width: number;
  viewport: number;
  height: number;
  balanceTop: number | null;
}

/** Open a page at 1,400 px, wait for its charts, keep a full-page screenshot, measure it. */
async function open(file: string, screenshot: string): Promise<{ page: Page; layout: Layout }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(pathToFileURL(resolve(file)).href);
  type Charts = { __charts?: { expected: number; rendered: number; failed: string[] } };
  await page.waitForFunction(() => {
    const c = (window as unknown as Charts).__charts;
    return c === undefined || c.rendered + c.failed.length === c.expected;
  });
  const layout = await page.evaluate(() => {
    // The balance sheet by its anchor, or (older pages) by its first heading.
    const sheet = document.getElementById('balance-sheet') ?? Array.from(document.querySelectorAll('h2, h3')).find((h) => /^Balance sheet/.test(h.textContent ?? '')) ?? null;
    return { width: document.documentElement.scrollWidth, viewport: window.innerWidth, height: document.documentElement.scrollHeight, balanceTop: sheet ? Math.round(sheet.getBoundingClientRect().top + window.scrollY) : null };
  });
  mkdirSync('test-artifacts', { recursive: true });
  await page.screenshot({ path: join('test-artifacts', screenshot), fullPage: layout.height < 30_000 });
  console.log(`${screenshot}: ${statSync(file).size.toLocaleString('en-US')} bytes, ${layout.width} x ${layout.height} px, balance sheet at ${layout.balanceTop} px`);
  return { page, layout };
}

/** Pairs of texts in the figure whose boxes overlap by more than 2 px each way. */
async function overlappingTexts(page: Page, figure: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const boxes = Array.from(document.querySelectorAll(`${selector} svg text`))
      .map((t) => ({ text: (t.textContent ?? '').trim(), r: t.getBoundingClientRect() }))
      .filter((b) => b.text && b.r.width > 0 && b.r.height > 0);
    const bad: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.r;
        const b = boxes[j]!.r;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 2 && y > 2) bad.push(`"${boxes[i]!.text}" overlaps "${boxes[j]!.text}"`);
      }
    return bad;
  }, figure);
}

describe('page layout at 1,400 px (chromium)', () => {
  it('a run report of each game: no sideways scroll, the balance sheet within the first 3,000 px, the quality chart without overlapping text', async () => {
    for (const run of runDirs) {
      const name = run.split('/').pop()!;
      const { page, layout } = await open(join(run, 'report.html'), `layout-${name}.png`);
      expect(layout.width, `${name}: the page is ${layout.width} px wide`).toBeLessThanOrEqual(layout.viewport);
      expect(layout.balanceTop, `${name}: balance sheet`).not.toBeNull();
      expect(layout.balanceTop!, `${name}: the balance sheet starts at ${layout.balanceTop} px`).toBeLessThan(3000);
      const quality = 'figure.chart[id$="--game-quality"]';
      expect(await page.locator(quality).count(), name).toBe(1);
      expect(await overlappingTexts(page, quality), name).toEqual([]);
      await page.close();
    }
  }, 300_000);

  it('the overlap check itself finds overlapping text', async () => {
    const page = await browser.newPage();
    await page.setContent('<figure class="chart" id="x"><svg width="300" height="60"><text x="5" y="20">Decided games</text><text x="10" y="22">decisiveness</text><text x="5" y="50">apart</text></svg></figure>');
    expect(await overlappingTexts(page, '#x')).toEqual(['"Decided games" overlaps "decisiveness"']);
    await page.close();
  });

  it('the results index: one small overview table grouped by game, the runs needing attention first, sortable and filterable, no sideways scroll', async () => {
    const file = join(dir, 'index.html');
    writeFileSync(file, indexHtml(dir, runDirs));
    // 40 shipped runs must stay under 1 MB: a tenth of that for four.
    expect(statSync(file).size).toBeLessThan(100_000);
    const { page, layout } = await open(file, 'layout-index.png');
    expect(layout.width).toBeLessThanOrEqual(layout.viewport);
    const attention = page.locator('#attention');
    expect(await attention.count()).toBe(1);
    expect((await attention.boundingBox())!.y).toBeLessThan(900);
    expect(await page.locator('table#overview tr.run').count()).toBe(RUNS.length);
    expect(await page.locator('table#overview tbody').evaluateAll((bodies) => bodies.map((b) => (b as HTMLElement).dataset.game))).toEqual(['squall', 'squirmish', 'squish', 'worms']);
    expect(await page.locator('figure.chart').count()).toBe(0);
    await page.locator('#filter').fill('knight');
    expect(await page.locator('table#overview tr.run:not([hidden])').count()).toBe(1);
    await page.locator('#filter').fill('');
    await page.locator('table#overview th', { hasText: 'games' }).first().click();
    expect(await page.locator('table#overview th.asc').count()).toBe(1);
    await page.close();
  }, 120_000);
});
