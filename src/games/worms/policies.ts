/**
 * Worms heuristic policies. Both read only what a player at the table sees: every worm (face
 * up), the discard pile (face up) and the deck's size — never the deck's order. Where a card
 * will be drawn they reason over the unseen cards (all cards minus worms and discard pile).
 * Ties are broken uniformly at random with the game's rng, so neither policy favours a seat.
 *
 * - `greedy`: always attacks when it can, choosing the attack that removes the most cards
 *   (a kill, then an elimination, outrank any count); otherwise darksides onto its highest
 *   non-ace top (a high card covered by a lower one stops a run; a covered ace becomes a 1).
 * - `builder`: scores every legal action by cards it takes minus the cards its own worms
 *   would expose to the opponents' best top card afterwards, in expectation over the unseen
 *   cards — it builds hard-to-kill worms and attacks when the trade is worth it.
 */
import { z } from 'zod';
import type { PolicySpec, Policy } from '../../sim/types.js';
import { BestPicker } from '../kit/best-picker.js';
import { WormsState, ACE, belowTopValue } from './state.js';
import { WORMS_PER_PLAYER, type WormsRules } from './params.js';
import { DARKSIDE, PASS, isAttack, attackNoDraw, attackOwnWorm, attackTargetSeat, attackTargetWorm } from './actions.js';
import { cardsRemovedByAttack } from './rules.js';

const KILL_SCORE = 100;
const ELIMINATION_SCORE = 10_000;

export const greedy: PolicySpec<WormsState, WormsRules> = {
  description:
    'Attacks whenever it can, taking the most cards (kills and eliminations first); otherwise darksides onto its highest non-ace top.',
  paramsSchema: z.strictObject({}),
  create(): Policy<WormsState> {
    const pick = new BestPicker();
    return {
      choose(s, actions, n, rng) {
        pick.start();
        for (let i = 0; i < n; i++) pick.offer(i, greedyScore(s, actions[i]!), rng);
        return pick.index;
      },
    };
  },
};

function greedyScore(s: WormsState, action: number): number {
  if (action === PASS) return -1e9;
  const me = s.toMove;
  if (!isAttack(action)) {
    const w = me * WORMS_PER_PLAYER + (action - DARKSIDE);
    const top = s.topCard(w);
    // Darksides rank below every attack; among them the highest non-ace top, then the longest worm.
    return -1e6 + (top === ACE ? 0 : top * 1000) + s.wormLength(w);
  }
  const p = attackTargetSeat(action);
  const wt = p * WORMS_PER_PLAYER + attackTargetWorm(action);
  const removed = cardsRemovedByAttack(s, wt);
  let score = removed;
  if (removed === s.wormLength(wt)) score += s.living[p] === 1 ? ELIMINATION_SCORE : KILL_SCORE;
  return score - attackNoDraw(action) * 0.5; // prefer to draw: a longer worm is harder to kill
}

const builderParams = z.strictObject({
  attackWeight: z.number().min(0).max(100).default(1).describe('Value of each opponent card taken.'),
  safetyWeight: z.number().min(0).max(100).default(1).describe('Cost of each own card exposed to attack.'),
  killBonus: z.number().min(0).max(1000).default(3).describe('Extra value of killing a worm (and of not losing one).'),
  shareGain: z
    .boolean()
    .default(true)
    .describe('With more than one opponent left, divide what an attack takes by the opponents left (the other opponents gain from it as much as the attacker); false values it as with one opponent. The same with two players.'),
});

export const builder: PolicySpec<WormsState, WormsRules> = {
  description:
    "Scores each action by cards taken minus the own cards left exposed to the opponents' best top card (expected over unseen cards); builds hard-to-kill worms.",
  paramsSchema: builderParams,
  create(params: z.output<typeof builderParams>): Policy<WormsState> {
    const pick = new BestPicker();
    const unseen = new Int32Array(15);
    const evaluator = new ExposureEvaluator(params.killBonus);
    return {
      choose(s, actions, n, rng) {
        countUnseen(s, unseen);
        const attackWeight = params.shareGain ? params.attackWeight / opponentsLeft(s) : params.attackWeight;
        pick.start();
        for (let i = 0; i < n; i++) {
          const a = actions[i]!;
          const score = evaluator.score(s, a, unseen, attackWeight, params.safetyWeight);
          pick.offer(i, score, rng);
        }
        return pick.index;
      },
    };
  },
};

/**
 * Opponents still in the game (at least 1). Worms is won by the last player with a living worm:
 * cards taken from one of several opponents weaken that one only, and the others gain from it
 * as much as the attacker does, while the attacker's own worms stay exposed to all of them. So
 * builder divides an attack's gain by the opponents left; with one left (every two-player game,
 * and the end of any game) it is unchanged. Undivided, builder won 59.1% against random with
 * four players (greedy, which always attacks, 42.9%) against 96% with two (docs/bots.md).
 */
