/**
 * A Squall position as plain data for the `replay --html` drawing (src/replay/draw/squall.ts):
 * the table in inches (x east, y north), the terrain, each character's base, facing and HP,
 * the field of view, the moves of the step (start and end: the planner's route between them
 * is not recorded) and each attack of the step with its line of sight and whether the target
 * was covered, plus the step's log lines with their dice.
 */
import { SquallState, EV_MOVE, EV_ATTACK, EV_SHOT } from './state.js';
import { OBS_CIRCLE } from './obstacles.js';
import { eventText } from './render.js';

export interface SquallScene {
  width: number;
  height: number;
  fov: number;
  obstacles: ({ circle: true; x: number; y: number; r: number } | { circle: false; points: [number, number][] })[];
  characters: { name: string; seat: number; x: number; y: number; r: number; fx: number; fy: number; hp: number; hpMax: number; special: number; onTable: boolean; fallen: boolean }[];
  /** Moves of the step; `earlier` marks one carried from an earlier step of the same turn by the page (src/replay/draw/index.ts). */
  moves: { who: number; from: [number, number]; to: [number, number]; earlier?: boolean }[];
  /**
   * Attacks of the step: melee, or a shot that was clear, covered, or out of sight (counted as
   * covered), with both centres at the time (a character may move on later in the turn).
   */
  attacks: { from: number; to: number; fromAt: [number, number]; toAt: [number, number]; kind: 'melee' | 'clear' | 'covered' | 'out of sight'; earlier?: boolean }[];
  active: number;
  log: string[];
}

function ends(s: SquallState, from: number, to: number): Pick<SquallScene['attacks'][number], 'from' | 'to' | 'fromAt' | 'toAt'> {
  return { from, to, fromAt: [s.x[from]!, s.y[from]!], toAt: [s.x[to]!, s.y[to]!] };
}

export function scene(s: SquallState): SquallScene {
  const w = s.world;
  const ob = w.obstacles;
  const obstacles: SquallScene['obstacles'] = [];
  for (let i = 0; i < ob.count; i++) {
    if (ob.kind[i] === OBS_CIRCLE) obstacles.push({ circle: true, x: ob.cx[i]!, y: ob.cy[i]!, r: ob.radius[i]! });
    else {
      const points: [number, number][] = [];
      for (let v = ob.vStart[i]!; v < ob.vStart[i]! + ob.vCount[i]!; v++) points.push([ob.vx[v]!, ob.vy[v]!]);
      obstacles.push({ circle: false, points });
    }
  }
  const characters: SquallScene['characters'] = [];
  for (let c = 0; c < s.count; c++)
    characters.push({ name: s.name(c), seat: s.seatOf[c]!, x: s.x[c]!, y: s.y[c]!, r: w.rRadius[s.kind[c]!]!, fx: s.fx[c]!, fy: s.fy[c]!, hp: s.hp[c]!, hpMax: s.hpMax(c), special: s.special[c]!, onTable: s.alive[c] !== 0, fallen: s.hp[c]! <= 0 });
  const moves: SquallScene['moves'] = [];
  const attacks: SquallScene['attacks'] = [];
  const log: string[] = [];
  const l = s.eventLog;
  for (let i = 0; i < l.count; i++) {
    const type = l.type(i);
    if (type === EV_MOVE) moves.push({ who: l.field(i, 1), from: [l.field(i, 2), l.field(i, 3)], to: [l.field(i, 4), l.field(i, 5)] });
    else if (type === EV_ATTACK && l.field(i, 5) !== 2) attacks.push({ ...ends(s, l.field(i, 1), l.field(i, 2)), kind: 'melee' });
    else if (type === EV_SHOT) attacks.push({ ...ends(s, l.field(i, 1), l.field(i, 2)), kind: l.field(i, 6) ? 'out of sight' : l.field(i, 5) ? 'covered' : 'clear' });
    log.push(eventText(s, i));
  }
  return { width: w.width, height: w.height, fov: s.rules.fov, obstacles, characters, moves, attacks, active: s.terminal ? -1 : s.active, log };
}
