/**
 * The words of the Squirmish card language (docs/cards.md) and the small integers they compile
 * to. Card files name these words; the engine only ever sees the integers. Lists of words indexed
 * by code are declared keyed by the code constants (the game kit's `wordsByCode`), so a code
 * without its word fails to compile.
 */
import { wordsByCode } from '../kit/words.js';

/** Trigger codes; TRIGGERS below maps the words to them. */
export const T_ATTACK = 0;
export const T_ATTACKED = 1;
export const T_AFTER_ATTACK = 2;
export const T_STATIC = 3;
export const T_WEIRD = 4;
export const T_OPP_DRAW = 5;
export const T_PLACED = 6;
export const T_TURN_START = 7;

/** When an ability fires (`when:` in a card file). */
export const TRIGGERS = {
  /** This card attacks (attacking ability): modifiers for this attack, then its effects. */
  attack: T_ATTACK,
  /** This card's first attack since it entered play (an attack trigger with a first-attack condition). */
  'first-attack': T_ATTACK,
  /** This card is attacked (defensive ability). */
  attacked: T_ATTACKED,
  /** After this card's attack has been resolved. */
  'after-attack': T_AFTER_ATTACK,
  /** Always on while the card is in play (static ability). */
  always: T_STATIC,
  /** Always on while two or more cards of the card's group are in play. */
  'group-active': T_STATIC,
  /** Weird ability: once per turn on its controller's turn, in the abilities step, if the controller chooses. */
  'your-turn': T_WEIRD,
  /** Another player draws a card. */
  'opponent-draws': T_OPP_DRAW,
  /** This card is placed in the Squirmish (from hand). */
  placed: T_PLACED,
  /** On its own at the start of its controller's turn, before the first step. */
  'turn-start': T_TURN_START,
} as const;
export type TriggerName = keyof typeof TRIGGERS;
export const TRIGGER_COUNT = 8;
type TriggerCode = typeof T_ATTACK | typeof T_ATTACKED | typeof T_AFTER_ATTACK | typeof T_STATIC | typeof T_WEIRD | typeof T_OPP_DRAW | typeof T_PLACED | typeof T_TURN_START;
/** Each trigger's word as rendered (the first of its words in TRIGGERS), indexed by trigger. */
export const TRIGGER_NAMES = wordsByCode<TriggerCode>({
  [T_ATTACK]: 'attack',
  [T_ATTACKED]: 'attacked',
  [T_AFTER_ATTACK]: 'after-attack',
  [T_STATIC]: 'always',
  [T_WEIRD]: 'your-turn',
  [T_OPP_DRAW]: 'opponent-draws',
  [T_PLACED]: 'placed',
  [T_TURN_START]: 'turn-start',
});

