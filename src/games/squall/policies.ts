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
 *   flanker), with that style's parameters given under `brawler`, `sniper`, `flanker` (defaults
 *   otherwise) — the policy for matchup scenarios and the levels (levels.ts).
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
import type { SquallState } from './state.js';
import { STYLE_BRAWLER, STYLE_SNIPER, STYLE_FLANKER } from './world.js';
import { Brain } from './policy-brain.js';
import { brawlerParams, sniperParams, flankerParams, knobs, autoParams, StyledPlayer, type BrawlerParams, type SniperParams, type FlankerParams } from './policy-styled.js';
import { tryout } from './policy-tryout.js';

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

export const auto: PolicySpec<SquallState, SquallRules> = {
  description: "Plays each character by its roster `style` (brawler, sniper or flanker; each with that policy's parameters, defaults unless given under `brawler`, `sniper` or `flanker`): the policy for matchup scenarios and the levels.",
  paramsSchema: autoParams,
  create(params: z.output<typeof autoParams>): Policy<SquallState> {
    return new StyledPlayer(params);
  },
};

export const squallPolicies = { brawler, sniper, flanker, auto, tryout };
