/**
 * What Squirmish adds to the results: whole-game and per-seat counters, a table with a row per
 * distinct card of the deck, the knock-out matrix, and in two-seat 2 Group Monte the table
 * `groupMatchups` (raw integer counts, summed over games, so partial results merge exactly).
 *
 * `groupMatchups` has the shape of Squall's `matchups` table (src/games/squall/metrics.ts), so the
 * dominance report (src/analysis/dominance.ts), the pooled `winRate` of expect and tune, and the
 * balance sheet read it alike: one row per ordered pair "A vs B" of groups that can be named (A
 * named by seat 0, B by seat 1), with games, A's wins, B's wins, draws and capped games. It is
 * filled once per game from the groups the seats named (`monteNamed`), never per move.
 */
import type { GameMetricsSpec, MetricTableSpec } from '../../sim/types.js';
import {
  SquirmishState,
} from './state.js';
import {
  rowsOf, CARD_COLS, CC_ATTACKS, CC_ATTACKED, CC_KOS, CC_KOED, CC_DEALT, CC_TAKEN, CC_HEALED, CC_TURNS,
  CC_SPECIALS, CC_ABILITIES, SEAT_COUNTERS, G_ATTACKS, G_KOS, G_OWN_KOS, G_FRAGMENTATIONS, G_REATTACHED, G_RESHUFFLES,
  G_PLACEMENTS, G_REPLACEMENTS, G_MOVES, G_DRAWS, G_HAND_DISCARDS, G_SPECIALS, G_WEIRD, G_AVOIDED, G_REROLLS, G_CONSOLATIONS,
  G_NO_EFFECT, G_TIES, G_CONFUSED, G_EXTRA_ATTACKS, G_DAMAGE, G_HEALING, S_ATTACKS, S_KOS, S_DAMAGE, S_PLACEMENTS, S_MOVES, S_DRAWS, S_VICTORY, S_KOED,
} from './counters.js';
import { defineCounters } from '../kit/counters.js';
import { tableOf, type SquirmishRules } from './params.js';

/** Whole-game counters, in summary order. */
const C = defineCounters({
  attacks: 'attacks resolved (extra attacks included)',
  knockouts: 'cards knocked out into a victory pile',
  ownKnockouts: 'cards knocked out by their own side (discarded)',
  fragmentations: 'clean-ups that broke the Squirmish into islands',
  reattachments: 're-attachment decisions (cards or fragments)',
  reshuffles: 'times the discard pile became the deck',
  placements: 'cards placed from hand (weigh-in, replacements, consolation prizes included)',
  replacements: 'damage-free cards replaced',
  moves: 'swaps (moves and ability moves)',
  draws: 'cards drawn (deal excluded)',
  handLimitDiscards: 'cards discarded to the hand limit',
  specialAttacks: 'special attacks rolled',
  weirdUses: 'weird abilities used',
  avoided: 'attacks avoided by a defensive ability',
  rerolls: 'attack dice re-rolled',
  consolations: 'consolation prizes given',
  noEffect: 'attacks that rolled NO EFFECT',
  weighInTies: 'weigh-ins decided at random between equal picks',
  confusions: 'attacked cards confused into attacking another',
  extraAttacks: 'attacks made by roll-again or confusion',
  damage: 'damage counters placed',
  healing: 'damage counters removed by healing',
});

/**
 * Where the rules count each of them in the state's `gameCounters` (the G_* slots of state.ts):
 * one entry per declared counter, so a counter declared without its slot, or a slot named for
 * no counter, fails to compile; the slots need not follow the summary's order.
 */
const GAME_SLOT: { readonly [K in keyof typeof C.at]: number } = {
  attacks: G_ATTACKS,
  knockouts: G_KOS,
  ownKnockouts: G_OWN_KOS,
  fragmentations: G_FRAGMENTATIONS,
  reattachments: G_REATTACHED,
  reshuffles: G_RESHUFFLES,
  placements: G_PLACEMENTS,
  replacements: G_REPLACEMENTS,
  moves: G_MOVES,
  draws: G_DRAWS,
  handLimitDiscards: G_HAND_DISCARDS,
  specialAttacks: G_SPECIALS,
  weirdUses: G_WEIRD,
  avoided: G_AVOIDED,
  rerolls: G_REROLLS,
  consolations: G_CONSOLATIONS,
  noEffect: G_NO_EFFECT,
  weighInTies: G_TIES,
  confusions: G_CONFUSED,
  extraAttacks: G_EXTRA_ATTACKS,
  damage: G_DAMAGE,
  healing: G_HEALING,
};

/** Per-seat counters, in summary order. */
const S = defineCounters({
  attacks: "attacks made by the seat's cards",
  knockouts: 'cards the seat won into its victory pile',
  damage: "damage dealt by the seat's cards",
  placements: 'cards the seat placed',
  moves: 'moves the seat made',
  draws: 'cards the seat drew',
  victoryPile: "cards in the seat's victory pile at the end",
  cardsLost: "the seat's cards knocked out",
});

