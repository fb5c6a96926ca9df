/**
 * `squabble watch`: a save of a file the scenario uses re-runs it; a save with a mistake prints
 * the one-line error and keeps the last good result (its files are not touched).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, mkdirSync, copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchScenario, usedFiles, sinceLastRun, type WatchedRun } from '../../src/cli/commands/watch.js';
import type { CliIO } from '../../src/studies/kit/io.js';
import { planFrom } from '../../src/studies/kit/plan.js';
import { runPlan } from '../../src/runner/pool.js';
import { summarise } from '../../src/sim/stats/summary.js';
import { gameOf } from '../../src/registry.js';
import { unpairedChanges, whatChanged } from '../../src/analysis/what-changed.js';
import { whatChangedLines } from '../../src/report/what-changed-report.js';
import { SINCE_NOTE } from '../../src/report/since-previous.js';
import { textTable } from '../../src/report/format.js';

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
      // The balance-sheet rows by the one shared definition (FDR selection, FCR intervals), with its note.
      expect(out).toMatch(/rows? tested for a move|fewer than 20 trials in a run/);
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

  it('prints a run before writing its page, and plays a run the last one measured as short in this thread unless --workers is given', async () => {
    const results = join(dir, 'order-watch');
    const scenario = join(dir, 'order.yaml');
    writeFileSync(scenario, readFileSync('scenarios/worms/random-2p.yaml', 'utf8'));
    let out = '';
    const pageAtPrint: boolean[] = [];
    const io: CliIO = {
      out: (t) => {
        if (/^run \d+ /.test(t)) pageAtPrint.push(existsSync(join(results, 'report.html')));
        out += t;
      },
      err: () => {},
      interactive: false,
      columns: 80,
    };
    const stop = new AbortController();
    const watching = watchScenario(scenario, { out: results, quick: '300', games: '300', poll: '40' }, io, stop.signal);
    const workers = () => JSON.parse(readFileSync(join(results, 'run.json'), 'utf8')).workers as number;
    try {
      await until(() => existsSync(join(results, 'watch-state.js')), 'the first run and its page');
      expect(pageAtPrint).toEqual([false]);
      expect(workers()).toBeGreaterThan(0); // nothing measured yet: the pool
      writeFileSync(scenario, `${readFileSync(scenario, 'utf8')}\n# saved\n`);
      await until(() => (out.match(/^run \d+ /gm)?.length ?? 0) === 2, 'the run after the save');
      expect(workers()).toBe(0); // 300 Worms games: far under a second of play
    } finally {
      stop.abort();
      await watching;
    }
  }, 120_000);

  it('writes a live report: no timed refresh, the newest run recorded beside it, and marked ended once watch stops', async () => {
    const results = join(dir, 'report-watch');
    let out = '';
    const io: CliIO = { out: (t) => void (out += t), err: () => {}, interactive: false, columns: 80 };
    const stop = new AbortController();
    const watching = watchScenario('scenarios/worms/random-2p.yaml', { out: results, workers: '0', quick: '200', games: '200', poll: '40' }, io, stop.signal);
    try {
      await until(() => out.includes('run 1 '), 'the first run');
      // The page comes after the figures (watch prints first): wait for it.
      await until(() => existsSync(join(results, 'watch-state.js')), 'the page');
      const page = readFileSync(join(results, 'report.html'), 'utf8');
      expect(page).not.toContain('http-equiv="refresh"');
      expect(page).toContain('watch-state.js');
      expect(readFileSync(join(results, 'watch-state.js'), 'utf8')).toMatch(/^__squabbleWatch\("[^"]+ 200", true\);$/m);
    } finally {
      stop.abort();
      await watching;
    }
    expect(readFileSync(join(results, 'watch-state.js'), 'utf8')).toMatch(/^__squabbleWatch\("[^"]+ 200", false\);$/m);
  }, 120_000);

  it("shows the balance-sheet rows that moved by the shared definition, as run's since-previous does, and labels the headline intervals simultaneous", async () => {
    // Two runs of the same scenario on two seeds (nothing changed): watch's table rows are exactly
    // what-changed's selection and note; before, every table rate was judged by the gate's Holm
    // test with Bonferroni intervals over all metrics, unlabelled as a selection and not the
    // definition run, compare, sweeps and tune use.
    const run = async (seed: string, number: number): Promise<WatchedRun> => {
      const plan = planFrom('scenarios/worms/random-2p.yaml', { games: 300, seed }, 'watch');
      const game = gameOf(plan.game);
      return { number, games: plan.games, summary: summarise(game, plan, await runPlan(plan, { workers: 0 })), game };
    };
    const a = await run('watch a', 1);
    const b = await run('watch b', 2);
    const text = sinceLastRun(a, b);
    const shared = whatChangedLines(whatChanged(unpairedChanges(a.summary, b.summary), []), textTable, (t) => `${t}:`, 'the edit', SINCE_NOTE);
    expect(shared.length).toBeGreaterThan(0);
    for (const line of shared) expect(text).toContain(line.replace(/ +$/gm, ''));
    expect(text).toMatch(/rows? tested for a move/);
    // The headline table holds the headline figures only, its intervals labelled simultaneous.
    const headline = text.split('\n').slice(0, text.split('\n').findIndex((l) => l.startsWith('Headline intervals:')));
    expect(headline.join('\n')).not.toMatch(/^\S+\[/m);
    expect(headline.join('\n')).toContain('99% simultaneous interval');
    expect(text).toMatch(/Headline intervals: 99% simultaneous over these 7 figures/);
  }, 60_000);

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
