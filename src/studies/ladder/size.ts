/**
 * `squabble ladder`'s default size: games per step, per game (and Squish!'s mode) and player count, chosen from
 * measured cost so the whole ladder (every step) of every shipped scenario finishes within 3
 * minutes of one core (docs/skill-ladder.md has the timings: CPU seconds per game of the whole
 * ladder, measured on every shipped scenario). A game's levels changing (a new expert) changes
 * the cost: measure again and update this table. `--games` overrides it.
 */
interface Sizing {
  /** Games per step with two players. */
  two: number;
  /** Games per step with more players, by player count (absent: `two` x 2 / players). */
  more?: Record<number, number>;
}

const GAMES_PER_STEP: Record<string, Sizing> = {
  // 2 and 3 players about 0.02-0.03 CPU-s a game over the ladder. 4 players: 0.39 with the ISMCTS
  // expert (then 100 a step); with the rollout expert random-4p's whole ladder at 600 a step took
  // 9.8 CPU-s, and its lower steps (about 60%) need that many to be clear of 50%.
  worms: { two: 600, more: { 3: 600, 4: 600 } },
  // With the rollout expert (2026-11-28, 60 games a step, loaded machine): 0.055 CPU-s a game over the
  // ladder (skill-ladder, 2 players; 55 s at 1,000 a step) and 0.073 (tabletop-4p; 37 s at 500).
  squirmish: { two: 1000 },
  // The advanced game about 0.18 CPU-s a game with 2 players, 0.2 with 4.
  squish: { two: 250 },
  // The simple game about 0.005 CPU-s a game; its steps are small (about 55% for the expert), so it takes many.
  'squish:simple': { two: 2000 },
  // 0.003-0.009 CPU-s a game at 2-4 players with the tryout expert, its tryouts (at most 20,000
  // games a policy instance) included; the longest shipped ladder 15 CPU-s (2026-11-28).
  squall: { two: 1000 },
};

/** Games per step for a game not sized here (a test game, a new game): modest. */
const FALLBACK: Sizing = { two: 200 };
/** Fewer games than this give intervals too wide to say anything. */
const FLOOR = 40;

/** Games per step for `game` with `players` (and its resolved rules, where a mode changes the cost: Squish!'s simple game). */
export function defaultGamesPerStep(game: string, players: number, rules: Record<string, unknown> = {}): number {
  const size = (typeof rules.mode === 'string' ? GAMES_PER_STEP[`${game}:${rules.mode}`] : undefined) ?? GAMES_PER_STEP[game] ?? FALLBACK;
  const games = players <= 2 ? size.two : (size.more?.[players] ?? Math.round((size.two * 2) / players));
  return Math.max(FLOOR, games);
}
