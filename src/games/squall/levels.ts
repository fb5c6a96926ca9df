/**
 * Squall's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squall/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * No search level: ISMCTS with brawler or flanker rollouts (50-100 iterations, 1.7-3 games/s)
 * scored 40-48% against brawler in the default duel, so it would not be a step up.
 */
import type { SkillLevel } from '../../sim/types.js';

export const squallLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'brawler, but half its moves are random (the strength dial at 0.5).', policy: 'brawler', epsilon: 0.5 },
  { name: 'skilled', description: 'brawler: closes in and fights.', policy: 'brawler' },
];
