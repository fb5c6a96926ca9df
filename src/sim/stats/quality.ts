/**
 * Game quality from a standing (docs/quality.md): who is ahead, turn by turn, and what that
 * says about a game — how often the lead changed hands, from when the winner was never headed
 * (decisiveness), how far behind the winner was at worst (drama), whether the side behind at
 * half-way won (a comeback), and whether the game was a blow-out.
 *
 * Each game gives a standing (GameModule.standing): one score per seat in [0, 1], on the game's
 * own scale of "the way to winning" (docs/rules/<game>.md says what it is). The recorder keeps
 * the scores once per round in arrays allocated once per runner; at the end of the game one pass
 * over that history gives the game's figures, which fold into the accumulator as integers
 * (fractions quantised to 1/QUALITY_SCALE), so merging stays exact whatever the worker count.
 */
import type { GameState, StandingSpec } from '../types.js';

/** Fractions (decisiveness, drama) are kept in units of 1 / QUALITY_SCALE: sums of squares stay exact below 2^53 for 10^7 games. */
export const QUALITY_SCALE = 10_000;

/** Two scores closer than this are tied (scores are ratios of small integers, so real differences are far larger). */
const TIE = 1e-9;

/**
 * A decided game is a blow-out when the winner took the lead for good within its first quarter:
 * decisiveness (the share of the game still to play from that turn) of at least this.
 */
export const BLOWOUT_DECISIVENESS = 0.75;

/**
 * One game's quality figures (reused: no allocation per game). The two fractions live in a
 * Float64Array, not in number fields: a double stored in an object field may be boxed on every
 * store (ARCHITECTURE.md, "Performance rules as applied"), and this runs once per game.
 */
export class GameQuality {
  leadChanges = 0;
  /** A seat won (neither drawn nor capped): the fields below are meaningful only then. */
  decided = false;
  /** The game hit the turn cap (not decided, and not a draw). */
  capped = false;
  /** The winner was behind (another seat strictly ahead) at the half-way turn. */
  comeback = false;
  blowout = false;
  /** [decisiveness, drama]. */
  readonly fractions = new Float64Array(2);
  /** Share of the game (in turns) still to play when the winner took the lead for good; 0 if it never led before the end. */
  get decisiveness(): number {
    return this.fractions[0]!;
  }
  set decisiveness(x: number) {
    this.fractions[0] = x;
  }
  /** The winner's worst deficit behind the leader, on the standing's scale [0, 1]; 0 if never behind. */
  get drama(): number {
    return this.fractions[1]!;
  }
  set drama(x: number) {
    this.fractions[1] = x;
  }
}

/** The best score of the seats other than the one asked about, from the last leaderAt (a register, not a field: see GameQuality). */
const bestOther = new Float64Array(1);

/**
 * The seat strictly ahead of every other at sample j, or -1 on a tie at the top; also leaves the
 * best score of the seats other than `seat` in bestOther[0] (for the deficit of that seat).
 */
function leaderAt(scores: Float64Array, j: number, players: number, seat: number): number {
  const o = j * players;
  let best = -1;
  let top = -1;
  let second = -1;
  let other = -1;
  for (let p = 0; p < players; p++) {
    const v = scores[o + p]!;
    if (p !== seat && v > other) other = v;
    if (v > top + TIE) {
      second = top;
      top = v;
      best = p;
    } else if (v > second) second = v;
  }
  bestOther[0] = other;
  return top - second > TIE ? best : -1;
}

/**
 * The quality of one game from its standings: `scores[j * players + p]` is seat p's score at
 * sample j, taken at turn `turnAt[j]` (samples in turn order, the first at the start, the last at
 * the end). In a decided game the final sample's leader is the winner (the result is the
 * standing at the end, whatever the scores say, e.g. Squish's winner reaching home with the
 * shards another seat also holds). Pure: the synthetic tests feed it hand-made sequences.
 */
export function gameQuality(scores: Float64Array, turnAt: Int32Array, samples: number, players: number, winner: number, out: GameQuality): GameQuality {
  out.leadChanges = 0;
  out.decided = winner >= 0;
  const f = out.fractions;
  f[0] = 0;
  f[1] = 0;
  out.comeback = false;
  out.blowout = false;
  if (samples === 0) return out;
  const last = samples - 1;
  const total = turnAt[last]!;
  const half = total / 2;
  let previous = -1;
  let lastNotWinner = -1;
  let halfway = 0;
  for (let j = 0; j < samples; j++) {
    let leader = leaderAt(scores, j, players, winner);
    if (j === last && winner >= 0) leader = winner;
    if (leader >= 0) {
      if (previous >= 0 && leader !== previous) out.leadChanges++;
      previous = leader;
    }
    if (winner < 0) continue;
    if (leader !== winner) lastNotWinner = j;
    if (turnAt[j]! <= half) halfway = j;
    if (j < last) {
      const deficit = bestOther[0]! - scores[j * players + winner]!;
      if (deficit > f[1]!) f[1] = deficit;
    }
  }
  if (winner < 0) return out;
  leaderAt(scores, halfway, players, winner);
  out.comeback = bestOther[0]! - scores[halfway * players + winner]! > TIE;
  const from = lastNotWinner + 1;
  f[0] = from === 0 ? 1 : total > 0 ? (total - turnAt[from]!) / total : 0;
  out.blowout = f[0]! >= BLOWOUT_DECISIVENESS;
  return out;
}

/**
 * Samples a game's standing at the start of the game, at the end of every round (the engine
 * compares `lastRound` with state.rounds after each move) and at the end of the game, into
 * arrays sized by the turn cap, allocated once. Each sample records the turn it was taken at,
 * so decisiveness and the half-way point are measured in turns.
 */
export class StandingRecorder<S extends GameState = GameState> {
  readonly scores: Float64Array;
  readonly turnAt: Int32Array;
  samples = 0;
  /** The round of the last sample: the engine compares it with state.rounds after each move. */
  lastRound = -1;
  readonly quality = new GameQuality();

  constructor(
    private readonly standing: StandingSpec<S>,
    readonly players: number,
    maxTurns: number,
  ) {
    // At most one sample per round (a round has at least one turn) and the start and end.
    const capacity = maxTurns + 2;
    this.scores = new Float64Array(capacity * players);
    this.turnAt = new Int32Array(capacity);
  }

  /** The position after `reset`. */
  start(state: S): void {
    this.samples = 0;
    this.sample(state);
  }

  sample(state: S): void {
    this.write(state, this.samples++);
  }

  /** The final position: it replaces the last sample when no round has started since. */
  finish(state: S): GameQuality {
    if (state.rounds === this.lastRound && this.samples > 0) this.write(state, this.samples - 1);
    else this.sample(state);
    gameQuality(this.scores, this.turnAt, this.samples, this.players, state.capped ? -1 : state.winner, this.quality);
    this.quality.capped = state.capped;
    return this.quality;
  }

  private write(state: S, j: number): void {
    this.standing.score(state, this.scores, j * this.players);
    this.turnAt[j] = state.turns;
    this.lastRound = state.rounds;
  }
}
