/**
 * One pairing of two entrants, as `squabble tournament` plays it and as a `tune:` block's level
 * target plays each pair of skill levels: the scenario with its seats filled by the two entrants
 * alternately (seat 0 the first, seat 1 the second, ...), seats rotating, its `entrants` list
 * dropped; and what each entrant won in the run.
 */
import type { Summary } from '../../sim/stats/summary.js';

/** A seat entry of a scenario (`policy` or `level`, with its parameters, dial and label). */
export type SeatEntry = { policy?: string; level?: string; params?: Record<string, unknown>; epsilon?: number; name?: string };

export interface Entrant {
  label: string;
  seat: SeatEntry;
}

/** The scenario data of one pairing of `a` and `b` over `players` seats, seats rotating. */
export function pairingData(data: Record<string, unknown>, a: Entrant, b: Entrant, players: number): Record<string, unknown> {
  const seats = Array.from({ length: players }, (_, k) => ({ ...(k % 2 === 0 ? a.seat : b.seat), name: k % 2 === 0 ? a.label : b.label }));
  const { entrants: _listed, ...scenario } = data;
  return { ...scenario, seats, players, seating: 'rotate' };
}

/**
 * Seats each side of a pairing holds over `players` seats: the first (a) takes seats 0, 2, 4...,
 * so with an odd count it holds one more (A, B, A). Entrants equally strong per seat then win in
 * proportion: a's expected share of decided games is seats[0] / players, not 50%.
 */
export function pairingSeats(players: number): [number, number] {
  return [Math.ceil(players / 2), Math.floor(players / 2)];
}

/** What a pairing's run gave each side: its wins (decided games), the draws and capped games, over all games. */
export interface PairingResult {
  aWins: number;
  bWins: number;
  draws: number;
  capped: number;
  games: number;
}

export function pairingResult(s: Summary, a: string, b: string): PairingResult {
  const winsOf = (label: string) => s.policies.find((p) => p.label === label)?.wins ?? 0;
  return { aWins: winsOf(a), bWins: winsOf(b), draws: s.draws.count, capped: s.capped.count, games: s.games };
}
