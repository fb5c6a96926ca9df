/**
 * Squirmish's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squirmish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert is the rollout policy (src/policies/rollout.ts) over the skilled greedy. The
 * previous expert, planner (a weighted heuristic, still `policy: planner`), scored 61.0% against
 * greedy on Classic 70 but lost to it on the tabletop edition with three players.
 */
import type { SkillLevel } from '../../sim/types.js';

export const squirmishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'greedy, but half its moves are random (the strength dial at 0.5).', policy: 'greedy', epsilon: 0.5 },
  { name: 'skilled', description: 'greedy: the move with the best immediate damage and knock-outs.', policy: 'greedy' },
  {
    name: 'expert',
    description: "rollout over greedy: compares greedy's choice and its next three by 6 rollouts each of 6 decisions (greedy for every seat, unseen cards re-dealt, scored by the standing).",
    policy: 'rollout',
    params: { base: 'greedy', rollouts: 6, candidates: 4, horizon: 6 },
  },
];
