/**
 * The Squirmish scorer's terms (policies.ts has the policies and the scoring of each decision):
 * the worth of each card type, the expected damage and knock-out chance of an attack, the threat
 * adjacent enemies pose, and the value of a card at a cell (the attack it sets up minus that
 * threat), memoized across decisions. Results come back through registers (`val`, `spot`,
 * `hitE`/`hitP`, `hereSpot`), not returned doubles, which V8 would box at every call it does not
 * inline.
 */
import { z } from 'zod';
import { FACES } from './card-ir.js';
import { cardWorth } from './card-worth.js';
import { SquirmishState } from './state.js';
import { AMOUNT_ROLL, F_DAMAGE, F_HEAL } from './vocabulary.js';

export const plannerParams = z.strictObject({
  damage: z.number().min(0).max(100).default(1).describe('Value of each expected point of damage on an enemy card.'),
  knockout: z.number().min(0).max(1000).default(8).describe('Value of a knock-out (times its probability).'),
  threat: z.number().min(0).max(100).default(0.7).describe('Cost of each expected point of damage the enemy can do to the card placed or moved.'),
  danger: z.number().min(0).max(1000).default(4).describe("Cost of the knock-out chance the enemy's best attack has on a card placed or moved."),
  friendlyFire: z.number().min(0).max(100).default(1.5).describe('Cost of each expected point of damage on an own card.'),
  presence: z.number().min(0).max(100).default(2).describe('Value of having one more card in play.'),
  group: z.number().min(0).max(100).default(1.5).describe('Value of a placement that brings a group to two or more cards in play (its group ability switches on).'),
  cardValue: z.number().min(0).max(100).default(0.3).describe('Weight of a card\'s own worth (the damage it can expect to deal before it is knocked out, abilities included: card-worth.ts) when choosing what to place, keep or discard.'),
  race: z.number().min(0).max(10).default(1).describe('Extra weight on knock-outs and danger when a seat is one prize from winning (0: none).'),
});
export type PlannerParams = z.output<typeof plannerParams>;

// Fields of a memo entry (ENTRY doubles): the signature (memo) or decision stamp (pair, fresh), then the terms.
const ENTRY = 4;
const SIG = 0;
const STAMP = 0;
const OFF = 1;
const THREAT = 2;
const DANGER = 3;
/** Ints per cell in the per-decision cell table: stamp, enemy count, up to four enemy cards (eight: one 32-byte block). */
const CELL = 8;

/** The value of attacks and positions for one seat, under one set of weights. */
export class Scorer {
  /**
   * Per card type: its worth (card-worth.ts: expected damage dealt before it is knocked out,
   * abilities and specials included), for picks, discards, replacements and the prize a
   * knock-out is. Scaled to the deck mean of the old HP-and-mean-damage measure, so the weights
   * keep their meaning.
   */
  readonly value: Float64Array;
  // Results of `hit` (module-free registers, to avoid allocation).
  hitE = 0.5;
  hitP = 0.5;
  /** Results of `score` and the scorers it calls (val) and of `spotScore`/`spotFresh` (spot): registers, as above. */
  protected val = 0.5;
  protected spot = 0.5;

  constructor(
    protected readonly w: PlannerParams,
    s: SquirmishState,
  ) {
    const t = s.table;
    const worth = cardWorth(t).worth;
    let oldMean = 0;
    let worthMean = 0;
    for (let c = 0; c < t.count; c++) {
      oldMean += t.hp[c]! * 0.5 + Math.max(0, t.meanDamage[c]!) * 3;
      worthMean += worth[c]!;
    }
    const scale = worthMean > 0 ? oldMean / worthMean : 1;
    this.value = new Float64Array(t.count);
    for (let c = 0; c < t.count; c++) this.value[c] = worth[c]! * scale;
  }

