/**
 * The static part of a Squall game, compiled once from the rules and shared by every state made
 * with the same rules object (one per worker): the board, the terrain in typed arrays, the
 * roster's stats and bonuses in typed arrays, the field-of-view constants, the matchup pairs,
 * and the path planner's per-radius terrain graphs (built lazily, once) and scratch space.
 */
import { ObstacleSet, type ObstacleShape } from './obstacles.js';
import {
  type SquallRules,
  type Roster,
  MAX_BONUSES,
  TIMINGS,
  EFFECT_NAMES,
  STYLES,
  rosterOf,
  terrainOf,
  matchupPairs,
} from './params.js';
import { RING_POINTS } from './actions.js';
import { Planner } from './planner.js';
import { StaticGraph } from './static-graph.js';
import { RingPointCache } from './ring-cache.js';


/** Offsets (degrees) a blocked BTB point may slide by, nearest first, alternating sides. */
const RING_SLIDE_DEGREES = [5, -5, 10, -10, 15, -15, 20, -20];
export const RING_SLIDES = RING_SLIDE_DEGREES.length;

export const TIMING_INDEX: Record<string, number> = Object.fromEntries(TIMINGS.map((t, i) => [t, i]));
export const EFFECT_INDEX: Record<string, number> = Object.fromEntries(EFFECT_NAMES.map((e, i) => [e, i]));
export const T_MOVE = TIMING_INDEX.move!;
export const T_MELEE = TIMING_INDEX.melee!;
export const T_MELEE_ROLL = TIMING_INDEX.meleeRoll!;
export const T_AFTER_MELEE = TIMING_INDEX.afterMelee!;
export const T_DEFEND = TIMING_INDEX.defend!;
export const T_RANGE = TIMING_INDEX.range!;
export const T_RANGE_ROLL = TIMING_INDEX.rangeRoll!;
export const T_AFTER_RANGE = TIMING_INDEX.afterRange!;
export const T_HALF_MOVE = TIMING_INDEX.halfMove!;
export const E_EXTRA_DAMAGE = EFFECT_INDEX.extraDamage!;
export const E_EXTRA_ATTACK_DIE = EFFECT_INDEX.extraAttackDie!;
export const E_HEAL = EFFECT_INDEX.heal!;
export const E_LONGER_MOVE = EFFECT_INDEX.longerMove!;
export const E_EXTRA_MOVE = EFFECT_INDEX.extraMove!;
export const E_EXTRA_ATTACK = EFFECT_INDEX.extraAttack!;
export const E_REROLL = EFFECT_INDEX.reroll!;
export const E_EXTRA_DEFENCE_DIE = EFFECT_INDEX.extraDefenceDie!;
export const E_RIPOSTE = EFFECT_INDEX.riposte!;
export const E_IGNORE_COVER = EFFECT_INDEX.ignoreCover!;

export const STYLE_BRAWLER = 0;
export const STYLE_SNIPER = 1;
export const STYLE_FLANKER = 2;

/** Compass unit vectors: 0 = north, then clockwise every 45 degrees. */
const H = Math.SQRT1_2;
export const COMPASS_X = new Float64Array([0, H, 1, H, 0, -H, -1, -H]);
export const COMPASS_Y = new Float64Array([1, H, 0, -H, -1, -H, 0, H]);

export class World {
  readonly width: number;
  readonly height: number;
  readonly obstacles: ObstacleSet;
  readonly roster: Roster;
  readonly rosterSize: number;
  readonly names: readonly string[];
  // Roster stats, indexed by roster index.
  readonly rMove: Float64Array;
  readonly rMelee: Int32Array;
  readonly rRange: Int32Array;
  readonly rHp: Int32Array;
  readonly rSpecial: Int32Array;
  readonly rRadius: Float64Array;
  readonly rStyle: Uint8Array;
  // Bonuses, indexed by roster index * MAX_BONUSES + k.
  readonly bCount: Int32Array;
  readonly bCost: Int32Array;
  readonly bTiming: Int32Array;
  readonly bEffect: Int32Array;
  readonly bAmount: Int32Array;
  readonly bonusNames: readonly string[];
  /** cos(fov / 2): a point is inside the arc when cos(angle to the facing) >= this. */
  readonly cosHalfFov: number;
  /** Ring points (see actions.ts) as rotations of the enemy's facing. */
  readonly ringCos: Float64Array;
  readonly ringSin: Float64Array;
  /** Per ring point, RING_SLIDES angles a blocked point may slide to: [k * RING_SLIDES + t]. */
  readonly ringSlideCos: Float64Array;
  readonly ringSlideSin: Float64Array;
  readonly ringDegrees: Float64Array;
  readonly maxRange: number;
  /** Matchup pairs (seat 0, seat 1) as roster indices: pairs[2i], pairs[2i + 1]. */
  readonly pairs: Int16Array;
  readonly pairCount: number;
  /** Per-roster-index terrain graphs of the planner (lazy: see graphFor). */
  private readonly graphs: (StaticGraph | undefined)[];
  readonly planner: Planner;
  /** The current mover's BTB ring points (moves.ts ringPointFree; ring-cache.ts says what they depend on). */
  readonly rings = new RingPointCache();

