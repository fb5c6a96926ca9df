/**
 * Who is ahead in Squall (docs/rules/squall.md, "Standing"): each seat's HP left, as a share of
 * its team's starting HP. The last seat with a character standing wins; a seat whose characters
 * have all fallen (or that surrendered) scores 0.
 */
import type { StandingSpec } from '../../sim/types.js';
import type { SquallState } from './state.js';

export const squallStanding: StandingSpec<SquallState> = {
  description: "a seat's HP left as a share of its team's starting HP (fallen or surrendered characters count 0)",
  score(s, out, at) {
    for (let p = 0; p < s.players; p++) {
      let left = 0;
      let start = 0;
      const first = s.teamStart[p]!;
      for (let c = first; c < first + s.teamSize[p]!; c++) {
        start += s.hpMax(c);
        if (s.alive[c] !== 0) left += Math.max(0, s.hp[c]!);
      }
      out[at + p] = start > 0 ? left / start : 0;
    }
  },
};
