/**
 * The steps of a Squirmish turn in each edition (docs/rules/squirmish.md, "A turn"): videogame
 * attacks first and draws last, tabletop draws first. `stepIdx` indexes these lists.
 */
import { SquirmishState } from './state.js';
import { ST_ABILITIES, ST_ATTACK, ST_CLEANUP, ST_DRAW, ST_MOVE_ATTACK, ST_PLACE, ST_PLACE_MOVE } from './state-codes.js';
const VG_STEPS = [ST_ATTACK, ST_ABILITIES, ST_CLEANUP, ST_PLACE_MOVE, ST_DRAW];
const TT_STEPS = [ST_DRAW, ST_PLACE, ST_MOVE_ATTACK, ST_ABILITIES, ST_CLEANUP];

export function stepsOf(s: SquirmishState): readonly number[] {
  return s.videogame ? VG_STEPS : TT_STEPS;
}
export function currentStep(s: SquirmishState): number {
  return stepsOf(s)[s.stepIdx]!;
}
