/**
 * Squirmish action encoding: one small integer per decision, (op << 22) | (x << 14) | y, with
 * x a card instance (< 256) or seat and y a card instance, a grid cell (< 16384) or an ability.
 *   SKIP                 end the step / decline / keep the roll (always 0)
 *   ATTACK(a, t)         card a attacks card t
 *   PLACE(i, cell)       put card i (from hand, a pick, set aside) on an open cell
 *   REPLACE(i, old)      card i from hand takes the square of own damage-free card old
 *   MOVE(a, b)           swap cards a and b
 *   DRAW                 draw the top card
 *   DISCARD(i)           discard card i from hand
 *   PICK(i)              choose card i (weigh-in pick, draft pick, a card an effect asks for)
 *   FRAG(anchor, cell)   re-attach the fragment holding `anchor`, anchor on cell
 *   USE(i, ability)      use weird ability `ability` (table index) of card i
 *   REROLL               re-roll the attack die
 *   SHIFT(a, b)          move damage counters from own card a to own card b
 *   SEAT(p)              choose seat p (whose hand to look at)
 */
export const OP_SKIP = 0;
export const OP_ATTACK = 1;
export const OP_PLACE = 2;
export const OP_REPLACE = 3;
export const OP_MOVE = 4;
export const OP_DRAW = 5;
export const OP_DISCARD = 6;
export const OP_PICK = 7;
export const OP_FRAG = 8;
export const OP_USE = 9;
export const OP_REROLL = 10;
export const OP_SHIFT = 11;
export const OP_SEAT = 12;

export const SKIP = 0;
export const act = (op: number, x: number, y: number): number => (op << 22) | (x << 14) | y;
export const opOf = (a: number): number => a >>> 22;
export const xOf = (a: number): number => (a >>> 14) & 0xff;
export const yOf = (a: number): number => a & 0x3fff;
export const DRAW = act(OP_DRAW, 0, 0);
export const REROLL = act(OP_REROLL, 0, 0);