/** Target codes; TARGETS below maps the words to them. */
export const TO_TARGET = 0;
export const TO_ATTACKER = 1;
export const TO_SELF = 2;
export const TO_ADJ_ENEMIES = 3;
export const TO_ADJ_ALL = 4;
export const TO_ADJ_OWN = 5;
export const TO_TADJ_ENEMIES = 6;
export const TO_TADJ_ALL = 7;
export const TO_CHOSEN = 8;
export const TO_CHOSEN_ENEMY = 9;
export const TO_CHOSEN_OWN = 10;
export const TO_ALL_ENEMIES = 11;
export const TO_ALL_OWN = 12;
export const TO_ALL = 13;
export const TO_ADJ_ALL_BUT_TARGET = 14;
export const TO_ADJ_ENEMIES_BUT_TARGET = 15;
export const TO_ADJ_OWN_BUT_TARGET = 16;
/** Who an effect reaches (`to:`). "Enemy" and "own" are relative to the controller of the card with the ability. */
export const TARGETS = {
  target: TO_TARGET,
  attacker: TO_ATTACKER,
  self: TO_SELF,
  'adjacent-enemies': TO_ADJ_ENEMIES,
  'adjacent-all': TO_ADJ_ALL,
  'adjacent-own': TO_ADJ_OWN,
  'target-adjacent-enemies': TO_TADJ_ENEMIES,
  'target-adjacent-all': TO_TADJ_ALL,
  chosen: TO_CHOSEN,
  'chosen-enemy': TO_CHOSEN_ENEMY,
  'chosen-own': TO_CHOSEN_OWN,
  'all-enemies': TO_ALL_ENEMIES,
  'all-own': TO_ALL_OWN,
  all: TO_ALL,
  'adjacent-all-but-target': TO_ADJ_ALL_BUT_TARGET,
  'adjacent-enemies-but-target': TO_ADJ_ENEMIES_BUT_TARGET,
  'adjacent-own-but-target': TO_ADJ_OWN_BUT_TARGET,
} as const;
export type TargetName = keyof typeof TARGETS;
export const TARGET_NAMES = Object.keys(TARGETS);
/** Targets that need an attack (a target and an attacker) to mean anything. */
export const ATTACK_ONLY_TARGETS: readonly string[] = [
  'target', 'attacker', 'target-adjacent-enemies', 'target-adjacent-all',
  'adjacent-all-but-target', 'adjacent-enemies-but-target', 'adjacent-own-but-target',
];

/**
 * Numbers a condition can test and an amount can scale with. "own" is the controller of the card
 * with the ability; "target owner" the controller of the attacked card.
 */
export const COUNTS = {
  /** The attack die's face (1-6) after any re-roll; 0 outside an attack. */
  face: 0,
  /** The ability's own extra d6, rolled when the ability fires (only if the ability mentions it). */
  roll: 1,
  /** Cards of this card's group in play, whoever controls them. */
  'group-in-play': 2,
  /** Cards the ability's controller has in play. */
  'own-in-play': 3,
  /** Cards the attacked card's controller has in play (0 outside an attack). */
  'target-owner-in-play': 4,
  /** Cards all opponents of the ability's controller have in play, together. */
  'opponents-in-play': 5,
  /** Cards in the ability's controller's victory pile. */
  'own-victory': 6,
  /** Cards in the attacked card's controller's victory pile. */
  'target-owner-victory': 7,
  /** The largest victory pile among the ability controller's opponents. */
  'opponent-victory': 8,
  /** Enemy cards adjacent to this card. */
  'adjacent-enemies': 9,
  /** Cards adjacent to this card. */
  'adjacent-all': 10,
  /** Damage counters on this card. */
  'self-damage': 11,
  /** Damage counters on the attacked card. */
  'target-damage': 12,
  /** Starting hit points of the attacked card. */
  'target-hp': 13,
  /** Cards in the ability's controller's hand. */
  'own-hand': 14,
  /** Starting hit points of the attacking card. */
  'attacker-hp': 15,
  /** Cards in play, everybody's. */
  'in-play': 16,
  /** Cards in the discard pile. */
  'discard-pile': 17,
} as const;
export type CountName = keyof typeof COUNTS;
export const COUNT_NAMES = Object.keys(COUNTS);
export const C_FACE = 0;
export const C_ROLL = 1;

/** Condition kinds beyond the counts (which use their count id). */
export const COND_COUNT = 0; // arg = count id, lo..hi
export const COND_TARGET_IS = 1; // lo: 0 enemy, 1 own
export const COND_ATTACKER_IS = 2;
export const COND_TARGET_GROUP = 3; // arg: group spec kind, lo: mask
export const COND_ATTACKER_GROUP = 4;
export const COND_TARGET_MOVED = 5; // lo: 1 true / 0 false
export const COND_FIRST_ATTACK = 6;
export const COND_TARGET_DAMAGED = 7;
export const COND_SELF_DAMAGED = 8;

/** Group specs in conditions: a list of groups (mask), or relative to the card's own group. */
export const GSPEC_MASK = 0;
export const GSPEC_SAME = 1;
export const GSPEC_OTHER = 2;
export const GSPEC_NONE = 3;
export const GSPEC_ANY = 4;

