/**
 * Squall's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squall/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert is ISMCTS over brawler: 400 iterations a decision, brawler rollouts, and narrow
 * progressive widening (0.25: a node visited v times may have 1 + 0.25 * sqrt(v) children, tried
 * in brawler's order of preference), so the search checks brawler's few favourite moves against
 * each other rather than spreading its rollouts over every candidate. With the default widening
 * (1) or none, ISMCTS (50-800 iterations, brawler or flanker rollouts) scored 40-55% against
 * brawler, no step up (docs/skill-ladder.md).
 */
import type { SkillLevel } from '../../sim/types.js';

export const squallLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'brawler, but half its moves are random (the strength dial at 0.5).', policy: 'brawler', epsilon: 0.5 },
  { name: 'skilled', description: 'brawler: closes in and fights.', policy: 'brawler' },
  {
    name: 'expert',
    description: "ISMCTS, 400 iterations a decision with brawler rollouts, widening 0.25: searches among brawler's few favourite moves.",
    policy: 'ismcts',
    params: { iterations: 400, rollout: 'brawler', widening: 0.25 },
  },
];
