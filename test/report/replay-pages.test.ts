/// <reference lib="dom" />
/**
 * Replay pages written with a run's report (src/studies/kit/replay-pages.ts): the examples the report
 * shows first get `replays/game-<index>.html`, report.html and summary.md link to them, names
 * from data files never reach a file name, and a click on a row's example in chromium opens the
 * page of that game.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { MANIFEST } from '../../src/runner/outdir.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { cli } from '../helpers/cli.js';
import type { Summary } from '../../src/sim/stats/summary.js';
import { replayPageGames, MAX_REPLAY_PAGES } from '../../src/report/replay-pages.js';
import { rowsThatMatter } from '../../src/analysis/balance.js';
import { ENDS_SHOWN } from '../../src/report/balance-report.js';

/** The pages in a replays folder (not the manifest squabble keeps beside them, src/runner/outdir.ts). */
const pagesIn = (folder: string) => readdirSync(folder).filter((f) => f !== MANIFEST);

const CHROMIUM = '/usr/bin/chromium';
/** Card names a deck file may hold: a path, markup, an Object.prototype name, and unicode. */
const HOSTILE: Record<string, string> = {
  'Swamp Hulk': '../../escape',
  'Dive Gull': '<script>alert(1)</script>',
  Mudgrub: 'constructor',
  'Tiny Tim the Titan': 'Ünïcødé 🐛 Tïm',
};

let root: string;
let dir: string;
let scenario: string;
let summary: Summary;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'squabble-replay-pages-'));
  let deck = readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8');
  for (const [name, hostile] of Object.entries(HOSTILE)) deck = deck.replaceAll(`name: ${name}\n`, `name: ${JSON.stringify(hostile)}\n`);
  writeFileSync(join(root, 'hostile-deck.yaml'), deck);
  scenario = join(root, 'hostile.yaml');
  writeFileSync(scenario, readFileSync('scenarios/squirmish/classic-greedy.yaml', 'utf8').replace('cards: decks/classic-70.yaml', 'cards: hostile-deck.yaml'));
  dir = join(root, 'run');
  const r = await cli('run', scenario, '--games', '300', '--seed', '9', '--workers', '0', '--quiet', '--out', dir);
  expect(r.code, r.err).toBe(0);
  summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every relative link to a replay page in a text, as [game index, path]. */
function replayLinks(text: string, pattern: RegExp): [number, string][] {
  return [...text.matchAll(pattern)].map((m) => [Number(m[2]), m[1]!]);
}

