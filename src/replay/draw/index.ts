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

/**
 * The SVG of every step. A Squall step is one decision, so a move and the shot after it are
 * two steps: the turn's last move and last attack are carried (marked `earlier`, drawn faded)
 * into the later steps of the same turn that have none of their own.
 */
export function drawSteps(game: string, steps: readonly { move: { turn: number } | null; scene: object | null }[], seats: readonly string[]): (string | null)[] {
  if (game !== 'squall') return steps.map((step) => drawScene(game, step.scene, seats));
  let turn = -1;
  let moves: SquallScene['moves'] = [];
  let attacks: SquallScene['attacks'] = [];
  return steps.map((step) => {
    const sc = step.scene as SquallScene | null;
    if (!sc) return null;
    if ((step.move?.turn ?? -1) !== turn) {
      turn = step.move?.turn ?? -1;
      moves = [];
      attacks = [];
    }
    const drawn = { ...sc, moves: sc.moves.length ? sc.moves : moves, attacks: sc.attacks.length ? sc.attacks : attacks };
    if (sc.moves.length) moves = sc.moves.map((m) => ({ ...m, earlier: true }));
    if (sc.attacks.length) attacks = sc.attacks.map((a) => ({ ...a, earlier: true }));
    return drawScene(game, drawn, seats);
  });
}
