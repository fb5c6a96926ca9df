/**
 * Squish!'s skill ladder, weakest first (a seat's `level: NAME`; scenarios/squish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert is hunter, seeker with a lookahead of one roll for the opponents too (every
 * outcome, exactly). ISMCTS was no step up: with random rollouts (200 iterations, 1.6 games/s) it
 * scored 46.7% against seeker over 30 games, and with seeker rollouts (100 iterations) it plays
 * 0.1 games/s.
 */
import type { SkillLevel } from '../../sim/types.js';

export const squishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'seeker, but half its moves are random (the strength dial at 0.5).', policy: 'seeker', epsilon: 0.5 },
  { name: 'skilled', description: 'seeker: heads for shards and away from squishes.', policy: 'seeker' },
  { name: 'expert', description: "hunter: seeker that also plays out the next roll for the opponents' markers, pushing them into danger, and squishes them on a 9.", policy: 'hunter' },
];