/** Effect verbs. */
export const E_DAMAGE = 0;
export const E_HEAL = 1;
export const E_ADD = 2;
export const E_MULTIPLY = 3;
export const E_DIVIDE = 4;
export const E_KO = 5;
export const E_AVOID = 6;
export const E_REDUCE = 7;
export const E_IGNORE_BELOW = 8;
export const E_DRAW = 9;
export const E_LOOK_DISCARD = 10;
export const E_DISCARD_DRAWN = 11;
export const E_REACH_ANY = 12;
export const E_CANNOT_ATTACK = 13;
export const E_IMMUNE_TO = 14;
export const E_STATUS = 15;
export const E_MOVE_SELF = 16;
export const E_MOVE_OPPONENT = 17;
export const E_REARRANGE = 18;
export const E_EXTRA_MOVE = 19;
export const E_REROLL = 20;
export const E_CONFUSE = 21;
export const E_MOVE_DAMAGE = 22;
export const E_ROLL_AGAIN = 23;
export const E_KO_OVERRIDE = 24;
export const E_CUSTOM = 25;
export const E_REROLL_ANY = 26;
export const E_RELAY = 27;
export const E_DRAW_AND_PLACE = 28;
type EffectVerb =
  | typeof E_DAMAGE
  | typeof E_HEAL
  | typeof E_ADD
  | typeof E_MULTIPLY
  | typeof E_DIVIDE
  | typeof E_KO
  | typeof E_AVOID
  | typeof E_REDUCE
  | typeof E_IGNORE_BELOW
  | typeof E_DRAW
  | typeof E_LOOK_DISCARD
  | typeof E_DISCARD_DRAWN
  | typeof E_REACH_ANY
  | typeof E_CANNOT_ATTACK
  | typeof E_IMMUNE_TO
  | typeof E_STATUS
  | typeof E_MOVE_SELF
  | typeof E_MOVE_OPPONENT
  | typeof E_REARRANGE
  | typeof E_EXTRA_MOVE
  | typeof E_REROLL
  | typeof E_CONFUSE
  | typeof E_MOVE_DAMAGE
  | typeof E_ROLL_AGAIN
  | typeof E_KO_OVERRIDE
  | typeof E_CUSTOM
  | typeof E_REROLL_ANY
  | typeof E_RELAY
  | typeof E_DRAW_AND_PLACE;
/** Effect words as a card file writes them, indexed by verb; splash and attack-another (last) compile to damage and roll-again. */
export const EFFECT_NAMES = [
  ...wordsByCode<EffectVerb>({
    [E_DAMAGE]: 'damage',
    [E_HEAL]: 'heal',
    [E_ADD]: 'add',
    [E_MULTIPLY]: 'multiply',
    [E_DIVIDE]: 'divide',
    [E_KO]: 'ko',
    [E_AVOID]: 'avoid',
    [E_REDUCE]: 'reduce',
    [E_IGNORE_BELOW]: 'ignore-below',
    [E_DRAW]: 'draw',
    [E_LOOK_DISCARD]: 'look-and-discard',
    [E_DISCARD_DRAWN]: 'discard-drawn',
    [E_REACH_ANY]: 'reach-any',
    [E_CANNOT_ATTACK]: 'cannot-attack',
    [E_IMMUNE_TO]: 'immune-to',
    [E_STATUS]: 'status',
    [E_MOVE_SELF]: 'move-self-anywhere',
    [E_MOVE_OPPONENT]: 'move-opponent',
    [E_REARRANGE]: 'rearrange',
    [E_EXTRA_MOVE]: 'extra-move',
    [E_REROLL]: 'reroll',
    [E_CONFUSE]: 'confuse',
    [E_MOVE_DAMAGE]: 'move-damage',
    [E_ROLL_AGAIN]: 'roll-again',
    [E_KO_OVERRIDE]: 'ko-override',
    [E_CUSTOM]: 'custom',
    [E_REROLL_ANY]: 'reroll-any',
    [E_RELAY]: 're-lay',
    [E_DRAW_AND_PLACE]: 'draw-and-place',
  }),
  'splash',
  'attack-another',
];
/** `effArg` of roll-again: 1 = attack-another (not the card just attacked). */
export const ROLL_AGAIN_OTHER = 1;

