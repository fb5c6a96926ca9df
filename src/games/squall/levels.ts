/**
 * Squall's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squall/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * The expert is brawler that waits (`holdBack: always`) and always adds the extra attack die. It
 * sets up where the edges and terrain leave an enemy the fewest places to stand against it (a
 * corner on open ground, a nook between walls where there is one) when it places first, else just
 * out of the enemy's reach; out of contact it waits just outside the enemy's reach instead of
 * walking in, so an enemy that comes to it (skilled and novice do) is struck first. The extra die
 * costs a defence die only against an attack from the front, and the brawlers attack from behind
 * whenever they can. The Fighter duel is short and the first blow and the back are its biggest
 * levers; the level costs what skilled costs. The previous expert, ISMCTS over brawler rollouts
 * (400 iterations, widening 0.25), scored 55.6% against skilled at about 0.33 games/s.
 */
import type { SkillLevel } from '../../sim/types.js';

export const squallLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'brawler, but half its moves are random (the strength dial at 0.5).', policy: 'brawler', epsilon: 0.5 },
  { name: 'skilled', description: 'brawler: closes in and fights.', policy: 'brawler' },
  {
    name: 'expert',
    description: 'brawler that waits: sets up where the edges and terrain shelter it most (a corner on open ground) or just out of the enemy\'s reach, waits there rather than walk in, so the enemy comes to it and is struck first (holdBack: always; when both wait, it comes in after a round); always adds the extra attack die.',
    policy: 'brawler',
    params: { holdBack: 'always', extraDie: 'always' },
  },
];
