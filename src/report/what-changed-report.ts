/** "What changed" (src/analysis/what-changed.ts) as text or Markdown tables, for compare, sweeps and tune. */
import type { RowChange, WhatChanged } from '../analysis/what-changed.js';

type Table = (header: string[], rows: string[][]) => string;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pts = (x: number) => {
  const t = (x * 100).toFixed(1);
  return t === '-0.0' ? '+0.0' : t.startsWith('-') ? t : `+${t}`;
};

const UNPAIRED = 'Two runs on the same seeds, compared as independent samples (a conservative interval).';

const HEADER = ['rate', 'row', 'before (A)', 'after (B)', 'B − A pts [95% interval]', 'trials A', 'trials B'];

function cells(c: RowChange): string[] {
  return [c.sheet, c.row, pct(c.before), pct(c.after), `${pts(c.difference)} [${pts(c.interval[0])}, ${pts(c.interval[1])}]`, c.gamesA.toLocaleString('en-US'), c.gamesB.toLocaleString('en-US')];
}

/** The two tables (heading, header, rows) and the sentence that says how they were computed. */
export function whatChangedTables(w: WhatChanged, changer = 'the variant', unpairedHow = UNPAIRED): { tables: { heading: string; header: string[]; rows: string[][] }[]; note: string } | null {
  if (w.changed.length === 0 && w.moved.length === 0) return null;
  const paired = [...w.changed, ...w.moved].some((c) => c.paired);
  const how = paired
    ? 'Both runs played the same games: the interval of B − A comes from the per-game differences.'
    : unpairedHow;
  const tables: { heading: string; header: string[]; rows: string[][] }[] = [];
  if (w.subjects.length) tables.push({ heading: `What ${changer} changes: ${w.subjects.join(', ')}`, header: HEADER, rows: w.changed.map(cells) });
  if (w.moved.length) tables.push({ heading: `The rows that moved most${w.subjects.length ? ' (the others)' : ''}`, header: HEADER, rows: w.moved.map(cells) });
  return { tables, note: `${how} The rows that moved most are ranked by how far their interval stays from zero.` };
}

/** The two tables with their headings; `heading` formats a heading line for the medium. */
export function whatChangedLines(w: WhatChanged, table: Table, heading: (text: string) => string, changer = 'the variant', unpairedHow = UNPAIRED): string[] {
  const t = whatChangedTables(w, changer, unpairedHow);
  if (!t) return [];
  const out: string[] = [];
  for (const x of t.tables) {
    out.push(heading(x.heading));
    out.push(x.rows.length ? table(x.header, x.rows) : 'No rate row of these was played in both runs.');
  }
  out.push(t.note);
  return out;
}
