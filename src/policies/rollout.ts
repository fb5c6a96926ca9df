/**
 * The rollout expert: a policy whose strength comes from playing the game forward, for any game.
 *
 * At each decision with more than one legal action it takes a few candidate actions: the base
 * policy's own choice first, then the choice of each `propose` policy (other styles of play, for
 * a game whose many actions differ little, such as Squall's moves), then every other action when
 * there are at most `candidates`, else the base's next choices (its choice struck from the list
 * and asked again, so the base ranks them). For each candidate it plays `rollouts`
 * continuations on a scratch copy of the position: the candidate, then every seat (its own included) playing the base policy, until
 * the game ends or `horizon` decisions have passed. A finished rollout scores 1 for a win, 0 for
 * a loss and 1 / players for a draw or a capped game; an unfinished one scores the seat's share
 * of the game's `standing` (its score over the sum of every seat's; 1 / players when the game
 * has no standing or every score is 0). The candidate with the highest total plays; the base's
 * own choice wins ties (it is tried first and only a strictly higher total replaces it), so
 * with enough rollouts the expert plays at least as well as its base (a rollout policy is a
 * one-step policy improvement of the base). With few rollouts, candidates that differ little are
 * told apart mostly by luck, and a policy that takes any higher total then plays a coin-flip at
 * each such decision (Squirmish's tabletop: it skipped its draw four times in ten and lost to its
 * base); `confidence` z makes a challenger replace the base's choice only when its lead, rollout
 * by rollout, is at least z standard errors of the paired lead (0: any higher total, as before).
 *
 * Paired comparison (common random numbers): the decision draws one 32-bit seed from the game's
 * rng, and the i-th rollout of every candidate runs on a private stream seeded by (that seed,
 * i), so every candidate meets the same dice, deals and determinisation in its i-th rollout and
 * the candidates' totals differ by their moves more than by luck. Every random draw thus derives
 * from the game's one stream: the same seed gives the same games for any worker count.
 *
 * Hidden information stays hidden: in a game that hides information each rollout first re-deals
 * what the deciding seat cannot see (`determinize`, as ismcts does), so nothing the seat may not
 * read reaches the choice; the base's ranking of the candidates reads the real position only
 * through the base policy, which reads only what its seat may see.
 *
 * Scratch memory (the state copy, the action lists, the standing scores) is allocated once in
 * `create`; a decision allocates nothing. The budget is `rollouts` per candidate: a decision
 * costs about candidates x rollouts x horizon base decisions (docs/skill-ladder.md has what it
 * costs per game and what it buys).
 */
import { z } from 'zod';
import type { AnyGameModule, GameState, Policy, PolicyContext, PolicySpec } from '../sim/types.js';
import { Rng } from '../sim/rng.js';
import { checkNestedParams } from './nested-params.js';

export const ROLLOUT_POLICY = 'rollout';
/** Most rollouts per candidate: a decision at the cap already takes a minute or more. */
export const MAX_ROLLOUTS = 10_000;
/** Most candidates per decision. */
export const MAX_CANDIDATES = 64;
/** Most decisions per rollout. */
export const MAX_HORIZON = 100_000;

/** The private stream's cell for the base's ranking of the candidates (rollout i uses cell 1, index i). */
const RANK_CELL = 0;
const ROLLOUT_CELL = 1;

class RolloutPolicy implements Policy {
  private readonly game: AnyGameModule;
  private readonly sim: GameState;
  /** Legal actions in a rollout. */
  private readonly buf: Int32Array;
  /** The actions left to rank (a copy of the decision's list, the ranked ones struck out). */
  private readonly rest: Int32Array;
  /** Candidates as indices into the decision's list, the base's choice first. */
  private readonly cand: Int32Array;
  private readonly total: Float64Array;
  private readonly standingOut: Float64Array;
  /** The base's choice's score in each rollout (the challengers are compared with it pair by pair). */
  private readonly firstScores: Float64Array;
  private readonly stream = new Rng();
  private readonly drawShare: number;

