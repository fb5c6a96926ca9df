/**
 * Squall (shared/rules/squall.md; seed shared/seeds/003_2d466ab3949b5dfe.txt): a miniatures
 * skirmish in continuous space, 2-6 players, one character (or a team) each, round bases on a
 * 12" x 12" board with rectangles, circles and convex polygons as terrain. Turns of MOVE /
 * MELEE / RANGE / HALF-MOVE, bonuses paid in SPECIAL points. Rosters and terrain layouts are
 * data files (scenarios/squall/rosters, scenarios/squall/layouts) inlined by `prepareRules`.
 * Variants: board, terrain, roster, characters (teams), matchups, setupEdges, setupDistance,
 * fov, cover, maxRange, blockedShots, basesGiveCover, optionalMelee, surrender, maxTurns.
 */
import type { GameModule } from '../../sim/types.js';
import {
  squallRulesSchema,
  rosterSchema,
  terrainSchema,
  type SquallRules,
  MAX_CHARS,
  MAX_PLAYERS,
  rosterOf,
  terrainOf,
  seatCharacters,
  EDGES,
} from './params.js';
import { SquallState } from './state.js';
import { reset, legalActions, apply, copy, checkInvariants } from './rules.js';
import { render, describeAction } from './render.js';
import { squallMetrics } from './metrics.js';
import { squallPolicies } from './policies.js';
import { squallStats, preparedRoster } from './stats.js';
import { ACTION_COUNT } from './actions.js';
import { ObstacleSet, type ObstacleShape } from './geometry.js';

export const squall: GameModule<SquallState, SquallRules> = {
  id: 'squall',
  title: 'Squall',
  rulesDoc: 'rules/squall.md',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  hiddenInformation: false,
  visibility: 'everything is on the table: positions, facings, HP, SPECIAL and each roster entry',
  rulesSchema: squallRulesSchema,
  prepareRules(rules, ctx) {
    const out = { ...rules };
    const where = typeof out.roster === 'string' ? `the roster (${out.roster})` : out.roster === undefined ? 'the default roster' : 'the roster (inline in rules.roster)';
    if (typeof out.roster === 'string') out.roster = ctx.load(out.roster, rosterSchema, 'rules.roster');
    // Character stats by name (statOverrides), on a copy of the roster.
    const roster = preparedRoster(out, where, ctx);
    if (roster !== undefined) out.roster = roster;
    if (typeof out.terrain === 'string') out.terrain = ctx.load(out.terrain, terrainSchema, 'rules.terrain');
    return out;
  },
  checkSetup(rules, players) {
    const roster = rosterOf(rules);
    const names = roster.characters.map((c) => c.name);
    if (rules.matchups !== 'none') {
      if (players !== 2) return ['rules.matchups', `matchups need exactly 2 players, found ${players}`];
      if (rules.matchups === 'all-pairs' && names.length < 2) return ['rules.matchups', 'all-pairs needs a roster of at least 2 characters'];
    } else if (rules.characters !== 'auto') {
      if (rules.characters.length !== players)
        return ['rules.characters', `expected one entry per seat (${players}), found ${rules.characters.length}`];
      for (let p = 0; p < players; p++) {
        const entry = rules.characters[p]!;
        for (const name of typeof entry === 'string' ? [entry] : entry)
          if (!names.includes(name)) return [`rules.characters.${p}`, `expected a character of the roster (${names.join(', ')}), found ${JSON.stringify(name)}`];
      }
    }
    const seats = seatCharacters(rules, players);
    const total = seats.reduce((t, team) => t + team.length, 0);
    if (total > MAX_CHARS) return ['rules.characters', `at most ${MAX_CHARS} characters can play, found ${total}`];
    const edges = rules.setupEdges;
    if (edges.length > 0 && Array.isArray(edges[0]) && edges.length !== players)
      return ['rules.setupEdges', `expected one list of edges per seat (${players}), found ${edges.length}`];
    // Every character must have somewhere to set up (terrain only; bases placed earlier may
    // still crowd it out, which the game reports).
    const obstacles = new ObstacleSet(terrainOf(rules).obstacles.map(toShape));
    const { width, height } = rules.board;
    for (let p = 0; p < players; p++) {
      const allowed = (Array.isArray(edges[0]) ? (edges as string[][])[p]! : (edges as string[])).map((e) => EDGES.indexOf(e as (typeof EDGES)[number]));
      const kinds = rules.matchups !== 'none' ? roster.characters.map((_, i) => i) : seats[p]!;
      for (const k of kinds) {
        const r = roster.characters[k]!.base / 2;
        if (2 * r > Math.min(width, height)) return ['rules.board', `${names[k]}'s base does not fit on the board`];
        let free = false;
        for (const e of allowed) {
          for (let i = 0; i < 12 && !free; i++) {
            const t = (i + 0.5) / 12;
            for (const depth of [r, rules.setupDistance + r]) {
              const x = e === 0 ? t * width : e === 1 ? width - depth : e === 2 ? t * width : depth;
              const y = e === 0 ? height - depth : e === 1 ? t * height : e === 2 ? depth : t * height;
              if (x >= r && x <= width - r && y >= r && y <= height - r && !obstacles.baseOverlapsAny(x, y, r)) free = true;
            }
          }
        }
        if (!free) return ['rules.terrain', `${names[k]} (seat ${p}) has no room to set up along ${allowed.map((e) => EDGES[e]).join(', ')}`];
      }
    }
    return null;
  },
  shardSize: 2_000,
  maxTurns: (rules) => rules.maxTurns,
  actionCapacity: () => ACTION_COUNT,
  createState: (rules, players) => new SquallState(rules, players),
  reset,
  legalActions,
  apply,
  copy,
  describeAction,
  render,
  checkInvariants,
  metrics: squallMetrics,
  policies: squallPolicies,
  stats: squallStats,
};

function toShape(o: ReturnType<typeof terrainOf>['obstacles'][number]): ObstacleShape {
  if (o.shape === 'rect') return { kind: 'rect', x: o.x, y: o.y, width: o.width, height: o.height };
  if (o.shape === 'circle') return { kind: 'circle', x: o.x, y: o.y, radius: o.radius };
  return { kind: 'polygon', points: o.points };
}
