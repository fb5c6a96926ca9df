/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
 * 2012) over the GameModule contract, for any game.
 *
 * Every iteration copies the real position into a scratch state and, in a hidden-information
 * game, re-deals what the searching seat cannot see (`determinize`), so the search only uses
 * the seat's information set. It then walks one tree shared by all determinisations: at each
 * node only the children legal in this determinisation compete, chosen by UCB1 with
 * availability counts (a child's exploration term uses how often it was available, not the
 * parent's visits); the first untried legal action is expanded; a rollout policy plays the
 * game out (the generic `random`, or any of the game's own policies by name); the result is
 * backed up, each node scoring a win for the seat that chose the action leading to it. The
 * action chosen is the most visited child of the root.
 *
 * Chance happens inside `apply`, so it is sampled naturally along each iteration. Opponents'
 * decisions are searched in the same tree from their own point of view (with the searching
 * seat's determinisation; a known simplification of SO-ISMCTS). Scratch memory (states, the
 * node pool, a hash set of legal actions) is allocated once in `create`; a search allocates
 * nothing.
 *
 * The budget is a number of iterations per decision, never a time: a time budget would make
 * the moves (not only their count) depend on the machine and its load, and break the
 * determinism contract (the same seed gives the same games on any machine and worker count).
 * What an iteration costs per game is in docs/skill-ladder.md.
 */
import { z } from 'zod';
import type { AnyGameModule, GameState, Policy, PolicyContext, PolicySpec } from '../sim/types.js';
import type { Rng } from '../sim/rng.js';

/** Most iterations per decision (a typo such as 1e9 is refused): a decision at the cap already takes a minute or more. */
export const MAX_ITERATIONS = 100_000;

export const ismctsParams = z.strictObject({
  iterations: z.number().int().min(1).max(MAX_ITERATIONS).default(200).describe(`Search iterations (determinise, select, expand, roll out, back up) per decision: the search's budget, in iterations rather than time so that games stay deterministic; at most ${MAX_ITERATIONS.toLocaleString('en-US')} (at a few thousand iterations a second, a decision at the cap takes a minute or more; the tree's memory grows with it).`),
  exploration: z.number().min(0).max(10).default(0.7).describe('UCB1 exploration constant.'),
  rollout: z
    .string()
    .min(1)
    .default('random')
    .describe('Rollout policy: random, or the name of one of the game\'s own policies (e.g. greedy), with its default parameters.'),
  maxRolloutMoves: z.number().int().min(0).max(1_000_000).default(10_000).describe('Rollouts stop after this many decisions; an unfinished rollout scores as a draw.'),
  widening: z
    .number()
    .min(0)
    .max(100)
    .default(1)
    .describe('Progressive widening: a node visited v times may have 1 + widening * sqrt(v) children, expanded in the rollout policy\'s order of preference; 0 = expand every legal action.'),
});
export type IsmctsParams = z.output<typeof ismctsParams>;

const NONE = -1;

class IsmctsPolicy implements Policy {
  private readonly game: AnyGameModule;
  private readonly sim: GameState;
  private readonly actions: Int32Array;
  private readonly rolloutPolicy: Policy | null;
  private readonly players: number;
  // The tree, in a pool of nodes (one per iteration at most, plus the root).
  private readonly cap: number;
  private readonly nodeAction: Int32Array;
  private readonly nodeFirst: Int32Array;
  private readonly nodeNext: Int32Array;
  private readonly nodeParent: Int32Array;
  private readonly nodePlayer: Int8Array;
  private readonly nodeVisits: Float64Array;
  private readonly nodeWins: Float64Array;
  private readonly nodeAvail: Float64Array;
  private nodes = 0;
  // Open-addressing set of the legal actions at the current node: key, and the child holding it.
  private readonly hashKey: Int32Array;
  private readonly hashChild: Int32Array;
  private readonly hashStamp: Int32Array;
  private readonly hashMask: number;
  private stamp = 0;
  private readonly path: Int32Array;
  private readonly untried: Int32Array;
  private readonly exploration: number;
  private readonly drawShare: number;

  constructor(
    private readonly params: IsmctsParams,
    private readonly ctx: PolicyContext,
  ) {
    this.game = ctx.game;
    // Without a way to re-deal hidden cards the search would read them: refuse rather than cheat.
    if (this.game.hiddenInformation && !this.game.determinize) throw new Error(`ismcts: ${this.game.id} hides information but has no determinize; the search would see hidden cards`);
    this.players = ctx.players;
    this.exploration = params.exploration;
    this.drawShare = 1 / ctx.players;
    this.sim = this.game.createState(ctx.rules, ctx.players);
    const capacity = this.game.actionCapacity(ctx.rules, ctx.players);
    this.actions = new Int32Array(capacity);
    this.cap = params.iterations + 2;
    this.nodeAction = new Int32Array(this.cap);
    this.nodeFirst = new Int32Array(this.cap);
    this.nodeNext = new Int32Array(this.cap);
    this.nodeParent = new Int32Array(this.cap);
    this.nodePlayer = new Int8Array(this.cap);
    this.nodeVisits = new Float64Array(this.cap);
    this.nodeWins = new Float64Array(this.cap);
    this.nodeAvail = new Float64Array(this.cap);
    let size = 16;
    while (size < 2 * capacity) size *= 2;
    this.hashKey = new Int32Array(size);
    this.hashChild = new Int32Array(size);
    this.hashStamp = new Int32Array(size);
    this.hashMask = size - 1;
    this.path = new Int32Array(this.cap + 1);
    this.untried = new Int32Array(capacity);
    if (params.rollout === 'random') this.rolloutPolicy = null;
    else {
      const policies = this.game.policies as Record<string, PolicySpec>;
      const spec = Object.hasOwn(policies, params.rollout) ? policies[params.rollout] : undefined;
      if (!spec) throw new Error(`ismcts: ${this.game.id} has no policy ${JSON.stringify(params.rollout)} for rollouts; expected random or one of ${Object.keys(this.game.policies).join(', ')}`);
      this.rolloutPolicy = spec.create(spec.paramsSchema.parse({}), ctx);
    }
  }

  private newNode(parent: number, action: number, player: number): number {
    const k = this.nodes++;
    this.nodeAction[k] = action;
    this.nodeFirst[k] = NONE;
    this.nodeParent[k] = parent;
    this.nodePlayer[k] = player;
    this.nodeVisits[k] = 0;
    this.nodeWins[k] = 0;
    this.nodeAvail[k] = 0;
    if (parent !== NONE) {
      this.nodeNext[k] = this.nodeFirst[parent]!;
      this.nodeFirst[parent] = k;
    } else this.nodeNext[k] = NONE;
    return k;
  }

  /** Put the n legal actions in the hash set (child NONE); returns nothing. */
  private hashLegal(n: number): void {
    if (++this.stamp === 0x7fffffff) {
      this.hashStamp.fill(0);
      this.stamp = 1;
    }
    for (let k = 0; k < n; k++) {
      const a = this.actions[k]!;
      let h = Math.imul(a, 0x9e3779b1) & this.hashMask;
      while (this.hashStamp[h] === this.stamp && this.hashKey[h] !== a) h = (h + 1) & this.hashMask;
      this.hashStamp[h] = this.stamp;
      this.hashKey[h] = a;
      this.hashChild[h] = NONE;
    }
  }

  /** Slot of action a in the hash set, or -1 if it is not legal now. */
  private slot(a: number): number {
    let h = Math.imul(a, 0x9e3779b1) & this.hashMask;
    while (this.hashStamp[h] === this.stamp) {
      if (this.hashKey[h] === a) return h;
      h = (h + 1) & this.hashMask;
    }
    return -1;
  }

  /**
   * UCB1 with availability among the children legal in this determinisation (in the hash set).
   * A method of its own, returning an integer, so its doubles stay in registers: inside the
   * search loop V8 boxed them (about two heap numbers per iteration in Squall).
   */
  private ucbChild(m: number, rng: Rng): number {
    const c = this.exploration;
    let best = NONE;
    let bestScore = -Infinity;
    for (let k = 0; k < m; k++) {
      const ch = this.hashChild[this.slot(this.actions[k]!)]!;
      if (ch === NONE) continue;
      this.nodeAvail[ch]!++;
      const v = this.nodeVisits[ch]!;
      const score = v === 0 ? Infinity : this.nodeWins[ch]! / v + c * Math.sqrt(Math.log(this.nodeAvail[ch]!) / v);
      if (score > bestScore || (score === bestScore && rng.int(2) === 0)) {
        bestScore = score;
        best = ch;
      }
    }
    return best;
  }

  /** Back-up: a win for the seat that chose the action into each node on the path (a share on a draw or cap). */
  private backUp(depth: number, winner: number): void {
    for (let d = 0; d < depth; d++) {
      const k = this.path[d]!;
      this.nodeVisits[k]!++;
      this.nodeWins[k]! += winner < 0 ? this.drawShare : this.nodePlayer[k] === winner ? 1 : 0;
    }
  }

  choose(state: GameState, actions: Int32Array, n: number, rng: Rng): number {
    if (n === 1) return 0;
    const game = this.game;
    const sim = this.sim;
    const seat = state.toMove;
    this.nodes = 0;
    const root = this.newNode(NONE, 0, seat);
    for (let it = 0; it < this.params.iterations; it++) {
      game.copy(sim, state);
      if (game.hiddenInformation && game.determinize) game.determinize(sim, seat, rng);
      let node = root;
      let depth = 0;
      this.path[depth++] = node;
      let expanded = false;
      // Selection and expansion.
      while (!sim.terminal) {
        const m = game.legalActions(sim, this.actions);
        this.hashLegal(m);
        for (let ch = this.nodeFirst[node]!; ch !== NONE; ch = this.nodeNext[ch]!) {
          const h = this.slot(this.nodeAction[ch]!);
          if (h >= 0) this.hashChild[h] = ch;
        }
        // Untried legal actions, and how many children this node may have by now.
        let tried = 0;
        let nUntried = 0;
        for (let k = 0; k < m; k++) {
          const a = this.actions[k]!;
          if (this.hashChild[this.slot(a)] === NONE) this.untried[nUntried++] = a;
          else tried++;
        }
        const w = this.params.widening;
        const allowed = w === 0 ? m : 1 + Math.floor(w * Math.sqrt(this.nodeVisits[node]!));
        let untried = -1;
        if (nUntried > 0 && (tried < allowed || tried === 0)) {
          // The rollout policy's favourite among the untried (random for the random rollout).
          const k = this.rolloutPolicy === null ? rng.int(nUntried) : this.rolloutPolicy.choose(sim, this.untried, nUntried, rng);
          untried = this.untried[k]!;
        }
        if (untried !== -1 && !expanded && this.nodes < this.cap) {
          const child = this.newNode(node, untried, sim.toMove);
          for (let k = 0; k < m; k++) {
            const ch = this.hashChild[this.slot(this.actions[k]!)]!;
            if (ch !== NONE) this.nodeAvail[ch]!++;
          }
          this.nodeAvail[child]!++;
          game.apply(sim, untried, rng);
          node = child;
          this.path[depth++] = node;
          expanded = true;
          break;
        }
        if (untried !== -1 || tried === 0) break; // expanded once already (or out of nodes): roll out from here
        const best = this.ucbChild(m, rng);
        game.apply(sim, this.nodeAction[best]!, rng);
        node = best;
        this.path[depth++] = node;
      }
      // Rollout.
      let moves = 0;
      while (!sim.terminal && moves < this.params.maxRolloutMoves) {
        const m = game.legalActions(sim, this.actions);
        const k = this.rolloutPolicy === null ? rng.int(m) : this.rolloutPolicy.choose(sim, this.actions, m, rng);
        game.apply(sim, this.actions[k]!, rng);
        moves++;
      }
      this.backUp(depth, sim.terminal && !sim.capped ? sim.winner : -1);
    }
    // The most visited root child that is legal in the real position.
    let bestIndex = 0;
    let bestVisits = -1;
    for (let k = 0; k < n; k++) {
      const a = actions[k]!;
      for (let ch = this.nodeFirst[root]!; ch !== NONE; ch = this.nodeNext[ch]!) {
        if (this.nodeAction[ch] !== a) continue;
        const v = this.nodeVisits[ch]!;
        if (v > bestVisits) {
          bestVisits = v;
          bestIndex = k;
        }
      }
    }
    return bestIndex;
  }
}

export const ismcts: PolicySpec = {
  description:
    "Information-set MCTS: determinises what its seat cannot see each iteration, UCB1 with availability counts, rollouts by random or one of the game's policies; plays the most visited action.",
  paramsSchema: ismctsParams,
  create: (params: IsmctsParams, ctx: PolicyContext) => new IsmctsPolicy(params, ctx),
  // Checked when the scenario is loaded (validate too), not first when a game plays.
  check: (params: IsmctsParams, game) =>
    params.rollout === 'random' || Object.hasOwn(game.policies, params.rollout)
      ? null
      : { field: 'rollout', problem: `expected random or one of ${Object.keys(game.policies).join(', ')} for ${game.id}; found ${JSON.stringify(params.rollout)}` },
};