/**
 * Where the rules count each per-seat counter in the state's `seatCounters` (the S_* slots of
 * state.ts, SEAT_COUNTERS per seat); `victoryPile` is read from the victory pile at the end.
 */
const SEAT_SLOT: { readonly [K in keyof typeof S.at]: number } = {
  attacks: S_ATTACKS,
  knockouts: S_KOS,
  damage: S_DAMAGE,
  placements: S_PLACEMENTS,
  moves: S_MOVES,
  draws: S_DRAWS,
  victoryPile: S_VICTORY,
  cardsLost: S_KOED,
};

/** Slot in the state of counter k (declaration order), for `record`'s loops. */
const gameSlotOf = Int32Array.from(C.list, (c) => GAME_SLOT[c.name as keyof typeof GAME_SLOT]);
const seatSlotOf = Int32Array.from(S.list, (c) => SEAT_SLOT[c.name as keyof typeof SEAT_SLOT]);

export const CARD_TABLE_COLUMNS = [
  { name: 'drawnGames', description: '(seat, game) pairs in which the seat drew or was dealt the card' },
  { name: 'drawnWins', description: '... of which the seat won' },
  { name: 'placedGames', description: '(seat, game) pairs in which the seat placed the card' },
  { name: 'placedWins', description: '... of which the seat won' },
  { name: 'notPlacedGames', description: '(seat, game) pairs in which the seat drew the card but never placed it' },
  { name: 'notPlacedWins', description: '... of which the seat won' },
  { name: 'attackedGames', description: 'games in which the card attacked' },
  { name: 'wasAttackedGames', description: 'games in which the card was attacked' },
  { name: 'attacks', description: 'attacks the card made' },
  { name: 'timesAttacked', description: 'attacks the card received' },
  { name: 'kosScored', description: 'knock-outs the card caused (last hit or KO effect)' },
  { name: 'kosSuffered', description: 'times the card was knocked out' },
  { name: 'damageDealt', description: 'damage the card dealt (attacks and abilities)' },
  { name: 'damageTaken', description: 'damage the card took' },
  { name: 'healed', description: 'damage the card healed (on any card)' },
  { name: 'turnsInPlay', description: 'turn ends the card spent in play' },
  { name: 'specials', description: 'special attacks the card rolled' },
  { name: 'abilityUses', description: 'times its abilities fired' },
];

export const GROUP_MATCHUP_COLUMNS = [
  { name: 'games', description: 'games in which seat 0 named group A and seat 1 named group B' },
  { name: 'aWins', description: "wins of seat 0 (A's namer)" },
  { name: 'bWins', description: "wins of seat 1 (B's namer)" },
  { name: 'draws', description: 'drawn games' },
  { name: 'capped', description: 'games stopped by the turn cap' },
];

/**
 * The ordered pairs (seat 0's group, seat 1's group) a two-seat 2 Group Monte can name, or null:
 * every pair of two different groups when each seat names one at random (mirrors only when the
 * pool has a single group), else the one pair the rules name.
 */
export function groupMatchupRows(r: SquirmishRules, players: number, groupIds: readonly string[]): [number, number][] | null {
  if (players !== 2 || r.deckStyle !== 'group-monte') return null;
  if (r.monteGroups !== 'random') return [[groupIds.indexOf(r.monteGroups[0]!), groupIds.indexOf(r.monteGroups[1]!)]];
  const n = groupIds.length;
  if (n < 2) return [[0, 0]];
  const pairs: [number, number][] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b) pairs.push([a, b]);
  return pairs;
}

/** The row of `groupMatchupRows` a finished game falls in (the order above, without allocating). */
function groupMatchupRow(s: SquirmishState): number {
  if (s.rules.monteGroups !== 'random') return 0;
  const n = s.table.groupCount;
  const a = s.monteNamed[0]!;
  const b = s.monteNamed[1]!;
  return n < 2 ? 0 : a * (n - 1) + (b > a ? b - 1 : b);
}

