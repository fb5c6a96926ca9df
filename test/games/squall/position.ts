/**
 * Crafted Squall positions for rule tests: inline rosters and terrain, characters placed by
 * hand, a chosen character to act, and a scripted rng whose d6 rolls are given faces.
 */
import { squall } from '../../../src/games/squall/index.js';
import { squallRulesSchema, type SquallRules } from '../../../src/games/squall/params.js';
import type { SquallState } from '../../../src/games/squall/state.js';
import { beginActivation } from '../../../src/games/squall/rules.js';
import { Rng } from '../../../src/sim/rng.js';

/** An Rng whose int(n) returns the scripted values minus one (d6 faces for n = 6). */
export class ScriptedRng extends Rng {
  private readonly queue: number[];
  constructor(faces: number[] = []) {
    super();
    this.queue = [...faces];
  }
  push(...faces: number[]): this {
    this.queue.push(...faces);
    return this;
  }
  get left(): number {
    return this.queue.length;
  }
  override int(n: number): number {
    const v = this.queue.shift();
    if (v === undefined) throw new Error(`scripted rng: no value left for int(${n})`);
    if (v < 1 || v > n) throw new Error(`scripted rng: value ${v} out of 1..${n}`);
    return v - 1;
  }
}

export interface CharacterSpec {
  name: string;
  move?: number;
  melee?: number;
  range?: number;
  hp?: number;
  special?: number;
  base?: number;
  style?: 'brawler' | 'sniper' | 'flanker';
  bonuses?: { name: string; cost: number; timing: string; effect: string; amount?: number }[];
}

export function character(c: CharacterSpec): Record<string, unknown> {
  return { move: 6, melee: 2, range: 3, hp: 20, special: 10, base: 1, bonuses: [], ...c };
}

/** Rules with an inline roster (A and B by default) and inline terrain. */
export function rules(overrides: Record<string, unknown> = {}, roster: CharacterSpec[] = [{ name: 'A' }, { name: 'B' }]): SquallRules {
  return squallRulesSchema.parse({ roster: { characters: roster.map(character) }, ...overrides });
}

export interface Placement {
  x: number;
  y: number;
  /** Compass bearing of the facing in degrees (0 = north, 90 = east). Default 0. */
  facing?: number;
  hp?: number;
  special?: number;
  defenceSpent?: number;
}

/**
 * A state with every character placed (character i at places[i]), play under way (round 1,
 * seat 0 went first) and character `active` starting its MOVE.
 */
export function position(r: SquallRules, places: Placement[], active = 0, players = 2): SquallState {
  const s = squall.createState(r, players);
  s.eventLog.on = true; // tests read the events of the moves they make
  const rng = new Rng();
  rng.seedGame(7, 0, 0);
  squall.reset(s, rng);
  places.forEach((p, c) => {
    s.x[c] = p.x;
    s.y[c] = p.y;
    const b = ((p.facing ?? 0) * Math.PI) / 180;
    s.fx[c] = Math.sin(b);
    s.fy[c] = Math.cos(b);
    s.alive[c] = 1;
    if (p.hp !== undefined) s.hp[c] = p.hp;
    if (p.special !== undefined) s.special[c] = p.special;
    if (p.defenceSpent !== undefined) s.defenceSpent[c] = p.defenceSpent;
  });
  s.firstSeat = 0;
  s.rounds = 1;
  s.eventLog.clear();
  beginActivation(s, active);
  return s;
}

export function legal(s: SquallState): number[] {
  const out = new Int32Array(squall.actionCapacity(s.rules, s.players));
  return Array.from(out.subarray(0, squall.legalActions(s, out)));
}

export const bearingOf = (s: SquallState, c: number): number => {
  const b = Math.round((Math.atan2(s.fx[c]!, s.fy[c]!) * 180) / Math.PI);
  return b < 0 ? b + 360 : b;
};
