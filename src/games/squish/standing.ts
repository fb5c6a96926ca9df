/**
 * Who is ahead in Squish! (docs/rules/squish.md, "Standing"), by what decides the winner:
 * - simple game: survival, as the share of the markers still on the board (a squished seat 0);
 * - advanced game, shards: the share of the shards held (the walk home is not scored);
 * - advanced game, last marker standing: survival and shards, (1 + shards) / (blocks + 1) for a
 *   marker on the board, 0 for one squished out.
 */
import type { StandingSpec } from '../../sim/types.js';
import type { SquishState } from './state.js';
import { popcount } from './markers.js';

export const squishStanding: StandingSpec<SquishState> = {
  description: 'simple game: share of the markers on the board; advanced: share of the shards held (last marker standing: (1 + shards) / (blocks + 1) while on the board)',
  score(s, out, at) {
    const blocks = s.blockCount;
    for (let p = 0; p < s.players; p++) {
      const onBoard = s.markerCell[p]! >= 0;
      out[at + p] = !s.advanced
        ? onBoard
          ? 1 / s.onBoard
          : 0
        : s.lastStanding
          ? onBoard
            ? (1 + popcount(s.held[p]!)) / (blocks + 1)
            : 0
          : popcount(s.held[p]!) / blocks;
    }
  },
};
