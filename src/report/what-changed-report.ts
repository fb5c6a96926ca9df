/** "What changed" (src/analysis/what-changed.ts) as text or Markdown tables, for compare, sweeps and tune. */
import { MIN_TRIALS, type RowChange, type WhatChanged } from '../analysis/what-changed.js';

type Table = (header: string[], rows: string[][]) => string;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pts = (x: number) => {
  const t = (x * 100).toFixed(1);
  return t === '-0.0' ? '+0.0' : t.startsWith('-') ? t : `+${t}`;
};

const UNPAIRED = 'Two runs on the same seeds, compared as independent samples (a conservative interval).';

const HEADER = ['rate', 'row', 'before (A)', 'after (B)', 'B − A pts [95% interval]', 'trials A', 'trials B'];
const MOVED_HEADER = ['rate', 'row', 'before (A)', 'after (B)', 'B − A pts [FCR interval, simultaneous]', 'trials A', 'trials B'];

function cells(c: RowChange): string[] {
  const i = c.fcrInterval ?? c.interval;
  return [c.sheet, c.row, pct(c.before), pct(c.after), `${pts(c.difference)} [${pts(i[0])}, ${pts(i[1])}]`, c.gamesA.toLocaleString('en-US'), c.gamesB.toLocaleString('en-US')];
}

/** What the selection of moved rows was, in one sentence (the same for every command). */
export function movedNote(w: WhatChanged): string {
  // A since-previous.json written before the selection was kept (no `tested`): say nothing of it.
  if (w.tested === undefined) return 'The other rows are ranked by how far their unadjusted interval stays from zero (no selection accounted for).';
  const rows = (k: number) => `${k.toLocaleString('en-US')} row${k === 1 ? '' : 's'}`;
  const others = w.subjects.length ? ' other' : '';
  const few = w.few ? ` ${rows(w.few)} with fewer than ${MIN_TRIALS} trials in a run ${w.few === 1 ? 'was' : 'were'} not tested (too few to tell).` : '';
  const chance = `${rows(w.tested)} tested for a move; if nothing had moved, about ${w.expectedByChance.toFixed(1)} would have an unadjusted 95% interval excluding 0 by chance alone.`;
  if (w.selected === 0) return `No${others} row moved at a false discovery rate of ${pct(w.fdr)} (Benjamini-Hochberg): ${chance}${few}`;
  const shown = w.moved.length < w.selected ? ` (the ${w.moved.length} most sure shown)` : '';
  return (
    `${rows(w.selected)} moved at a false discovery rate of ${pct(w.fdr)} (Benjamini-Hochberg; on average at most ${pct(w.fdr)} of them, about ${(w.fdr * w.selected).toFixed(1)}, moved by chance)${shown}, of ${chance}` +
    ` Their intervals are Benjamini-Yekutieli false-coverage-rate intervals at ${(w.fcrLevel * 100).toPrecision(4)}%, simultaneous over the rows selected.${few}`
  );
}

/** The two tables (heading, header, rows) and the sentence that says how they were computed. */
export function whatChangedTables(w: WhatChanged, changer = 'the variant', unpairedHow = UNPAIRED): { tables: { heading: string; header: string[]; rows: string[][] }[]; note: string } | null {
  if (w.changed.length === 0 && w.moved.length === 0 && !w.tested && !w.few) return null;
  const paired = [...w.changed, ...w.moved].some((c) => c.paired);
  const how = paired
    ? 'Both runs played the same games: the interval of B − A comes from the per-game differences.'
    : unpairedHow;
  const tables: { heading: string; header: string[]; rows: string[][] }[] = [];
  if (w.subjects.length) tables.push({ heading: `What ${changer} changes: ${w.subjects.join(', ')}`, header: HEADER, rows: w.changed.map(cells) });
  if (w.moved.length) tables.push({ heading: `The rows that moved${w.subjects.length ? ' (the others)' : ''}, most surely moved first`, header: MOVED_HEADER, rows: w.moved.map(cells) });
  const own = w.subjects.length ? ` The rows of ${changer}'s own ${w.subjects.length === 1 ? 'subject' : 'subjects'} are chosen before the runs, each with its own 95% interval.` : '';
  return { tables, note: `${how}${own} ${movedNote(w)}` };
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
