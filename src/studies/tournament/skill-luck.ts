/**
 * Skill and luck across listed skill levels (issue 23 item 2): for each level against the one
 * listed before it, and for the last listed against the first, how often the stronger wins
 * (skill expression) and how often the weaker wins (the part of the outcome luck decides).
 *
 * "Stronger" is the later-listed entrant (`entrants:` are listed weakest first, docs/skill-ladder.md);
 * the listed order is checked against the Bradley-Terry ratings and every row says whether they
 * confirm it, so a row never assumes an order the games did not show.
 *
 * - skill expression: the stronger's share of the decided games, Wilson 95%. Seats rotate in
 *   every pairing, so the seat advantage cancels; but with an odd number of players the
 *   first-listed entrant of a pairing holds one seat more (A, B, A), so each row says what the
 *   stronger would win if both were equally strong per seat (its seats over all seats: 50% with
 *   two or four players, 1/3 for a later-listed entrant with three) and judges against that.
 * - the weaker's share of all games (draws and capped games included in the count, so the share
 *   is "of every game you sit down to"), Wilson 95%.
 * - draws and capped games: their shares of all games, beside, never folded into either figure.
 */
import { wilson } from '../../sim/stats/intervals.js';

/** What the ratings say of the listed order of a pair. */
export type OrderCheck = 'confirmed' | 'not confirmed' | 'reversed';

export interface SkillLuckRow {
  stronger: string;
  weaker: string;
  /** 'adjacent' (each level against the one listed before it) or 'extremes' (last listed against first). */
  kind: 'adjacent' | 'extremes';
  games: number;
  decided: number;
  /** The stronger's share of decided games, with its 95% Wilson interval. */
  skill: number;
  skillInterval: [number, number];
  /** The stronger's share of decided games if both were equally strong per seat (its seats over all seats). */
  expected: number;
  /** The weaker's share of all games, with its 95% Wilson interval. */
  upsets: number;
  upsetsInterval: [number, number];
  draws: number;
  capped: number;
  order: OrderCheck;
}

export interface SkillLuckInput {
  /** Entrants in the listed order, weakest first. */
  names: readonly string[];
  /** wins[i][j]: games i won against j (decided games only: no halves for draws). */
  wins: number[][];
  draws: number[][];
  capped: number[][];
  /** All games played by each pairing. */
  games: number[][];
  ratings: readonly { name: string; interval: [number, number] }[];
  /** seats[i][j]: seats i held in its pairing with j (all 1 when absent: two players). */
  seats?: number[][];
}

/** One row per adjacent pair of the listed order, then the last listed against the first (when they are not adjacent). */
export function skillAndLuck(x: SkillLuckInput): SkillLuckRow[] {
  const n = x.names.length;
  const pairs: [number, number, SkillLuckRow['kind']][] = [];
  for (let i = 1; i < n; i++) pairs.push([i, i - 1, 'adjacent']);
  if (n > 2) pairs.push([n - 1, 0, 'extremes']);
  const interval = (i: number) => x.ratings.find((r) => r.name === x.names[i])!.interval;
  return pairs.map(([s, w, kind]) => {
    const decided = x.wins[s]![w]! + x.wins[w]![s]!;
    const games = x.games[s]![w]!;
    const [sl, sh] = interval(s);
    const [wl, wh] = interval(w);
    const order: OrderCheck = sl > wh ? 'confirmed' : sh < wl ? 'reversed' : 'not confirmed';
    const seatsOf = (i: number, j: number) => x.seats?.[i]?.[j] ?? 1;
    return {
      stronger: x.names[s]!,
      weaker: x.names[w]!,
      kind,
      games,
      decided,
      skill: decided > 0 ? x.wins[s]![w]! / decided : 0,
      skillInterval: wilson(x.wins[s]![w]!, decided),
      expected: seatsOf(s, w) / (seatsOf(s, w) + seatsOf(w, s)),
      upsets: games > 0 ? x.wins[w]![s]! / games : 0,
      upsetsInterval: wilson(x.wins[w]![s]!, games),
      draws: x.draws[s]![w]!,
      capped: x.capped[s]![w]!,
      order,
    };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const span = ([lo, hi]: readonly [number, number]) => `[${pct(lo)}, ${pct(hi)}]`;

export const SKILL_LUCK_HEADER = ['stronger (listed later)', 'weaker', 'stronger wins, of decided', '95% interval', 'if equal per seat', 'weaker wins, of all games', '95% interval', 'draws', 'capped', 'order by ratings'];

export function skillLuckRow(r: SkillLuckRow): string[] {
  const share = (k: number) => `${k} (${pct(r.games > 0 ? k / r.games : 0)})`;
  return [r.stronger, r.weaker, pct(r.skill), span(r.skillInterval), pct(r.expected), pct(r.upsets), span(r.upsetsInterval), share(r.draws), share(r.capped), r.order];
}

/** The section's explanation and one sentence per row whose listed order the ratings do not confirm. */
export function skillLuckLines(rows: readonly SkillLuckRow[]): string[] {
  const lines = [
    "Skill and luck, by the listed order (`entrants:` weakest first; each level against the one listed before it, and the last against the first). 'Stronger' means listed later; the last column says whether the Bradley-Terry rating intervals confirm that order (apart), leave it open (overlap) or reverse it. Skill: the stronger's share of decided games (seats rotating), beside what it would win if both were equally strong per seat (50% with an even number of players; with an odd number the first-listed of a pairing holds one seat more, A, B, A, and the ratings count each entrant's seats). Luck: the weaker's share of all games. Draws and capped games are counted beside, in neither share; intervals are Wilson 95%.",
  ];
  for (const r of rows) {
    if (r.order === 'confirmed') continue;
    lines.push(
      r.order === 'reversed'
        ? `The ratings REVERSE the listed order of ${r.stronger} over ${r.weaker}: ${r.weaker} is rated clearly higher, so this row's "stronger" is the weaker one.`
        : `The listed order of ${r.stronger} over ${r.weaker} is NOT confirmed: their rating intervals overlap, so "stronger" here is only the listed order.`,
    );
  }
  return lines;
}
