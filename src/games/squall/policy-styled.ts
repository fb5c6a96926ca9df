/**
 * The parameters of Squall's heuristic policies (policies.ts) and the player behind `auto`: each
 * character played by a Brain of its roster style (or of one style for all, for the tryouts of
 * policy-tryout.ts).
 */
import { z } from 'zod';
import type { Policy } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { SquallState, PH_FIRST, PH_DEFEND } from './state.js';
import { STYLE_BRAWLER, STYLE_SNIPER, STYLE_FLANKER } from './world.js';
import { type Knobs } from './policy-scorers.js';
import { Brain } from './policy-brain.js';

export const bonusParams = {
  bonuses: z.enum(['smart', 'never', 'always']).default('smart').describe('When to spend SPECIAL on bonuses (see the policy notes).'),
  reserve: z.number().int().min(0).max(100).default(0).describe('SPECIAL points kept back (healing may still use them).'),
  surrenderBelow: z.number().min(0).max(1).default(0).describe('Surrender (when the rules allow it) once own HP falls below this fraction of the start while every enemy has more than half; 0 = never.'),
};

export const brawlerParams = z.strictObject({
  preferRear: z.boolean().default(true).describe('Among reachable BTB points, prefer one outside the enemy\'s field of view.'),
  holdBack: z
    .enum(['never', 'faster', 'always'])
    .default('faster')
    .describe('When it cannot reach contact this phase, end the MOVE and HALF-MOVE just outside every enemy\'s reach (its MOVE plus any longer-move bonus it can afford, plus 0.25") rather than walk in and be struck first: never; faster = only when its own MOVE is longer than the target\'s reach (so it gets the first blow next turn); always = whatever the speeds (unless both stand out of each other\'s reach once every seat has had a turn: the enemy waits too, so one not faster comes in; and never for an enemy that shoots harder than it: waiting would hand it free shots), and it sets up where the edges and terrain leave an enemy the fewest places to stand against it when it places first (a corner on open ground), else just out of the placed enemies\' reach (the most sheltered such spot).'),
  patience: z.number().int().min(0).max(10_000).default(30).describe('Holds back only during the game\'s first this many seat turns, then closes in as before (two bots that both wait would otherwise never meet).'),
  extraDie: z.enum(['auto', 'always', 'never']).default('auto').describe('Add a defence die to the attack: auto = when HP is at least half or the extra die could kill.'),
  ...bonusParams,
});

export const sniperParams = z.strictObject({
  safetyWeight: z.number().min(0).max(100).default(1).describe('Weight of staying out of the enemies\' melee reach.'),
  coverWeight: z.number().min(0).max(100).default(1).describe('Weight of being covered from enemy shooters.'),
  extraDie: z.enum(['auto', 'always', 'never']).default('never').describe('Add a defence die to a melee attack (auto = only when it could kill).'),
  ...bonusParams,
});

export const flankerParams = z.strictObject({
  frontalAttack: z.boolean().default(true).describe('When no point behind the enemy can be reached this MOVE, attack from its side or front rather than wait.'),
  hitAndRun: z.boolean().default(true).describe('After attacking, use the HALF-MOVE to get out of the enemy\'s reach.'),
  extraDie: z.enum(['auto', 'always', 'never']).default('auto').describe('Add a defence die to the attack: auto = when HP is at least half or the extra die could kill.'),
  ...bonusParams,
});

export type BrawlerParams = z.output<typeof brawlerParams>;
export type SniperParams = z.output<typeof sniperParams>;
export type FlankerParams = z.output<typeof flankerParams>;

export function knobs(style: number, p: Partial<Knobs> & Pick<Knobs, 'extraDie' | 'bonuses' | 'reserve' | 'surrenderBelow'>): Knobs {
  return {
    style,
    preferRear: p.preferRear ?? true,
    holdBack: p.holdBack ?? 'faster',
    patience: p.patience ?? 30,
    frontalAttack: p.frontalAttack ?? true,
    hitAndRun: p.hitAndRun ?? true,
    safetyWeight: p.safetyWeight ?? 1,
    coverWeight: p.coverWeight ?? 1,
    extraDie: p.extraDie,
    bonuses: p.bonuses,
    reserve: p.reserve,
    surrenderBelow: p.surrenderBelow,
  };
}

/** `auto`'s parameters (and each tryout candidate's): `bonuses` for all, then each style's own. */
export const styleParams = {
  bonuses: bonusParams.bonuses,
  brawler: brawlerParams.partial().default({}).describe('Parameters for the characters played as brawlers (the brawler policy\'s; its defaults, and `bonuses`, apply to any left out).'),
  sniper: sniperParams.partial().default({}).describe('Parameters for the characters played as snipers (the sniper policy\'s; its defaults, and `bonuses`, apply to any left out).'),
  flanker: flankerParams.partial().default({}).describe('Parameters for the characters played as flankers (the flanker policy\'s; its defaults, and `bonuses`, apply to any left out).'),
};

export const autoParams = z.strictObject(styleParams);

type StyleInput = Partial<Record<'brawler' | 'sniper' | 'flanker', Record<string, unknown>>> & { bonuses?: 'smart' | 'never' | 'always' };

/**
 * Plays each character by a Brain of its roster style (a level built on it plays an Archer as a
 * shooter and an Ogre as a brawler on any content, not as the scenario's author chose), or, with
 * `only` a style index, every character by that style. The per-style parameters are parsed with
 * that style's own schema (its defaults).
 */
export class StyledPlayer implements Policy<SquallState> {
  private readonly brains: Brain[];

  constructor(params: StyleInput, private readonly only = -1) {
    const bonuses = params.bonuses ?? 'smart';
    this.brains = [
      new Brain(knobs(STYLE_BRAWLER, brawlerParams.parse({ bonuses, ...params.brawler }))),
      new Brain(knobs(STYLE_SNIPER, sniperParams.parse({ bonuses, ...params.sniper }))),
      new Brain(knobs(STYLE_FLANKER, flankerParams.parse({ bonuses, ...params.flanker }))),
    ];
  }

  choose(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    if (this.only >= 0) return this.brains[this.only]!.choose(s, actions, n, rng);
    const c = s.phase === PH_DEFEND ? s.target : s.phase === PH_FIRST ? s.teamStart[s.toMove]! : s.active;
    return this.brains[s.world.rStyle[s.kind[c]!]!]!.choose(s, actions, n, rng);
  }
}