  constructor(
    private readonly base: Policy,
    private readonly ranker: Policy,
    private readonly proposers: readonly Policy[],
    private readonly rollouts: number,
    private readonly candidates: number,
    private readonly horizon: number,
    private readonly confidence: number,
    ctx: PolicyContext,
  ) {
    this.game = ctx.game;
    // Without a way to re-deal hidden cards a rollout would read them: refuse rather than cheat.
    if (this.game.hiddenInformation && !this.game.determinize) throw new Error(`rollout: ${this.game.id} hides information but has no determinize; the rollouts would see hidden cards`);
    this.sim = this.game.createState(ctx.rules, ctx.players);
    const capacity = this.game.actionCapacity(ctx.rules, ctx.players);
    this.buf = new Int32Array(capacity);
    this.rest = new Int32Array(capacity);
    this.cand = new Int32Array(Math.min(candidates, capacity));
    this.total = new Float64Array(this.cand.length);
    this.standingOut = new Float64Array(ctx.players);
    this.firstScores = new Float64Array(rollouts);
    this.drawShare = 1 / ctx.players;
  }

  choose(state: GameState, actions: Int32Array, n: number, rng: Rng): number {
    if (n === 1) return 0;
    const seed = rng.int32();
    const c = this.rank(state, actions, n, seed);
    let best = 0;
    const first = this.firstScores;
    const R = this.rollouts;
    for (let k = 0; k < c; k++) {
      let sum = 0;
      // Paired with the base's choice rollout by rollout (the same seed i): the lead's mean and
      // spread, for the confidence test.
      let lead = 0;
      let lead2 = 0;
      for (let i = 0; i < R; i++) {
        const v = this.rollout(state, actions[this.cand[k]!]!, seed, i);
        sum += v;
        if (k === 0) first[i] = v;
        else {
          const d = v - first[i]!;
          lead += d;
          lead2 += d * d;
        }
      }
      this.total[k] = sum;
      if (k === 0 || sum <= this.total[best]!) continue;
      if (this.confidence > 0 && R > 1) {
        // A challenger must lead the base's choice by `confidence` standard errors of the paired lead.
        const mean = lead / R;
        const variance = Math.max(0, (lead2 - R * mean * mean) / (R - 1));
        if (mean <= this.confidence * Math.sqrt(variance / R)) continue;
      }
      best = k;
    }
    return this.cand[best]!;
  }

  /**
   * Fill `cand` with the candidates (indices into actions), the base's choice first; returns how
   * many. The base ranks on its own stream (cell RANK_CELL), so the ranking does not move the
   * game's rng.
   */
  private rank(state: GameState, actions: Int32Array, n: number, seed: number): number {
    const stream = this.stream;
    stream.seedGame(seed, RANK_CELL, 0);
    const first = this.ranker.choose(state, actions, n, stream);
    this.cand[0] = first;
    let c = 1;
    // Each proposer's choice, if not a candidate already.
    for (let q = 0; q < this.proposers.length && c < this.cand.length; q++) {
      const k = this.proposers[q]!.choose(state, actions, n, stream);
      let seen = false;
      for (let j = 0; j < c; j++) if (this.cand[j] === k) seen = true;
      if (!seen) this.cand[c++] = k;
    }
    if (n <= this.cand.length) {
      // Every action is a candidate: the base's first, then the others in list order.
      c = 1;
      for (let k = 0; k < n; k++) if (k !== first) this.cand[c++] = k;
      return c;
    }
    // The base ranks: strike its choice from a copy of the list and ask again. `rest[j]` holds
    // the action, `buf[j]` its index in the decision's list (buf is free until the rollouts).
    const rest = this.rest;
    const where = this.buf;
    let m = 0;
    for (let k = 0; k < n; k++) {
      let taken = false;
      for (let j = 0; j < c; j++) if (this.cand[j] === k) taken = true;
      if (taken) continue;
      rest[m] = actions[k]!;
      where[m++] = k;
    }
    while (c < this.cand.length) {
      const j = this.ranker.choose(state, rest, m, stream);
      this.cand[c++] = where[j]!;
      m--;
      rest[j] = rest[m]!;
      where[j] = where[m]!;
    }
    return c;
  }

  /** Rollout i of one candidate action: its score for the deciding seat, in [0, 1]. */
  private rollout(state: GameState, action: number, seed: number, i: number): number {
    const game = this.game;
    const sim = this.sim;
    const seat = state.toMove;
    const stream = this.stream;
    stream.seedGame(seed, ROLLOUT_CELL, i);
    game.copy(sim, state);
    if (game.hiddenInformation && game.determinize) game.determinize(sim, seat, stream);
    // The candidate is applied as the engine would: right after the list is made on this state
    // (a game may keep what legalActions found in scratch fields, which copy skips).
    game.legalActions(sim, this.buf);
    game.apply(sim, action, stream);
    for (let moves = 0; !sim.terminal && moves < this.horizon; moves++) {
      const m = game.legalActions(sim, this.buf);
      game.apply(sim, this.buf[this.base.choose(sim, this.buf, m, stream)]!, stream);
    }
    if (sim.terminal) return sim.capped || sim.winner < 0 ? this.drawShare : sim.winner === seat ? 1 : 0;
    return this.share(sim, seat);
  }

