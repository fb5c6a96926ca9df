/**
 * "Since the previous run": when a run replaces an earlier run of the same scenario file (the
 * earlier one moved to history/), the headline numbers before and after with the interval of
 * each change, the rules fields that changed, and the balance-sheet rows that moved (src/analysis/what-changed.ts), so a
 * designer who edits and re-runs sees what the edit did — in the terminal, summary.md and
 * report.html (which reads it from since-previous.json, written beside summary.json).
 *
 * The two runs are compared as independent samples. When they share seeds this interval is
 * conservative; it is the one `compare` uses for unpaired runs (src/analysis/what-changed.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../sim/stats/summary.js';
import type { AnyGameModule } from '../sim/types.js';
import { Z95 } from '../sim/stats/intervals.js';
import { changedSubjects, unpairedChanges, whatChanged, type WhatChanged } from '../analysis/what-changed.js';
import { whatChangedLines } from './what-changed-report.js';
import { differencesText, ruleDifferences } from '../analysis/rule-diff.js';
import { markdownTable, textTable } from './format.js';

/** The file in a run folder that holds the comparison, for the report. */
export const SINCE_PREVIOUS_FILE = 'since-previous.json';

export interface SincePrevious {
  /** Where the previous run is kept. */
  folder: string;
  header: string[];
  rows: string[][];
  changedRules: string[];
  /** The balance-sheet rows the changed rules touch, and the others that moved (selected at FDR 5%). */
  moved: WhatChanged;
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}`;
const num = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

/** A change of a proportion between two independent runs, with its 95% interval, in points. */
function rateChange(before: number, gamesBefore: number, now: number, gamesNow: number): string {
  const se = Math.sqrt((before * (1 - before)) / gamesBefore + (now * (1 - now)) / gamesNow);
  const d = now - before;
  return `${pts(d)} pts [${pts(d - Z95 * se)}, ${pts(d + Z95 * se)}]`;
}

/** Null when the previous folder holds no readable summary (e.g. it was a sweep). */
export function sincePrevious(folder: string, now: Summary, game?: AnyGameModule): SincePrevious | null {
  let before: Summary;
  try {
    before = JSON.parse(readFileSync(join(folder, 'summary.json'), 'utf8')) as Summary;
    if (!Array.isArray(before.seats) || typeof before.games !== 'number') return null;
  } catch {
    return null;
  }
  const nb = before.games;
  const nn = now.games;
  const rows: string[][] = [['games', nb.toLocaleString('en-US'), nn.toLocaleString('en-US'), '']];
  for (const seat of now.seats) {
    const old = before.seats[seat.seat];
    if (old) rows.push([`seat ${seat.seat} wins`, pct(old.winRate), pct(seat.winRate), rateChange(old.winRate, nb, seat.winRate, nn)]);
  }
  rows.push(['draws', pct(before.draws.rate), pct(now.draws.rate), rateChange(before.draws.rate, nb, now.draws.rate, nn)]);
  rows.push(['capped', pct(before.capped.rate), pct(now.capped.rate), rateChange(before.capped.rate, nb, now.capped.rate, nn)]);
  const lb = before.length.turns;
  const ln = now.length.turns;
  const seLength = Math.sqrt((lb.sd * lb.sd) / nb + (ln.sd * ln.sd) / nn);
  const dl = ln.mean - lb.mean;
  rows.push(['mean length (turns)', lb.mean.toFixed(2), ln.mean.toFixed(2), `${num(dl)} [${num(dl - Z95 * seLength)}, ${num(dl + Z95 * seLength)}]`]);
  // Named down to the card and stat (cards.Mudgrub.hp: 1 -> 3), as compare names them.
  const changedRules = differencesText(ruleDifferences(game, before.scenario.rules, now.scenario.rules));
  const subjects = game ? changedSubjects(game, before.scenario.rules, now.scenario.rules, now.scenario.players) : [];
  const moved = whatChanged(unpairedChanges(before, now), subjects);
  return { folder, header: ['', 'previous run', 'this run', 'change [95% interval]'], rows, changedRules, moved };
}

function rulesLine(s: SincePrevious, code: (t: string) => string): string {
  return s.changedRules.length > 0 ? `Rules changed: ${s.changedRules.map(code).join('; ')}.` : 'Rules unchanged (seats, seed or game count changed).';
}

/** How the intervals were computed (said once, under the tables). */
export const SINCE_NOTE = 'The two runs are compared as independent samples (conservative when they share seeds); a row that counts several events per game has the game as its unit.';

export function sincePreviousText(s: SincePrevious): string {
  const moved = whatChangedLines(s.moved, textTable, (t) => `${t}:`, 'the edit', SINCE_NOTE);
  return `\nSince the previous run (kept in ${s.folder}/):\n${rulesLine(s, (r) => r)}\n${textTable(s.header, s.rows)}\n${moved.length ? moved.join('\n') : SINCE_NOTE}\n`;
}

export function sincePreviousMarkdown(s: SincePrevious): string {
  const moved = whatChangedLines(s.moved, markdownTable, (t) => `### ${t}`, 'the edit', SINCE_NOTE);
  return `\n## Since the previous run\n\nThe previous run of this scenario is kept in \`${s.folder}/\`. ${rulesLine(s, (r) => `\`${r.replace(/`/g, "'")}\``)}\n\n${markdownTable(s.header, s.rows)}\n\n${moved.length ? moved.join('\n\n') : SINCE_NOTE}\n`;
}
