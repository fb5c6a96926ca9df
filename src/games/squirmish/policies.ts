/**
 * Squirmish heuristic policies. They read only what their seat may see (index.ts `visibility`):
 * their own hand, the grid (cards, controllers, damage), the piles' contents where face up and
 * every pile's size — never another seat's hand or the deck. Ties are broken uniformly at
 * random with the game's rng.
 *
 * Both score each legal action with one scorer (`Scorer`, scorer.ts) and take the best:
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
import { OP_SKIP, OP_ATTACK, OP_PLACE, OP_REPLACE, OP_MOVE, OP_DRAW, OP_DISCARD, OP_PICK, OP_FRAG, OP_USE, OP_REROLL, OP_SHIFT, OP_SEAT, opOf, xOf, yOf } from './actions.js';
import { FACES } from './card-ir.js';
import type { SquirmishRules } from './params.js';
import { type PlannerParams, Scorer, plannerParams } from './scorer.js';
import { SquirmishState } from './state.js';
import {
  DEC_CONSOLATION, DEC_DRAFT, DEC_HAND, DEC_JOB, DEC_REATTACH, DEC_REROLL, DEC_STEP, DEC_WEIGH_PICK, DEC_WEIGH_PLACE,
  LOC_GRID, ST_ABILITIES,
} from './state-codes.js';
import { currentStep } from './steps.js';
import { F_DAMAGE, F_HEAL, AMOUNT_ROLL, E_DAMAGE, E_HEAL, E_KO, E_STATUS, E_DRAW, E_LOOK_DISCARD, E_CONFUSE, E_ROLL_AGAIN, E_MOVE_DAMAGE, TO_CHOSEN_OWN } from './vocabulary.js';

/** Greedy's fixed weights: the immediate terms only (no danger, group, presence or race terms). */
const GREEDY: PlannerParams = { damage: 1, knockout: 6, threat: 0.5, danger: 0, friendlyFire: 1.5, presence: 1, group: 0, cardValue: 0.2, race: 0 };

/** The scorer's value of every option of each kind of decision; `choose` takes the best. */
class DecisionScorer extends Scorer {
  private readonly pick = new NearBestPicker();

  /** Score of every option of the pending decision; returns the chosen index. */
  choose(s: SquirmishState, actions: Int32Array, n: number, rng: Rng): number {
    const me = s.toMove;
    const pick = this.pick;
    pick.start();
    this.stamp++;
    // Decisions whose OP_PLACE options are placements from hand (placeScore); a weigh-in
    // placement scores 0, a re-attachment its spot, a job's placement its own way.
    const fromHand = s.dec === DEC_STEP || s.dec === DEC_HAND || s.dec === DEC_CONSOLATION;
    for (let k = 0; k < n; ) {
      const action = actions[k]!;
      if (fromHand && opOf(action) === OP_PLACE) {
        k = this.offerPlacements(s, me, actions, k, n, rng);
        continue;
      }
      this.score(s, me, action);
      pick.offer(k, this.val, rng);
      k++;
    }
    return pick.index;
  }

  /**
   * Offers the run of placements of one hand card that starts at option k (legal.ts lists each
   * card's cells together) and returns the index after it. The card's own terms (presence, worth,
   * group) are the same on every cell, so they are read once per card instead of once per cell;
   * the values are placeScore's, summed in the same order, bit for bit.
   */
  private offerPlacements(s: SquirmishState, me: number, actions: Int32Array, k: number, n: number, rng: Rng): number {
    const pick = this.pick;
    const i = xOf(actions[k]!);
    const cardTerms = this.w.presence + this.w.cardValue * this.value[s.instCard[i]!]!;
    let groupOn = false;
    if (this.w.group > 0) {
      const g = s.groupOf(i);
      groupOn = g >= 0 && s.groupInPlay[g] === 1;
    }
    for (; k < n; k++) {
      const action = actions[k]!;
      if (opOf(action) !== OP_PLACE || xOf(action) !== i) break;
      const c = yOf(action);
      // A cell with no enemy next to it has spot 0 (spotFresh): the card's terms alone.
      const enemies = this.enemiesAround(s, me, c);
      let v = cardTerms;
      if (enemies !== 0) {
        this.spotNextTo(s, me, i, c, enemies);
        v += this.spot;
      }
      if (groupOn) v += this.w.group;
      pick.offer(k, v, rng);
    }
    return k;
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
          this.spotScore(s, me, x, y, -1);
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
        // The card from hand on y's square: y is our own, so its enemies are the cell's, and the
        // spot is a placement's (spotFresh: the same terms in the same order as spotScore's).
        this.spotFresh(s, me, x, s.cell[y]!);
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
    let scorer: DecisionScorer | null = null;
    let table: unknown = null;
    const w = weights(params);
    return {
      choose(s, actions, n, rng) {
        if (scorer === null || table !== s.table) {
          scorer = new DecisionScorer(w, s);
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
