/** What `squabble fair` prints and writes (fair.md, fair.json): the edits, the confirmation with intervals, the budget used. */
import type { FairState, RowRate, RowVerdict } from './study.js';
import { verdictOf, gamesUsed, FINE_FACTOR, Z_CONFIRM, CONFIRM_MAX } from './study.js';
import type { PathEdit } from './files.js';
import { fairLineText } from '../../analysis/fair-line.js';

type Table = (header: string[], rows: string[][]) => string;

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}`;
const withCi = (r: RowRate) => `${pct(r.rate)} [${pct(r.rate - 1.96 * r.se)}, ${pct(r.rate + 1.96 * r.se)}]`;

export interface FairOutcome {
  rows: { subject: string; before: RowRate | null; after: RowRate | null; beforeVerdict: RowVerdict | null; verdict: RowVerdict | null }[];
  counts: Record<RowVerdict, number>;
  countsBefore: Record<RowVerdict, number>;
}

export function outcomeOf(state: FairState): FairOutcome {
  const c = state.confirm!;
  const original = c.original!;
  const fairOriginal = c.fairOriginal!;
  const band = state.settings.band;
  const rows = state.subjects.map((subject, i) => ({
    subject,
    before: original[i] ?? null,
    after: c.edited[i] ?? null,
    beforeVerdict: verdictOf(original[i] ?? null, fairOriginal.value, band),
    verdict: verdictOf(c.edited[i] ?? null, c.fairEdited.value, band),
  }));
  const count = (pick: (r: (typeof rows)[number]) => RowVerdict | null) => ({ inside: rows.filter((r) => pick(r) === 'inside').length, edge: rows.filter((r) => pick(r) === 'edge').length, outside: rows.filter((r) => pick(r) === 'outside').length });
  // Worst first: outside, then edge, then by distance from the fair line.
  const order: Record<RowVerdict, number> = { outside: 0, edge: 1, inside: 2 };
  rows.sort((a, b) => order[a.verdict ?? 'inside'] - order[b.verdict ?? 'inside'] || Math.abs((b.after?.rate ?? 0) - c.fairEdited.value) - Math.abs((a.after?.rate ?? 0) - c.fairEdited.value));
  return { rows, counts: count((r) => r.verdict), countsBefore: count((r) => r.beforeVerdict) };
}

export interface FairReportInput {
  title: string;
  noun: string;
  state: FairState;
  edits: PathEdit[];
  wallSeconds: number;
  workers: number;
  files: string[];
  note: string | null;
}

export function fairReport(x: FairReportInput, table: Table): string {
  const { state, edits, noun } = x;
  const c = state.confirm!;
  const o = outcomeOf(state);
  const band = state.settings.band;
  const n = o.rows.length;
  const lines: string[] = [x.title, ''];
  const search = state.rounds.filter((r) => r.phase === 'search');
  const fine = state.rounds.filter((r) => r.phase === 'fine');
  const games = (n: number) => n.toLocaleString('en-US');
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  lines.push(
    `Band: the fair line ± ${(band * 100).toFixed(1)} points. Strength: ${c.fairEdited.rate}, the game's primary strength rate. Search: ${plural(search.length, 'round')} of ${games(state.games!)} games on seed ${String(state.seed)} (stopped: ${state.stopped ?? 'not yet'}); fine phase: ${plural(fine.length, 'round')} of ${games(FINE_FACTOR * state.games!)} games, each on fresh seeds (stopped: ${state.fineStopped ?? 'not yet'}).`,
    '',
    `Edits (${edits.length}, ${edits.reduce((t, e) => t + Math.abs(e.to - e.from), 0)} integer steps in all):`,
    edits.length ? table([noun, 'stat path', 'from', 'to'], edits.map((e) => [e.subject, e.path, String(e.from), String(e.to)])) : '  none: every row was already inside the band',
    '',
    ...state.rejected.map((r) => `An earlier confirmation (seed ${r.seed}) found ${plural(r.outside.length, noun)} outside the band (${r.outside.join(', ')}): its figures joined the fine rounds', the rows were stepped from the pooled figures, the fine phase went on, and the result was confirmed on new seeds.`),
    `Confirmation on fresh seeds (seed ${c.seed}): the edited deck on ${games(c.games)} games (sized so that each ${noun}, at its pooled fine-round figure, stays inside the band by ${Z_CONFIRM} standard errors; at most ${CONFIRM_MAX} times a fine round), the original deck on the first ${games(c.originalGames)} of the same seeds:`,
    `  edited:   ${fairLineText(c.fairEdited)}`,
    `  original: ${fairLineText(c.fairOriginal!)}`,
    `  edited deck: ${o.counts.inside + o.counts.edge} of ${n} ${noun}s inside the band (${o.counts.inside} with the whole 95% interval inside, ${o.counts.edge} with the estimate inside and the interval crossing an edge), ${o.counts.outside} outside.`,
    `  original deck: ${o.countsBefore.inside + o.countsBefore.edge} of ${n} inside (${o.countsBefore.inside} whole interval), ${o.countsBefore.outside} outside.`,
    '',
    table(
      [noun, 'edited: rate [95% interval]', 'from fair, pts', 'verdict', 'original: rate [95% interval]', 'from fair, pts'],
      o.rows.map((r) => [
        r.subject,
        r.after ? withCi(r.after) : 'never held',
        r.after ? pts(r.after.rate - c.fairEdited.value) : '-',
        r.verdict ?? '-',
        r.before ? withCi(r.before) : 'never held',
        r.before ? pts(r.before.rate - c.fairOriginal!.value) : '-',
      ]),
    ),
    '',
    `Verdicts: inside = the whole 95% interval within the band; edge = the estimate within it, the interval crossing an edge (more games would decide); outside = the estimate outside. Intervals treat the game as the unit (ratio estimator over games). The confirmation's seeds were not used by the search.`,
    `Budget: ${games(gamesUsed(state))} of ${games(state.settings.budget)} games (pilot ${games(state.pilot!.gamesPlayed)}, search rounds ${search.map((r) => games(r.gamesPlayed)).join(' + ')}, fine rounds ${fine.map((r) => games(r.gamesPlayed)).join(' + ') || '0'}, confirmation${state.rejected.length ? 's' : ''} ${[...state.rounds.filter((r) => r.phase === 'confirm'), c].map((r) => games(r.gamesPlayed)).join(' + ')}); ${x.wallSeconds.toFixed(1)} s in this invocation with ${plural(x.workers, 'worker')}.`,
  );
  if (x.note) lines.push(`Note: ${x.note}.`);
  if (x.files.length) lines.push(`Wrote ${x.files.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}