export const squirmishMetrics: GameMetricsSpec<SquirmishState> = {
  counters: C.list,
  seatCounters: S.list,
  record(s, counters, seat) {
    for (let k = 0; k < C.size; k++) counters[k]! += s.gameCounters[gameSlotOf[k]!]!;
    const victoryPile = S.at.victoryPile;
    for (let p = 0; p < s.players; p++) {
      for (let k = 0; k < S.size; k++) seat[p * S.size + k]! += k === victoryPile ? s.victoryLen[p]! : s.seatCounters[p * SEAT_COUNTERS + seatSlotOf[k]!]!;
    }
  },
  tables(rules, players): readonly MetricTableSpec[] {
    const r = rules as SquirmishRules;
    const table = tableOf(r);
    const specs: MetricTableSpec[] = [
      {
        name: 'cards',
        description: 'Per distinct card of the deck: raw counts summed over games',
        rows: rowsOf(r, table).map((c) => table.names[c]!),
        columns: CARD_TABLE_COLUMNS,
        // Card strength is the win rate when drawn (held): who holds a card is decided by the
        // shuffle, so it is the rate a stat edit moves without the bot's choice of what to place
        // mixed in (docs/analysis.md); `weights` and `fair` measure and tune it. The others are
        // secondary. (Declared in the old order so table columns keep their places; the balance
        // sheet puts the primary rate first.)
        rates: [
          { name: 'winRateWhenPlaced', wins: 'placedWins', of: 'placedGames', description: "win rate of a card's controller in games where it was placed (secondary: also reflects when the bot chooses to place it)" },
          { name: 'winRateWhenDrawn', wins: 'drawnWins', of: 'drawnGames', description: "card strength: win rate of a card's controller in games where it was drawn (held: dealt, drawn or drafted)", fairShare: true, primary: true },
          { name: 'winRateWhenNotPlaced', wins: 'notPlacedWins', of: 'notPlacedGames', description: 'win rate of a seat that drew the card but never placed it' },
        ],
        rowGroups: rowsOf(r, table).map((c) => {
          const g = table.group[c]!;
          return g >= 0 ? (table.groupNames[g] ?? 'no group') : 'no group';
        }),
      },
      {
        name: 'knockouts',
        description: 'Which card knocks out which: row = the card credited with the knock-out, column = the card knocked out',
        rows: rowsOf(r, table).map((c) => table.names[c]!),
        columns: rowsOf(r, table).map((c) => ({ name: table.names[c]!, description: `times ${table.names[c]!} was knocked out by the row card` })),
      },
    ];
    const pairs = groupMatchupRows(r, players, table.groupIds);
    if (pairs !== null)
      specs.push({
        name: 'groupMatchups',
        description: 'Per ordered pair "A vs B" of named groups (A named by seat 0, B by seat 1): games and results',
        rows: pairs.map(([a, b]) => `${table.groupNames[a]!} vs ${table.groupNames[b]!}`),
        columns: GROUP_MATCHUP_COLUMNS,
        rates: [
          { name: 'aWinRate', wins: 'aWins', of: 'games', description: 'the seat that named A (seat 0) won' },
          { name: 'bWinRate', wins: 'bWins', of: 'games', description: 'the seat that named B (seat 1) won' },
        ],
      });
    return specs;
  },
  recordTables(s, tables) {
    const gm = tables[2];
    if (gm !== undefined) {
      const o = groupMatchupRow(s) * GROUP_MATCHUP_COLUMNS.length;
      gm[o]!++;
      if (s.capped) gm[o + 4]!++;
      else if (s.winner < 0) gm[o + 3]!++;
      else gm[o + (s.winner === 0 ? 1 : 2)]!++;
    }
    const ko = tables[1]!;
    for (let k = 0; k < s.koCount; k++) ko[s.koList[k]!]!++;
    const out = tables[0]!;
    const w = CARD_TABLE_COLUMNS.length;
    const rows = s.rowCards.length;
    for (let r = 0; r < rows; r++) {
      const o = r * w;
      const st = r * CARD_COLS;
      const drawn = s.drawnMask[r]!;
      const placed = s.placedMask[r]!;
      // A card never drawn or placed stayed in the deck or discard pile: every count is 0.
      if (drawn === 0 && placed === 0) continue;
      {
        for (let p = 0; p < s.players; p++) {
          const bit = 1 << p;
          const won = !s.capped && s.winner === p ? 1 : 0;
          if ((drawn & bit) !== 0) {
            out[o]! += 1;
            out[o + 1]! += won;
            if ((placed & bit) === 0) {
              out[o + 4]! += 1;
              out[o + 5]! += won;
            }
          }
          if ((placed & bit) !== 0) {
            out[o + 2]! += 1;
            out[o + 3]! += won;
          }
        }
      }
      const attacks = s.cardStats[st + CC_ATTACKS]!;
      const attacked = s.cardStats[st + CC_ATTACKED]!;
      if (attacks > 0) out[o + 6]! += 1;
      if (attacked > 0) out[o + 7]! += 1;
      out[o + 8]! += attacks;
      out[o + 9]! += attacked;
      out[o + 10]! += s.cardStats[st + CC_KOS]!;
      out[o + 11]! += s.cardStats[st + CC_KOED]!;
      out[o + 12]! += s.cardStats[st + CC_DEALT]!;
      out[o + 13]! += s.cardStats[st + CC_TAKEN]!;
      out[o + 14]! += s.cardStats[st + CC_HEALED]!;
      out[o + 15]! += s.cardStats[st + CC_TURNS]!;
      out[o + 16]! += s.cardStats[st + CC_SPECIALS]!;
      out[o + 17]! += s.cardStats[st + CC_ABILITIES]!;
    }
  },
};
