/**
 * `squabble watch`: a save of a file the scenario uses re-runs it; a save with a mistake prints
 * the one-line error and keeps the last good result (its files are not touched).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, mkdirSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchScenario, usedFiles } from '../../src/cli/commands/watch.js';
import type { CliIO } from '../../src/studies/kit/io.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-watch-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolve once `ready()` holds, checked every 20 ms; fail after `ms`. */
async function until(ready: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('squabble watch', () => {
  it('finds the files a scenario uses', () => {
    expect(usedFiles('scenarios/squall/sniper-vs-brawler-ruins.yaml')).toEqual([
      'scenarios/squall/sniper-vs-brawler-ruins.yaml',
      'scenarios/squall/rosters/standard.yaml',
      'scenarios/squall/layouts/ruins.yaml',
    ]);
  });

  it('a deck edited twice, once with a mistake: a re-run after each save, one error, the last good result kept', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, 'decks'), { recursive: true });
    const deck = join(project, 'decks/deck.yaml');
    copyFileSync('scenarios/squirmish/decks/classic-70.yaml', deck);
    const scenario = join(project, 'study.yaml');
    writeFileSync(scenario, 'name: study\ngame: squirmish\nseats: [{ policy: greedy }, { policy: greedy }]\nseating: rotate\nrules:\n  cards: decks/deck.yaml\ngames: 60\nseed: 3\n');
    let out = '';
    let err = '';
    const io: CliIO = { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false, columns: 80 };
    const results = join(project, 'watch');
    const stop = new AbortController();
    const watching = watchScenario(scenario, { out: results, workers: '0', quick: '60', poll: '40', report: false }, io, stop.signal);
    const runs = () => out.match(/^run \d+ /gm)?.length ?? 0;
    const errors = () => err.match(/^✗ /gm)?.length ?? 0;
    try {
      await until(() => runs() === 1, 'the first run');
      expect(out).toContain('run 1 (start): 60 games of study');

      // First save: a card's HP changes. A quick re-run, with what moved since run 1.
      writeFileSync(deck, readFileSync(deck, 'utf8').replace(/hp: 5\n/, 'hp: 9\n'));
      await until(() => runs() === 2, 'the re-run after a good save');
      expect(out).toMatch(/run 2 \(after a save of [^)]*decks\/deck\.yaml\): 60 games of study/);
      expect(out).toContain('since run 1');
      const kept = readFileSync(join(results, 'summary.json'), 'utf8');

      // Second save: a mistake. One line naming the file, line and field; run 2's result stays.
      writeFileSync(deck, readFileSync(deck, 'utf8').replace(/hp: 8\n/, 'hp: eight\n'));
      await until(() => errors() === 1, 'the error after a bad save');
      expect(err).toMatch(/^✗ \S*decks\/deck\.yaml:84: cards\[\d+\]\.hp: card "[^"]+": expected hit points, a whole number from 1 to 99, found "eight"\n {2}keeping the last good result \(run 2, 60 games\)/m);
      await new Promise((r) => setTimeout(r, 300));
      expect(runs()).toBe(2);
      expect(errors()).toBe(1);
      expect(readFileSync(join(results, 'summary.json'), 'utf8')).toBe(kept);
    } finally {
      stop.abort();
      await watching;
    }
  }, 120_000);

  it('writes the report, which reloads itself so an open page shows each new run', async () => {
    const results = join(dir, 'report-watch');
    let out = '';
    const io: CliIO = { out: (t) => void (out += t), err: () => {}, interactive: false, columns: 80 };
    const stop = new AbortController();
    const watching = watchScenario('scenarios/worms/random-2p.yaml', { out: results, workers: '0', quick: '200', games: '200', poll: '40' }, io, stop.signal);
    try {
      await until(() => out.includes('run 1 '), 'the first run');
      expect(readFileSync(join(results, 'report.html'), 'utf8')).toContain('<head><meta http-equiv="refresh" content="5">');
    } finally {
      stop.abort();
      await watching;
    }
  }, 120_000);

  it('refuses an output folder holding other results, and a variant the scenario lacks', async () => {
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    const io: CliIO = { out: () => {}, err: () => {}, interactive: false, columns: 80 };
    await expect(watchScenario('scenarios/worms/random-2p.yaml', { out: other }, io, new AbortController().signal)).rejects.toThrow(
      `--out ${other}: the folder holds other results`,
    );
    // a file at one of the names a run writes, that squabble did not write (test/cli/owned-audit.test.ts)
    writeFileSync(join(other, 'summary.json'), '{}');
    await expect(watchScenario('scenarios/worms/random-2p.yaml', { out: other }, io, new AbortController().signal)).rejects.toThrow(/squabble did not write.*summary\.json/);
    await expect(watchScenario('scenarios/worms/sudden-death.yaml', { out: join(dir, 'unused'), variant: 'nope' }, io, new AbortController().signal)).rejects.toThrow(
      '--variant: no variant "nope" in scenarios/worms/sudden-death.yaml; expected one of no-sudden-death',
    );
  });
});
