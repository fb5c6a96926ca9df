/**
 * Squall rules and their named variants (docs/rules/squall.md), plus the data formats the
 * rules refer to: rosters (characters and their bonuses) and terrain layouts. Defaults are the
 * rules doc's; each field's description is what `squabble list`, the JSON Schema and
 * docs/scenario-reference.md show. Rosters and layouts are usually separate YAML files named
 * from the scenario (`roster: rosters/standard.yaml`) and inlined by `prepareRules`.
 */
import { z } from 'zod';
import { setupField } from '../../sim/setup.js';
import { isStrictlyConvex } from './geometry.js';
import { statOverridesField } from '../../sim/stat-paths.js';

/** Most characters on the board in one game (all seats together). */
export const MAX_CHARS = 8;
/** Most bonuses one character may have. */
export const MAX_BONUSES = 8;
/** Most characters one seat may field (a team). */
export const MAX_TEAM = 4;
/** Most players. */
export const MAX_PLAYERS = 6;

// ---------------------------------------------------------------------------------------------
// Bonuses

/** When a bonus may be used: the decision point at which it is offered. */
export const TIMINGS = ['move', 'melee', 'meleeRoll', 'afterMelee', 'defend', 'range', 'rangeRoll', 'afterRange', 'halfMove'] as const;
export type Timing = (typeof TIMINGS)[number];

/**
 * The bonus vocabulary: each effect, what `amount` means, and the timings it may have.
 * docs/squall.md documents each with examples.
 */
export const EFFECTS = {
  extraDamage: { timings: ['melee', 'range'], meaning: 'adds `amount` to the damage of the next attack this phase (a ranged attack only if it hits)' },
  extraAttackDie: { timings: ['melee'], meaning: 'the next melee attack this phase rolls `amount` more attack dice (no defence die is spent)' },
  heal: { timings: ['move', 'halfMove', 'afterMelee', 'afterRange'], meaning: 'restores `amount` HP, never above the starting HP' },
  longerMove: { timings: ['move', 'halfMove'], meaning: 'adds `amount` inches to this MOVE or HALF-MOVE' },
  extraMove: { timings: ['afterMelee', 'afterRange'], meaning: 'an extra move of `amount` inches straight away (hit and run)' },
  extraAttack: { timings: ['afterMelee', 'afterRange'], meaning: 'attack again (melee: any opponent still in BTB; ranged: any valid target)' },
  reroll: { timings: ['meleeRoll', 'rangeRoll'], meaning: 'roll all the attack dice again (ranged: offered after a miss)' },
  extraDefenceDie: { timings: ['defend'], meaning: 'when attacked in melee, roll `amount` more defence dice (also when attacked from behind)' },
  riposte: { timings: ['defend'], meaning: 'when attacked in melee, the attacker loses `amount` HP (undefended), at the same time as the attack lands' },
  ignoreCover: { timings: ['range'], meaning: 'the next ranged attack this phase rolls one die even if the target is covered' },
} as const satisfies Record<string, { timings: readonly Timing[]; meaning: string }>;
export type Effect = keyof typeof EFFECTS;
export const EFFECT_NAMES = Object.keys(EFFECTS) as [Effect, ...Effect[]];

export const bonusSchema = z
  .strictObject({
    name: z.string().min(1).max(40).describe('Name shown in traces.'),
    cost: z.number().int().min(0).max(100).describe('SPECIAL points paid to try it (spent whatever the outcome).'),
    timing: z.enum(TIMINGS).describe('The decision point at which it may be used.'),
    effect: z.enum(EFFECT_NAMES).describe('What it does when the opposed roll succeeds.'),
    amount: z.number().int().min(0).max(100).default(1).describe('Size of the effect (damage, HP, inches, dice); ignored by extraAttack, reroll, ignoreCover.'),
  })
  .superRefine((b, ctx) => {
    const allowed = EFFECTS[b.effect].timings as readonly Timing[];
    if (!allowed.includes(b.timing))
      ctx.addIssue({ code: 'custom', path: ['timing'], input: b.timing, message: `expected one of ${allowed.map((t) => JSON.stringify(t)).join(', ')} for effect ${JSON.stringify(b.effect)}` });
  });
export type Bonus = z.output<typeof bonusSchema>;

// ---------------------------------------------------------------------------------------------
// Characters and rosters

export const STYLES = ['brawler', 'sniper', 'flanker'] as const;
export type Style = (typeof STYLES)[number];

