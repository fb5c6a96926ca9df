/**
 * Worms' skill ladder, weakest first (a seat's `level: NAME`; scenarios/worms/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert is the rollout policy (src/policies/rollout.ts) over the skilled builder. The
 * previous expert, ISMCTS with random rollouts (300 iterations; still `policy: ismcts`), scored
 * 65.7% against skilled at about 2 games/s; short rollouts scored by the standing beat long ones
 * (docs/skill-ladder.md).
 */
import type { SkillLevel } from '../../sim/types.js';

export const wormsLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'builder, but half its moves are random (the strength dial at 0.5).', policy: 'builder', epsilon: 0.5 },
  { name: 'skilled', description: 'builder: takes cards and keeps its own worms hard to kill.', policy: 'builder' },
  {
    name: 'expert',
    description: "rollout over builder: compares builder's choice and its next two by 6 rollouts each of 4 decisions (builder for every seat, the deck re-dealt, scored by the standing).",
    policy: 'rollout',
    params: { base: 'builder', rollouts: 6, candidates: 3, horizon: 4 },
  },
];
