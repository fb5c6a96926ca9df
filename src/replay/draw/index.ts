/** The replay drawing of each game that has one: its scene (GameModule.scene) as SVG markup. */
import type { WormsScene } from '../../games/worms/scene.js';
import type { SquishScene } from '../../games/squish/scene.js';
import { drawWorms } from './worms.js';
import { drawSquish } from './squish.js';
import type { SquirmishScene } from '../../games/squirmish/scene.js';
import { drawSquirmish } from './squirmish.js';
import type { SquallScene } from '../../games/squall/scene.js';
import { drawSquall } from './squall.js';

type Drawer = (scene: never, seats: readonly string[]) => string;
const DRAWERS: Readonly<Record<string, Drawer>> = {
  worms: drawWorms as (scene: WormsScene, seats: readonly string[]) => string,
  squish: drawSquish as (scene: SquishScene, seats: readonly string[]) => string,
  squirmish: drawSquirmish as (scene: SquirmishScene, seats: readonly string[]) => string,
  squall: drawSquall as (scene: SquallScene, seats: readonly string[]) => string,
};

/** SVG for a scene of `game`, or null for a game without a drawing (the page then shows the text only). */
export function drawScene(game: string, scene: object | null, seats: readonly string[]): string | null {
  const draw = Object.hasOwn(DRAWERS, game) ? DRAWERS[game] : undefined;
  return draw && scene ? (draw as (scene: object, seats: readonly string[]) => string)(scene, seats) : null;
}
