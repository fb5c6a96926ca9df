/**
 * Squall's skill ladder, weakest first (a seat's `level: NAME`; scenarios/squall/skill-ladder.yaml
 * plays them against each other; margins and costs in docs/skill-ladder.md).
 *
 * Every level plays each character by the style its roster entry gives (`auto`: an Archer as a
 * shooter, an Ogre as a brawler), so the ladder holds on any pairing, not only on the one its
 * author had in mind (until 2026-11-28 every level was the brawler: on a generated Archer v Ogre
 * layout the Archer walked into melee at every level).
 *
 * The expert (`tryout`, policy-tryout.ts) takes its strength from the game on the content in
 * front of it: before its first decision it plays 64 whole games per way of playing its
 * characters (by roster style as skilled plays them; the brawler that waits, which gave the
 * Fighter duel its 61%; all as brawlers, shooters, flankers or waiting brawlers; a few variants;
 * policy-tryout.ts lists the eight) against skilled in the other seats, once per seat, and plays
 * the one that won most (skilled's own play on ties and small margins). On the Fighter duel it
 * picks the waiting brawler; on generated contents it picks by the pairing and the terrain. Its
 * cost is the tryout games (8 x 64 per seat and matchup pair, once per worker, at most 20,000),
 * then what skilled costs. Earlier experts: the waiting brawler on every character (61% on the
 * Fighter duel, 51.9% over 12 generated contents); ISMCTS over brawler rollouts (400
 * iterations, 55.6% on the Fighter duel at about 0.33 games/s).
 */
import type { SkillLevel } from '../../sim/types.js';

export const squallLevels: readonly SkillLevel[] = [
  { name: 'random', description: 'A uniformly random legal move.', policy: 'random' },
  { name: 'novice', description: 'Each character by its roster style (auto), but half its moves are random (the strength dial at 0.5).', policy: 'auto', epsilon: 0.5 },
  { name: 'skilled', description: 'Each character by its roster style (auto): brawlers close in and fight, snipers keep their distance and shoot, flankers go for the back.', policy: 'auto' },
  {
    name: 'expert',
    description: 'tryout: before its first decision plays 64 games per way of playing its characters (by roster style, with the brawler that waits, all as brawlers, shooters, flankers or waiting brawlers, a few variants) against skilled on this content, once per seat, and plays the one that won most.',
    policy: 'tryout',
  },
];
