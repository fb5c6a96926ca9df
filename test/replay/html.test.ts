/// <reference lib="dom" />
/**
 * `squabble replay --html`: a self-contained page that steps through a game, opened in Debian's
 * chromium — no request, no console error; keys, buttons and the slider move through the steps,
 * and stepping forward and back returns the same picture (text and pixels).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { cli } from '../helpers/cli.js';
import { replayRecord } from '../../src/cli/commands/replay.js';
import { openReplay } from '../helpers/replay-page.js';

const CHROMIUM = '/usr/bin/chromium';
let dir: string;
let browser: Browser;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-replay-'));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The share of pixels that differ by more than 16 in some channel between two PNGs of the same size (decoded by the page's canvas). */
async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([x, y]) => {
      const load = (src: string) =>
        new Promise<ImageData>((done, fail) => {
          const img = new Image();
          img.onload = () => {
            const c = document.createElement('canvas');
            c.width = img.width;
            c.height = img.height;
            const g = c.getContext('2d')!;
            g.drawImage(img, 0, 0);
            done(g.getImageData(0, 0, img.width, img.height));
          };
          img.onerror = () => fail(new Error('image'));
          img.src = src;
        });
      const [p, q] = await Promise.all([load(x), load(y)]);
      if (p.width !== q.width || p.height !== q.height) return 1;
      let differ = 0;
      for (let i = 0; i < p.data.length; i += 4) if ([0, 1, 2, 3].some((k) => Math.abs(p.data[i + k]! - q.data[i + k]!) > 16)) differ++;
      return differ / (p.width * p.height);
    },
    [`data:image/png;base64,${a.toString('base64')}`, `data:image/png;base64,${b.toString('base64')}`] as const,
  );
}

const GAMES = [
  ['worms', 'scenarios/worms/random-2p.yaml', '3'],
  ['squish', 'scenarios/squish/simple.yaml', '0'],
  ['squirmish', 'scenarios/squirmish/classic-greedy.yaml', '2'],
  ['squall', 'scenarios/squall/duel-open.yaml', '0'],
] as const;

