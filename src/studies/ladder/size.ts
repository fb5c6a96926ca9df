/**
 * `squabble ladder`'s default size: games per step, per game, chosen from measured cost so the
 * whole ladder (every step) of every shipped scenario finishes within 3 minutes of one core
 * (docs/skill-ladder.md has the timings). Games with more players cost more per game, so the
 * count is divided by the players above two. `--games` overrides it.
 */
const GAMES_PER_STEP: Record<string, number> = {
  worms: 100,
  squirmish: 400,
  squish: 400,
  squall: 400,
};

/** Games per step for a game not sized here (a test game, a new game): modest. */
const FALLBACK = 200;
/** Fewer games than this give intervals too wide to say anything. */
const FLOOR = 40;

export function defaultGamesPerStep(game: string, players: number): number {
  const base = GAMES_PER_STEP[game] ?? FALLBACK;
  return Math.max(FLOOR, Math.round((base * 2) / Math.max(2, players)));
}
