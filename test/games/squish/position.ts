/**
 * Crafted Squish! positions and scripted dice for rule tests.
 *
 * Positions are built the way a scenario builds them (rules with blocks and start squares),
 * then markers may be moved anywhere. Dice are scripted with `Scripted`, an Rng whose int(n)
 * returns given values in order; `turn()` writes one turn's dice as faces:
 * direction face 0-9 (the d10), force 1-6, block number 1..K (only with several blocks),
 * movement points 1-6 (only if the mover is on the board after the roll).
 */
import { squish } from '../../../src/games/squish/index.js';
import { squishRulesSchema, type SquishRules } from '../../../src/games/squish/params.js';
import { SquishState } from '../../../src/games/squish/state.js';
import { setupBoard } from '../../../src/games/squish/rules.js';
import { placeBlock, placeMarker } from '../../../src/games/squish/positions.js';
import { rollBlock } from '../../../src/games/squish/blocks.js';
import { Rng } from '../../../src/sim/rng.js';

export class Scripted extends Rng {
  private i = 0;
  constructor(private readonly values: number[]) {
    super();
  }
  override int(n: number): number {
    if (this.i >= this.values.length) throw new Error(`scripted dice exhausted (asked for a d${n})`);
    const v = this.values[this.i++]!;
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`scripted value ${v} is not a face of int(${n}) (entry ${this.i - 1})`);
    return v;
  }
  override next(): number {
    throw new Error('scripted dice: next() is not expected');
  }
  get used(): number {
    return this.i;
  }
  get left(): number {
    return this.values.length - this.i;
  }
}

export interface TurnDice {
  /** Direction face 0-9. */
  dir: number;
  force: number;
  /** Block number 1..K; needed when the board has several blocks. */
  block?: number;
  /** Movement points 1-6; needed when the mover is on the board after the roll. */
  mp?: number;
}

/** The int(n) values of one turn's dice, in the order the game rolls them. */
export function turn(d: TurnDice): number[] {
  const out = [d.dir, d.force - 1];
  if (d.block !== undefined) out.push(d.block - 1);
  if (d.mp !== undefined) out.push(d.mp - 1);
  return out;
}

export const dice = (...turns: TurnDice[]): Scripted => new Scripted(turns.flatMap(turn));

export interface BoardSpec {
  rules?: Record<string, unknown>;
  players?: number;
  /** Blocks as [x, y, w, h], numbered 1.. in order. */
  blocks?: [number, number, number, number][];
  /** Start squares as [x, y], seat 0 first. */
  starts?: [number, number][];
  /** Where the markers stand now (default: their start squares); null = off the board. */
  markers?: ([number, number] | null)[];
}

/**
 * The simple game's block as the seed's worked examples were reconstructed: 3 x 3 at (4, 4) on
 * 12 x 12. The default board now centres a 4 x 4 block instead, so the examples name theirs.
 */
const SEED_SIMPLE_BLOCK: [number, number, number, number] = [4, 4, 3, 3];

export function rulesOf(spec: BoardSpec): SquishRules {
  const rules: Record<string, unknown> = { ...(spec.rules ?? {}) };
  const simpleDefault = (rules.mode ?? 'simple') === 'simple' && rules.width === undefined && rules.height === undefined;
  const blocks = spec.blocks ?? (simpleDefault ? [SEED_SIMPLE_BLOCK] : undefined);
  if (blocks) rules.blocks = blocks.map(([x, y, w, h]) => ({ x, y, w, h }));
  if (spec.starts) rules.starts = spec.starts.map(([x, y]) => ({ x, y }));
  return squishRulesSchema.parse(rules);
}

/** A position with no dice rolled yet: blocks and markers placed, seat 0 to move. */
export function board(spec: BoardSpec): SquishState {
  const rules = rulesOf(spec);
  const players = spec.players ?? spec.starts?.length ?? 2;
  const problem = squish.checkSetup!(rules, players);
  if (problem) throw new Error(`bad test board: ${problem.join(': ')}`);
  const s = squish.createState(rules, players);
  s.eventLog.on = true; // tests read the events of the rolls they make
  setupBoard(s);
  if (spec.markers) {
    // Lift every marker first: a crafted square may be another seat's start square.
    for (let p = 0; p < players; p++) placeMarker(s, p, -1);
    spec.markers.forEach((m, p) => placeMarker(s, p, m ? m[0] : -1, m ? m[1] : 0));
  }
  return s;
}

/** Roll block `number` (1-based) in direction dir with force, as the seat to move. */
export function roll(s: SquishState, number: number, dir: number, force: number): SquishState {
  s.eventLog.clear();
  rollBlock(s, number - 1, dir, force);
  return s;
}

export const blockAt = (s: SquishState, number: number): [number, number] => [s.blockX[number - 1]!, s.blockY[number - 1]!];
export const markerAt = (s: SquishState, seat: number): [number, number] | null => {
  const c = s.markerCell[seat]!;
  return c < 0 ? null : [s.cellX[c]!, s.cellY[c]!];
};

/** The events of the last roll(s) as tuples [type, block number, a, b, c, d] (block made 1-based). */
export function events(s: SquishState): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < s.eventLog.count; i++) {
    const e = [s.eventLog.type(i), s.eventLog.field(i, 1) + 1, s.eventLog.field(i, 2), s.eventLog.field(i, 3), s.eventLog.field(i, 4), s.eventLog.field(i, 5)];
    out.push(e);
  }
  return out;
}

export { placeBlock, placeMarker };

export function legal(s: SquishState): number[] {
  const out = new Int32Array(squish.actionCapacity(s.rules, s.players));
  return Array.from(out.subarray(0, squish.legalActions(s, out)));
}