  /**
   * Expected damage (hitE) and knock-out probability (hitP) of an attack by a card of type
   * `ca` on card t with `bonus` added to damage (battle cry); heals count as negative damage.
   */
  hit(s: SquirmishState, ca: number, t: number, bonus: number): void {
    if (s.isOut(t)) {
      // Already knocked out (it leaves in clean-up whatever happens): a hit changes nothing.
      this.hitE = 0;
      this.hitP = 0;
      return;
    }
    const tab = s.table;
    const left = s.hpOf(t) - s.damage[t]!;
    let e = 0;
    let p = 0;
    const base = ca * FACES;
    for (let f = 0; f < FACES; f++) {
      const kind = tab.faceKind[base + f]!;
      const amt = tab.faceAmount[base + f]!;
      if (kind === F_DAMAGE) {
        if (amt === AMOUNT_ROLL) {
          // A second d6: mean of min(d + bonus, left) and P(d + bonus >= left).
          for (let d = 1; d <= 6; d++) {
            const v = d + bonus;
            e += (v < left ? v : left) / 6;
            if (v >= left) p += 1 / 6;
          }
        } else {
          const v = amt + bonus;
          e += v < left ? v : left;
          if (v >= left) p += 1;
        }
      } else if (kind === F_HEAL) {
        const v = (amt === AMOUNT_ROLL ? 3.5 : amt) + bonus;
        const dmg = s.damage[t]!;
        e -= v < dmg ? v : dmg;
      }
    }
    this.hitE = e / FACES;
    this.hitP = p / FACES;
  }

  /** The battle cry bonus card a would have on an attack now. */
  cry(s: SquirmishState, a: number): number {
    if (s.videogame) return s.cryUsed[a] === 0 ? 1 : 0;
    return s.cryTurn[a] === s.turns ? 1 : 0;
  }

  private raceFactor(s: SquirmishState, me: number): number {
    if (this.w.race === 0) return 1;
    const target = s.rules.victoryTarget;
    let near = s.victoryLen[me]! >= target - 1;
    for (let p = 0; p < s.players; p++) if (s.victoryLen[p]! >= target - 1) near = true;
    return near ? 1 + this.w.race : 1;
  }

  /** Value of card a attacking card t for seat me, into `val`. */
  attackScore(s: SquirmishState, me: number, a: number, t: number): void {
    this.hit(s, s.instCard[a]!, t, this.cry(s, a));
    const enemy = s.owner[t] !== me;
    if (enemy) this.val = this.w.damage * this.hitE + this.w.knockout * this.raceFactor(s, me) * this.hitP * (1 + 0.05 * this.value[s.instCard[t]!]!);
    // Own card: healing it is good, damaging it bad (a knock-out discards it).
    else this.val = this.hitE < 0 ? -this.hitE * this.w.damage : -this.w.friendlyFire * this.hitE - this.w.knockout * this.hitP;
  }

  /**
   * The enemy card j's attack on a card with `left` HP: its expected damage and knock-out chance,
   * written into the memo entry at `to[at + THREAT]` and `to[at + DANGER]` (a typed array, where a
   * double is stored without the heap number a field written here cost).
   */
  private threatOn(s: SquirmishState, j: number, left: number, to: Float64Array, at: number): void {
    const tab = s.table;
    const cj = s.instCard[j]!;
    const bonus = this.cry(s, j);
    let e = 0;
    let p = 0;
    for (let f = cj * FACES, end = f + FACES; f < end; f++) {
      if (tab.faceKind[f] !== F_DAMAGE) continue;
      const amt = tab.faceAmount[f]!;
      const v = (amt === AMOUNT_ROLL ? 3.5 : amt) + bonus;
      e += v < left ? v : left;
      if (v >= left) p += 1;
    }
    to[at + THREAT] = e / FACES;
    to[at + DANGER] = p / FACES;
  }

  // Memos of the (attacker, enemy) terms, kept across decisions and games: an entry is valid
  // while its signature (card types, damage counters, battle cries) is unchanged. An entry's
  // fields sit side by side, four doubles (one 32-byte block: SIG or STAMP, OFF, THREAT,
  // DANGER), so a lookup touches one cache line rather than one in each of four arrays: the
  // tables of both seats' scorers outgrow the core's cache, and these reads were the scorer's
  // hottest lines (plain version: memoSig[k], memoOff[k], memoThreat[k], memoDanger[k]).
  /** Per (card type, enemy card): [signature, offense, threat, danger] of a fresh card of that type next to it. */
  private memo = new Float64Array(0);
  /** Per (card, enemy card): [decision stamp, offense, threat, danger]; signatures in pairSig. */
  private pair = new Float64Array(0);
  private pairSig = new Float64Array(0);
  protected stamp = 1;

