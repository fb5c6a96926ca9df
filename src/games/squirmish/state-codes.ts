/**
 * The small integers a Squirmish state is written in (state.ts): where a card is, the
 * once-per-turn slots, the queue's capacity, event kinds, the steps of a turn, set-up phases,
 * the pending decision and the job kinds. Names of codes are declared keyed by the codes
 * (the kit's wordsByCode), so a code without its name fails to compile.
 */
import { wordsByCode } from '../kit/words.js';

export const LOC_NONE = 0;
export const LOC_DECK = 1;
export const LOC_HAND = 2;
export const LOC_GRID = 3;
export const LOC_DISCARD = 4;
export const LOC_VICTORY = 5;
export const LOC_PICK = 6;
export const LOC_ASIDE = 7;
type LocCode = typeof LOC_NONE | typeof LOC_DECK | typeof LOC_HAND | typeof LOC_GRID | typeof LOC_DISCARD | typeof LOC_VICTORY | typeof LOC_PICK | typeof LOC_ASIDE;
export const LOC_NAMES = wordsByCode<LocCode>({
  [LOC_NONE]: 'none',
  [LOC_DECK]: 'deck',
  [LOC_HAND]: 'hand',
  [LOC_GRID]: 'grid',
  [LOC_DISCARD]: 'discard',
  [LOC_VICTORY]: 'victory',
  [LOC_PICK]: 'picked',
  [LOC_ASIDE]: 'aside',
});

/** Once-per-turn bookkeeping slots per instance: abilities 0..7, specials 8..13, re-roll 15. */
export const SLOTS = 16;
export const REROLL_SLOT = 15;
export const QCAP = 256;
export const EV_CAP = 16;
export const EV_DAMAGE = 0;
export const EV_HEAL = 1;
export const EV_NO_EFFECT = 2;
export const EV_AVOIDED = 3;
export const EV_CONFUSED = 4;
export const EV_KO = 5;
export const EV_OWN_KO = 6;
export const EV_FRAGMENT = 7;
/** A die rolled inside a resolution re-rolled by a `reroll-any: any-roll` card (dice.ts). */
export const EV_REROLLED = 8;
export const FOREVER = 0x3fffffff;

// Steps of a turn (each edition lists them in its order, see steps.ts).
export const ST_ATTACK = 0;
export const ST_ABILITIES = 1;
export const ST_CLEANUP = 2;
export const ST_PLACE_MOVE = 3;
export const ST_DRAW = 4;
export const ST_PLACE = 5;
export const ST_MOVE_ATTACK = 6;
type StepCode = typeof ST_ATTACK | typeof ST_ABILITIES | typeof ST_CLEANUP | typeof ST_PLACE_MOVE | typeof ST_DRAW | typeof ST_PLACE | typeof ST_MOVE_ATTACK;
export const STEP_NAMES = wordsByCode<StepCode>({
  [ST_ATTACK]: 'attack',
  [ST_ABILITIES]: 'abilities',
  [ST_CLEANUP]: 'clean-up',
  [ST_PLACE_MOVE]: 'place or move',
  [ST_DRAW]: 'draw',
  [ST_PLACE]: 'place',
  [ST_MOVE_ATTACK]: 'move or attack',
});

// Setup phases, then turns.
export const PH_WEIGH_PICK = 0;
export const PH_WEIGH_PLACE = 1;
export const PH_DRAFT = 2;
export const PH_TURN = 3;

// The pending decision (what legalActions enumerates).
export const DEC_NONE = 0;
export const DEC_WEIGH_PICK = 1;
export const DEC_WEIGH_PLACE = 2;
export const DEC_DRAFT = 3;
export const DEC_STEP = 4;
export const DEC_REROLL = 5;
export const DEC_HAND = 6;
export const DEC_REATTACH = 7;
export const DEC_CONSOLATION = 8;
export const DEC_JOB = 9;
type DecisionCode = typeof DEC_NONE | typeof DEC_WEIGH_PICK | typeof DEC_WEIGH_PLACE | typeof DEC_DRAFT | typeof DEC_STEP | typeof DEC_REROLL | typeof DEC_HAND | typeof DEC_REATTACH | typeof DEC_CONSOLATION | typeof DEC_JOB;
export const DEC_NAMES = wordsByCode<DecisionCode>({
  [DEC_NONE]: 'none',
  [DEC_WEIGH_PICK]: 'weigh-in pick',
  [DEC_WEIGH_PLACE]: 'weigh-in placement',
  [DEC_DRAFT]: 'draft pick',
  [DEC_STEP]: 'step',
  [DEC_REROLL]: 're-roll',
  [DEC_HAND]: 'hand limit',
  [DEC_REATTACH]: 're-attachment',
  [DEC_CONSOLATION]: 'consolation prize',
  [DEC_JOB]: 'ability choice',
});

// Queue jobs.
export const JK_EFFECT = 0;
export const JK_ATTACK = 1;
