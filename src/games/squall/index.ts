/**
 * Squall (docs/rules/squall.md; seed shared/seeds/003_2d466ab3949b5dfe.txt): a miniatures
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
  setupEdgesOf,
  EDGES,
} from './params.js';
import { SquallState } from './state.js';
import { apply, copy } from './rules.js';
import { reset, spotCentre } from './setup.js';
import { legalActions } from './legal.js';
import { checkInvariants } from './invariants.js';
import { render, describeAction } from './render.js';
import { scene } from './scene.js';
import { squallMetrics } from './metrics.js';
import { squallPolicies } from './policies.js';
import { squallLevels } from './levels.js';
import { squallStats, preparedRoster } from './stats.js';
import { ACTION_COUNT, SPOTS, spotEdge } from './actions.js';
import { baseOnBoard } from './geometry.js';
import { ObstacleSet, type ObstacleShape } from './obstacles.js';
import { squallStanding } from './standing.js';

export const squall: GameModule<SquallState, SquallRules> = {
  id: 'squall',
  title: 'Squall',
  rulesDoc: 'docs/rules/squall.md',
  minPlayers: 2,
  maxPlayers: MAX_PLAYERS,
  hiddenInformation: false,
  visibility: 'everything is on the table: positions, facings, HP, SPECIAL and each roster entry',
  rulesSchema: squallRulesSchema,
  describeSetup: (rules, players) => {
    const lists = Array.from({ length: players }, (_, p) => setupEdgesOf(rules, p).join('/'));
    const same = lists.every((l) => l === lists[0]);
    const edges = same ? `every seat sets up along ${lists[0]}` : rules.setup === 'random' ? `the edge lists ${lists.join(', ')} dealt to the seats at random` : `seat i sets up along ${lists.join(', ')} respectively`;
    const first = rules.setup === 'random' ? 'a random seat sets up first' : "seat 0's team sets up first";
    return `${edges}, ${first}, for every game; initiative rolled every game (its winner chooses who starts)`;
  },
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
  dataFiles: [
    {
      kind: 'roster',
      keys: 'characters',
      recognise: (data) => 'characters' in data,
      rulesUsing: (ref) => ({ roster: ref }),
      players: 2,
      summary: (rules) => `${rosterOf(rules).characters.length} characters (${rosterOf(rules).characters.map((c) => c.name).join(', ')})`,
    },
    {
      kind: 'terrain layout',
      keys: 'obstacles',
      recognise: (data) => 'obstacles' in data,
      rulesUsing: (ref) => ({ terrain: ref }),
      players: 2,
      summary: (rules) => `${terrainOf(rules).obstacles.length} obstacles on the ${rules.board.width} x ${rules.board.height} board, with the default roster`,
    },
  ],
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
    if (rules.setup === 'fixed') return setupProblem(rules, players, seats, (p) => setupEdgesOf(rules, p), seats.map((_, p) => p));
    // setup random deals the edge lists to the seats in any order and any seat may set up
    // first: every deal and every first seat must leave each character room.
    const seen = new Set<string>();
    for (const deal of permutations(players)) {
      const key = JSON.stringify(deal.map((q) => setupEdgesOf(rules, q)));
      if (seen.has(key)) continue; // the same lists in the same seats (one list for every seat: one deal)
      seen.add(key);
      for (let first = 0; first < players; first++) {
        const order = seats.map((_, i) => (first + i) % players);
        const problem = setupProblem(rules, players, seats, (p) => setupEdgesOf(rules, deal[p]!), order);
        if (problem) return [problem[0], `${problem[1]} (in one of the set-ups rules.setup: random deals)`];
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
  scene,
  checkInvariants,
  metrics: squallMetrics,
  standing: squallStanding,
  policies: squallPolicies,
  levels: squallLevels,
  stats: squallStats,
};

function toShape(o: ReturnType<typeof terrainOf>['obstacles'][number]): ObstacleShape {
  if (o.shape === 'rect') return { kind: 'rect', x: o.x, y: o.y, width: o.width, height: o.height };
  if (o.shape === 'circle') return { kind: 'circle', x: o.x, y: o.y, radius: o.radius };
  return { kind: 'polygon', points: o.points };
}

/**
 * The board and terrain checks of a setup: no obstacle lies wholly off the board, every base fits
 * on it, and every character is sure of a set-up spot — one the game offers (the same spots as
 * setup.ts), on its seat's edges, clear of the terrain, and not coverable by the bases set up
 * before it wherever they chose to stand. (The last is a safe bound: each earlier character is
 * assumed to take the spot that blocks most of this one's, so a scenario is refused only if
 * the game could get stuck, or nearly so.)
 */
