/**
 * Squirmish's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squirmish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 */
import type { SkillLevel } from '../../sim/types.js';

export const squirmishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'greedy, but half its moves are random (the strength dial at 0.5).', policy: 'greedy', epsilon: 0.5 },
  { name: 'skilled', description: 'greedy: the move with the best immediate damage and knock-outs.', policy: 'greedy' },
  { name: 'expert', description: 'planner: weighs damage, danger to its own cards, presence, synergy and the prize race.', policy: 'planner' },
];
