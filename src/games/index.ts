/** The game registry: adding a game is one line here. */
import type { AnyGameModule } from '../sim/types.js';
import { worms } from './worms/index.js';
import { squall } from './squall/index.js';
import { squish } from './squish/index.js';
import { squirmish } from './squirmish/index.js';

export const games: Readonly<Record<string, AnyGameModule>> = {
  worms,
  squall,
  squish,
  squirmish,
};