/** Every ordering of 0..n-1 (n is at most MAX_PLAYERS; only checkSetup calls this, once per plan). */
function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((rest) => Array.from({ length: n }, (_, i) => [...rest.slice(0, i), n - 1, ...rest.slice(i)]));
}

function setupProblem(rules: SquallRules, players: number, seats: number[][], edgesFor: (seat: number) => readonly string[], seatOrder: number[]): [string, string] | null {
  const roster = rosterOf(rules);
  const terrain = terrainOf(rules);
  const { width, height } = rules.board;
  const board = `the ${width} x ${height} board`;
  for (let i = 0; i < terrain.obstacles.length; i++) {
    const o = terrain.obstacles[i]!;
    const [x0, y0, x1, y1] =
      o.shape === 'rect'
        ? [o.x, o.y, o.x + o.width, o.y + o.height]
        : o.shape === 'circle'
          ? [o.x - o.radius, o.y - o.radius, o.x + o.radius, o.y + o.radius]
          : [Math.min(...o.points.map((q) => q[0])), Math.min(...o.points.map((q) => q[1])), Math.max(...o.points.map((q) => q[0])), Math.max(...o.points.map((q) => q[1]))];
    if (x1 <= 0 || y1 <= 0 || x0 >= width || y0 >= height)
      return [`rules.terrain.obstacles.${i}`, `${o.name !== undefined ? JSON.stringify(o.name) : `the ${o.shape}`} lies wholly off ${board} (x 0-${width}, y 0-${height}); coordinates are inches from the south-west corner`];
  }
  // Set-up slots in the order the game places them, each with the roster characters it may hold.
  const all = roster.characters.map((_, k) => k);
  const slots: { seat: number; kinds: number[] }[] = [];
  for (const p of seatOrder) for (const k of seats[p]!) slots.push({ seat: p, kinds: rules.matchups !== 'none' ? all : [k] });
  for (const slot of slots)
    for (const k of slot.kinds) {
      const c = roster.characters[k]!;
      if (c.base > Math.min(width, height)) return [`rules.roster.characters.${k}.base`, `${JSON.stringify(c.name)}'s base (${c.base} inches) is larger than ${board}`];
    }
  const obstacles = new ObstacleSet(terrain.obstacles.map(toShape));
  const xy = new Float64Array(2);
  /** Free spot centres for character k of seat p, as [x0, y0, x1, y1, ...]. */
  const free = new Map<string, number[]>();
  const freeSpots = (p: number, k: number): number[] => {
    const key = `${p}/${k}`;
    let out = free.get(key);
    if (!out) {
      out = [];
      const allowed = edgesFor(p).map((e) => EDGES.indexOf(e as (typeof EDGES)[number]));
      const r = roster.characters[k]!.base / 2;
      for (let spot = 0; spot < SPOTS; spot++) {
        if (!allowed.includes(spotEdge(spot))) continue;
        spotCentre(width, height, rules.setupDistance, r, spot, xy);
        if (baseOnBoard(xy[0]!, xy[1]!, r, width, height) && !obstacles.baseOverlapsAny(xy[0]!, xy[1]!, r)) out.push(xy[0]!, xy[1]!);
      }
      free.set(key, out);
    }
    return out;
  };
  const edgesOf = (p: number) => edgesFor(p).join(', ');
  for (let c = 0; c < slots.length; c++) {
    const { seat: p, kinds } = slots[c]!;
    for (const k of kinds) {
      const mine = freeSpots(p, k);
      const name = roster.characters[k]!.name;
      if (mine.length === 0) return ['rules.terrain', `${name} (seat ${p}) has no room to set up along ${edgesOf(p)}`];
      const rk = roster.characters[k]!.base / 2;
      let blockable = 0;
      for (let q = 0; q < c; q++) {
        let most = 0;
        for (const j of slots[q]!.kinds) {
          const theirs = freeSpots(slots[q]!.seat, j);
          const rr = roster.characters[j]!.base / 2 + rk - 1e-7;
          for (let a = 0; a < theirs.length; a += 2) {
            let n = 0;
            for (let b = 0; b < mine.length; b += 2) {
              const dx = theirs[a]! - mine[b]!;
              const dy = theirs[a + 1]! - mine[b + 1]!;
              if (dx * dx + dy * dy < rr * rr) n++;
            }
            if (n > most) most = n;
          }
        }
        blockable += most;
      }
      if (blockable >= mine.length / 2)
        return [
          'rules.terrain',
          `${name} (seat ${p}) can be left with no room to set up along ${edgesOf(p)}: the ${c} base(s) set up before it can cover all ${mine.length / 2} of its free spots; allow more edges, a larger board or less terrain there`,
        ];
    }
  }
  return null;
}
