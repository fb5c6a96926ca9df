/**
 * Naming an example game of a run (summary.json `examples`): `longest`, `capped`, `draw`,
 * `firstPlayerLost`, or a balance-sheet row — `Swamp Hulk` (its first example, won or lost),
 * `Swamp Hulk/lost`, or fully `cards.winRateWhenPlaced/Swamp Hulk/won` — optionally followed
 * by `#K` for the K-th example (from 1).
 */
import type { Summary, RowExamples } from '../sim/stats/summary.js';

export class ExampleError extends Error {}

/** Where a run's replay pages live (src/report/replay-pages.ts chooses which games get one). */
export const REPLAY_DIR = 'replays';

/** The run-relative path of the page of a game. */
export function replayPagePath(game: number): string {
  return `${REPLAY_DIR}/game-${game}.html`;
}

/** The pages written with a report: game index → run-relative path; `note` says why some or all are missing. */
export interface ReplayPages {
  pages: ReadonlyMap<number, string>;
  note: string | null;
}

export const NO_REPLAY_PAGES: ReplayPages = { pages: new Map(), note: null };

/** A list of example games as Markdown, each game with a page linked to it. */
export function markdownGames(games: readonly number[], pages: ReplayPages, separator = ' '): string {
  return games.map((g) => (pages.pages.has(g) ? `[${g}](${pages.pages.get(g)!})` : String(g))).join(separator);
}

const OUTCOMES = ['won', 'lost'] as const;

/** The game index the name picks; throws ExampleError saying what exists. */
export function exampleGame(s: Summary, name: string): number {
  const ex = s.examples;
  if (!ex) throw new ExampleError('this run has no example games (it was written before squabble kept them); run it again');
  const m = /^(.*?)(?:#(\d+))?$/.exec(name.trim())!;
  const what = m[1]!;
  const k = m[2] === undefined ? 0 : Number(m[2]) - 1;
  const pick = (games: number[] | undefined, label: string): number => {
    if (!games || games.length === 0) throw new ExampleError(`no example game for ${label}: no game of this run shows it`);
    if (k < 0 || k >= games.length) throw new ExampleError(`${label} has ${games.length} example game${games.length === 1 ? '' : 's'}; #${k + 1} does not exist`);
    return games[k]!;
  };
  // Own keys only: `__proto__`, `constructor` or `toString` are no example names.
  const own = <T>(o: Record<string, T> | undefined, key: string): T | undefined => (o && Object.hasOwn(o, key) ? o[key] : undefined);
  if (Object.hasOwn(ex.headline, what)) return pick(ex.headline[what], what);
  const parts = what.split('/');
  const outcome = OUTCOMES.find((o) => o === parts.at(-1));
  const rest = outcome ? parts.slice(0, -1) : parts;
  const sheets = Object.entries(ex.rows);
  const candidates: [string, string, RowExamples][] = [];
  if (rest.length >= 2 && own(ex.rows, rest[0]!)) {
    const row = rest.slice(1).join('/');
    const found = own(own(ex.rows, rest[0]!), row);
    if (found) candidates.push([rest[0]!, row, found]);
  } else {
    const row = rest.join('/');
    for (const [id, rows] of sheets) {
      const found = own(rows, row);
      if (found) candidates.push([id, row, found]);
    }
  }
  if (candidates.length === 0) {
    const rowNames = [...new Set(sheets.flatMap(([, rows]) => Object.keys(rows)))];
    const some = rowNames.slice(0, 5).map((r) => JSON.stringify(r)).join(', ');
    throw new ExampleError(`no example named ${JSON.stringify(name)}; expected ${Object.keys(ex.headline).join(', ')}, or a row${some ? ` such as ${some}` : ''} (optionally /won or /lost, and #K)`);
  }
  // A bare row name means the row of the balance sheet's first sheet, the primary strength rate.
  const primary = s.balance?.find((b) => b.primary)?.id;
  const [id, row, games] = candidates.find(([sheet]) => sheet === primary) ?? candidates[0]!;
  const label = `${id} ${row}`;
  if (outcome) return pick(games[outcome], `${label} (${outcome})`);
  return pick(games.won.length > k ? games.won : games.lost, label);
}

/** A short list of a row's examples for tables: "won 12 845 · lost 3", each game with a page linked to it (Markdown). */
export function examplesCell(e: RowExamples | undefined, pages: ReplayPages = NO_REPLAY_PAGES): string {
  if (!e) return '';
  const part = (label: string, games: number[]) => (games.length ? `${label} ${markdownGames(games, pages)}` : '');
  return [part('won', e.won), part('lost', e.lost)].filter(Boolean).join(' · ');
}

const HEADLINE_WORDS: Record<string, string> = { longest: 'longest games', capped: 'capped', draw: 'draws', firstPlayerLost: 'first player lost' };

/** The headline sets that have games, with their names in words. */
export function headlineSets(s: Summary): { words: string; games: number[] }[] {
  return Object.entries(s.examples?.headline ?? {})
    .filter(([, games]) => games.length)
    .map(([name, games]) => ({ words: HEADLINE_WORDS[name] ?? name, games }));
}

/** How to watch the examples: the pages where there are some, the command for the rest. */
export function replayAdvice(pages: ReplayPages): string {
  const command = 'replay one with `squabble replay <results dir> --example longest` (or a row name, e.g. `--example "<row>/lost"`); add `--html longest.html` for a page that draws the game move by move.';
  const note = pages.note ? ` ${pages.note}` : '';
  return pages.pages.size ? `A linked game opens its replay page (${REPLAY_DIR}/); ${command.replace('replay one', 'replay any other')}${note}` : `${command[0]!.toUpperCase()}${command.slice(1)}${note}`;
}

/** The headline examples in words, as Markdown (summary.md), each game with a page linked to it. */
export function headlineExamples(s: Summary, pages: ReplayPages = NO_REPLAY_PAGES): string | null {
  const sets = headlineSets(s);
  if (!sets.length) return null;
  return `Example games (game indices) — ${sets.map((h) => `${h.words}: ${markdownGames(h.games, pages, ', ')}`).join('; ')}. ${replayAdvice(pages)}`;
}
