/**
 * Squish!'s skill ladder, weakest first (a seat's `level: NAME`; scenarios/squish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * No search level: in the simple game ISMCTS with random rollouts (200 iterations, 1.6 games/s)
 * scored 46.7% against seeker over 30 games, and with seeker rollouts (100 iterations) it plays
 * 0.1 games/s, too slow to be a level anyone would run.
 */
import type { SkillLevel } from '../../sim/types.js';

export const squishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'seeker, but half its moves are random (the strength dial at 0.5).', policy: 'seeker', epsilon: 0.5 },
  { name: 'skilled', description: 'seeker: heads for shards and away from squishes.', policy: 'seeker' },
];