function opponentsLeft(s: WormsState): number {
  let left = 0;
  for (let p = 0; p < s.players; p++) if (p !== s.toMove && s.living[p]! > 0) left++;
  return left > 1 ? left : 1;
}

/** Unseen cards by rank: every card minus those in worms and the discard pile (deck order unknown). */
function countUnseen(s: WormsState, unseen: Int32Array): void {
  const perRank = s.totalCards / 13;
  unseen.fill(0);
  for (let r = 2; r <= ACE; r++) unseen[r] = perRank;
  for (let i = 0; i < s.discardLen; i++) unseen[s.discard[i]!]!--;
  const worms = s.players * WORMS_PER_PLAYER;
  for (let w = 0; w < worms; w++) for (let i = s.bottom[w]!; i < s.top[w]!; i++) unseen[s.cards[i]!]!--;
}

/**
 * Cards worm w would lose to an attack if its top card were `topRank` sitting on
 * cards[bottom[w] .. below): the top plus the descending run beneath it.
 */
function removedWithTop(s: WormsState, w: number, below: number, topRank: number): number {
  let prev = topRank;
  let removed = 1;
  for (let i = below - 1; i >= s.bottom[w]!; i--) {
    const v = belowTopValue(s.cards[i]!);
    if (v < prev || (s.rules.runIncludesEqual && v === prev)) {
      removed++;
      prev = v;
    } else break;
  }
  return removed;
}

class ExposureEvaluator {
  constructor(private readonly killBonus: number) {}

  /** Expected cards a threatened worm loses (plus killBonus if it would die), for one top card. */
  private exposure(s: WormsState, w: number, below: number, topRank: number, threat: number): number {
    if (threat < topRank) return 0;
    const removed = removedWithTop(s, w, below, topRank);
    return removed + (removed === below - s.bottom[w]! + 1 ? this.killBonus : 0);
  }

  /** The same, in expectation over the rank of a card drawn onto cards[bottom..below). */
  private drawnExposure(s: WormsState, w: number, below: number, unseen: Int32Array, threat: number): number {
    let total = 0;
    let weight = 0;
    for (let r = 2; r <= ACE; r++) {
      const c = unseen[r]!;
      if (c === 0) continue;
      total += c * this.exposure(s, w, below, r, threat);
      weight += c;
    }
    // Nothing unseen: the next card comes from the reshuffled discard pile; judge it as average.
    return weight === 0 ? this.exposure(s, w, below, 8, threat) : total / weight;
  }

  score(s: WormsState, action: number, unseen: Int32Array, attackWeight: number, safetyWeight: number): number {
    const me = s.toMove;
    let gain = 0;
    let changed = -1; // own worm whose top changes, and how
    let changedBelow = 0;
    let changedTop = 0; // 0 = a card will be drawn
    let hitWorm = -1;
    let hitNewTop = 0;
    if (action === PASS) {
      // nothing changes
    } else if (!isAttack(action)) {
      changed = me * WORMS_PER_PLAYER + (action - DARKSIDE);
      changedBelow = s.top[changed]!;
    } else {
      changed = me * WORMS_PER_PLAYER + attackOwnWorm(action);
      changedBelow = s.top[changed]! - 1;
      if (attackNoDraw(action) === 1) {
        changedTop = s.cards[changedBelow - 1]!;
        changedBelow--;
      }
      const p = attackTargetSeat(action);
      hitWorm = p * WORMS_PER_PLAYER + attackTargetWorm(action);
      const removed = cardsRemovedByAttack(s, hitWorm);
      gain = removed;
      const left = s.wormLength(hitWorm) - removed;
      if (left === 0) gain += s.living[p] === 1 ? this.killBonus * 10 : this.killBonus;
      else hitNewTop = s.cards[s.top[hitWorm]! - 1 - removed]!; // a buried ace surfaces as 14
    }
    // The opponents' best top card after this action.
    let threat = 0;
    for (let p = 0; p < s.players; p++) {
      if (p === me) continue;
      for (let k = 0; k < WORMS_PER_PLAYER; k++) {
        const w = p * WORMS_PER_PLAYER + k;
        if (s.top[w] === s.bottom[w]) continue;
        const t = w === hitWorm ? hitNewTop : s.topCard(w);
        if (t > threat) threat = t;
      }
    }
    let exposed = 0;
    for (let k = 0; k < WORMS_PER_PLAYER; k++) {
      const w = me * WORMS_PER_PLAYER + k;
      if (w === changed) {
        exposed +=
          changedTop === 0
            ? this.drawnExposure(s, w, changedBelow, unseen, threat)
            : this.exposure(s, w, changedBelow, changedTop, threat);
      } else if (s.top[w] !== s.bottom[w]) {
        exposed += this.exposure(s, w, s.top[w]! - 1, s.topCard(w), threat);
      }
    }
    return attackWeight * gain - safetyWeight * exposed;
  }
}

export const wormsPolicies = { greedy, builder };