describe.each(GAMES)('replay --html of %s', (game, scenario, index) => {
  it('steps with keys, buttons and slider; forward then back gives the same picture; requests nothing', async () => {
    const file = join(dir, `${game}.html`);
    const r = await cli('replay', scenario, '--game', index, '--html', file);
    expect(r.code, r.err).toBe(0);
    const record = replayRecord(scenario, { game: index });
    expect(r.out).toContain(`${record.steps.length - 1} moves`);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain("default-src 'none'");

    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (q) => {
      if (!q.url().startsWith('file:')) requests.push(q.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await openReplay(page, file);
    const picture = () => page.locator('#picture').textContent();
    expect(await picture()).toBe(record.steps[0]!.picture);
    const target = Math.min(3, record.steps.length - 1);
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowRight');
    expect(await page.locator('body').getAttribute('data-step')).toBe(String(target));
    expect(await picture()).toBe(record.steps[target]!.picture);
    expect(await page.locator('#move').textContent()).toContain(record.steps[target]!.move!.text);
    const shot = await page.locator('main section').screenshot({ animations: 'disabled', caret: 'hide' });
    await page.click('#next');
    await page.click('#next');
    await page.keyboard.press('ArrowLeft');
    await page.click('#prev');
    expect(await picture()).toBe(record.steps[target]!.picture);
    const again = await page.locator('main section').screenshot({ animations: 'disabled', caret: 'hide' });
    // Chromium's text antialiasing may differ in a handful of pixels between two paints of the same text.
    expect(await differingPixels(page, shot, again)).toBeLessThan(0.001);
    await page.keyboard.press('End');
    expect(await page.locator('#move').textContent()).toContain(record.result);
    await page.locator('#slider').fill('1');
    expect(await picture()).toBe(record.steps[1]!.picture);
    await page.locator('ol#log li').nth(2).click();
    expect(await picture()).toBe(record.steps[2]!.picture);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * One drawing per game, compared with the PNG committed in test/replay/golden/ (made by this
 * test with SQUABBLE_UPDATE_REPLAY_GOLDENS=1; look at it before committing). Chromium may
 * antialias a few pixels differently between runs, so up to 0.5% of pixels may differ.
 */
const GOLDEN_DIR = 'test/replay/golden';
const DRAWINGS = [
  ['worms', 'scenarios/worms/random-2p.yaml', '3', 40],
  ['squish', 'scenarios/squish/advanced.yaml', '25', 7],
  ['squirmish', 'scenarios/squirmish/classic-greedy.yaml', '2', 43],
  ['squall', 'scenarios/squall/sniper-vs-brawler-ruins.yaml', '0', 20],
] as const;

describe.each(DRAWINGS)('replay --html drawing of %s', (game, scenario, index, step) => {
  it(`matches ${GOLDEN_DIR}/${game}.png at step ${step}, and stepping forward then back redraws the same picture`, async () => {
    const file = join(dir, `${game}-drawing.html`);
    const r = await cli('replay', scenario, '--game', index, '--html', file);
    expect(r.code, r.err).toBe(0);
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 }, deviceScaleFactor: 1 });
    await openReplay(page, file);
    await page.locator('#slider').fill(String(step));
    expect(await page.locator('body').getAttribute('data-step')).toBe(String(step));
    const drawing = page.locator('#drawing svg');
    const markup = await page.locator('#drawing').innerHTML();
    const shot = await drawing.screenshot({ animations: 'disabled' });
    const golden = join(GOLDEN_DIR, `${game}.png`);
    if (process.env.SQUABBLE_UPDATE_REPLAY_GOLDENS === '1') {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(golden, shot);
    }
    expect(existsSync(golden), `${golden} is missing: run this test with SQUABBLE_UPDATE_REPLAY_GOLDENS=1 and look at the picture`).toBe(true);
    expect(await differingPixels(page, shot, readFileSync(golden))).toBeLessThan(0.005);

    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await page.locator('#drawing').innerHTML()).not.toBe(markup);
    for (let i = 0; i < 5; i++) await page.click('#prev');
    expect(await page.locator('#drawing').innerHTML()).toBe(markup);
    expect(await differingPixels(page, shot, await drawing.screenshot({ animations: 'disabled' }))).toBeLessThan(0.001);
    await page.close();
  });
});

/** Open a page, dismissing and recording every dialog (a script that ran would open one). */
async function openCountingDialogs(file: string): Promise<{ page: Page; dialogs: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openReplay(page, file);
  return { page, dialogs };
}

describe('replay --html with hostile names', () => {
  it('draws a seat named <script> as text: no element, no dialog', async () => {
    const HOSTILE = '<script>alert(1)</script>';
    const scenario = join(dir, 'hostile.yaml');
    writeFileSync(scenario, `name: "${HOSTILE}"\ngame: worms\nseats:\n  - policy: random\n    name: "${HOSTILE}"\n  - policy: greedy\n    name: "<img src=x onerror=alert(2)>"\ngames: 10\nseed: 3\n`);
    const file = join(dir, 'hostile.html');
    const r = await cli('replay', scenario, '--game', '0', '--html', file);
    expect(r.code, r.err).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain('<img src=x');
    const { page, dialogs } = await openCountingDialogs(file);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#drawing script, #drawing img').count()).toBe(0);
    const texts = await page.locator('#drawing text').allTextContents();
    expect(texts.some((t) => t.startsWith('<script>'))).toBe(true);
    expect(texts.some((t) => t.startsWith('<img src=x'))).toBe(true);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

describe('replay --html with a hostile card name from a deck file', () => {
  it('draws a Squirmish card named <script> as text on the grid and in the victory pile: no element, no dialog', async () => {
    const HOSTILE = '<script>alert(1)</script>';
    const deck = readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8').replaceAll('Dive Gull', HOSTILE);
    expect(deck).toContain(HOSTILE);
    writeFileSync(join(dir, 'hostile-deck.yaml'), deck);
    const scenario = readFileSync('scenarios/squirmish/classic-greedy.yaml', 'utf8').replace('cards: decks/classic-70.yaml', 'cards: hostile-deck.yaml');
    writeFileSync(join(dir, 'hostile-squirmish.yaml'), scenario);
    const file = join(dir, 'hostile-squirmish.html');
    const r = await cli('replay', join(dir, 'hostile-squirmish.yaml'), '--game', '2', '--html', file);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(HOSTILE);
    const { page, dialogs } = await openCountingDialogs(file);
    // Game 2 of classic-greedy: the renamed card is in the drawing at step 4 (on the grid) and at step 30 (in a victory pile).
    for (const step of [4, 30]) {
      await page.locator('#slider').fill(String(step));
      expect(await page.locator('#drawing script').count()).toBe(0);
      const texts = await page.locator('#drawing text').allTextContents();
      expect(texts.some((t) => t.includes('<script>')), `step ${step}`).toBe(true);
    }
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

describe('replay --html refuses', () => {
  it('a folder that does not exist, in one line with exit 2, writing nothing', async () => {
    const r = await cli('replay', 'scenarios/worms/random-2p.yaml', '--game', '1', '--html', join(dir, 'no', 'such', 'x.html'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--html: the folder of .* does not exist/);
  });
});
