/** Text views of a Squall position and action, for `squabble replay` and golden traces. */
import {
  SquallState,
  PHASE_NAMES,
  PH_PLACE,
  PH_FIRST,
  PH_DEFEND,
  PH_MOVE,
  PH_HALF_MOVE,
  PH_EXTRA_MOVE,
  EV_PLACE,
  EV_INITIATIVE,
  EV_FIRST,
  EV_MOVE,
  EV_ATTACK,
  EV_REROLL,
  EV_DEFENCE,
  EV_SHOT,
  EV_BONUS,
  EV_HEAL,
  EV_FALL,
  EV_SURRENDER,
  EV_NO_ATTACK,
  unpackDice,
} from './state.js';
import {
  PLACE,
  FIRST,
  NO_MELEE,
  SHOOT,
  NO_SHOT,
  BONUS,
  CONTINUE,
  SURRENDER,
  EDGE_NAMES,
  HOLD_CANDIDATE,
  COMPASS,
  COMPASS_DISTANCES,
  RING_POINTS,
  isMove,
  isFirst,
  isMelee,
  isShoot,
  moveCandidate,
  moveFacing,
  meleeTarget,
  meleeExtraDie,
  candidateEnemy,
  candidateSlot,
  spotEdge,
  spotAlong,
  spotDepth,
} from './actions.js';
import { MAX_BONUSES, EFFECTS, EFFECT_NAMES, TIMINGS } from './params.js';
import { OUT_WORDS, OUT_X, OUT_Y, OUT_USED, OUT_REACHED, OUT_ROUTE } from './route.js';
import { resolveMove, coveredFrom, canSeeFrom } from './moves.js';
import { spotPosition } from './setup.js';

const f2 = (v: number): string => v.toFixed(2);
/** A facing as a compass bearing: 0 = north, 90 = east. */
export const bearing = (fx: number, fy: number): number => {
  const b = Math.round((Math.atan2(fx, fy) * 180) / Math.PI);
  return b < 0 ? b + 360 : b;
};
const bearingOfAngle = (radians: number): number => bearing(Math.cos(radians), Math.sin(radians));
const dice = (packed: number, n: number): string => `[${unpackDice(packed, n).join(' ')}]`;
const COMPASS_NAMES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const RING_NAMES = ['front', 'front-left', 'left', 'rear-left', 'rear', 'rear-right', 'right', 'front-right'];

function who(s: SquallState, c: number): string {
  return `${s.name(c)} (seat ${s.seatOf[c]})`;
}

export function render(s: SquallState): string {
  const w = s.world;
  const lines: string[] = [];
  if (s.terminal) {
    const outcome = s.capped ? 'capped' : s.winner < 0 ? 'draw' : `seat ${s.winner} wins`;
    lines.push(`game over after ${s.turns} turns: ${outcome}`);
  } else if (s.phase === PH_PLACE) lines.push(`set-up: ${who(s, s.active)} to place`);
  else if (s.phase === PH_FIRST) lines.push(`initiative: seat ${s.toMove} rolled highest and chooses who starts`);
  else {
    const mover = s.phase === PH_DEFEND ? s.target : s.active;
    const allowance = s.phase === PH_MOVE || s.phase === PH_HALF_MOVE || s.phase === PH_EXTRA_MOVE ? ` (${f2(s.allowance)}")` : '';
    lines.push(`turn ${s.turns + 1}, round ${s.rounds}: ${who(s, mover)} in ${PHASE_NAMES[s.phase]}${allowance}`);
  }
  for (let c = 0; c < s.count; c++) {
    const state =
      s.alive[c] !== 0
        ? `at (${f2(s.x[c]!)}, ${f2(s.y[c]!)}) facing ${bearing(s.fx[c]!, s.fy[c]!)}°`
        : s.hp[c]! <= 0
          ? 'fallen'
          : s.surrendered[s.seatOf[c]!] !== 0
            ? 'surrendered'
            : 'not placed';
    const def = s.defenceSpent[c] ? ', 1 defence die' : '';
    lines.push(`  ${who(s, c)}: ${state}, HP ${s.hp[c]}/${s.hpMax(c)}, SPECIAL ${s.special[c]}${def}`);
  }
  if (w.obstacles.count > 0 && s.phase === PH_PLACE && s.placed === 0) lines.push(`  terrain: ${w.obstacles.count} obstacles`);
  for (let i = 0; i < s.eventLog.count; i++) lines.push(`  | ${eventText(s, i)}`);
  return lines.join('\n');
}