/** `effArg` of confuse: 1 = a knock-out the confused card deals scores for this card's controller. */
export const CONFUSE_CREDIT = 1;
/** `effArg` of re-lay: 1 = this card's controller lays every card (any legal layout), not each seat its own. */
export const RELAY_CONTROLLER = 1;
/**
 * `effArg` of reroll-any: 1 = any roll (`reroll-any: any-roll`): besides an attack die, an ability's
 * own die and an attack's second die (dice.ts), not only attack dice.
 */
export const REROLL_ANY_ROLL = 1;

/**
 * The word a card file wrote for effect e, for traces and replays: `attack-another` compiles to
 * roll-again with ROLL_AGAIN_OTHER, and must not be shown as roll-again (nor the argument-taking
 * forms of re-lay and confuse as the plain words).
 */
export function effectWord(verb: number, arg: number): string {
  if (verb === E_ROLL_AGAIN && arg === ROLL_AGAIN_OTHER) return 'attack-another';
  if (verb === E_RELAY && arg === RELAY_CONTROLLER) return 're-lay: controller';
  if (verb === E_CONFUSE && arg === CONFUSE_CREDIT) return 'confuse: credit';
  if (verb === E_REROLL_ANY && arg === REROLL_ANY_ROLL) return 'reroll-any: any-roll';
  return EFFECT_NAMES[verb] ?? '?';
}

/** Effects that change the attack being made or received (applied in the modifier step, not queued). */
export const isModifier = (e: number): boolean => e === E_ADD || e === E_MULTIPLY || e === E_DIVIDE;
/** Effects that only make sense as always-on (static) abilities. */
export const STATIC_EFFECTS: readonly number[] = [E_REACH_ANY, E_CANNOT_ATTACK, E_IMMUNE_TO, E_REROLL, E_KO_OVERRIDE, E_REROLL_ANY, E_DRAW_AND_PLACE];

/** Status effects put on a card for a while. */
export const STATUS_NO_ATTACK = 0;
export const STATUS_NOT_ATTACKABLE = 1;
/** The carrier may not attack the card that gave it the status (one particular card, not a group). */
export const STATUS_NO_ATTACK_ON_ME = 2;
type StatusKind = typeof STATUS_NO_ATTACK | typeof STATUS_NOT_ATTACKABLE | typeof STATUS_NO_ATTACK_ON_ME;
export const STATUS_NAMES = wordsByCode<StatusKind>({
  [STATUS_NO_ATTACK]: 'cannot-attack',
  [STATUS_NOT_ATTACKABLE]: 'cannot-be-attacked',
  [STATUS_NO_ATTACK_ON_ME]: 'cannot-attack-me',
});
export const DURATION_THIS_TURN = 0;
export const DURATION_NEXT_TURN = 1;
export const DURATION_IN_PLAY = 2;
type Duration = typeof DURATION_THIS_TURN | typeof DURATION_NEXT_TURN | typeof DURATION_IN_PLAY;
export const DURATION_NAMES = wordsByCode<Duration>({
  [DURATION_THIS_TURN]: 'this-turn',
  [DURATION_NEXT_TURN]: 'next-turn',
  [DURATION_IN_PLAY]: 'in-play',
});

/** Outcome of a die face. */
export const F_NONE = 0;
export const F_DAMAGE = 1;
export const F_HEAL = 2;
/** An amount that is a fresh d6 roll. */
export const AMOUNT_ROLL = -1000;