  /** The seat's share of the standing (1 / players without one, or when every score is 0). */
  private share(sim: GameState, seat: number): number {
    const standing = this.game.standing;
    if (!standing) return this.drawShare;
    const out = this.standingOut;
    standing.score(sim, out, 0);
    let sum = 0;
    for (let p = 0; p < out.length; p++) sum += out[p]!;
    return sum > 0 ? out[seat]! / sum : this.drawShare;
  }
}

/**
 * The rollout policy over a game's other policies (`available`: every policy the game may use,
 * generic ones included, the strength dial and rollout itself not). Its parameters name the
 * base policy and that policy's parameters, checked with the base's own schema.
 */
export function rolloutPolicy(available: Readonly<Record<string, PolicySpec>>): PolicySpec {
  const names = Object.keys(available);
  const paramsSchema = z
    .strictObject({
      base: z.enum(names as [string, ...string[]]).default('random').describe("The policy the rollouts play for every seat and that ranks the candidates (the game's skilled bot, e.g. greedy)."),
      params: z.record(z.string(), z.unknown()).default({}).describe("The base policy's parameters; its defaults apply to any left out."),
      propose: z
        .array(z.strictObject({ policy: z.enum(names as [string, ...string[]]).describe('A policy whose choice is a candidate.'), params: z.record(z.string(), z.unknown()).default({}).describe("Its parameters; its defaults apply to any left out.") }))
        .max(MAX_CANDIDATES)
        .default([])
        .describe("Other policies whose choices are candidates too, after the base's and before the base's next choices (other styles of play for a game with many similar actions, e.g. Squall's brawler that waits); they do not play in the rollouts."),
      rollouts: z.number().int().min(1).max(MAX_ROLLOUTS).default(8).describe(`Rollouts per candidate at each decision: the budget and the strength dial (a decision costs about candidates x rollouts x horizon base decisions); at most ${MAX_ROLLOUTS.toLocaleString('en-US')}.`),
      candidates: z.number().int().min(1).max(MAX_CANDIDATES).default(4).describe(`Most actions compared at a decision: all of them when there are no more, else the base's choice and its next choices (the base ranks them); at most ${MAX_CANDIDATES}. 1 plays as the base.`),
      confidence: z
        .number()
        .min(0)
        .max(10)
        .default(0)
        .describe(
          "How sure a candidate must be to replace the base's choice: its lead over the base's choice, rollout by rollout (the same dice), must be at least this many standard errors of that lead. 0: any higher total replaces it. A few rollouts tell close candidates apart mostly by luck; this keeps the base's choice unless the rollouts say clearly it is worse.",
        ),
      horizon: z.number().int().min(0).max(MAX_HORIZON).default(MAX_HORIZON).describe("Most decisions a rollout plays after the candidate; an unfinished rollout scores the seat's share of the game's standing (a draw's share if the game has none)."),
    })
    .superRefine((value, ctx) => {
      checkNestedParams(available, value.base, value.params, ['params'], ctx);
      value.propose.forEach((p, i) => checkNestedParams(available, p.policy, p.params, ['propose', i, 'params'], ctx));
    });
  return {
    description:
      "Rollout expert for any game: compares a few candidate actions (the base policy's choice and its next choices) by playing each forward with the base policy for every seat, the same dice for every candidate, re-dealing what its seat cannot see; plays the best, the base's choice on ties.",
    paramsSchema,
    create(params: z.output<typeof paramsSchema>, ctx: PolicyContext) {
      const spec = available[params.base];
      if (!spec) throw new Error(`rollout: ${ctx.game.id} has no policy ${JSON.stringify(params.base)}`);
      const baseParams = spec.paramsSchema.parse(params.params);
      const proposers = params.propose.map((p) => {
        const proposer = available[p.policy];
        if (!proposer) throw new Error(`rollout: ${ctx.game.id} has no policy ${JSON.stringify(p.policy)}`);
        return proposer.create(proposer.paramsSchema.parse(p.params), ctx);
      });
      // Two instances: one plays in the rollouts, one ranks at the real position (a policy may
      // keep per-decision scratch that a rollout in between would overwrite).
      return new RolloutPolicy(spec.create(baseParams, ctx), spec.create(baseParams, ctx), proposers, params.rollouts, params.candidates, params.horizon, params.confidence, ctx);
    },
  };
}
