/**
 * Content generators (issue 31): for each game, scenarios on content that is not shipped, drawn
 * from a seed, for the ladder benchmark (bench/ladder-content.mjs) and the tests that pin it.
 *
 * - Squall: a random terrain layout at one of three densities (sparse, medium, dense obstacles on
 *   the default 12 x 12 board) and a random character for each seat from the shipped standard
 *   roster; 2-4 players; `setup: random`.
 * - Squish!: a random board (8-14 squares a side) with 1-3 random blocks in the simple game or
 *   2-4 numbered blocks in the advanced game, start squares by the game's default; 2-4 players.
 * - Squirmish: a random 36-50-card decklist drawn without repeats from the shipped Classic 70, in
 *   the videogame edition (2 players) or the tabletop edition (2-4 players).
 * - Worms: 2-4 players (Worms' content is its player count).
 *
 * A generated content is scenario data whose rules name the shipped data files by the paths a
 * scenario in scenarios/<game>/ uses, with `file` that (virtual) scenario's path, so the normal
 * loader (`buildPlan(data, file, registry)`) validates and resolves it. Whatever the loader or the
 * game's own set-up checks refuse (an obstacle on a set-up spot, a start square under a block) is
 * drawn again from the same stream, so `generateContent(game, seed, k)` is a pure function of its
 * arguments, and each content is valid. Seats are filled by the caller (the benchmark plays levels).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Rng, masterSeedFrom } from '../sim/rng.js';
import { buildPlan } from '../sim/scenario/load.js';
import { ScenarioError } from '../sim/scenario/errors.js';
import type { Plan } from '../sim/scenario/types.js';
import { registry } from '../registry.js';

/** The package's scenarios/ folder (this file is src/content/ or dist/content/). */
export const SCENARIOS_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scenarios');

export const CONTENT_GAMES = ['squall', 'squish', 'squirmish', 'worms'] as const;
export type ContentGame = (typeof CONTENT_GAMES)[number];

export interface GeneratedContent {
  game: ContentGame;
  /** What was drawn, in a few words (e.g. "Squall, dense layout (10 obstacles), Archer v Ogre"). */
  label: string;
  /** Scenario data without seats; `withSeats` fills them. */
  data: Record<string, unknown>;
  /** The virtual scenario path the rules' relative file names resolve against. */
  file: string;
  players: number;
}

/** Most draws of one content before giving up (each refused draw is drawn again). */
const MAX_ATTEMPTS = 200;

export const SQUALL_DENSITIES = { sparse: 3, medium: 6, dense: 10 } as const;
type Density = keyof typeof SQUALL_DENSITIES;

const round1 = (x: number) => Math.round(x * 10) / 10;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)]!;
const between = (rng: Rng, lo: number, hi: number) => lo + rng.int(hi - lo + 1);

