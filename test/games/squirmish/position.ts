/**
 * Crafted Squirmish positions for rule tests: a small card pool (plain cards whose face k does
 * k - 1 damage, plus any cards a test defines), cards put on the grid at (x, y) with damage,
 * hands, the next draws, the discard pile and victory piles; every other card of the pool stays
 * in the deck below the named draws, so card conservation holds and invariants can be checked.
 * `ScriptedRng` returns given die faces, so every roll of a test is written in the test.
 */
import { squirmish } from '../../../src/games/squirmish/index.js';
import { squirmishRulesSchema, type SquirmishRules } from '../../../src/games/squirmish/params.js';
import { SquirmishState } from '../../../src/games/squirmish/state.js';
import { PH_TURN, LOC_DECK } from '../../../src/games/squirmish/state-codes.js';
import { advance, apply } from '../../../src/games/squirmish/rules.js';
import { stepsOf } from '../../../src/games/squirmish/steps.js';
import { legalActions } from '../../../src/games/squirmish/legal.js';
import { describeAction } from '../../../src/games/squirmish/render.js';
import { Rng } from '../../../src/sim/rng.js';

/** An rng whose d6 rolls (int(6)) come from a script; other draws come from `picks`, then a seeded stream. */
export class ScriptedRng extends Rng {
  readonly faces: number[];
  readonly picks: number[];
  constructor(faces: number[] = [], picks: number[] = []) {
    super();
    this.seedGame(42, 0, 0);
    this.faces = [...faces];
    this.picks = [...picks];
  }
  override int(n: number): number {
    if (n === 6 && this.faces.length > 0) {
      const f = this.faces.shift()!;
      if (f < 1 || f > 6) throw new Error(`scripted face ${f}`);
      return f - 1;
    }
    if (n !== 6 && this.picks.length > 0) return this.picks.shift()! % n;
    return super.int(n);
  }
  /** Faces not yet rolled (a test checks the script was used exactly). */
  get left(): number {
    return this.faces.length;
  }
}

/** Plain cards: Plain1..Plain30, HP given by the table below, face k does k - 1 damage. */
export const PLAIN_HP = [5, 5, 5, 5, 5, 8, 8, 8, 8, 8, 3, 3, 3, 3, 3, 10, 10, 10, 10, 10, 6, 6, 6, 6, 6, 12, 12, 12, 12, 12];
export const plainCards = (): Record<string, unknown>[] =>
  PLAIN_HP.map((hp, k) => ({ name: `Plain${k + 1}`, hp, attack: [0, 1, 2, 3, 4, 5] }));

export interface PositionSpec {
  players?: number;
  rules?: Partial<SquirmishRules> & Record<string, unknown>;
  /** Extra cards (card-language data) added to the plain pool. */
  cards?: Record<string, unknown>[];
  groups?: Record<string, unknown>[];
  /** Cards in play: [name, seat, x, y, damage?]. */
  grid?: [string, number, number, number, number?][];
  hands?: string[][];
  /** The next cards drawn, in order. */
  draws?: string[];
  discard?: string[];
  victory?: string[][];
  /** Put every unnamed card in the discard pile instead of the deck. */
  restInDiscard?: boolean;
  mover?: number;
  /** The step to start at (by name: attack, abilities, clean-up, place or move, draw, place, move or attack). */
  step?: string;
  turns?: number;
}

const STEP_IDS: Record<string, number> = { attack: 0, abilities: 1, 'clean-up': 2, 'place or move': 3, draw: 4, place: 5, 'move or attack': 6 };

export function rulesOf(spec: PositionSpec): SquirmishRules {
  const deck = { name: 'test pool', groups: spec.groups ?? [], cards: [...plainCards(), ...(spec.cards ?? [])] };
  return squirmishRulesSchema.parse({ cards: deck, ...(spec.rules ?? {}) });
}

