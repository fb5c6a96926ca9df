/**
 * Crafted Worms positions for rule tests: worms written as in the seed ("8 2 4 K", bottom to
 * top), the next cards to be drawn in order, and every other card in the deck below them, so
 * card conservation holds and the game's invariants can be checked on crafted positions too.
 */
import { worms } from '../../../src/games/worms/index.js';
import { wormsRulesSchema, type WormsRules } from '../../../src/games/worms/params.js';
import type { WormsState } from '../../../src/games/worms/state.js';
import { Rng } from '../../../src/sim/rng.js';

const RANKS: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };
export const rank = (c: string): number => RANKS[c] ?? Number(c);
export const cards = (text: string): number[] => (text.trim() === '' ? [] : text.trim().split(/\s+/).map(rank));

export interface PositionSpec {
  /** Per seat, its three worms ('' = dead). */
  worms: string[][];
  /** Cards the next draws will take, in draw order. */
  nextDraws?: string;
  /** Put every other card in the discard pile instead of the deck (for reshuffle tests). */
  restInDiscard?: boolean;
  toMove?: number;
  rules?: Partial<WormsRules>;
}

export function position(spec: PositionSpec): WormsState {
  const players = spec.worms.length;
  const rules = wormsRulesSchema.parse(spec.rules ?? {});
  const s = worms.createState(rules, players);
  const rng = new Rng();
  rng.seedGame(7, 0, 0);
  worms.reset(s, rng);
  const left = new Map<number, number>();
  for (let r = 2; r <= 14; r++) left.set(r, s.totalCards / 13);
  const take = (r: number) => {
    const n = left.get(r) ?? 0;
    if (n <= 0) throw new Error(`position uses more ${r}s than the decks hold`);
    left.set(r, n - 1);
  };
  s.alivePlayers = 0;
  for (let p = 0; p < players; p++) {
    let living = 0;
    spec.worms[p]!.forEach((text, k) => {
      const ranks = cards(text);
      ranks.forEach(take);
      s.setWorm(p * 3 + k, ranks);
      if (ranks.length > 0) living++;
    });
    s.living[p] = living;
    s.eliminatedAtTurn[p] = living === 0 ? 0 : -1;
    if (living > 0) s.alivePlayers++;
  }
  const draws = cards(spec.nextDraws ?? '');
  draws.forEach(take);
  const rest: number[] = [];
  for (const [r, n] of left) for (let i = 0; i < n; i++) rest.push(r);
  const deck = spec.restInDiscard ? [] : rest;
  s.discardLen = 0;
  if (spec.restInDiscard) for (const r of rest) s.toDiscard(r);
  // The deck's top is its end: the next draw is the last element.
  const ordered = [...deck, ...draws.reverse()];
  s.deck.set(ordered);
  s.deckLen = ordered.length;
  s.toMove = spec.toMove ?? 0;
  return s;
}

/** Worms of a seat as text, bottom to top, '' for dead. */
export function wormsOf(s: WormsState, seat: number): string[] {
  const names = ['', '', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  return [0, 1, 2].map((k) => s.wormCards(seat * 3 + k).map((r) => names[r]).join(' '));
}

/** The engine's rng is not needed by deterministic steps, but apply takes one. */
export function anyRng(): Rng {
  const rng = new Rng();
  rng.seedGame(99, 0, 0);
  return rng;
}
