/**
 * The `setup` rules field every game has, with one meaning everywhere: `fixed` plays the set-up
 * the rules doc and the scenario fix (seat 0 moves first, seat i gets the i-th start square,
 * edge or character list); `random` redraws, for every game from that game's own stream, whatever
 * of that set-up the rules leave free (who moves or places first, which seat gets which start
 * square, edge or character), so first-player and seat figures measure the game rather than a
 * fixed seating. Each game's field description says what it redraws.
 */
import { z } from 'zod';

export const SETUPS = ['fixed', 'random'] as const;
export type Setup = (typeof SETUPS)[number];

export function setupField(redraws: string) {
  return z
    .enum(SETUPS)
    .default('fixed')
    .describe(`Set-up per game. fixed (default): as the rules and the scenario fix it, seat by seat. random: for every game, drawn from the game's seed: ${redraws}`);
}