export function position(spec: PositionSpec, rng: Rng = new ScriptedRng()): SquirmishState {
  const players = spec.players ?? 2;
  const rules = rulesOf(spec);
  const s = squirmish.createState(rules, players);
  s.eventLog.on = true; // tests read the events of the moves they make
  const setupRng = new Rng();
  setupRng.seedGame(7, 0, 0);
  squirmish.reset(s, setupRng);
  // Clear every place, then put the named cards where the spec says.
  const byName = new Map<string, number>();
  for (let i = 0; i < s.nInst; i++) byName.set(s.table.names[s.instCard[i]!]!, i);
  const used = new Set<number>();
  const take = (name: string): number => {
    const i = byName.get(name);
    if (i === undefined) throw new Error(`no card ${name} in the test pool`);
    if (used.has(i)) throw new Error(`card ${name} used twice`);
    used.add(i);
    return i;
  };
  s.grid.fill(0);
  s.gridCount = 0;
  s.inPlay.fill(0);
  s.groupInPlay.fill(0);
  s.handLen.fill(0);
  s.victoryLen.fill(0);
  s.discardLen = 0;
  s.deckLen = 0;
  s.asideLen = 0;
  s.draftLen = 0;
  s.pickOf.fill(-1);
  s.qLen = 0;
  s.qHead = 0;
  for (let i = 0; i < s.nInst; i++) {
    s.freshInPlay(i);
    s.loc[i] = 0;
  }
  const W = s.W;
  const centre = W >> 1;
  for (const [name, seat, x, y, damage] of spec.grid ?? []) {
    const i = take(name);
    s.putOnGrid(i, seat, (centre + y) * W + centre + x);
    s.damage[i] = damage ?? 0;
  }
  (spec.hands ?? []).forEach((hand, p) => hand.forEach((name) => s.addToHand(p, take(name))));
  (spec.victory ?? []).forEach((pile, p) => pile.forEach((name) => s.toVictory(p, take(name))));
  for (const name of spec.discard ?? []) s.toDiscard(take(name));
  const draws = (spec.draws ?? []).map(take);
  const rest: number[] = [];
  for (let i = 0; i < s.nInst; i++) if (!used.has(i)) rest.push(i);
  if (spec.restInDiscard) for (const i of rest) s.toDiscard(i);
  const deck = spec.restInDiscard ? [] : rest;
  const ordered = [...deck, ...draws.reverse()];
  ordered.forEach((i, k) => {
    s.deck[k] = i;
    s.loc[i] = LOC_DECK;
    s.owner[i] = -1;
    s.knownBy[i] = 0;
  });
  s.deckLen = ordered.length;
  s.gameCounters.fill(0);
  s.phase = PH_TURN;
  s.mover = spec.mover ?? 0;
  s.firstSeat = 0;
  s.turns = spec.turns ?? 10;
  s.rounds = 5;
  for (let p = 0; p < players; p++) s.lastTurnOf[p] = s.turns - ((s.mover - p + players) % players);
  const step = STEP_IDS[spec.step ?? (s.videogame ? 'attack' : 'draw')]!;
  s.stepIdx = stepsOf(s).indexOf(step);
  if (s.stepIdx < 0) throw new Error(`no step ${spec.step} in this edition`);
  s.stepEnding = false;
  s.setupHandCheck = false;
  s.cuStage = 0;
  s.placedThisTurn = 0;
  s.terminal = false;
  s.winner = -1;
  s.capped = false;
  s.eventLog.clear();
  s.recentCount = 0;
  advance(s, rng);
  return s;
}

/** Instance of the card named `name`. */
export function inst(s: SquirmishState, name: string): number {
  for (let i = 0; i < s.nInst; i++) if (s.table.names[s.instCard[i]!] === name) return i;
  throw new Error(`no card ${name}`);
}

export function legal(s: SquirmishState): number[] {
  const out = new Int32Array(squirmish.actionCapacity(s.rules, s.players));
  return Array.from(out.subarray(0, legalActions(s, out)));
}

export function legalText(s: SquirmishState): string[] {
  return legal(s).map((a) => describeAction(s, a));
}

/** Apply the legal action whose description matches (exactly one must). */
export function choose(s: SquirmishState, match: string | RegExp, rng: Rng): void {
  const options = legal(s);
  const hits = options.filter((a) => {
    const d = describeAction(s, a);
    return typeof match === 'string' ? d === match : match.test(d);
  });
  if (hits.length !== 1) throw new Error(`${hits.length} options match ${String(match)}; options:\n${options.map((a) => describeAction(s, a)).join('\n')}`);
  apply(s, hits[0]!, rng);
}

/** Damage on the card named `name`. */
export const damageOf = (s: SquirmishState, name: string): number => s.damage[inst(s, name)]!;

/** Cell (x, y) relative to the centre of card `name`, or null if not in play. */
export function where(s: SquirmishState, name: string): [number, number] | null {
  const i = inst(s, name);
  if (s.loc[i] !== 3) return null;
  const W = s.W;
  const c = s.cell[i]!;
  return [(c % W) - (W >> 1), Math.floor(c / W) - (W >> 1)];
}

export function handNames(s: SquirmishState, p: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < s.handLen[p]!; k++) out.push(s.table.names[s.instCard[s.handCard(p, k)]!]!);
  return out;
}

export function victoryNames(s: SquirmishState, p: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < s.victoryLen[p]!; k++) out.push(s.table.names[s.instCard[s.victory[p * s.maxInst + k]!]!]!);
  return out;
}

export function discardNames(s: SquirmishState): string[] {
  const out: string[] = [];
  for (let k = 0; k < s.discardLen; k++) out.push(s.table.names[s.instCard[s.discard[k]!]!]!);
  return out;
}
