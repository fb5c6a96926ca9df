/**
 * Squish! heuristic policies. The game has no hidden information; all three read the board.
 * Ties are broken uniformly at random with the game's rng, so no policy favours a seat.
 *
 * - `safe`: in the movement phase, chooses the end state that minimises the exact probability
 *   that the mover's marker is squished by the next player's block roll; among equally safe end
 *   states (advanced game) the one with the most shard progress (as seeker measures it), and a
 *   winning move always. Every outcome of that
 *   roll is enumerated (direction 1-8 or 0, force 1-6, block 1..K, each equally likely); for a
 *   9 the roller is assumed to pick the direction that is worst for the mover. No sampling. On
 *   its own 9 it picks a direction that does not squish itself.
 * - `bully`: on a 9 picks the direction that squishes the most opponents (never itself, if it
 *   can help it); otherwise like `safe`.
 * - `seeker` (advanced game): weighs shard progress against that same squish probability:
 *   score = weight × progress − P(squished) × (shards held after the move + 1), where progress
 *   = shards held after the move − (king distance to the next target) / 16, the target being
 *   the nearest square next to a block whose shard it still lacks, or its start square once it
 *   holds them all; a winning move is always taken. weight 0 plays like `safe`. In the simple
 *   game there is no progress to make and it plays like `safe`.
 *
 * The squish probability is exact and computed without allocation: risk.ts.
 */
import { z } from 'zod';
import type { PolicySpec, Policy } from '../../sim/types.js';
import type { Rng } from '../../sim/rng.js';
import { BestPicker } from '../kit/best-picker.js';
import { SquishState, PHASE_DIRECTION } from './state.js';
import { type SquishRules, actionCapacityOf } from './params.js';
import { copyBoard } from './positions.js';
import { popcount, performMove } from './markers.js';
import { RiskEvaluator } from './risk.js';

const safeParams = z.strictObject({});

/** Direction after a 9 for safe and seeker: any that does not squish the roller. */
function chooseSafeDirection(ev: RiskEvaluator, s: SquishState, n: number, pick: BestPicker, rng: Rng): number {
  ev.evaluateDirections(s);
  const me = 1 << s.toMove;
  pick.start();
  for (let i = 0; i < n; i++) pick.offer(i, (ev.dirSquished[i + 1]! & me) !== 0 ? -1 : 0, rng);
  return pick.index;
}

export const safe: PolicySpec<SquishState, SquishRules> = {
  description:
    "Moves to the end state with the least exact probability of being squished by the next player's roll (a 9 counted as the worst direction), among equally safe ones the most shard progress (advanced game), a winning move always; on its own 9, any direction that does not squish itself.",
  paramsSchema: safeParams,
  create(_params, ctx): Policy<SquishState> {
    const ev = new RiskEvaluator(ctx.rules, ctx.players);
    const pick = new BestPicker();
    return {
      choose(s, actions, n, rng) {
        if (s.phase === PHASE_DIRECTION) return chooseSafeDirection(ev, s, n, pick, rng);
        return offerSafeMoves(ev, s, actions, n, pick, rng);
      },
    };
  },
};

export const bully: PolicySpec<SquishState, SquishRules> = {
  description: 'On a 9, the direction that squishes the most opponents (not itself); otherwise moves like safe (shard progress breaking ties).',
  paramsSchema: z.strictObject({}),
  create(_params, ctx): Policy<SquishState> {
    const ev = new RiskEvaluator(ctx.rules, ctx.players);
    const pick = new BestPicker();
    return {
      choose(s, actions, n, rng) {
        if (s.phase === PHASE_DIRECTION) return chooseBullyDirection(ev, s, n, pick, rng);
        return offerSafeMoves(ev, s, actions, n, pick, rng);
      },
    };
  },
};

const seekerParams = z.strictObject({
  weight: z
    .number()
    .min(0)
    .max(1000)
    .default(1)
    .describe('Value of progress (one shard = 1) against the expected loss of a squish (shards held + 1); 0 plays like safe.'),
});

