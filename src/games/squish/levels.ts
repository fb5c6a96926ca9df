/**
 * Squish!'s skill ladder, weakest first (a seat's `level: NAME`; scenarios/squish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 */
import type { SkillLevel } from '../../sim/types.js';

export const squishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'seeker, but half its moves are random (the strength dial at 0.5).', policy: 'seeker', epsilon: 0.5 },
  { name: 'skilled', description: 'seeker: heads for shards and away from squishes.', policy: 'seeker' },
  { name: 'expert', description: 'ISMCTS, 100 iterations a decision with seeker rollouts.', policy: 'ismcts', params: { iterations: 100, rollout: 'seeker' } },
];