  /** Size the memos and per-decision tables for this state (a policy's states share their rules, so this allocates once). */
  protected fit(s: SquirmishState): void {
    const M = s.maxInst;
    const memoSize = ENTRY * s.table.count * M;
    if (this.memo.length < memoSize) {
      this.memo = new Float64Array(memoSize);
      for (let k = 0; k < memoSize; k += ENTRY) this.memo[k + SIG] = -1;
    }
    if (this.pairSig.length < M * M) {
      this.pairSig = new Float64Array(M * M).fill(-1);
      this.pair = new Float64Array(ENTRY * M * M);
      this.fresh = new Float64Array(ENTRY * M * M);
    }
    if (this.cells.length < CELL * s.grid.length) this.cells = new Int32Array(CELL * s.grid.length);
    if (this.heres.length < 2 * M) this.heres = new Float64Array(2 * M);
  }

  /** Terms for a fresh card of type ca placed next to enemy j (the index of its entry in `memo`). */
  private memoFresh(s: SquirmishState, ca: number, j: number): number {
    const memo = this.memo;
    const k = ENTRY * (ca * s.maxInst + j);
    const sig = (s.instCard[j]! * 256 + s.damage[j]!) * 2 + this.cry(s, j);
    if (memo[k + SIG] !== sig) {
      memo[k + SIG] = sig;
      // A placed card's next attack has its battle cry in both editions (tabletop: this turn).
      this.hit(s, ca, j, 1);
      memo[k + OFF] = this.w.damage * this.hitE + this.w.knockout * this.hitP;
      this.threatOn(s, j, s.table.hp[ca]!, memo, k);
    }
    return k;
  }

  /** Terms for card i (in play) next to enemy j, into its entry in `pair` (index `at`). */
  private memoPair(s: SquirmishState, i: number, j: number, at: number): void {
    const k = i * s.maxInst + j;
    const sig = ((((s.instCard[i]! * 256 + s.instCard[j]!) * 128 + s.damage[i]!) * 128 + s.damage[j]!) * 2 + this.cry(s, i)) * 2 + this.cry(s, j);
    if (this.pairSig[k] !== sig) {
      this.pairSig[k] = sig;
      const pair = this.pair;
      this.hit(s, s.instCard[i]!, j, this.cry(s, i));
      pair[at + OFF] = this.w.damage * this.hitE + this.w.knockout * this.hitP;
      this.threatOn(s, j, s.hpOf(i) - s.damage[i]!, pair, at);
    }
  }

  /**
   * Value for seat me of having card i at cell c: the best attack it sets up on an adjacent
   * enemy, minus the threat the adjacent enemies pose to it. `ignore` is a card treated as
   * absent (the one that swaps away); `fresh` = the card is being placed (no damage, battle cry).
   * The result goes to `spot`.
   */
  spotScore(s: SquirmishState, me: number, i: number, c: number, ignore: number, fresh: boolean): void {
    const W = s.W;
    const ca = s.instCard[i]!;
    let offense = 0;
    let threat = 0;
    let danger = 0;
    for (let dir = 0; dir < 4; dir++) {
      const j = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
      if (j < 0 || j === ignore || j === i || s.owner[j] === me) continue;
      let o: number;
      if (fresh) {
        const k = this.memoFresh(s, ca, j);
        const memo = this.memo;
        o = memo[k + OFF]!;
        threat += memo[k + THREAT]!;
        if (memo[k + DANGER]! > danger) danger = memo[k + DANGER]!;
      } else {
        // Per-decision cache over the signature memo (the signature costs more than a stamp check).
        const pair = this.pair;
        const k = ENTRY * (i * s.maxInst + j);
        if (pair[k + STAMP] !== this.stamp) {
          pair[k + STAMP] = this.stamp;
          this.memoPair(s, i, j, k);
        }
        o = pair[k + OFF]!;
        threat += pair[k + THREAT]!;
        if (pair[k + DANGER]! > danger) danger = pair[k + DANGER]!;
      }
      if (o > offense) offense = o;
    }
    if (threat === 0 && offense === 0) this.spot = 0;
    else this.spotOf(s, me, ca, offense, threat, danger);
  }