/** Distance from the target used by seeker, per shard: king moves to a square next to the block. */
function ringDistance(s: SquishState, x: number, y: number, k: number): number {
  const x0 = s.blockX[k]! - 1;
  const x1 = s.blockX[k]! + s.blockW[k]!;
  const y0 = s.blockY[k]! - 1;
  const y1 = s.blockY[k]! + s.blockH[k]!;
  const dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
  const dy = y < y0 ? y0 - y : y > y1 ? y - y1 : 0;
  return dx > dy ? dx : dy;
}

/**
 * Shard progress of move action a for the mover (advanced game; 0 in the simple game): shards
 * held after the move − king distance to the next target / 16, the target being the nearest
 * square next to a block whose shard it still lacks, or its start square once it holds them all.
 * Infinity for a winning move (every shard, ending on the start square).
 */
function shardProgress(s: SquishState, a: number): number {
  if (!s.advanced) return 0;
  const me = s.toMove;
  const rest = Math.floor(a / 9);
  const q = rest % s.squares;
  const shard = Math.floor(rest / s.squares);
  const held = shard === 0 ? s.held[me]! : s.held[me]! | (1 << (shard - 1));
  const x = q % s.width;
  const y = Math.floor(q / s.width);
  let dist = Infinity;
  if (held === s.allShards) {
    dist = Math.max(Math.abs(x - s.startX[me]!), Math.abs(y - s.startY[me]!));
    if (dist === 0) return Infinity;
  } else for (let k = 0; k < s.blockCount; k++) if ((held & (1 << k)) === 0) dist = Math.min(dist, ringDistance(s, x, y, k));
  return popcount(held) - dist / 16;
}

/**
 * safe and bully: the fewest squishing outcomes first; among equally safe moves, the most shard
 * progress (a fraction of one outcome, so it never buys risk); a winning move always. Without
 * the tie-break they never took a shard, and 60-71% of their advanced games hit the cap.
 */
function offerSafeMoves(ev: RiskEvaluator, s: SquishState, actions: Int32Array, n: number, pick: BestPicker, rng: Rng): number {
  ev.evaluate(s, actions, n);
  pick.start();
  for (let i = 0; i < n; i++) {
    const progress = shardProgress(s, actions[i]!);
    pick.offer(i, progress === Infinity ? Infinity : -ev.risk[i]! + progress / 8, rng);
  }
  return pick.index;
}

/**
 * seeker's score of every movement action into score[0..n): weight × progress − P(squished by
 * the next roll) × (shards after the move + 1); Infinity for a winning move.
 */
function seekerScores(ev: RiskEvaluator, s: SquishState, actions: Int32Array, n: number, weight: number, score: Float64Array): void {
  ev.evaluate(s, actions, n);
  const me = s.toMove;
  for (let i = 0; i < n; i++) {
    const a = actions[i]!;
    const progress = shardProgress(s, a);
    if (progress === Infinity) {
      score[i] = Infinity; // ends on the start square with every shard: wins
      continue;
    }
    const shard = Math.floor(Math.floor(a / 9) / s.squares);
    const shards = popcount(shard === 0 ? s.held[me]! : s.held[me]! | (1 << (shard - 1)));
    score[i] = weight * progress - (ev.risk[i]! / ev.outcomes) * (shards + 1);
  }
}

export const seeker: PolicySpec<SquishState, SquishRules> = {
  description:
    'Advanced game: weight × (shards after the move − distance to the next target / 16) − P(squished) × (shards after the move + 1); takes a winning move; like safe in the simple game.',
  paramsSchema: seekerParams,
  create(params: z.output<typeof seekerParams>, ctx): Policy<SquishState> {
    const ev = new RiskEvaluator(ctx.rules, ctx.players);
    const pick = new BestPicker();
    const score = new Float64Array(actionCapacityOf(ctx.rules, ctx.players));
    const weight = params.weight;
    return {
      choose(s, actions, n, rng) {
        if (s.phase === PHASE_DIRECTION) return chooseSafeDirection(ev, s, n, pick, rng);
        seekerScores(ev, s, actions, n, weight, score);
        pick.start();
        for (let i = 0; i < n; i++) pick.offer(i, score[i]!, rng);
        return pick.index;
      },
    };
  },
};

const hunterParams = seekerParams.extend({
  hunt: z
    .number()
    .min(0)
    .max(1000)
    .default(1)
    .describe("Value of an opponent's expected loss from the next roll (P(squished) × (its shards + 1), averaged over the opponents) against the mover's own; 0 plays like seeker."),
});

