/**
 * The `tryout` policy (Squall's expert level, levels.ts): before its first decision on a content,
 * it tries each of a few ways of playing its characters (each by its roster style as skilled
 * plays it, the brawler that waits, every character as a shooter, as a flanker...) in `rollouts`
 * whole games against the skilled bot (`auto`) in every other seat, and plays the one that won
 * most, the roster styles on ties. The choice is made on the rules, terrain and characters in
 * front of it, not fixed by whoever wrote the level: an Archer that is best kept at range is kept
 * there, a Fighter that gains by waiting waits.
 *
 * The tryout games start from a fresh set-up (set-up, initiative and dice as the rules deal them)
 * on a private stream seeded by (TRYOUT_SEED, the seat and the matchup pair, the game index):
 * a pure function of the content, the seat and the pair, never of the game in progress. So the
 * choice is cached per (seat, pair) for the run, its cost is paid once per worker, and the same
 * seed gives the same games for any worker count (the game's own rng is never drawn from here).
 * Every candidate meets the same tryout seeds (common random numbers). The cost is `rollouts`
 * games per candidate, seat and pair, at most `budget` in all per policy instance.
 */
import { z } from 'zod';
import type { Policy, PolicyContext, PolicySpec } from '../../sim/types.js';
import { Rng } from '../../sim/rng.js';
import type { SquallRules } from './params.js';
import type { SquallState } from './state.js';
import { STYLE_BRAWLER, STYLE_SNIPER, STYLE_FLANKER } from './world.js';
import { StyledPlayer, styleParams } from './policy-styled.js';
import { setPair } from './setup.js';

/** The master seed of the tryout games (any fixed number: the choice must not depend on the run's seed). */
const TRYOUT_SEED = 0x7a11;
/** Most tryout games per candidate. */
export const MAX_TRYOUTS = 10_000;
/** Fewest tryout games per candidate however small the budget. */
const MIN_ROLLOUTS = 4;

const STYLE_INDEX = { brawler: STYLE_BRAWLER, sniper: STYLE_SNIPER, flanker: STYLE_FLANKER } as const;

const candidateSchema = z.strictObject({
  style: z.enum(['roster', 'brawler', 'sniper', 'flanker']).default('roster').describe('How its characters are played: each by its roster style (roster), or every one by the style named.'),
  ...styleParams,
});

/** The brawler that waits: the Fighter duel's expert before the tryouts (docs/skill-ladder.md). */
const WAITING = { holdBack: 'always', extraDie: 'always' } as const;

/**
 * The default candidates: skilled's play first (it wins ties), then the other ways of playing:
 * with the brawler that waits; every character as a brawler, a sniper, a flanker, a waiting
 * brawler; waiting brawlers and flankers that always add the extra attack die; snipers that
 * weigh staying out of reach three times as much. (The last three raised the expert's mean over
 * skilled on five generated two-player contents from 55.2% to 57.4%, 100 games each.)
 */
export const DEFAULT_TRYOUT_CANDIDATES = [
  { style: 'roster' },
  { style: 'roster', brawler: WAITING },
  { style: 'brawler' },
  { style: 'sniper' },
  { style: 'flanker' },
  { style: 'brawler', brawler: WAITING },
  { style: 'roster', brawler: WAITING, flanker: { extraDie: 'always' } },
  { style: 'roster', sniper: { safetyWeight: 3 } },
] as const;

const tryoutParams = z.strictObject({
  rollouts: z.number().int().min(1).max(MAX_TRYOUTS).default(64).describe(`Tryout games per candidate, played once per seat and matchup pair before the first decision (the budget and the strength dial); at most ${MAX_TRYOUTS.toLocaleString('en-US')}.`),
  budget: z.number().int().min(1).max(1_000_000).default(20_000).describe('Most tryout games in all (every seat and matchup pair it may play): with many matchup pairs each gets fewer rollouts (at least 4 a candidate).'),
  candidates: z.array(candidateSchema).min(1).max(16).default(() => DEFAULT_TRYOUT_CANDIDATES.map((c) => candidateSchema.parse(c))).describe('The ways of playing tried, the first preferred on ties.'),
});

