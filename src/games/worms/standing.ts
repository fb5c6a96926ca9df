/**
 * Who is ahead in Worms (docs/rules/worms.md, "Standing"): each seat's share of the cards in
 * living worms. The last seat with a living worm wins, holding every card left in a worm (1);
 * an eliminated seat holds none (0).
 */
import type { StandingSpec } from '../../sim/types.js';
import { WORMS_PER_PLAYER } from './params.js';
import type { WormsState } from './state.js';

export const wormsStanding: StandingSpec<WormsState> = {
  description: "a seat's share of the cards in living worms (1 = every card left in a worm is its own)",
  // A Worms game costs ~20 µs; following its standing in every game cost 10-40% of that
  // (bench/README.md "Measured costs"), so after the first 4,096 games only every 32nd is followed.
  followGames: { all: 4096, every: 32 },
  score(s, out, at) {
    let total = 0;
    for (let p = 0; p < s.players; p++) {
      let cards = 0;
      for (let w = p * WORMS_PER_PLAYER; w < (p + 1) * WORMS_PER_PLAYER; w++) cards += s.top[w]! - s.bottom[w]!;
      out[at + p] = cards;
      total += cards;
    }
    for (let p = 0; p < s.players; p++) out[at + p] = total > 0 ? out[at + p]! / total : 0;
  },
};
