/**
 * Worms' skill ladder, weakest first (a seat's `level: NAME`; scenarios/worms/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 */
import type { SkillLevel } from '../../sim/types.js';

export const wormsLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'builder, but half its moves are random (the strength dial at 0.5).', policy: 'builder', epsilon: 0.5 },
  { name: 'skilled', description: 'builder: takes cards and keeps its own worms hard to kill.', policy: 'builder' },
  { name: 'expert', description: 'ISMCTS, 300 iterations a decision with random rollouts, re-dealing the unseen deck each iteration.', policy: 'ismcts', params: { iterations: 300 } },
];