function readYaml(path: string): Record<string, unknown> {
  return parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

let rosterNames: string[] | null = null;
let poolNames: string[] | null = null;

/** The names of the shipped standard roster's characters. */
export function squallRoster(): string[] {
  rosterNames ??= (readYaml(join(SCENARIOS_ROOT, 'squall', 'rosters', 'standard.yaml')).characters as { name: string }[]).map((c) => c.name);
  return rosterNames;
}

/** The names of the shipped Classic 70 pool's cards. */
export function classic70(): string[] {
  poolNames ??= (readYaml(join(SCENARIOS_ROOT, 'squirmish', 'decks', 'classic-70.yaml')).cards as { name: string }[]).map((c) => c.name);
  return poolNames;
}

function squall(rng: Rng, k: number): Omit<GeneratedContent, 'file' | 'game'> {
  const densities = Object.keys(SQUALL_DENSITIES) as Density[];
  const density = densities[k % densities.length]!;
  const players = pick(rng, [2, 2, 3, 4]);
  const roster = squallRoster();
  const characters = Array.from({ length: players }, () => pick(rng, roster));
  const obstacles = Array.from({ length: SQUALL_DENSITIES[density] }, (_, i) => {
    // Away from the edges, where the set-up spots are.
    if (rng.int(2) === 0) {
      const wide = rng.int(2) === 0;
      const width = wide ? round1(1 + rng.next() * 2.5) : 0.4;
      const height = wide ? 0.4 : round1(1 + rng.next() * 2.5);
      return { shape: 'rect', x: round1(2 + rng.next() * (8 - width)), y: round1(2 + rng.next() * (8 - height)), width, height, name: `wall ${i + 1}` };
    }
    return { shape: 'circle', x: round1(2.5 + rng.next() * 7), y: round1(2.5 + rng.next() * 7), radius: round1(0.3 + rng.next() * 0.7), name: `rock ${i + 1}` };
  });
  return {
    label: `Squall, ${players} players, ${density} layout (${obstacles.length} obstacles), ${characters.join(' v ')}`,
    players,
    data: { game: 'squall', players, rules: { setup: 'random', roster: 'rosters/standard.yaml', terrain: { name: `generated ${density}`, obstacles }, characters } },
  };
}

function squish(rng: Rng): Omit<GeneratedContent, 'file' | 'game'> {
  const mode = rng.int(2) === 0 ? 'simple' : 'advanced';
  const players = pick(rng, [2, 2, 3, 4]);
  const width = between(rng, 8, 14);
  const height = between(rng, 8, 14);
  const count = mode === 'simple' ? between(rng, 1, 3) : between(rng, 2, 4);
  const blocks: { x: number; y: number; w: number; h: number; number: number }[] = [];
  for (let tries = 0; blocks.length < count && tries < 100; tries++) {
    const w = between(rng, 1, 3);
    const h = between(rng, 1, 3);
    // Off the edge squares (start squares are on the edge) and one square apart from each other.
    const x = between(rng, 1, width - 1 - w);
    const y = between(rng, 1, height - 1 - h);
    if (blocks.every((b) => x + w < b.x || b.x + b.w < x || y + h < b.y || b.y + b.h < y)) blocks.push({ x, y, w, h, number: blocks.length + 1 });
  }
  return {
    label: `Squish!, ${mode}, ${players} players, ${width} x ${height} board, ${blocks.length} block${blocks.length === 1 ? '' : 's'}`,
    players,
    data: { game: 'squish', players, rules: { setup: 'random', mode, width, height, blocks } },
  };
}

function squirmish(rng: Rng, k: number): Omit<GeneratedContent, 'file' | 'game'> {
  const edition = k % 2 === 0 ? 'videogame' : 'tabletop';
  const players = edition === 'videogame' ? 2 : pick(rng, [2, 3, 4]);
  const pool = [...classic70()];
  const size = between(rng, 36, 50);
  // A partial Fisher-Yates shuffle: the first `size` cards are the decklist.
  for (let i = 0; i < size; i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return {
    label: `Squirmish, ${edition} edition, ${players} players, ${size} cards of Classic 70`,
    players,
    data: { game: 'squirmish', players, rules: { edition, cards: 'decks/classic-70.yaml', deckStyle: 'custom', decklist: pool.slice(0, size) } },
  };
}

function worms(rng: Rng): Omit<GeneratedContent, 'file' | 'game'> {
  const players = pick(rng, [2, 3, 4]);
  return { label: `Worms, ${players} players`, players, data: { game: 'worms', players, rules: {} } };
}

const DRAW: Record<ContentGame, (rng: Rng, k: number) => Omit<GeneratedContent, 'file' | 'game'>> = { squall, squish, squirmish, worms };

/** The scenario data of a content with its seats filled (`seats` as in a scenario, one entry per seat or one for all). */
export function withSeats(content: GeneratedContent, seats: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: `generated-${content.game}`, ...content.data, seats, ...extra };
}

/** The plan of a content with its seats (the normal loader: every check a scenario file gets). */
export function contentPlan(content: GeneratedContent, seats: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}): Plan {
  return buildPlan(withSeats(content, seats, extra), content.file, registry, {});
}

/**
 * The k-th content of `game` drawn from `seed`: valid by the loader and the game's own set-up
 * checks (a refused draw is drawn again from the same stream).
 */
export function generateContent(game: ContentGame, seed: number | string, k: number): GeneratedContent {
  const draw = DRAW[game];
  if (!draw) throw new Error(`no content generator for game ${JSON.stringify(game)} (have ${CONTENT_GAMES.join(', ')})`);
  const rng = new Rng();
  // Each content's stream from a hash of (seed, game, k): the first draws of neighbouring game
  // indices of one master seed are too alike for a small pick (a player count).
  rng.seedGame(masterSeedFrom(`${String(seed)}/${game}/${k}`), 0, 0);
  const file = join(SCENARIOS_ROOT, game, 'generated.yaml');
  let last = '';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const content: GeneratedContent = { game, file, ...draw(rng, k) };
    try {
      contentPlan(content, [{ policy: 'random' }]);
      return content;
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      last = e.message;
    }
  }
  throw new Error(`content generator for ${game} (seed ${String(seed)}, content ${k}): no valid draw in ${MAX_ATTEMPTS} attempts; the last was refused with: ${last}`);
}
