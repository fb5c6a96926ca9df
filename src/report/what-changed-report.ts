/** "What changed" (src/analysis/what-changed.ts) as text or Markdown tables, for compare, sweeps and tune. */
import type { RowChange, WhatChanged } from '../analysis/what-changed.js';

type Table = (header: string[], rows: string[][]) => string;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pts = (x: number) => {
  const t = (x * 100).toFixed(1);
  return t === '-0.0' ? '+0.0' : t.startsWith('-') ? t : `+${t}`;
};

const HEADER = ['rate', 'row', 'before (A)', 'after (B)', 'B − A pts [95% interval]', 'trials A', 'trials B'];

function cells(c: RowChange): string[] {
  return [c.sheet, c.row, pct(c.before), pct(c.after), `${pts(c.difference)} [${pts(c.interval[0])}, ${pts(c.interval[1])}]`, c.gamesA.toLocaleString('en-US'), c.gamesB.toLocaleString('en-US')];
}

/** The two tables with their headings; `heading` formats a heading line for the medium. */
export function whatChangedLines(w: WhatChanged, table: Table, heading: (text: string) => string): string[] {
  const out: string[] = [];
  if (w.changed.length === 0 && w.moved.length === 0) return out;
  const paired = [...w.changed, ...w.moved].some((c) => c.paired);
  const how = paired
    ? 'Both runs played the same games: the interval of B − A comes from the per-game differences.'
    : 'Two runs on the same seeds, compared as independent samples (a conservative interval).';
  if (w.subjects.length) {
    out.push(heading(`What the variant changes: ${w.subjects.join(', ')}`));
    out.push(w.changed.length ? table(HEADER, w.changed.map(cells)) : 'No rate row of these was played in both runs.');
  }
  if (w.moved.length) {
    out.push(heading(`The rows that moved most${w.subjects.length ? ' (the others)' : ''}`));
    out.push(table(HEADER, w.moved.map(cells)));
  }
  out.push(`${how} The rows that moved most are ranked by how far their interval stays from zero.`);
  return out;
}
