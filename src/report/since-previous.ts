/**
 * "Since the previous run": when a run replaces an earlier run of the same scenario file (the
 * earlier one moved to history/), the headline numbers before and after, with the rules fields
 * that changed, so a designer who edits and re-runs sees what the edit did.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../sim/stats/summary.js';
import { markdownTable, textTable } from './format.js';

export interface SincePrevious {
  /** Where the previous run is kept. */
  folder: string;
  header: string[];
  rows: string[][];
  changedRules: string[];
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const signedPts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)} pts`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

/** Null when the previous folder holds no readable summary (e.g. it was a sweep). */
export function sincePrevious(folder: string, now: Summary): SincePrevious | null {
  let before: Summary;
  try {
    before = JSON.parse(readFileSync(join(folder, 'summary.json'), 'utf8')) as Summary;
    if (!Array.isArray(before.seats) || typeof before.games !== 'number') return null;
  } catch {
    return null;
  }
  const rows: string[][] = [['games', before.games.toLocaleString('en-US'), now.games.toLocaleString('en-US'), '']];
  for (const seat of now.seats) {
    const old = before.seats[seat.seat];
    if (old) rows.push([`seat ${seat.seat} wins`, pct(old.winRate), pct(seat.winRate), signedPts(seat.winRate - old.winRate)]);
  }
  rows.push(['draws', pct(before.draws.rate), pct(now.draws.rate), signedPts(now.draws.rate - before.draws.rate)]);
  rows.push(['capped', pct(before.capped.rate), pct(now.capped.rate), signedPts(now.capped.rate - before.capped.rate)]);
  const lengthBefore = before.length.turns.mean;
  const lengthNow = now.length.turns.mean;
  rows.push(['mean length (turns)', lengthBefore.toFixed(2), lengthNow.toFixed(2), signed(lengthNow - lengthBefore)]);
  const fields = new Set([...Object.keys(before.scenario.rules), ...Object.keys(now.scenario.rules)]);
  const changedRules = [...fields].filter((f) => JSON.stringify(before.scenario.rules[f]) !== JSON.stringify(now.scenario.rules[f])).map((f) => `${f}: ${JSON.stringify(before.scenario.rules[f])} -> ${JSON.stringify(now.scenario.rules[f])}`);
  return { folder, header: ['', 'previous run', 'this run', 'change'], rows, changedRules };
}

export function sincePreviousText(s: SincePrevious): string {
  const rules = s.changedRules.length > 0 ? `rules changed: ${s.changedRules.join('; ')}\n` : 'rules unchanged (seats, seed or game count changed)\n';
  return `\nSince the previous run (kept in ${s.folder}/):\n${rules}${textTable(s.header, s.rows)}\n`;
}

export function sincePreviousMarkdown(s: SincePrevious): string {
  const rules = s.changedRules.length > 0 ? `Rules changed: ${s.changedRules.map((r) => `\`${r.replace(/`/g, "'")}\``).join('; ')}.` : 'Rules unchanged (seats, seed or game count changed).';
  return `\n## Since the previous run\n\nThe previous run of this scenario is kept in \`${s.folder}/\`. ${rules}\n\n${markdownTable(s.header, s.rows)}\n`;
}
