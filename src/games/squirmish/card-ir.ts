/**
 * The Squirmish card language's limits and the intermediate form of a parsed deck (validated,
 * not yet packed into the typed arrays of card-table.ts). Docs: docs/cards.md.
 */
export const MAX_HP = 99;
export const MAX_GROUPS = 30;
export const MAX_ABILITIES_PER_CARD = 8;
export const FACES = 6;
/** Most cards in a card pool (a deck holds at most 70; custom decklists and group-monte pick from the pool). */
export const MAX_POOL = 500;
/** Most special attacks one card may have (its six faces can name at most six). */
export const MAX_SPECIALS = FACES;
/** Most effects in one ability's or special attack's `do` list. */
export const MAX_EFFECTS = 16;
/** Longest name (card, group, ability, special attack) and longest text (cry, text, ability text). */
export const MAX_NAME = 60;
export const MAX_TEXT = 1000;

// ---------------------------------------------------------------------------------------------
// Intermediate form (validated, not yet packed)

export interface AmountIR {
  /** Constant part, or AMOUNT_ROLL for "a fresh d6" (the ability's own roll). */
  base: number;
  /** Count id scaled by `times`, or -1. */
  count: number;
  times: number;
  /** Cap on the total, or -1 for none. */
  max: number;
}
export interface CondIR {
  kind: number;
  arg: number;
  lo: number;
  hi: number;
}
export interface EffectIR {
  verb: number;
  to: number;
  amount: AmountIR;
  /** Verb-specific: group mask (cannot-attack / immune-to), status kind, draw-and-place flag, custom effect id, move-damage all (1). */
  arg: number;
  /** Verb-specific: status duration. */
  arg2: number;
}
export interface AbilityIR {
  name: string;
  text: string;
  trigger: number;
  group: boolean;
  once: boolean;
  usesRoll: boolean;
  conds: CondIR[];
  effects: EffectIR[];
}
export interface FaceIR {
  kind: number;
  amount: number;
  special: number;
}
export interface CardIR {
  name: string;
  hp: number;
  group: number;
  faces: FaceIR[];
  specials: { name: string; kind: number; amount: number; ability: AbilityIR }[];
  cry: string;
  text: string;
  abilities: AbilityIR[];
}
export interface DeckIR {
  name: string;
  groups: { id: string; name: string }[];
  cards: CardIR[];
}


export type Path = (string | number)[];
export type Report = (path: Path, message: string, input?: unknown) => void;