export const characterSchema = z.strictObject({
  name: z.string().min(1).max(40).describe('Unique name within the roster.'),
  style: z.enum(STYLES).default('brawler').describe('How the `auto` policy plays it: brawler, sniper or flanker.'),
  move: z.number().min(0).max(24).describe('MOVE: inches per MOVE phase (HALF-MOVE is floor(MOVE / 2)).'),
  melee: z.number().int().min(0).max(50).describe('MELEE: added to the melee attack roll.'),
  range: z.number().int().min(0).max(50).describe('RANGE: damage of a ranged hit; 0 = no ranged attack.'),
  hp: z.number().int().min(1).max(500).describe('Starting HP.'),
  special: z.number().int().min(0).max(500).default(0).describe('SPECIAL points to spend on bonuses.'),
  base: z.number().min(0.25).max(4).default(1).describe('Base diameter in inches.'),
  bonuses: z.array(bonusSchema).max(MAX_BONUSES).default([]).describe('Bonuses it may use.'),
  description: z.string().max(500).optional().describe('Free text.'),
});
export type Character = z.output<typeof characterSchema>;

export const rosterSchema = z
  .strictObject({
    name: z.string().max(200).optional().describe('Title of the roster.'),
    description: z.string().max(5000).optional(),
    characters: z.array(characterSchema).min(1).max(64).describe('The characters.'),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.characters.forEach((c, i) => {
      if (seen.has(c.name)) ctx.addIssue({ code: 'custom', path: ['characters', i, 'name'], input: c.name, message: `expected a unique name; ${JSON.stringify(c.name)} is used twice` });
      seen.add(c.name);
    });
  })
  .describe('A roster: the characters players may field.');
export type Roster = z.output<typeof rosterSchema>;

// ---------------------------------------------------------------------------------------------
// Terrain

const coordinate = z.number().min(-1000).max(1000);
export const obstacleSchema = z.discriminatedUnion('shape', [
  z.strictObject({
    shape: z.literal('rect'),
    x: coordinate.describe('West edge (inches from the board\'s west edge).'),
    y: coordinate.describe('South edge (inches from the board\'s south edge).'),
    width: z.number().positive().max(1000),
    height: z.number().positive().max(1000),
    name: z.string().max(60).optional(),
  }),
  z.strictObject({
    shape: z.literal('circle'),
    x: coordinate.describe('Centre, east.'),
    y: coordinate.describe('Centre, north.'),
    radius: z.number().positive().max(1000),
    name: z.string().max(60).optional(),
  }),
  z
    .strictObject({
      shape: z.literal('polygon'),
      points: z.array(z.tuple([coordinate, coordinate])).min(3).max(32).describe('Vertices [x, y] in order (either direction).'),
      name: z.string().max(60).optional(),
    })
    .superRefine((p, ctx) => {
      const xs = p.points.map((q) => q[0]);
      const ys = p.points.map((q) => q[1]);
      if (!isStrictlyConvex(xs, ys)) ctx.addIssue({ code: 'custom', path: ['points'], input: p.points, message: 'expected the vertices of a convex polygon, in order, with no three in a line' });
    }),
]);
export type Obstacle = z.output<typeof obstacleSchema>;

export const terrainSchema = z
  .strictObject({
    name: z.string().max(200).optional().describe('Title of the layout.'),
    description: z.string().max(5000).optional(),
    obstacles: z.array(obstacleSchema).max(64).default([]).describe('Rectangles, circles and convex polygons.'),
  })
  .describe('A terrain layout.');
export type Terrain = z.output<typeof terrainSchema>;

// ---------------------------------------------------------------------------------------------
// The default roster (used when a scenario names none): one all-round character, so that a
// scenario with no data files still plays every rule.