class TryoutPolicy implements Policy<SquallState> {
  private readonly players: StyledPlayer[];
  /** The skilled bot, for every other seat in the tryout games. */
  private readonly skilled = new StyledPlayer({});
  /** The chosen candidate per (seat, pair) key; -1 = not yet tried. */
  private readonly chosen = new Map<number, number>();
  private readonly sim: SquallState;
  private readonly buf: Int32Array;
  private readonly stream = new Rng();

  constructor(
    candidates: readonly z.output<typeof candidateSchema>[],
    private readonly rollouts: number,
    private readonly budget: number,
    private readonly ctx: PolicyContext<SquallRules>,
  ) {
    this.players = candidates.map((c) => new StyledPlayer(c, c.style === 'roster' ? -1 : STYLE_INDEX[c.style]));
    this.sim = ctx.game.createState(ctx.rules, ctx.players) as SquallState;
    this.buf = new Int32Array(ctx.game.actionCapacity(ctx.rules, ctx.players));
  }

  choose(s: SquallState, actions: Int32Array, n: number, rng: Rng): number {
    const seat = s.toMove;
    const key = seat * (s.world.pairCount + 1) + s.pair + 1;
    let k = this.chosen.get(key);
    if (k === undefined) {
      // Every seat and pair it may meet shares the budget (a matchup scenario has dozens of pairs).
      const keys = s.players * Math.max(1, s.world.pairCount);
      const rollouts = Math.max(MIN_ROLLOUTS, Math.min(this.rollouts, Math.floor(this.budget / (keys * this.players.length))));
      k = this.tryOut(seat, s.pair, key, rollouts);
      this.chosen.set(key, k);
    }
    return this.players[k]!.choose(s, actions, n, rng);
  }

  /**
   * The candidate that wins most of `rollouts` tryout games for `seat`. Another replaces the
   * first (skilled's own play) only when it wins at least sqrt(rollouts) / 2 games more: with few
   * rollouts the best of five by luck alone would often be a worse way of playing.
   */
  private tryOut(seat: number, pair: number, key: number, rollouts: number): number {
    if (this.players.length === 1) return 0;
    let best = 0;
    let bestScore = -1;
    let first = 0;
    for (let k = 0; k < this.players.length; k++) {
      let score = 0;
      for (let i = 0; i < rollouts; i++) score += this.play(this.players[k]!, seat, pair, key, i);
      if (k === 0) first = score;
      else if (score - first < Math.sqrt(rollouts) / 2) continue;
      if (score > bestScore) {
        best = k;
        bestScore = score;
      }
    }
    return best;
  }

  /** Tryout game i: `player` in `seat`, skilled elsewhere; 1 for a win, a draw's share for a draw or cap. */
  private play(player: StyledPlayer, seat: number, pair: number, key: number, i: number): number {
    const game = this.ctx.game;
    const sim = this.sim;
    const stream = this.stream;
    stream.seedGame(TRYOUT_SEED, key, i);
    game.reset(sim, stream);
    // A matchup scenario draws the pair in reset: keep to the pair this choice is for.
    if (pair >= 0 && sim.pair !== pair) setPair(sim, pair);
    while (!sim.terminal) {
      const n = game.legalActions(sim, this.buf);
      const who = sim.toMove === seat ? player : this.skilled;
      game.apply(sim, this.buf[who.choose(sim, this.buf, n, stream)]!, stream);
    }
    if (sim.capped || sim.winner < 0) return 1 / sim.players;
    return sim.winner === seat ? 1 : 0;
  }
}

export const tryout: PolicySpec<SquallState, SquallRules> = {
  description:
    "Tries a few ways of playing its characters (by roster style as skilled plays them, the brawler that waits, all as shooters, all as flankers) in whole games against the skilled bot on this content, once per seat, and plays the one that won most: the expert level.",
  paramsSchema: tryoutParams,
  create(params: z.output<typeof tryoutParams>, ctx: PolicyContext<SquallRules>): Policy<SquallState> {
    return new TryoutPolicy(params.candidates, params.rollouts, params.budget, ctx);
  },
};
