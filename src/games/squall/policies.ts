/**
 * Squall heuristic policies. Squall has no hidden information: policies read the whole state.
 * Each scores the legal actions of the decision at hand and takes the best, breaking ties
 * uniformly at random with the game's rng (so no seat or direction is favoured). None
 * allocates per decision: scratch arrays are made in `create`.
 *
 * - `brawler`: closes in on the nearest enemy along the planner's path and ends its MOVE in BTB
 *   when it can (preferring a point behind the enemy's field of view), attacks the weakest enemy
 *   in contact, stays in contact in the HALF-MOVE, always ends facing the enemy. When it cannot
 *   reach contact this phase and is faster than its target (holdBack), it ends the MOVE and the
 *   HALF-MOVE just outside the enemies' reach, so the enemy must come and it strikes first. It
 *   sets up as near the enemy (or the middle) as it can.
 * - `sniper`: keeps its distance: in the MOVE it seeks a spot from which it can shoot (clear
 *   line of sight preferred to a covered one) that is not in contact and that its HALF-MOVE can
 *   take out of reach, then in the HALF-MOVE gets out of the enemies' reach, preferring spots
 *   covered from enemy shooters and away from edges and corners. Never moves into contact; sets
 *   up, after an enemy, where it has the most room to run from it (not the farthest corner).
 * - `flanker`: attacks from outside the target's field of view whenever a BTB point behind it
 *   can be reached; otherwise (frontalAttack) from its side or front when in reach; otherwise it
 *   hovers just outside the reach of a melee-only enemy, as near its back as possible, so that
 *   the enemy must come to it, but closes in on an enemy that shoots. After attacking it steps
 *   back out of reach (hitAndRun).
 * - `auto`: plays each character by the `style` its roster entry gives (brawler, sniper or
 *   flanker) with default parameters — the policy for matchup scenarios.
 *
 * Bonuses (all three): `bonuses: smart` uses a bonus when it helps now — extra damage and
 * attack dice whenever attacking, healing when at least the amount is missing or HP is at half
 * or less, longer moves when the best move gets better with them, extra attacks always, a
 * melee re-roll when the dice are below average, a ranged re-roll after a miss, extra defence
 * dice when the known attack would take HP, ripostes always, ignore-cover when the target is
 * covered, extra moves for snipers and flankers (never for brawlers, who stay in contact).
 * `never` never uses one; `always` tries every bonus offered. `reserve` SPECIAL points are
 * kept back except for healing.
 */
import { z } from 'zod';
import type { PolicySpec, Policy } from '../../sim/types.js';
import { type SquallRules } from './params.js';
import { SquallState, PH_FIRST, PH_DEFEND } from './state.js';
import { STYLE_BRAWLER, STYLE_SNIPER, STYLE_FLANKER } from './world.js';
import { type Knobs } from './policy-scorers.js';
import { Brain } from './policy-brain.js';

const bonusParams = {
  bonuses: z.enum(['smart', 'never', 'always']).default('smart').describe('When to spend SPECIAL on bonuses (see the policy notes).'),
  reserve: z.number().int().min(0).max(100).default(0).describe('SPECIAL points kept back (healing may still use them).'),
  surrenderBelow: z.number().min(0).max(1).default(0).describe('Surrender (when the rules allow it) once own HP falls below this fraction of the start while every enemy has more than half; 0 = never.'),
};

const brawlerParams = z.strictObject({
  preferRear: z.boolean().default(true).describe('Among reachable BTB points, prefer one outside the enemy\'s field of view.'),
  holdBack: z
    .enum(['never', 'faster', 'always'])
    .default('faster')
    .describe('When it cannot reach contact this phase, end the MOVE and HALF-MOVE just outside every enemy\'s reach (its MOVE plus any longer-move bonus it can afford, plus 0.25") rather than walk in and be struck first: never; faster = only when its own MOVE is longer than the target\'s reach (so it gets the first blow next turn); always = whatever the speeds (unless both stand out of each other\'s reach once every seat has had a turn: the enemy waits too, so one not faster comes in), and it sets up where the edges and terrain leave an enemy the fewest places to stand against it when it places first (a corner on open ground), else just out of the placed enemies\' reach (the most sheltered such spot).'),
  patience: z.number().int().min(0).max(10_000).default(30).describe('Holds back only during the game\'s first this many seat turns, then closes in as before (two bots that both wait would otherwise never meet).'),
  extraDie: z.enum(['auto', 'always', 'never']).default('auto').describe('Add a defence die to the attack: auto = when HP is at least half or the extra die could kill.'),
  ...bonusParams,
});

