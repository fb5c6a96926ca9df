/**
 * Squish! action encoding: one small integer per action. With a board of C = width x height
 * squares (square index q = y * width + x) and K blocks:
 *   Move(shard, q, push) = (shard * C + q) * 9 + push        (0 .. (K + 1) * C * 9 - 1)
 *     shard: 0 = no shard collected, k = collect the shard of block k (1..K; advanced game)
 *     q:     the marker's end square
 *     push:  0 = no push; d = 1..8 = the last MP pushes the marker standing on q one square
 *            in direction d (the mover ends on q, the pushed marker on q + d)
 *   ChooseDirection(d) = dirBase + d - 1, d = 1..8         (after a 9 on the direction die)
 * Ascending codes are the enumeration order of the rules doc's reference `random` policy
 * (see rules.ts legalActions).
 */

/** Directions 1..8 (index 0 unused): 1 = N, 2 = NE, 3 = E, 4 = SE, 5 = S, 6 = SW, 7 = W, 8 = NW. y grows southwards. */
export const DX = [0, 0, 1, 1, 1, 0, -1, -1, -1] as const;
export const DY = [0, -1, -1, 0, 1, 1, 1, 0, -1] as const;
export const DIR_NAMES = ['none', 'N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** Direction with components (dx, dy) in -1..1, not both 0. */
const DIR_OF = [8, 1, 2, 7, 0, 3, 6, 5, 4];
export const dirOf = (dx: number, dy: number): number => DIR_OF[(dy + 1) * 3 + dx + 1]!;
export const reverseDir = (d: number): number => ((d + 3) % 8) + 1;

export const moveAction = (shard: number, square: number, push: number, squares: number): number => (shard * squares + square) * 9 + push;
export const dirBase = (blocks: number, squares: number): number => (blocks + 1) * squares * 9;
export const isDirectionAction = (action: number, blocks: number, squares: number): boolean => action >= dirBase(blocks, squares);
export const actionPush = (action: number): number => action % 9;
export const actionSquare = (action: number, squares: number): number => Math.floor(action / 9) % squares;
export const actionShard = (action: number, squares: number): number => Math.floor(Math.floor(action / 9) / squares);
