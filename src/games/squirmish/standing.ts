/**
 * Who is ahead in Squirmish (docs/rules/squirmish.md, "Standing"): knock-outs first, as the
 * rules decide the winner (victoryTarget cards in the victory pile), then strength in play.
 *   score = (victory pile + ½ · share of the HP left in play) / (victoryTarget + ½), at most 1
 * The HP share (a seat's cards on the grid, HP minus damage, over every card on the grid) is
 * worth half a knock-out at most, so it orders seats with equal victory piles and never
 * outweighs a knock-out.
 */
import type { StandingSpec } from '../../sim/types.js';
import type { SquirmishState } from './state.js';

export const squirmishStanding: StandingSpec<SquirmishState> = {
  description: "(victory pile + half the seat's share of the HP left in play) / (victory target + 1/2)",
  score(s, out, at) {
    for (let p = 0; p < s.players; p++) out[at + p] = 0;
    let total = 0;
    for (let k = 0; k < s.gridCount; k++) {
      const i = s.gridList[k]!;
      const left = Math.max(0, s.hpOf(i) - s.damage[i]!);
      const p = s.owner[i]!;
      if (p >= 0) out[at + p]! += left;
      total += left;
    }
    const scale = s.rules.victoryTarget + 0.5;
    for (let p = 0; p < s.players; p++) {
      const share = total > 0 ? out[at + p]! / total : 0;
      out[at + p] = Math.min(1, (s.victoryLen[p]! + 0.5 * share) / scale);
    }
  },
};
