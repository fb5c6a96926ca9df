/**
 * Squirmish's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squirmish/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert is the rollout policy (src/policies/rollout.ts) over planner, so its strength comes
 * from playing the game forward: planner alone beat greedy in the videogame edition (61-63%) but
 * not at the tabletop (about 50-53% with 2-4 players, issue 31), and the rollout policy without
 * a confidence test lost to its own base there (44.5% over 200 games): with a few rollouts,
 * close candidates are told apart by luck, so it skipped its draw four times in ten. With
 * `confidence: 2` a candidate replaces planner's choice only when it leads it by two standard
 * errors over the paired rollouts (docs/skill-ladder.md has the figures).
 */
import type { SkillLevel } from '../../sim/types.js';

export const squirmishLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'greedy, but half its moves are random (the strength dial at 0.5).', policy: 'greedy', epsilon: 0.5 },
  { name: 'skilled', description: 'greedy: the move with the best immediate damage and knock-outs.', policy: 'greedy' },
  {
    name: 'expert',
    description:
      "rollout over planner: compares planner's choice and its next two by 6 rollouts each of 4 decisions (planner for every seat, unseen cards re-dealt, scored by the standing), and leaves planner's choice only for one that leads it by two standard errors.",
    policy: 'rollout',
    params: { base: 'planner', rollouts: 6, candidates: 3, horizon: 4, confidence: 2 },
  },
];
