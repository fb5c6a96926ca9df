/**
 * A rigged die game for the statistics tests: a real GameModule, played by the real engine,
 * runner, accumulator, summary and gate, whose true rates are known exactly by construction.
 * Registered only in the tests that ask for it (registerRiggedGame), never shipped.
 *
 * Each game, from its own random stream:
 *  1. `streamOffset` numbers are drawn and thrown away (a change of the random stream alone:
 *     the game's odds stay the same, as in a refactor that draws one more number per game);
 *  2. seat 0 is dealt one of `cards` uniformly at random;
 *  3. one uniform u decides the outcome: seat 0 wins if u < the card's winRate, a draw follows
 *     for the next `drawRate`, a capped game for the next `cappedRate`, seat 1 wins otherwise;
 *  4. the game lasts `events` turns, uniform on 1..maxEvents (a capped game runs to maxTurns);
 *  5. the game's hit chance is hitLow or hitHigh, equally likely; every turn the seat to move
 *     attacks once and hits with that chance. Attacks of one game share it, so hits are
 *     clustered: the design effect of the pooled hit rate is above 1;
 *  6. the first seat is 0 (setup: fixed) or drawn (setup: random).
 * The truth, exactly: seat 0 wins mean(card winRates), draws drawRate, caps cappedRate, seat 1
 * the rest; a card's controller wins its winRate; each seat's pooled hit rate is
 * (hitLow + hitHigh) / 2 (the hit chance is drawn independently of the number of attacks);
 * with setup: random the first player wins half the decided games. Two arms that differ only in
 * one card's winRate play every game identically except the outcomes that threshold moves,
 * which is what a paired comparison measures.
 */
import { z } from 'zod';
import { NO_WINNER, type AnyGameModule, type GameModule, type GameState } from '../../src/sim/types.js';
import { masterSeedFrom, type Rng } from '../../src/sim/rng.js';
import type { Plan } from '../../src/sim/scenario/types.js';
import { copyState } from '../../src/sim/copy-state.js';
import { setupField } from '../../src/sim/setup.js';
import { games } from '../../src/games/index.js';
import { GameHeader } from '../../src/games/kit/game-header.js';

const PLAYERS = 2;

export const riggedRulesSchema = z.strictObject({
  cards: z
    .array(z.strictObject({ name: z.string().min(1), winRate: z.number().min(0).max(1) }))
    .min(1)
    .default([
      { name: 'Ace', winRate: 0.55 },
      { name: 'Brute', winRate: 0.45 },
      { name: 'Chump', winRate: 0.4 },
      { name: 'Dud', winRate: 0.3 },
    ])
    .describe("Seat 0's possible cards, one dealt per game, each with the chance that seat 0 wins holding it."),
  drawRate: z.number().min(0).max(1).default(0.05).describe('Chance of a natural draw.'),
  cappedRate: z.number().min(0).max(1).default(0.05).describe('Chance that the game runs to the turn cap.'),
  maxEvents: z.number().int().min(1).max(100).default(6).describe('Turns of a game that is not capped: uniform on 1..maxEvents.'),
  hitLow: z.number().min(0).max(1).default(0.2).describe("One of the two equally likely hit chances of a game's attacks."),
  hitHigh: z.number().min(0).max(1).default(0.6).describe('The other.'),
  maxTurns: z.number().int().min(2).max(1000).default(12).describe('Turn cap: the length of a capped game.'),
  setup: setupField('who moves first.'),
  streamOffset: z.number().int().min(0).max(1000).default(0).describe('Random numbers drawn and discarded at the start of every game.'),
});

export type RiggedRules = z.output<typeof riggedRulesSchema>;

/** Outcome codes beside a winning seat. */
const DRAW = -1;
const CAPPED = -2;

export class RiggedState extends GameHeader implements GameState {
  card = 0;
  /** The outcome u decided at the deal: a seat, DRAW or CAPPED. */
  outcome = 0;
  /** Turns this game lasts unless capped. */
  events = 0;
  hitChance = 0;
  readonly seatAttacks = new Int32Array(PLAYERS);
  readonly seatHits = new Int32Array(PLAYERS);

  constructor(
    readonly rules: RiggedRules,
    readonly players: number,
  ) {
    super();
  }
}

function reset(s: RiggedState, rng: Rng): void {
  const r = s.rules;
  for (let i = 0; i < r.streamOffset; i++) rng.next();
  s.card = rng.int(r.cards.length);
  const u = rng.next();
  const win = r.cards[s.card]!.winRate;
  s.outcome = u < win ? 0 : u < win + r.drawRate ? DRAW : u < win + r.drawRate + r.cappedRate ? CAPPED : 1;
  s.events = 1 + rng.int(r.maxEvents);
  s.hitChance = rng.next() < 0.5 ? r.hitLow : r.hitHigh;
  s.resetHeader(1);
  s.firstSeat = r.setup === 'random' ? rng.int(PLAYERS) : 0;
  s.toMove = s.firstSeat;
  s.seatAttacks.fill(0);
  s.seatHits.fill(0);
}

