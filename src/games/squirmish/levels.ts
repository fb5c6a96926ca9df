/**
 * Squirmish's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squirmish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert stays planner: the rollout policy over greedy (6 rollouts of 6 decisions for each
 * of 4 candidates) scored 58.8% against greedy over 1,200 games at about 11 games per
 * CPU-second, no better than planner's 61.0% at ten times the cost (docs/skill-ladder.md).
 */
import type { SkillLevel } from '../../sim/types.js';

export const squirmishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'greedy, but half its moves are random (the strength dial at 0.5).', policy: 'greedy', epsilon: 0.5 },
  { name: 'skilled', description: 'greedy: the move with the best immediate damage and knock-outs.', policy: 'greedy' },
  { name: 'expert', description: 'planner: weighs damage, danger to its own cards, presence, synergy and the prize race.', policy: 'planner' },
];
