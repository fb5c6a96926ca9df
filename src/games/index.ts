/** The game registry: adding a game is one line here. */
import type { AnyGameModule } from '../sim/types.js';
import { worms } from './worms/index.js';
import { squall } from './squall/index.js';
import { squish } from './squish/index.js';
import { squirmish } from './squirmish/index.js';

const shipped = {
  worms,
  squall,
  squish,
  squirmish,
} as const;

/**
 * The id of a shipped game: a registry kept elsewhere per game (the report's game charts,
 * src/report/charts/index.ts) is typed by it, so a new game fails to compile until it has its entry.
 */
export type GameId = keyof typeof shipped;

export const games: Readonly<Record<string, AnyGameModule>> = shipped;
