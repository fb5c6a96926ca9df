/**
 * Squirmish heuristic policies. They read only what their seat may see (index.ts `visibility`):
 * their own hand, the grid (cards, controllers, damage), the piles' contents where face up and
 * every pile's size — never another seat's hand or the deck. Ties are broken uniformly at
 * random with the game's rng.
 *
 * Both score each legal action with one scorer (`Scorer`) and take the best:
 * - `greedy`: the best expected immediate value: expected damage and knock-out chance of an
 *   attack, and for a placement or move the attack it sets up minus the threat the enemy's
 *   adjacent cards pose to it. Fixed weights.
 * - `planner`: the same terms with tunable weights, plus: the danger to the card the enemy is
 *   most likely to knock out, group synergy (placing a second card of a group switches its group
 *   ability on), keeping a strong card in hand when the in-play slot is better used later,
 *   and a prize race term that raises the value of knock-outs (and of safety) near the end.
 * The expected values come from each card's die table (a second-roll face counts 3.5 on
 * average; special attacks at their base), with the battle cry's +1 where it applies.
 */
import { z } from 'zod';
import type { PolicySpec, Policy } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { NearBestPicker } from '../kit/best-picker.js';
import {
  SquirmishState,
} from './state.js';
import {
  DEC_WEIGH_PICK, DEC_WEIGH_PLACE, DEC_DRAFT, DEC_STEP, DEC_REROLL, DEC_HAND, DEC_REATTACH, DEC_CONSOLATION, DEC_JOB,
  LOC_GRID, ST_ABILITIES,
} from './state-codes.js';
import type { SquirmishRules } from './params.js';
import { OP_SKIP, OP_ATTACK, OP_PLACE, OP_REPLACE, OP_MOVE, OP_DRAW, OP_DISCARD, OP_PICK, OP_FRAG, OP_USE, OP_REROLL, OP_SHIFT, OP_SEAT, opOf, xOf, yOf } from './actions.js';
import { F_DAMAGE, F_HEAL, AMOUNT_ROLL, E_DAMAGE, E_HEAL, E_KO, E_STATUS, E_DRAW, E_LOOK_DISCARD, E_CONFUSE, E_ROLL_AGAIN, E_MOVE_DAMAGE, TO_CHOSEN_OWN } from './vocabulary.js';
import { cardWorth } from './card-worth.js';
import { currentStep } from './steps.js';
import { FACES } from './card-ir.js';

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

/** Greedy's fixed weights: the immediate terms only (no danger, group, presence or race terms). */
const GREEDY: PlannerParams = { damage: 1, knockout: 6, threat: 0.5, danger: 0, friendlyFire: 1.5, presence: 1, group: 0, cardValue: 0.2, race: 0 };

export class Scorer {
  /**
   * Per card type: its worth (card-worth.ts: expected damage dealt before it is knocked out,
   * abilities and specials included), for picks, discards, replacements and the prize a
   * knock-out is. Scaled to the deck mean of the old HP-and-mean-damage measure, so the weights
   * keep their meaning.
   */
  readonly value: Float64Array;
  private readonly pick = new NearBestPicker();
  // Results of `hit` (module-free registers, to avoid allocation).
  hitE = 0.5;
  hitP = 0.5;
  /** Results of `score` and the scorers it calls (val) and of `spotScore`/`spotFresh` (spot): registers, as above. */
  private val = 0.5;
  private spot = 0.5;