  constructor(readonly rules: SquallRules) {
    this.width = rules.board.width;
    this.height = rules.board.height;
    const terrain = terrainOf(rules);
    this.obstacles = new ObstacleSet(terrain.obstacles.map(toShape));
    this.roster = rosterOf(rules);
    const chars = this.roster.characters;
    const n = chars.length;
    this.rosterSize = n;
    this.names = chars.map((c) => c.name);
    this.rMove = Float64Array.from(chars, (c) => c.move);
    this.rMelee = Int32Array.from(chars, (c) => c.melee);
    this.rRange = Int32Array.from(chars, (c) => c.range);
    this.rHp = Int32Array.from(chars, (c) => c.hp);
    this.rSpecial = Int32Array.from(chars, (c) => c.special);
    this.rRadius = Float64Array.from(chars, (c) => c.base / 2);
    this.rStyle = Uint8Array.from(chars, (c) => STYLES.indexOf(c.style));
    this.bCount = Int32Array.from(chars, (c) => c.bonuses.length);
    this.bCost = new Int32Array(n * MAX_BONUSES);
    this.bTiming = new Int32Array(n * MAX_BONUSES);
    this.bEffect = new Int32Array(n * MAX_BONUSES);
    this.bAmount = new Int32Array(n * MAX_BONUSES);
    const bonusNames: string[] = new Array<string>(n * MAX_BONUSES).fill('');
    chars.forEach((c, i) =>
      c.bonuses.forEach((b, k) => {
        const j = i * MAX_BONUSES + k;
        this.bCost[j] = b.cost;
        this.bTiming[j] = TIMING_INDEX[b.timing]!;
        this.bEffect[j] = EFFECT_INDEX[b.effect]!;
        this.bAmount[j] = b.amount;
        bonusNames[j] = b.name;
      }),
    );
    this.bonusNames = bonusNames;
    this.cosHalfFov = rules.fov >= 360 ? -2 : Math.cos(((rules.fov / 2) * Math.PI) / 180);
    // Front, front-left, left, rear-left, rear, rear-right, right, front-right. The rear flank
    // points sit halfway between the edge of the field of view and the rear.
    const rearFlank = Math.min(180, (Math.min(rules.fov, 360) / 2 + 180) / 2);
    const degrees = [0, 45, 90, rearFlank, 180, -rearFlank, -90, -45];
    this.ringDegrees = Float64Array.from(degrees);
    this.ringCos = Float64Array.from(degrees, (d) => Math.cos((d * Math.PI) / 180));
    this.ringSin = Float64Array.from(degrees, (d) => Math.sin((d * Math.PI) / 180));
    // Where a blocked BTB point slides to (moves.ts ringPoint): RING_SLIDES angles per point,
    // nearest first, alternating sides, up to 20 degrees away (short of the next point's sector).
    const slides = degrees.flatMap((d) => RING_SLIDE_DEGREES.map((o) => d + o));
    this.ringSlideCos = Float64Array.from(slides, (d) => Math.cos((d * Math.PI) / 180));
    this.ringSlideSin = Float64Array.from(slides, (d) => Math.sin((d * Math.PI) / 180));
    if (degrees.length !== RING_POINTS) throw new Error('ring points out of step with actions.ts');
    this.maxRange = rules.maxRange === 'unlimited' ? Infinity : rules.maxRange;
    const pairs = rules.matchups === 'none' ? [] : matchupPairs(rules);
    this.pairCount = pairs.length;
    this.pairs = new Int16Array(pairs.length * 2);
    pairs.forEach(([a, b], i) => {
      this.pairs[2 * i] = a;
      this.pairs[2 * i + 1] = b;
    });
    this.graphs = new Array<StaticGraph | undefined>(n).fill(undefined);
    this.planner = new Planner(this);
  }

  /** The planner's terrain graph for bases of roster character `kind` (built on first use). */
  graphFor(kind: number): StaticGraph {
    let g = this.graphs[kind];
    if (g === undefined) {
      const r = this.rRadius[kind]!;
      // Characters with the same base size share one graph.
      for (let k = 0; k < this.rosterSize; k++) if (this.graphs[k] !== undefined && this.rRadius[k] === r) g = this.graphs[k];
      if (g === undefined) g = new StaticGraph(this, r);
      this.graphs[kind] = g;
      this.planner.ensureCapacity(g.count);
    }
    return g;
  }

  bonusName(kind: number, k: number): string {
    return this.bonusNames[kind * MAX_BONUSES + k] ?? '?';
  }
}

function toShape(o: ReturnType<typeof terrainOf>['obstacles'][number]): ObstacleShape {
  if (o.shape === 'rect') return { kind: 'rect', x: o.x, y: o.y, width: o.width, height: o.height };
  if (o.shape === 'circle') return { kind: 'circle', x: o.x, y: o.y, radius: o.radius };
  return { kind: 'polygon', points: o.points };
}

const worlds = new WeakMap<object, World>();

/** The world of a rules object (compiled once per rules object, i.e. once per worker and plan). */
export function worldOf(rules: SquallRules): World {
  let w = worlds.get(rules);
  if (w === undefined) {
    w = new World(rules);
    worlds.set(rules, w);
  }
  return w;
}