export function eventText(s: SquallState, i: number): string {
  const log = s.eventLog;
  const a = log.field(i, 1);
  const b = log.field(i, 2);
  const c = log.field(i, 3);
  const d = log.field(i, 4);
  const e = log.field(i, 5);
  const f = log.field(i, 6);
  const g = log.field(i, 7);
  const h = log.field(i, 8);
  const k = log.field(i, 9);
  switch (log.type(i)) {
    case EV_PLACE:
      return `${who(s, a)} sets up at (${f2(b)}, ${f2(c)})`;
    case EV_INITIATIVE:
      return `seat ${a} rolls ${b} for initiative`;
    case EV_FIRST:
      return `seat ${a} chooses seat ${b} to go first`;
    case EV_MOVE:
      return `${s.name(a)} moves ${f2(f)}" of ${f2(g)}" from (${f2(b)}, ${f2(c)}) to (${f2(d)}, ${f2(e)}), facing ${bearingOfAngle(h)}° [${candidateText(s, k)}]`;
    case EV_ATTACK:
      return e === 2
        ? `${s.name(a)} shoots at ${s.name(b)}: ${dice(c, d)} misses so far`
        : `${s.name(a)} attacks ${s.name(b)} in melee${e === 1 ? ' adding a defence die' : ''}: attack ${dice(c, d)}`;
    case EV_REROLL:
      return `${s.name(a)} re-rolls: ${dice(b, c)}`;
    case EV_DEFENCE:
      return `${s.name(b)} defends${e ? ' (attacked from behind)' : ''} with ${dice(c, d)}: damage ${f} - defence ${sumDice(c, d)} → loses ${g} HP (now ${h})${k > 0 ? `; riposte: ${s.name(a)} loses ${k} HP` : ''}`;
    case EV_SHOT:
      return `${s.name(a)} shoots ${s.name(b)}${f ? ' (out of sight, counted as covered)' : e ? ' (covered)' : ''}: ${dice(c, d)} ${g ? `hits for ${h} HP (now ${k})` : 'misses'}`;
    case EV_BONUS: {
      const j = s.kind[a]! * MAX_BONUSES + b;
      return `${s.name(a)} tries ${s.world.bonusName(s.kind[a]!, b)} (${EFFECT_NAMES[s.world.bEffect[j]!]}, ${g} SPECIAL): rolls ${c} against ${f >= 0 ? `${s.name(f)}'s` : 'an opponent\'s'} ${d} → ${e ? 'works' : 'fails'}`;
    }
    case EV_HEAL:
      return `${s.name(a)} heals ${b} HP (now ${c})`;
    case EV_FALL:
      return `${who(s, a)} falls`;
    case EV_SURRENDER:
      return `seat ${a} surrenders`;
    case EV_NO_ATTACK:
      return b === 0 ? `${s.name(a)} does not attack` : `${s.name(a)} holds fire`;
    default:
      return `event ${log.type(i)}`;
  }
}

function sumDice(packed: number, n: number): number {
  return unpackDice(packed, n).reduce((x, y) => x + y, 0);
}

function candidateText(s: SquallState, cand: number): string {
  if (cand === HOLD_CANDIDATE) return 'hold';
  if (cand >= COMPASS) {
    const d = Math.floor((cand - COMPASS) / COMPASS_DISTANCES);
    const j = (cand - COMPASS) % COMPASS_DISTANCES;
    return `${COMPASS_NAMES[d]}, ${['full', '2/3', '1/3'][j]} move`;
  }
  const e = candidateEnemy(cand);
  const k = candidateSlot(cand);
  if (k === RING_POINTS) return `away from ${s.name(e)}`;
  return `to ${s.name(e)}'s ${RING_NAMES[k]} (${s.world.ringDegrees[k]}°)`;
}

const out = new Float64Array(OUT_WORDS);
const xy = new Float64Array(2);

export function describeAction(s: SquallState, action: number): string {
  const m = s.active;
  if (action >= PLACE && action < FIRST) {
    const spot = action - PLACE;
    spotPosition(s, m, spot, xy);
    return `${who(s, m)} sets up on the ${EDGE_NAMES[spotEdge(spot)]} edge, position ${spotAlong(spot) + 1}, ${spotDepth(spot) === 0 ? 'touching the edge' : `${s.rules.setupDistance}" in`} (${f2(xy[0]!)}, ${f2(xy[1]!)})`;
  }
  if (isFirst(action)) return `seat ${s.toMove} chooses seat ${action - FIRST} to go first`;
  if (isMove(action)) {
    const cand = moveCandidate(action);
    resolveMove(s, m, cand, s.allowance, out);
    const facing = moveFacing(action) === 0 ? 'face the enemy' : cand === HOLD_CANDIDATE ? 'keep facing' : 'face the way it went';
    const reach = cand === HOLD_CANDIDATE ? '' : `: ${f2(out[OUT_USED]!)}" to (${f2(out[OUT_X]!)}, ${f2(out[OUT_Y]!)})${out[OUT_REACHED] ? '' : `, short of the goal (${Number.isFinite(out[OUT_ROUTE]!) ? `${f2(out[OUT_ROUTE]!)}" away` : 'no route'})`}`;
    return `${s.name(m)} ${PHASE_NAMES[s.phase]}: ${candidateText(s, cand)}${reach}, ${facing}`;
  }
  if (isMelee(action)) {
    const t = meleeTarget(action);
    return `${s.name(m)} attacks ${s.name(t)}${meleeExtraDie(action) ? ' adding one of its defence dice' : ''}`;
  }
  if (action === NO_MELEE) return `${s.name(m)} does not attack`;
  if (isShoot(action)) {
    const t = action - SHOOT;
    const seen = canSeeFrom(s, m, s.x[m]!, s.y[m]!, t);
    const covered = !seen || coveredFrom(s, m, s.x[m]!, s.y[m]!, t);
    return `${s.name(m)} shoots ${s.name(t)} (${covered ? 'covered: two dice' : 'clear: one die'})`;
  }
  if (action === NO_SHOT) return `${s.name(m)} holds fire`;
  if (action >= BONUS && action < CONTINUE) {
    const c = s.phase === PH_DEFEND ? s.target : m;
    const k = action - BONUS;
    const j = s.kind[c]! * MAX_BONUSES + k;
    const effect = EFFECT_NAMES[s.world.bEffect[j]!]!;
    return `${s.name(c)} tries ${s.world.bonusName(s.kind[c]!, k)} (${TIMINGS[s.world.bTiming[j]!]}: ${effect} ${s.world.bAmount[j]}; ${s.world.bCost[j]} SPECIAL) — ${EFFECTS[effect].meaning}`;
  }
  if (action === CONTINUE) return `${s.name(s.phase === PH_DEFEND ? s.target : m)} uses no bonus`;
  if (action === SURRENDER) return `seat ${s.toMove} surrenders`;
  return `action ${action}`;
}