const sniperParams = z.strictObject({
  safetyWeight: z.number().min(0).max(100).default(1).describe('Weight of staying out of the enemies\' melee reach.'),
  coverWeight: z.number().min(0).max(100).default(1).describe('Weight of being covered from enemy shooters.'),
  extraDie: z.enum(['auto', 'always', 'never']).default('never').describe('Add a defence die to a melee attack (auto = only when it could kill).'),
  ...bonusParams,
});

const flankerParams = z.strictObject({
  frontalAttack: z.boolean().default(true).describe('When no point behind the enemy can be reached this MOVE, attack from its side or front rather than wait.'),
  hitAndRun: z.boolean().default(true).describe('After attacking, use the HALF-MOVE to get out of the enemy\'s reach.'),
  extraDie: z.enum(['auto', 'always', 'never']).default('auto').describe('Add a defence die to the attack: auto = when HP is at least half or the extra die could kill.'),
  ...bonusParams,
});

type BrawlerParams = z.output<typeof brawlerParams>;
type SniperParams = z.output<typeof sniperParams>;
type FlankerParams = z.output<typeof flankerParams>;

function knobs(style: number, p: Partial<Knobs> & Pick<Knobs, 'extraDie' | 'bonuses' | 'reserve' | 'surrenderBelow'>): Knobs {
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

export const brawler: PolicySpec<SquallState, SquallRules> = {
  description:
    "Closes in on the nearest enemy along the planner's path and ends its MOVE in BTB when it can (preferring a point behind the enemy's field of view); when it cannot and it is faster than the enemy, stops just outside the enemy's reach so that it strikes first; attacks the weakest enemy in contact; stays in contact; always faces the enemy.",
  paramsSchema: brawlerParams,
  create(params: BrawlerParams): Policy<SquallState> {
    const brain = new Brain(knobs(STYLE_BRAWLER, params));
    return { choose: (s, actions, n, rng) => brain.choose(s, actions, n, rng) };
  },
};

export const sniper: PolicySpec<SquallState, SquallRules> = {
  description:
    'Keeps its distance: moves to a spot with a shot (clear line of sight preferred, never in contact), shoots the target it is likeliest to hurt, then half-moves out of the enemies\' reach, preferring cover from enemy shooters.',
  paramsSchema: sniperParams,
  create(params: SniperParams): Policy<SquallState> {
    const brain = new Brain(knobs(STYLE_SNIPER, params));
    return { choose: (s, actions, n, rng) => brain.choose(s, actions, n, rng) };
  },
};

export const flanker: PolicySpec<SquallState, SquallRules> = {
  description:
    "Attacks from outside the target's field of view when a point behind it is in reach, else from the side or front (frontalAttack); hovers just out of a melee enemy's reach near its back, closes on shooters; steps out of reach after attacking (hitAndRun).",
  paramsSchema: flankerParams,
  create(params: FlankerParams): Policy<SquallState> {
    const brain = new Brain(knobs(STYLE_FLANKER, params));
    return { choose: (s, actions, n, rng) => brain.choose(s, actions, n, rng) };
  },
};

const autoParams = z.strictObject({
  bonuses: bonusParams.bonuses,
});

export const auto: PolicySpec<SquallState, SquallRules> = {
  description: "Plays each character by its roster `style` (brawler, sniper or flanker, default parameters): the policy for matchup scenarios.",
  paramsSchema: autoParams,
  create(params: z.output<typeof autoParams>): Policy<SquallState> {
    const common = { extraDie: 'auto' as const, bonuses: params.bonuses, reserve: 0, surrenderBelow: 0 };
    const brains = [
      new Brain(knobs(STYLE_BRAWLER, common)),
      new Brain(knobs(STYLE_SNIPER, { ...common, extraDie: 'never' })),
      new Brain(knobs(STYLE_FLANKER, common)),
    ];
    return {
      choose(s, actions, n, rng) {
        const c = s.phase === PH_DEFEND ? s.target : s.phase === PH_FIRST ? s.teamStart[s.toMove]! : s.active;
        return brains[s.world.rStyle[s.kind[c]!]!]!.choose(s, actions, n, rng);
      },
    };
  },
};

export const squallPolicies = { brawler, sniper, flanker, auto };