function apply(s: RiggedState, _action: number, rng: Rng): void {
  const me = s.toMove;
  s.seatAttacks[me]!++;
  if (rng.next() < s.hitChance) s.seatHits[me]!++;
  s.turns++;
  if (s.outcome === CAPPED ? s.turns >= s.rules.maxTurns : s.turns >= s.events) {
    s.terminal = true;
    s.capped = s.outcome === CAPPED;
    s.winner = s.outcome >= 0 ? s.outcome : NO_WINNER;
    return;
  }
  s.toMove = 1 - me;
  if (s.toMove === s.firstSeat) s.rounds++;
}

export const rigged: GameModule<RiggedState, RiggedRules> = {
  id: 'rigged',
  title: 'Rigged die game (tests only)',
  rulesDoc: 'test/kit/rigged-game.ts',
  minPlayers: PLAYERS,
  maxPlayers: PLAYERS,
  hiddenInformation: false,
  visibility: 'everything (no decision matters: one legal action per turn)',
  rulesSchema: riggedRulesSchema as unknown as z.ZodType<RiggedRules>,
  describeSetup: (rules) => (rules.setup === 'random' ? 'first player drawn at random for every game' : 'seat 0 moves first in every game'),
  checkSetup(rules) {
    const worst = Math.max(...rules.cards.map((c) => c.winRate));
    if (worst + rules.drawRate + rules.cappedRate > 1) return ['rules.cards', 'a card winRate plus drawRate plus cappedRate exceeds 1'];
    if (rules.maxTurns <= rules.maxEvents) return ['rules.maxTurns', 'must exceed maxEvents, so a capped game is the longest'];
    return null;
  },
  // 1,000 games a shard: `run --until` then looks every 1,000 games, whatever the game count.
  shardSize: 1000,
  maxTurns: (rules) => rules.maxTurns,
  actionCapacity: () => 1,
  createState: (rules, players) => new RiggedState(rules, players),
  reset,
  legalActions(_s, out) {
    out[0] = 0;
    return 1;
  },
  apply,
  copy: (d, s) => copyState(d, s),
  describeAction: (s) => `seat ${s.toMove} attacks`,
  render: (s) => `turn ${s.turns}: seat 0 holds ${s.rules.cards[s.card]!.name}; hits ${s.seatHits[0]}-${s.seatHits[1]}`,
  checkInvariants: (s) => (s.seatHits[0]! > s.seatAttacks[0]! || s.seatHits[1]! > s.seatAttacks[1]! ? 'more hits than attacks' : null),
  metrics: {
    counters: [
      { name: 'attacks', description: 'attacks made' },
      { name: 'hits', description: 'attacks that hit' },
    ],
    seatCounters: [],
    record(s, counters) {
      counters[0]! += s.seatAttacks[0]! + s.seatAttacks[1]!;
      counters[1]! += s.seatHits[0]! + s.seatHits[1]!;
    },
    tables: (rules) => [
      {
        name: 'cards',
        description: "seat 0's card, and the games seat 0 won holding it",
        rows: (rules as RiggedRules).cards.map((c) => c.name),
        columns: [
          { name: 'placedGames', description: 'games in which seat 0 held the card' },
          { name: 'placedWins', description: 'of those, games seat 0 won' },
        ],
        rates: [{ name: 'winRateWhenPlaced', wins: 'placedWins', of: 'placedGames', description: 'win rate of the seat holding the card', fairShare: true }],
      },
      {
        name: 'attacks',
        description: 'attacks and hits by seat: several per game, sharing the game hit chance',
        rows: ['seat 0', 'seat 1'],
        columns: [
          { name: 'attacks', description: 'attacks made' },
          { name: 'hits', description: 'of those, hits' },
        ],
        rates: [{ name: 'hitRate', wins: 'hits', of: 'attacks', description: 'share of attacks that hit' }],
      },
    ],
    recordTables(s, [cards, attacks]) {
      cards![s.card * 2]!++;
      if (!s.capped && s.winner === 0) cards![s.card * 2 + 1]!++;
      for (let p = 0; p < PLAYERS; p++) {
        attacks![p * 2]! += s.seatAttacks[p]!;
        attacks![p * 2 + 1]! += s.seatHits[p]!;
      }
    },
  },
  policies: {},
};

/** The true rates of a rigged scenario, from its rules alone. */
export function riggedTruth(rules: RiggedRules) {
  const seat0 = rules.cards.reduce((s, c) => s + c.winRate, 0) / rules.cards.length;
  const seat1 = 1 - seat0 - rules.drawRate - rules.cappedRate;
  return {
    seat0,
    seat1,
    draw: rules.drawRate,
    capped: rules.cappedRate,
    hitRate: (rules.hitLow + rules.hitHigh) / 2,
    card: (name: string) => rules.cards.find((c) => c.name === name)!.winRate,
    meanTurns: (1 - rules.cappedRate) * ((1 + rules.maxEvents) / 2) + rules.cappedRate * rules.maxTurns,
  };
}

/** Make the rigged game playable by scenarios in this test file (the registry is per test file). */
export function registerRiggedGame(): void {
  (games as Record<string, AnyGameModule>).rigged ??= rigged;
}

/**
 * The same plan under another seed, without loading the scenario again (the loader's checks and
 * hashing cost more than playing a few hundred rigged games). The seed is not part of the
 * scenario hash, so this is exactly the plan the loader would build with that seed.
 */
export function reseed(plan: Plan, seed: string): Plan {
  return { ...plan, seed, masterSeed: masterSeedFrom(seed) };
}
