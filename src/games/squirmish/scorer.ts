/**
 * The Squirmish scorer's terms (policies.ts has the policies and the scoring of each decision):
 * the worth of each card type, the expected damage and knock-out chance of an attack, the threat
 * adjacent enemies pose, and the value of a card at a cell (the attack it sets up minus that
 * threat), memoized across decisions. Results come back through registers (`val`, `spot`,
 * `hitE`/`hitP`, `hereValue`), not returned doubles, which V8 would box at every call it does not
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
    let maxHp = 0;
    for (let c = 0; c < t.count; c++) if (t.hp[c]! > maxHp) maxHp = t.hp[c]!;
    // Up to 40 HP tabled (Classic 70 has 16): a deck of giants still costs at most a few MB.
    this.hpSpan = Math.min(maxHp, 40) + 1;
    this.hitTabE = new Float64Array(t.count * 2 * this.hpSpan * this.hpSpan).fill(NaN);
    this.hitTabP = new Float64Array(this.hitTabE.length);
    this.threatTabE = new Float64Array(t.count * 2 * this.hpSpan).fill(NaN);
    this.threatTabP = new Float64Array(this.threatTabE.length);
  }

  /** (Hot callers read `value[s.instCard[i]]` themselves: this call is not always inlined, and its double would be boxed.) */
  cardValue(s: SquirmishState, i: number): number {
    return this.value[s.instCard[i]!]!;
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

  /** The enemy card j's attack on a card of type ca with `left` HP: expected damage (threatE) and knock-out chance (threatP). */
  threatE = 0.5;
  threatP = 0.5;
  private threatOn(s: SquirmishState, j: number, left: number): void {
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
    this.threatE = e / FACES;
    this.threatP = p / FACES;
  }

  // The (attacker, enemy) terms by table, filled on first use (NaN: not yet): `hit` and
  // `threatOn` are pure functions of a few small numbers (card types, HP, damage, battle cry), so
  // each is computed once per policy instead of at every change of a card's damage or battle cry,
  // which invalidated the memos these replace (keyed by card instance and signature: about 230
  // recomputations a Classic 70 greedy game). HP beyond the tables' span is computed directly.
  private readonly hpSpan: number;
  /** hit() by ((attacker type × 2 + bonus) × span + target HP) × span + target damage. */
  private readonly hitTabE: Float64Array;
  private readonly hitTabP: Float64Array;
  /** threatOn() by (enemy type × 2 + its battle cry) × span + the HP left. */
  private readonly threatTabE: Float64Array;
  private readonly threatTabP: Float64Array;
  protected stamp = 1;

  /** hit(s, ca, t, bonus) (bonus 0 or 1) from the table, into hitE/hitP. */
  private tabledHit(s: SquirmishState, ca: number, t: number, bonus: number): void {
    const H = this.hpSpan;
    const hp = s.hpOf(t);
    if (s.isOut(t) || hp >= H) {
      this.hit(s, ca, t, bonus);
      return;
    }
    const k = ((ca * 2 + bonus) * H + hp) * H + s.damage[t]!; // not out: 0 <= damage < hp
    const e = this.hitTabE[k]!;
    if (e !== e) {
      this.hit(s, ca, t, bonus);
      this.hitTabE[k] = this.hitE;
      this.hitTabP[k] = this.hitP;
      return;
    }
    this.hitE = e;
    this.hitP = this.hitTabP[k]!;
  }

  /** threatOn(s, j, left) from the table, into threatE/threatP. */
  private tabledThreat(s: SquirmishState, j: number, left: number): void {
    const H = this.hpSpan;
    if (left < 0 || left >= H) {
      this.threatOn(s, j, left);
      return;
    }
    const k = (s.instCard[j]! * 2 + this.cry(s, j)) * H + left;
    const e = this.threatTabE[k]!;
    if (e !== e) {
      this.threatOn(s, j, left);
      this.threatTabE[k] = this.threatE;
      this.threatTabP[k] = this.threatP;
      return;
    }
    this.threatE = e;
    this.threatP = this.threatTabP[k]!;
  }

  // Results of `freshTerms`/`pairTerms` (registers, as above).
  private termOff = 0.5;
  private termThreat = 0.5;
  private termDanger = 0.5;

  /** Terms for a fresh card of type ca placed next to enemy j. */
  private freshTerms(s: SquirmishState, ca: number, j: number): void {
    // A placed card's next attack has its battle cry in both editions (tabletop: this turn).
    this.tabledHit(s, ca, j, 1);
    this.termOff = this.w.damage * this.hitE + this.w.knockout * this.hitP;
    this.tabledThreat(s, j, s.table.hp[ca]!);
    this.termThreat = this.threatE;
    this.termDanger = this.threatP;
  }

  /** Terms for card i (in play) next to enemy j. */
  private pairTerms(s: SquirmishState, i: number, j: number): void {
    this.tabledHit(s, s.instCard[i]!, j, this.cry(s, i));
    this.termOff = this.w.damage * this.hitE + this.w.knockout * this.hitP;
    this.tabledThreat(s, j, s.hpOf(i) - s.damage[i]!);
    this.termThreat = this.threatE;
    this.termDanger = this.threatP;
  }

  // Per decision: the terms of each (card in play, enemy) pair, computed on first use.
  private pairStampNow = new Int32Array(0);
  private pairOff = new Float64Array(0);
  private pairThreat = new Float64Array(0);
  private pairDanger = new Float64Array(0);

  /** Grows the per-decision pair terms (here, and `fresh*` below) to this state's card count. */
  private ensurePairTerms(s: SquirmishState): void {
    const n = s.maxInst * s.maxInst;
    if (this.pairStampNow.length >= n) return;
    this.pairStampNow = new Int32Array(n);
    this.pairOff = new Float64Array(n);
    this.pairThreat = new Float64Array(n);
    this.pairDanger = new Float64Array(n);
    this.freshStamp = new Int32Array(n);
    this.freshOff = new Float64Array(n);
    this.freshThreat = new Float64Array(n);
    this.freshDanger = new Float64Array(n);
  }

  /**
   * Value for seat me of having card i at cell c: the best attack it sets up on an adjacent
   * enemy, minus the threat the adjacent enemies pose to it. `ignore` is a card treated as
   * absent (the one that swaps away). A card placed from hand is scored by `spotFresh` instead.
   * The result goes to `spot`.
   */
  spotScore(s: SquirmishState, me: number, i: number, c: number, ignore: number): void {
    const W = s.W;
    const ca = s.instCard[i]!;
    let offense = 0;
    let threat = 0;
    let danger = 0;
    for (let dir = 0; dir < 4; dir++) {
      const n = dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W;
      // While a swap is being scored (moveScore), its two cells read as after the swap.
      const j = n === this.swapCellA ? this.swapCardB : n === this.swapCellB ? this.swapCardA : s.grid[n]! - 1;
      if (j < 0 || j === ignore || j === i || s.owner[j] === me) continue;
      this.ensurePairTerms(s);
      const k = i * s.maxInst + j;
      if (this.pairStampNow[k] !== this.stamp) {
        this.pairStampNow[k] = this.stamp;
        this.pairTerms(s, i, j);
        this.pairOff[k] = this.termOff;
        this.pairThreat[k] = this.termThreat;
        this.pairDanger[k] = this.termDanger;
      }
      const o = this.pairOff[k]!;
      threat += this.pairThreat[k]!;
      if (this.pairDanger[k]! > danger) danger = this.pairDanger[k]!;
      if (o > offense) offense = o;
    }
    if (threat === 0 && offense === 0) this.spot = 0;
    else this.spotOf(s, me, ca, offense, threat, danger);
  }

  /** The spot value from its terms, into `spot`. */
  private spotOf(s: SquirmishState, me: number, ca: number, offense: number, threat: number, danger: number): void {
    this.spot = offense - this.w.threat * threat - this.w.danger * this.raceFactor(s, me) * danger * (1 + 0.05 * this.value[ca]!);
  }

  // Per decision: each cell's adjacent enemy cards (computed on first use), and the terms of
  // each hand card against each enemy, so a placement option costs a few array reads.
  private cellStamp = new Int32Array(0);
  private cellN = new Int8Array(0);
  private cellEnemies = new Int16Array(0);
  private freshStamp = new Int32Array(0);
  private freshOff = new Float64Array(0);
  private freshThreat = new Float64Array(0);
  private freshDanger = new Float64Array(0);

  /** The number of enemy cards next to cell c (listed in `cellEnemies`), once per decision. */
  protected enemiesAround(s: SquirmishState, me: number, c: number): number {
    if (this.cellStamp.length < s.grid.length) {
      this.cellStamp = new Int32Array(s.grid.length);
      this.cellN = new Int8Array(s.grid.length);
      this.cellEnemies = new Int16Array(4 * s.grid.length);
    }
    if (this.cellStamp[c] !== this.stamp) {
      this.cellStamp[c] = this.stamp;
      const W = s.W;
      let n = 0;
      for (let dir = 0; dir < 4; dir++) {
        const j = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
        if (j >= 0 && s.owner[j] !== me) this.cellEnemies[4 * c + n++] = j;
      }
      this.cellN[c] = n;
    }
    return this.cellN[c]!;
  }

  /** spotScore for card i (from hand) placed on empty cell c, into `spot`. */
  protected spotFresh(s: SquirmishState, me: number, i: number, c: number): void {
    const n = this.enemiesAround(s, me, c);
    if (n === 0) this.spot = 0;
    else this.spotNextTo(s, me, i, c, n);
  }

  /** spotFresh where cell c has n > 0 enemies next to it (`enemiesAround`), into `spot`. */
  protected spotNextTo(s: SquirmishState, me: number, i: number, c: number, n: number): void {
    this.ensurePairTerms(s);
    const M = s.maxInst;
    let offense = 0;
    let threat = 0;
    let danger = 0;
    for (let k = 0; k < n; k++) {
      const j = this.cellEnemies[4 * c + k]!;
      const idx = i * M + j;
      if (this.freshStamp[idx] !== this.stamp) {
        this.freshStamp[idx] = this.stamp;
        this.freshTerms(s, s.instCard[i]!, j);
        this.freshOff[idx] = this.termOff;
        this.freshThreat[idx] = this.termThreat;
        this.freshDanger[idx] = this.termDanger;
      }
      const o = this.freshOff[idx]!;
      if (o > offense) offense = o;
      threat += this.freshThreat[idx]!;
      if (this.freshDanger[idx]! > danger) danger = this.freshDanger[idx]!;
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

  // The spot score of each card where it stands, once per choose() call.
  private hereStamp = new Int32Array(0);
  protected hereValue = new Float64Array(0);

  /** Fills hereValue[i] (read it there: a returned double would be boxed). */
  protected here(s: SquirmishState, me: number, i: number): void {
    if (this.hereStamp.length < s.maxInst) {
      this.hereStamp = new Int32Array(s.maxInst);
      this.hereValue = new Float64Array(s.maxInst);
    }
    if (this.hereStamp[i] !== this.stamp) {
      this.hereStamp[i] = this.stamp;
      this.spotScore(s, me, i, s.cell[i]!, -1);
      this.hereValue[i] = this.spot;
    }
  }

  // The swap moveScore is scoring: card A leaves cell A for cell B and card B goes the other way
  // (-1 when none), so spotScore reads the grid as it will be after the move.
  private swapCellA = -1;
  private swapCellB = -1;
  private swapCardA = -1;
  private swapCardB = -1;

  /**
   * Value of swapping cards a and b, into `val`: the change in the spot value (spotScore) of
   * every own card whose neighbours the swap changes — a and b if ours, and our cards next to
   * either cell — with the grid read as after the swap. It used to score a at b's cell with b
   * ignored, though b stays next to a (the two cells are adjacent): a card threatened by the
   * enemy it swapped with seemed to escape that enemy; and an enemy moved next to our other
   * cards cost nothing. (Both sides still swap the same two cards back and forth when each swap
   * sets up an attack: a one-move scorer cannot see that the opponent undoes it; issue 31.)
   */
  moveScore(s: SquirmishState, me: number, a: number, b: number): void {
    const ca = s.cell[a]!;
    const cb = s.cell[b]!;
    const bOurs = s.owner[b] === me;
    // Before: every affected own card where it stands: its `here` value, computed once per
    // decision instead of once per swap it takes part in (the same spotScore, summed in the same
    // order, so the same double; plain: addSpot(a, ca), addSpot(b, cb), neighbours(...) twice).
    this.sum = 0;
    this.addHere(s, me, a);
    if (bOurs) this.addHere(s, me, b);
    this.neighboursHere(s, me, ca, a, b);
    this.neighboursHere(s, me, cb, a, b);
    const before = this.sum;
    // After: the same cards with the two cells swapped.
    this.swapCellA = ca;
    this.swapCellB = cb;
    this.swapCardA = a;
    this.swapCardB = b;
    this.sum = 0;
    this.addSpot(s, me, a, cb);
    if (bOurs) this.addSpot(s, me, b, ca);
    this.neighbours(s, me, ca, a, b);
    this.neighbours(s, me, cb, a, b);
    this.swapCellA = -1;
    this.swapCellB = -1;
    this.swapCardA = -1;
    this.swapCardB = -1;
    this.val = this.sum - before - 0.05;
  }

  /** A register for the sums of moveScore (a returned double would be boxed). */
  private sum = 0;

  private addSpot(s: SquirmishState, me: number, i: number, c: number): void {
    this.spotScore(s, me, i, c, -1);
    this.sum += this.spot;
  }

  private addHere(s: SquirmishState, me: number, i: number): void {
    this.here(s, me, i);
    this.sum += this.hereValue[i]!;
  }

  /** neighbours() before the swap: each card's spot where it stands is its `here` value. */
  private neighboursHere(s: SquirmishState, me: number, c: number, a: number, b: number): void {
    const W = s.W;
    for (let dir = 0; dir < 4; dir++) {
      const k = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
      if (k < 0 || k === a || k === b || s.owner[k] !== me) continue;
      this.addHere(s, me, k);
    }
  }

  /** Adds to `sum` the spot of each of our cards next to cell c other than a and b, where it stands. */
  private neighbours(s: SquirmishState, me: number, c: number, a: number, b: number): void {
    const W = s.W;
    for (let dir = 0; dir < 4; dir++) {
      const k = s.grid[dir === 0 ? c - W : dir === 1 ? c - 1 : dir === 2 ? c + 1 : c + W]! - 1;
      if (k < 0 || k === a || k === b || s.owner[k] !== me) continue;
      this.addSpot(s, me, k, s.cell[k]!);
    }
  }
}
