/**
 * What a Squirmish game counts (metrics.ts reads them): the per-card columns of the card table,
 * the whole-game and per-seat counters, and the card types that get a row.
 */
import type { SquirmishRules } from './params.js';
import type { CardTable } from './card-table.js';

// Per-card measurement columns (metrics.ts), per row and game.
export const CARD_COLS = 10;
export const CC_ATTACKS = 0;
export const CC_ATTACKED = 1;
/** Knock-outs one game can record for the KO matrix (a game ends after a few; the cap is far above). */
export const KO_LIST_CAP = 1024;
export const CC_KOS = 2;
export const CC_KOED = 3;
export const CC_DEALT = 4;
export const CC_TAKEN = 5;
export const CC_HEALED = 6;
export const CC_TURNS = 7;
export const CC_SPECIALS = 8;
export const CC_ABILITIES = 9;

// Whole-game counters (metrics.ts).
export const G_ATTACKS = 0;
export const G_KOS = 1;
export const G_OWN_KOS = 2;
export const G_FRAGMENTATIONS = 3;
export const G_REATTACHED = 4;
export const G_RESHUFFLES = 5;
export const G_PLACEMENTS = 6;
export const G_REPLACEMENTS = 7;
export const G_MOVES = 8;
export const G_DRAWS = 9;
export const G_HAND_DISCARDS = 10;
export const G_SPECIALS = 11;
export const G_WEIRD = 12;
export const G_AVOIDED = 13;
export const G_REROLLS = 14;
export const G_CONSOLATIONS = 15;
export const G_NO_EFFECT = 16;
export const G_TIES = 17;
export const G_CONFUSED = 18;
export const G_EXTRA_ATTACKS = 19;
export const G_DAMAGE = 20;
export const G_HEALING = 21;
export const GAME_COUNTERS = 22;

export const S_ATTACKS = 0;
export const S_KOS = 1;
export const S_DAMAGE = 2;
export const S_PLACEMENTS = 3;
export const S_MOVES = 4;
export const S_DRAWS = 5;
export const S_VICTORY = 6;
export const S_KOED = 7;
export const SEAT_COUNTERS = 8;

/** Metric rows: the distinct card types that can appear under these rules, in pool order. */
export function rowsOf(rules: SquirmishRules, table: CardTable): number[] {
  const named = new Set<string>();
  if (rules.deckStyle === 'custom' && Array.isArray(rules.decklist)) for (const n of rules.decklist) named.add(n);
  else if (rules.deckStyle === 'mini' && rules.miniDecks) for (const m of rules.miniDecks) if (Array.isArray(m)) for (const n of m) named.add(n);
  const rows: number[] = [];
  for (let c = 0; c < table.count; c++) if (named.size === 0 || named.has(table.names[c]!)) rows.push(c);
  return rows;
}
