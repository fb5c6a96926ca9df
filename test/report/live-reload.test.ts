/// <reference lib="dom" />
/**
 * The live report of `squabble watch` in Debian's chromium: an open page reloads when watch
 * writes a newer run, not while nothing changes, and stops looking once watch has ended (the
 * page once carried a 5-second meta refresh that reloaded it forever).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CSP } from '../../src/report/html.js';
import { writeAtomic } from '../../src/runner/results.js';
import { makeLive, endLive, LOOK_MS } from '../../src/cli/commands/watch-live.js';

const CHROMIUM = '/usr/bin/chromium';
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-live-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A report page as the report writer makes it (its policy, a head and a body; squabble's own file), run `n`. */
function writePage(n: number): void {
  writeAtomic(join(dir, 'report.html'), `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CSP}"><title>run ${n}</title></head><body><h1>run ${n}</h1></body></html>`);
  makeLive(dir, `stamp ${n}`);
}

describe('the watch report in a real browser', () => {
  it('reloads only when a newer run is written, and never after watch has ended', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`).toBe(true);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      writePage(1);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(pathToFileURL(join(dir, 'report.html')).href);
      // Nothing changes for three looks: no reload.
      await page.waitForTimeout(3 * LOOK_MS + 500);
      expect(loads).toBe(1);
      // A new run: the page shows it within a look or two.
      writePage(2);
      await page.waitForFunction(() => document.title === 'run 2', null, { timeout: 3 * LOOK_MS });
      expect(loads).toBe(2);
      // Watch ends: the page says so and reloads no more, even if the file changed again.
      endLive(dir);
      await page.waitForFunction(() => /has ended/.test(document.getElementById('watch-live')?.textContent ?? ''), null, { timeout: 3 * LOOK_MS });
      writeFileSync(join(dir, 'report.html'), '<title>run 3</title>');
      await page.waitForTimeout(2 * LOOK_MS + 500);
      expect(await page.title()).toBe('run 2');
      expect(loads).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