  /** The spot value from its terms, into `spot`. */
  private spotOf(s: SquirmishState, me: number, ca: number, offense: number, threat: number, danger: number): void {
    this.spot = offense - this.w.threat * threat - this.w.danger * this.raceFactor(s, me) * danger * (1 + 0.05 * this.value[ca]!);
  }

  // Per decision: each cell's adjacent enemy cards (computed on first use; CELL ints per cell:
  // stamp, count, up to four cards), and the terms of each hand card against each enemy
  // (`fresh`, entries as in `pair`), so a placement option costs a few reads of one block.
  private cells = new Int32Array(0);
  private fresh = new Float64Array(0);

  /** spotScore for card i (from hand) placed on empty cell c, into `spot`. */
  private spotFresh(s: SquirmishState, me: number, i: number, c: number): void {
    const cells = this.cells;
    const at = CELL * c;
    if (cells[at] !== this.stamp) {
      cells[at] = this.stamp;
      const W = s.W;
      let n = 0;
      for (let dir = 0; dir < 4; dir++) {
        const j = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
        if (j >= 0 && s.owner[j] !== me) cells[at + 2 + n++] = j;
      }
      cells[at + 1] = n;
    }
    const n = cells[at + 1]!;
    if (n === 0) {
      this.spot = 0;
      return;
    }
    const M = s.maxInst;
    const fresh = this.fresh;
    let offense = 0;
    let threat = 0;
    let danger = 0;
    for (let k = 0; k < n; k++) {
      const j = cells[at + 2 + k]!;
      const f = ENTRY * (i * M + j);
      if (fresh[f + STAMP] !== this.stamp) {
        fresh[f + STAMP] = this.stamp;
        const m = this.memoFresh(s, s.instCard[i]!, j);
        const memo = this.memo;
        fresh[f + OFF] = memo[m + OFF]!;
        fresh[f + THREAT] = memo[m + THREAT]!;
        fresh[f + DANGER] = memo[m + DANGER]!;
      }
      const o = fresh[f + OFF]!;
      if (o > offense) offense = o;
      threat += fresh[f + THREAT]!;
      if (fresh[f + DANGER]! > danger) danger = fresh[f + DANGER]!;
    }
    this.spotOf(s, me, s.instCard[i]!, offense, threat, danger);
  }

  /** Value of placing card i on cell c, into `val`. */
  placeScore(s: SquirmishState, me: number, i: number, c: number): void {
    this.spotFresh(s, me, i, c);
    let v = this.w.presence + this.w.cardValue * this.value[s.instCard[i]!]! + this.spot;
    if (this.w.group > 0) {
      const g = s.groupOf(i);
      if (g >= 0 && s.groupInPlay[g] === 1) v += this.w.group;
    }
    this.val = v;
  }

  // The spot score of each card where it stands, once per choose() call: [stamp, value] per card.
  private heres = new Float64Array(0);
  /** Result of `here` (a register, as `val`). */
  protected hereSpot = 0.5;

  /** The spot score of card i where it stands, into `hereSpot`. */
  protected here(s: SquirmishState, me: number, i: number): void {
    const heres = this.heres;
    if (heres[2 * i] !== this.stamp) {
      heres[2 * i] = this.stamp;
      this.spotScore(s, me, i, s.cell[i]!, -1, false);
      heres[2 * i + 1] = this.spot;
    }
    this.hereSpot = heres[2 * i + 1]!;
  }

  /** Value of swapping cards a and b, into `val`. */
  moveScore(s: SquirmishState, me: number, a: number, b: number): void {
    const ca = s.cell[a]!;
    const cb = s.cell[b]!;
    // Swap: a goes to cb, b to ca. Own cards gain or lose spots; enemy b just relocates.
    this.spotScore(s, me, a, cb, b, false);
    const to = this.spot;
    this.here(s, me, a);
    let v = to - this.hereSpot;
    if (s.owner[b] === me) {
      this.spotScore(s, me, b, ca, a, false);
      const back = this.spot;
      this.here(s, me, b);
      v += back - this.hereSpot;
    }
    this.val = v - 0.05;
  }

}