  constructor(
    private readonly w: PlannerParams,
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

  // Memos of the (attacker, enemy) terms, kept across decisions and games: an entry is valid
  // while its signature (card types, damage counters, battle cries) is unchanged.
  private memoSig = new Float64Array(0);
  private memoOff = new Float64Array(0);
  private memoThreat = new Float64Array(0);
  private memoDanger = new Float64Array(0);
  private pairSig = new Float64Array(0);
  private pairOff = new Float64Array(0);
  private pairThreat = new Float64Array(0);
  private pairDanger = new Float64Array(0);
  private stamp = 1;

  /** Terms for a fresh card of type ca placed next to enemy j (index into the memo). */
  private memoFresh(s: SquirmishState, ca: number, j: number): number {
    const n = s.table.count * s.maxInst;
    if (this.memoSig.length < n) {
      this.memoSig = new Float64Array(n).fill(-1);
      this.memoOff = new Float64Array(n);
      this.memoThreat = new Float64Array(n);
      this.memoDanger = new Float64Array(n);
    }
    const k = ca * s.maxInst + j;
    const sig = (s.instCard[j]! * 256 + s.damage[j]!) * 2 + this.cry(s, j);
    if (this.memoSig[k] !== sig) {
      this.memoSig[k] = sig;
      // A placed card's next attack has its battle cry in both editions (tabletop: this turn).
      this.hit(s, ca, j, 1);
      this.memoOff[k] = this.w.damage * this.hitE + this.w.knockout * this.hitP;
      this.threatOn(s, j, s.table.hp[ca]!);
      this.memoThreat[k] = this.threatE;
      this.memoDanger[k] = this.threatP;
    }
    return k;
  }

  private pairStampNow = new Int32Array(0);

  /** Terms for card i (in play) next to enemy j (index into the pair memo). */
  private memoPair(s: SquirmishState, i: number, j: number): number {
    const n = s.maxInst * s.maxInst;
    if (this.pairSig.length < n) {
      this.pairStampNow = new Int32Array(n);
      this.pairSig = new Float64Array(n).fill(-1);
      this.pairOff = new Float64Array(n);
      this.pairThreat = new Float64Array(n);
      this.pairDanger = new Float64Array(n);
    }
    const k = i * s.maxInst + j;
    const sig = ((((s.instCard[i]! * 256 + s.instCard[j]!) * 128 + s.damage[i]!) * 128 + s.damage[j]!) * 2 + this.cry(s, i)) * 2 + this.cry(s, j);
    if (this.pairSig[k] !== sig) {
      this.pairSig[k] = sig;
      this.hit(s, s.instCard[i]!, j, this.cry(s, i));
      this.pairOff[k] = this.w.damage * this.hitE + this.w.knockout * this.hitP;
      this.threatOn(s, j, s.hpOf(i) - s.damage[i]!);
      this.pairThreat[k] = this.threatE;
      this.pairDanger[k] = this.threatP;
    }
    return k;
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
        o = this.memoOff[k]!;
        threat += this.memoThreat[k]!;
        if (this.memoDanger[k]! > danger) danger = this.memoDanger[k]!;
      } else {
        // Per-decision cache over the signature memo (the signature costs more than a stamp check).
        const k = i * s.maxInst + j;
        if (this.pairStampNow[k] !== this.stamp) {
          this.pairStampNow[k] = this.stamp;
          this.memoPair(s, i, j);
        }
        o = this.pairOff[k]!;
        threat += this.pairThreat[k]!;
        if (this.pairDanger[k]! > danger) danger = this.pairDanger[k]!;
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

  // Per decision: each cell's adjacent enemy cards (computed on first use), and the terms of
  // each hand card against each enemy, so a placement option costs a few array reads.
  private cellStamp = new Int32Array(0);
  private cellN = new Int8Array(0);
  private cellEnemies = new Int16Array(0);
  private freshStamp = new Int32Array(0);
  private freshOff = new Float64Array(0);
  private freshThreat = new Float64Array(0);
  private freshDanger = new Float64Array(0);

  /** spotScore for card i (from hand) placed on empty cell c, into `spot`. */
  private spotFresh(s: SquirmishState, me: number, i: number, c: number): void {
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
    const n = this.cellN[c]!;
    if (n === 0) {
      this.spot = 0;
      return;
    }
    const M = s.maxInst;
    if (this.freshStamp.length < M * M) {
      this.freshStamp = new Int32Array(M * M);
      this.freshOff = new Float64Array(M * M);
      this.freshThreat = new Float64Array(M * M);
      this.freshDanger = new Float64Array(M * M);
    }
    let offense = 0;
    let threat = 0;
    let danger = 0;
    for (let k = 0; k < n; k++) {
      const j = this.cellEnemies[4 * c + k]!;
      const idx = i * M + j;
      if (this.freshStamp[idx] !== this.stamp) {
        this.freshStamp[idx] = this.stamp;
        const m = this.memoFresh(s, s.instCard[i]!, j);
        this.freshOff[idx] = this.memoOff[m]!;
        this.freshThreat[idx] = this.memoThreat[m]!;
        this.freshDanger[idx] = this.memoDanger[m]!;
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
  private hereValue = new Float64Array(0);

  /** Fills hereValue[i] (read it there: a returned double would be boxed). */
  private here(s: SquirmishState, me: number, i: number): void {
    if (this.hereStamp.length < s.maxInst) {
      this.hereStamp = new Int32Array(s.maxInst);
      this.hereValue = new Float64Array(s.maxInst);
    }
    if (this.hereStamp[i] !== this.stamp) {
      this.hereStamp[i] = this.stamp;
      this.spotScore(s, me, i, s.cell[i]!, -1, false);
      this.hereValue[i] = this.spot;
    }
  }

  /** Value of swapping cards a and b, into `val`. */
  moveScore(s: SquirmishState, me: number, a: number, b: number): void {
    const ca = s.cell[a]!;
    const cb = s.cell[b]!;
    // Swap: a goes to cb, b to ca. Own cards gain or lose spots; enemy b just relocates.
    this.spotScore(s, me, a, cb, b, false);
    const to = this.spot;
    this.here(s, me, a);
    let v = to - this.hereValue[a]!;
    if (s.owner[b] === me) {
      this.spotScore(s, me, b, ca, a, false);
      const back = this.spot;
      this.here(s, me, b);
      v += back - this.hereValue[b]!;
    }
    this.val = v - 0.05;
  }

  /** Score of every option of the pending decision; returns the chosen index. */
  choose(s: SquirmishState, actions: Int32Array, n: number, rng: Rng): number {
    const me = s.toMove;
    const pick = this.pick;
    pick.start();
    this.stamp++;
    for (let k = 0; k < n; k++) {
      this.score(s, me, actions[k]!);
      pick.offer(k, this.val, rng);
    }
    return pick.index;
  }

  /**
   * A weigh-in pick, into `val`. Winning the weigh-in gives the first turn, but the pick is then
   * the first card on the grid, the first target of every enemy card: worth half a knock-out,
   * minus the knock-out the pick risks there. So: P(win) × knockout × (1/2 − P(an attack knocks it
   * out)), both over the card types of the deck, each equally likely (the opponent's pick is
   * unseen). It used to be the lowest HP, always: a 1-HP card won the weigh-in and fed the
   * opponent a prize.
   */
  private weighInScore(s: SquirmishState, x: number): void {
    const t = s.table;
    const hp = s.hpOf(x);
    // The score depends only on the pick's card type and HP (the deck and the weights are the
    // policy's for its lifetime): computed once per type, not for every option of every game.
    const ca = s.instCard[x]!;
    const lowest = s.rules.weighIn === 'lowest';
    const memo = 2 * ca + (lowest ? 1 : 0);
    if (this.weighHp.length < 2 * t.count) {
      this.weighHp = new Int32Array(2 * t.count).fill(-1);
      this.weighVal = new Float64Array(2 * t.count);
    }
    if (this.weighHp[memo] === hp) {
      this.val = this.weighVal[memo]!;
      return;
    }
    let wins = 0;
    let ko = 0;
    for (let c = 0; c < t.count; c++) {
      const other = t.hp[c]!;
      wins += other === hp ? 0.5 : lowest === hp < other ? 1 : 0;
      this.hit(s, c, x, 1);
      ko += this.hitP;
    }
    this.val = (wins / t.count) * this.w.knockout * (0.5 - ko / t.count) + 0.001 * this.value[ca]!;
    this.weighHp[memo] = hp;
    this.weighVal[memo] = this.val;
  }
  private weighHp = new Int32Array(0);
  private weighVal = new Float64Array(0);

  /** The score of one option, into `this.val` (a register: a double returned from a call this size would be boxed). */
  private score(s: SquirmishState, me: number, action: number): void {
    const op = opOf(action);
    const x = xOf(action);
    const y = yOf(action);
    switch (s.dec) {
      case DEC_WEIGH_PICK:
        this.weighInScore(s, x);
        return;
      case DEC_WEIGH_PLACE:
        this.val = 0;
        return;
      case DEC_DRAFT:
        this.val = this.value[s.instCard[x]!]!;
        return;
      case DEC_REROLL:
        this.val = op === OP_REROLL ? this.rerollGain(s) : 0;
        return;
      case DEC_HAND:
        if (op === OP_DISCARD) {
          this.val = -this.w.cardValue * this.value[s.instCard[x]!]! - 1;
          return;
        }
        if (op === OP_PLACE) this.placeScore(s, me, x, y);
        else this.val = this.w.cardValue * (this.value[s.instCard[x]!]! - this.value[s.instCard[y]!]!);
        return;
      case DEC_REATTACH:
        if (op === OP_PLACE) {
          this.spotScore(s, me, x, y, -1, false);
          this.val = this.spot;
        } else this.val = 0;
        return;
      case DEC_CONSOLATION:
        if (op === OP_SKIP) this.val = 0;
        else this.placeScore(s, me, x, y);
        return;
      case DEC_JOB:
        this.val = this.jobScore(s, me, op, x, y);
        return;
      case DEC_STEP:
        break;
    }
    switch (op) {
      case OP_SKIP:
        this.val = currentStep(s) === ST_ABILITIES ? -0.5 : 0;
        return;
      case OP_ATTACK:
        this.attackScore(s, me, x, y);
        return;
      case OP_PLACE:
        this.placeScore(s, me, x, y);
        return;
      case OP_REPLACE: {
        if (s.damage[y] !== 0) {
          this.val = -1;
          return;
        }
        this.spotScore(s, me, x, s.cell[y]!, y, true);
        const spot = this.spot; // here() below may overwrite the register
        this.here(s, me, y);
        this.val = this.w.cardValue * (this.value[s.instCard[x]!]! - this.value[s.instCard[y]!]!) + spot - this.hereValue[y]! - 0.5;
        return;
      }
      case OP_MOVE:
        this.moveScore(s, me, x, y);
        return;
      case OP_DRAW:
        this.val = 1;
        return;
      case OP_USE:
        this.val = 1;
        return;
    }
    this.val = 0;
  }

  /** Gain of re-rolling the pending attack die: mean face value minus the current face's value. */
  private rerollGain(s: SquirmishState): number {
    const q = s.qHead;
    const a = s.jobSource[q]!;
    const t = s.jobTarget[q]!;
    const enemy = s.owner[t] !== s.owner[a];
    const ca = s.instCard[a]!;
    let mean = 0;
    for (let f = 1; f <= 6; f++) mean += this.faceValue(s, ca, f, enemy) / 6;
    const gain = mean - this.faceValue(s, ca, s.pendingFace, enemy);
    // A reroll-any offered on another seat's attack: what is good for the attacker is bad for us.
    return s.toMove === s.owner[a] ? gain : -gain;
  }

  private faceValue(s: SquirmishState, ca: number, f: number, enemy: boolean): number {
    const tab = s.table;
    const kind = tab.faceKind[ca * FACES + f - 1]!;
    const amt = tab.faceAmount[ca * FACES + f - 1]!;
    const v = amt === AMOUNT_ROLL ? 3.5 : amt;
    const d = kind === F_DAMAGE ? v : kind === F_HEAL ? -v : 0;
    return enemy ? d : -d;
  }

  private jobScore(s: SquirmishState, me: number, op: number, x: number, y: number): number {
    const q = s.qHead;
    const tab = s.table;
    const e = s.jobEff[q]!;
    const verb = tab.effVerb[e]!;
    if (op === OP_SKIP) return 0;
    switch (verb) {
      case E_DAMAGE:
      case E_KO:
      case E_STATUS: {
        if (s.isOut(x)) return 0; // knocked out already: the effect changes nothing
        const enemy = s.owner[x] !== me;
        const left = s.hpOf(x) - s.damage[x]!;
        const amt = verb === E_KO ? left : verb === E_STATUS ? 1 : s.jobAmount[q]!;
        const ko = amt >= left ? this.w.knockout : 0;
        const v = (amt < left ? amt : left) * this.w.damage + ko + 0.05 * this.cardValue(s, x);
        return enemy ? v : -v;
      }
      case E_HEAL:
        if (s.isOut(x)) return 0; // too late to heal (state.ts heal)
        return (s.owner[x] === me ? 1 : -1) * Math.min(s.jobAmount[q]!, s.damage[x]!) + (tab.effTo[e] === TO_CHOSEN_OWN ? 0 : 0);
      case E_DRAW:
        this.placeScore(s, me, x, y);
        return this.val;
      case E_LOOK_DISCARD:
        if (op === OP_SEAT) return s.victoryLen[x]! * 10 + s.handLen[x]!;
        return this.cardValue(s, x);
      case E_CONFUSE: {
        // The confused card attacks x: good if x is not ours.
        const confused = s.jobTarget[q]!;
        this.hit(s, s.instCard[confused]!, x, 0);
        const v = this.hitE + this.w.knockout * this.hitP;
        return s.owner[x] === me ? -v : v;
      }
      case E_ROLL_AGAIN:
        this.attackScore(s, me, x, y);
        return this.val;
      case E_MOVE_DAMAGE: {
        if (op !== OP_SHIFT) return 0;
        // Spread damage off the card closest to a knock-out onto the sturdiest.
        const fromLeft = s.hpOf(x) - s.damage[x]!;
        const toLeft = s.hpOf(y) - s.damage[y]!;
        return toLeft - fromLeft - 1;
      }
    }
    // Moves granted by abilities.
    if (op === OP_MOVE) {
      if (s.loc[x] !== LOC_GRID || s.loc[y] !== LOC_GRID) return 0;
      this.moveScore(s, me, x, y);
      return this.val;
    }
    if (op === OP_PICK || op === OP_FRAG) return 0;
    return 0;
  }
}

function scorerPolicy(weights: (p: unknown) => PlannerParams) {
  return (params: unknown, _ctx: unknown): Policy<SquirmishState> => {
    let scorer: Scorer | null = null;
    let table: unknown = null;
    const w = weights(params);
    return {
      choose(s, actions, n, rng) {
        if (scorer === null || table !== s.table) {
          scorer = new Scorer(w, s);
          table = s.table;
        }
        return scorer.choose(s, actions, n, rng);
      },
    };
  };
}

export const greedy: PolicySpec<SquirmishState, SquirmishRules> = {
  description:
    'Best expected immediate value: attacks by expected damage and knock-out chance; places and moves by the attack they set up minus the threat of adjacent enemies; always draws and uses abilities.',
  paramsSchema: z.strictObject({}),
  create: scorerPolicy(() => GREEDY),
};

export const planner: PolicySpec<SquirmishState, SquirmishRules> = {
  description:
    'Weighted heuristic (weights are parameters): expected damage and knock-outs, threat and knock-out danger to placed or moved cards, presence, group synergy, card strength, and a prize-race term.',
  paramsSchema: plannerParams,
  create: scorerPolicy((p) => p as PlannerParams),
};

export const squirmishPolicies: Record<string, PolicySpec<SquirmishState, SquirmishRules>> = { greedy, planner };

void DEC_WEIGH_PLACE;
void OP_FRAG;
void E_DRAW;