export const DEFAULT_ROSTER: Roster = {
  name: 'default',
  characters: [
    {
      name: 'Fighter',
      style: 'brawler',
      move: 5,
      melee: 3,
      range: 2,
      hp: 14,
      special: 6,
      base: 1,
      bonuses: [
        { name: 'Power Strike', cost: 2, timing: 'melee', effect: 'extraDamage', amount: 2 },
        { name: 'Parry', cost: 2, timing: 'defend', effect: 'extraDefenceDie', amount: 1 },
        { name: 'Second Wind', cost: 2, timing: 'halfMove', effect: 'heal', amount: 3 },
        { name: 'Aimed Shot', cost: 1, timing: 'rangeRoll', effect: 'reroll', amount: 1 },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The rules

export const EDGES = ['north', 'east', 'south', 'west'] as const;
export type Edge = (typeof EDGES)[number];
const edgeList = z.array(z.enum(EDGES)).min(1).max(4);

export const squallRulesSchema = z
  .strictObject({
    board: z
      .strictObject({
        width: z.number().min(4).max(120).default(12).describe('Inches, west to east.'),
        height: z.number().min(4).max(120).default(12).describe('Inches, south to north.'),
      })
      .default({ width: 12, height: 12 })
      .describe('Board size in inches (default 12 x 12).'),
    terrain: z
      .union([z.string().min(1).describe('A layout file, relative to the scenario.'), terrainSchema])
      .default({ obstacles: [] })
      .describe('Terrain: a layout file (e.g. layouts/ruins.yaml) or an inline { obstacles: [...] }. Default: open ground.'),
    roster: z
      .union([z.string().min(1).describe('A roster file, relative to the scenario.'), rosterSchema])
      .default(DEFAULT_ROSTER)
      .describe('Characters: a roster file (e.g. rosters/standard.yaml) or an inline { characters: [...] }. Default: one all-round Fighter.'),
    characters: z
      .union([z.literal('auto'), z.array(z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(MAX_TEAM)])).min(2).max(MAX_PLAYERS)])
      .default('auto')
      .describe('Who each seat fields, in seat order: a roster name, or a list of names for a team. auto = seat i fields roster character i (mod the roster size). Ignored with matchups.'),
    matchups: z
      .enum(['none', 'all-pairs', 'all-pairs-and-mirrors'])
      .default('none')
      .describe('Two players only. all-pairs: every game draws one ordered pair (A in seat 0, B in seat 1, A != B) uniformly from the roster, so every pair is played in both seatings; with mirrors, A = B too. Per-pair results are in the `matchups` metric table.'),
    setupEdges: z
      .union([edgeList, z.array(edgeList).min(1).max(MAX_PLAYERS)])
      .default(['north', 'east', 'south', 'west'])
      .describe('Edges a character may set up along: one list for every seat, or one list per seat.'),
    setup: setupField('which seat sets up along which `setupEdges` list (the lists are dealt to the seats in a random order) and which seat sets up first (then round the table). Initiative is rolled every game either way.'),
    setupDistance: z.number().min(0).max(60).default(2).describe('Set-up band: the base\'s nearest point at most this many inches from the edge.'),
    fov: z.number().gt(0).max(360).default(180).describe('Field of view in degrees, centred on the facing; an attacker whose centre is outside it attacks from behind.'),
    cover: z
      .enum(['segment-or-base', 'segment'])
      .default('segment-or-base')
      .describe('Covered if an obstacle meets the segment between the centres or touches the target\'s base (segment-or-base), or only the segment.'),
    maxRange: z
      .union([z.literal('unlimited'), z.number().positive().max(1000)])
      .default('unlimited')
      .describe('Longest ranged attack, in inches between the bases\' rims.'),
    blockedShots: z
      .enum(['forbidden', 'covered'])
      .default('forbidden')
      .describe('A target no segment from the attacker\'s base can see: cannot be shot (forbidden), or is shot as covered.'),
    basesGiveCover: z.boolean().default(false).describe('Other characters\' bases count as obstacles for cover and sight.'),
    optionalMelee: z.boolean().default(false).describe('A character ending its move in BTB may decline to attack (the seed makes melee compulsory).'),
    surrender: z.boolean().default(false).describe('Offer a surrender action at the start of each MOVE (policies decide; by default they never surrender).'),
    maxTurns: z.number().int().min(1).max(100_000).default(200).describe('Turn cap over all players; a game still running is counted as capped.'),
    statOverrides: statOverridesField(
      'Character stats by name, applied to the roster once it is loaded: `characters.<name>.<stat>` with stat hp, melee, range, move, special or base, mapped to the new value, e.g. { "characters.Knight.hp": 20 }. Sweeps, `tune --param` and `compare --variant PATH=VALUE` take the same paths. Default: none.',
    ),
  })
  .describe('Squall rules (docs/rules/squall.md)');

export type SquallRules = z.output<typeof squallRulesSchema>;

/** The roster of resolved rules (prepareRules has replaced a file name by its contents). */
export function rosterOf(rules: SquallRules): Roster {
  if (typeof rules.roster === 'string') throw new Error(`roster ${JSON.stringify(rules.roster)} was not loaded: scenarios name data files through prepareRules`);
  return rules.roster;
}

export function terrainOf(rules: SquallRules): Terrain {
  if (typeof rules.terrain === 'string') throw new Error(`terrain ${JSON.stringify(rules.terrain)} was not loaded: scenarios name data files through prepareRules`);
  return rules.terrain;
}

/** Roster indices fielded by each seat (fixed characters; matchups choose per game). */
export function seatCharacters(rules: SquallRules, players: number): number[][] {
  const roster = rosterOf(rules);
  const index = (name: string): number => roster.characters.findIndex((c) => c.name === name);
  if (rules.matchups !== 'none') return Array.from({ length: players }, () => [0]);
  if (rules.characters === 'auto') return Array.from({ length: players }, (_, p) => [p % roster.characters.length]);
  return rules.characters.map((entry) => (typeof entry === 'string' ? [index(entry)] : entry.map(index)));
}

/** The ordered pairs (seat 0, seat 1) of roster indices played under `matchups`. */
export function matchupPairs(rules: SquallRules): [number, number][] {
  const n = rosterOf(rules).characters.length;
  const pairs: [number, number][] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b || rules.matchups === 'all-pairs-and-mirrors') pairs.push([a, b]);
  return pairs;
}

export function setupEdgesOf(rules: SquallRules, seat: number): readonly Edge[] {
  const e = rules.setupEdges;
  if (e.length > 0 && Array.isArray(e[0])) {
    const perSeat = e as Edge[][];
    return perSeat[seat % perSeat.length]!;
  }
  return e as Edge[];
}