describe('replay pages written with a run', () => {
  it('one page per chosen game, named by its index only: headline examples first, then a won and a lost game of each shown row', () => {
    const files = pagesIn(join(dir, 'replays')).sort();
    const games = replayPageGames(summary);
    expect(games.length).toBeGreaterThan(4);
    expect(games.length).toBeLessThanOrEqual(MAX_REPLAY_PAGES);
    expect(files).toEqual(games.map((g) => `game-${g}.html`).sort());
    expect(games[0]).toBe(summary.examples!.headline.longest![0]);
    // Nothing was written beside the run or above it, whatever the card names.
    expect(readdirSync(root).sort()).toEqual(['hostile-deck.yaml', 'hostile.yaml', 'run']);
    const sheet = summary.balance![0]!;
    const first = rowsThatMatter(sheet.rows, ENDS_SHOWN).shown[0]!;
    expect(games).toContain(first.examples!.won[0]);
    expect(games).toContain(first.examples!.lost[0]);
  });

  it('summary.md and report.html link each example that has a page to it, and only to pages that exist', () => {
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const mdLinks = replayLinks(md, /\]\((replays\/game-(\d+)\.html)\)/g);
    const htmlLinks = replayLinks(html, /<a class="replay" href="(replays\/game-(\d+)\.html)">(\d+)<\/a>/g);
    const games = new Set(replayPageGames(summary));
    for (const links of [mdLinks, htmlLinks]) {
      expect(links.length).toBeGreaterThanOrEqual(games.size);
      for (const [game, path] of links) {
        expect(games.has(game), `link to game ${game}`).toBe(true);
        expect(existsSync(join(dir, path))).toBe(true);
      }
      expect(new Set(links.map(([g]) => g))).toEqual(games);
    }
    // A row whose examples all lack a page still names its games, and the command replays them.
    expect(md).toContain('`squabble replay <results dir> --example');
    expect(html).toContain('A linked game opens its replay page (replays/)');
    // The hostile names are rows of the sheet, escaped in the page.
    const rows = summary.balance!.flatMap((s) => s.rows.map((r) => r.row));
    for (const hostile of Object.values(HOSTILE)) expect(rows).toContain(hostile);
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('a row linked in summary.md links to a game that is one of its examples', () => {
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    const sheet = summary.balance![0]!;
    const row = rowsThatMatter(sheet.rows, ENDS_SHOWN).shown[0]!;
    const line = md.split('\n').find((l) => l.startsWith(`| ${row.row} |`))!;
    expect(line).toContain(`won [${row.examples!.won[0]}](replays/game-${row.examples!.won[0]}.html)`);
  });

  it('writes no page with --no-report, and `squabble report` writes them for such a run', async () => {
    const bare = join(root, 'bare');
    expect((await cli('run', scenario, '--games', '200', '--seed', '9', '--workers', '0', '--quiet', '--no-report', '--out', bare)).code).toBe(0);
    expect(existsSync(join(bare, 'replays'))).toBe(false);
    expect(readFileSync(join(bare, 'summary.md'), 'utf8')).not.toContain('](replays/');
    const r = await cli('report', bare, '--no-png');
    expect(r.code, r.err).toBe(0);
    expect(pagesIn(join(bare, 'replays')).length).toBe(replayPageGames(JSON.parse(readFileSync(join(bare, 'summary.json'), 'utf8')) as Summary).length);
    expect(readFileSync(join(bare, 'summary.md'), 'utf8')).toContain('](replays/game-');
    rmSync(bare, { recursive: true, force: true });
  }, 120_000);
});

describe('a run whose scenario was edited afterwards', () => {
  it('refuses to replay its examples from the edited file, and its rebuilt report writes no page and says why', async () => {
    const copy = join(root, 'edited.yaml');
    writeFileSync(copy, readFileSync(scenario, 'utf8'));
    const out = join(root, 'edited');
    expect((await cli('run', copy, '--games', '100', '--seed', '9', '--workers', '0', '--quiet', '--no-report', '--out', out)).code).toBe(0);
    writeFileSync(copy, readFileSync(copy, 'utf8').replace('edition: videogame', 'edition: tabletop'));
    const replay = await cli('replay', out, '--example', 'longest');
    expect(replay.code).toBe(2);
    expect(replay.err).toMatch(/edited\.yaml no longer plays this run's games \(scenario hash \w+, the run's \w+\): it was edited after the run/);
    expect((await cli('report', out, '--no-png')).code).toBe(0);
    expect(existsSync(join(out, 'replays'))).toBe(false);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('No replay pages were written: ');
    rmSync(out, { recursive: true, force: true });
  }, 120_000);
});

describe('in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  });
  afterAll(async () => browser?.close());

  it('a click on a balance-sheet row’s example in report.html opens the replay page of that game', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    const sheet = summary.balance![0]!;
    const row = rowsThatMatter(sheet.rows, ENDS_SHOWN).shown[0]!;
    const game = row.examples!.lost[0]!;
    const table = page.locator(`table[data-table^="balance-"]`).first();
    const link = table.locator('tr', { has: page.locator(`td:first-child`, { hasText: row.row }) }).locator(`a.replay`, { hasText: String(game) }).first();
    await link.scrollIntoViewIfNeeded();
    if (process.env.SQUABBLE_SCREENSHOTS) await page.screenshot({ path: join(process.env.SQUABBLE_SCREENSHOTS, 'report-row.png') });
    await link.click();
    await page.waitForSelector('body[data-step]', { timeout: 10_000 });
    expect(page.url()).toBe(pathToFileURL(join(dir, 'replays', `game-${game}.html`)).href);
    expect(await page.locator('h1').textContent()).toContain(`game ${game}, seed 9`);
    await page.keyboard.press('End');
    expect(await page.locator('#move').textContent()).toMatch(/wins|draw|capped/);
    expect(await page.locator('#drawing svg').count()).toBe(1);
    if (process.env.SQUABBLE_SCREENSHOTS) await page.screenshot({ path: join(process.env.SQUABBLE_SCREENSHOTS, 'replay-page.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