/**
 * The hunter looks one roll further than seeker: for every end state it also plays out the next
 * player's roll for each opponent's marker (exactly, every outcome), so it pushes opponents into
 * danger and leaves them standing where the next roll squishes them, not only keeps itself safe.
 * The next roller's own marker counts no 9 (it chooses the direction and spares itself); the
 * others' count the 9 as their worst direction, as the mover's does.
 */
class Hunter implements Policy<SquishState> {
  private readonly ev: RiskEvaluator;
  /** The opponents' risk is evaluated on this board, after the candidate move. */
  private readonly after: SquishState;
  private readonly pick = new BestPicker();
  private readonly score: Float64Array;
  private readonly stay = new Int32Array(1);
  /** opponentsLoss's result register (a typed array: a double in an object field was boxed on every store). */
  private readonly loss = new Float64Array(1);

  constructor(
    private readonly params: z.output<typeof hunterParams>,
    rules: SquishRules,
    players: number,
  ) {
    this.ev = new RiskEvaluator(rules, players);
    this.after = new SquishState(rules, players);
    this.score = new Float64Array(actionCapacityOf(rules, players));
  }

  choose(s: SquishState, actions: Int32Array, n: number, rng: Rng): number {
    const pick = this.pick;
    pick.start();
    if (s.phase === PHASE_DIRECTION) return chooseBullyDirection(this.ev, s, n, pick, rng);
    const score = this.score;
    seekerScores(this.ev, s, actions, n, this.params.weight, score);
    const me = s.toMove;
    const next = me + 1 === s.players ? 0 : me + 1;
    let opponents = 0;
    for (let p = 0; p < s.players; p++) if (p !== me && s.markerCell[p]! >= 0) opponents++;
    const hunt = opponents === 0 ? 0 : this.params.hunt / opponents;
    for (let i = 0; i < n; i++) {
      if (hunt > 0 && score[i] !== Infinity) {
        this.opponentsLoss(s, actions[i]!, next);
        score[i]! += hunt * this.loss[0]!;
      }
      pick.offer(i, score[i]!, rng);
    }
    return pick.index;
  }

  /**
   * loss[0] = Σ over the opponents on the board of P(squished by the next roll) × (shards + 1),
   * after move a. Handed back in a register, not returned: a double returned from a call V8 does
   * not inline is boxed (ARCHITECTURE.md, "Performance rules as applied").
   */
  private opponentsLoss(s: SquishState, a: number, next: number): void {
    const after = this.after;
    const ev = this.ev;
    copyBoard(after, s);
    performMove(after, a);
    let loss = 0;
    for (let p = 0; p < s.players; p++) {
      const c = after.markerCell[p]!;
      if (p === s.toMove || c < 0) continue;
      // Standing still (a plain move to its own square) is the one candidate: its risk is p's.
      after.toMove = p;
      this.stay[0] = 9 * after.squareOf(c);
      ev.evaluate(after, this.stay, 1, p !== next);
      loss += (ev.risk[0]! / ev.outcomes) * (popcount(after.held[p]!) + 1);
    }
    this.loss[0] = loss;
  }
}

/** Direction after a 9 for bully and hunter: the most opponents squished, never itself if it can help it. */
function chooseBullyDirection(ev: RiskEvaluator, s: SquishState, n: number, pick: BestPicker, rng: Rng): number {
  ev.evaluateDirections(s);
  const me = 1 << s.toMove;
  pick.start();
  for (let i = 0; i < n; i++) {
    const m = ev.dirSquished[i + 1]!;
    pick.offer(i, popcount(m & ~me) - ((m & me) !== 0 ? 100 : 0), rng);
  }
  return pick.index;
}

export const hunter: PolicySpec<SquishState, SquishRules> = {
  description:
    "seeker with a one-roll lookahead for the opponents: adds hunt × the opponents' mean expected loss from the next roll (exact, every outcome) after each move, so it pushes them into danger; on a 9, the direction that squishes the most opponents (not itself).",
  paramsSchema: hunterParams,
  create: (params: z.output<typeof hunterParams>, ctx): Policy<SquishState> => new Hunter(params, ctx.rules, ctx.players),
};

export const squishPolicies = { safe, bully, seeker, hunter };
