/** Squall rules (docs/rules/squall.md): every rule and variant, with scripted dice. */
import { describe, it, expect } from 'vitest';
import { squall } from '../../../src/games/squall/index.js';
import {
  MOVE,
  PLACE,
  FIRST,
  NO_MELEE,
  SHOOT,
  NO_SHOT,
  BONUS,
  CONTINUE,
  SURRENDER,
  HOLD_CANDIDATE,
  moveAction,
  meleeAction,
  ringCandidate,
  awayCandidate,
  compassCandidate,
  isMove,
  spotEdge,
} from '../../../src/games/squall/actions.js';
import {
  PH_PLACE,
  PH_FIRST,
  PH_MOVE,
  PH_MELEE,
  PH_MELEE_ROLL,
  PH_DEFEND,
  PH_AFTER_MELEE,
  PH_RANGE,
  PH_RANGE_ROLL,
  PH_HALF_MOVE,
  PH_EXTRA_MOVE,
  type SquallState,
} from '../../../src/games/squall/state.js';
import { enterRange } from '../../../src/games/squall/rules.js';
import { spotPosition } from '../../../src/games/squall/setup.js';
import { candidateOffered, ringPoint, positionFree } from '../../../src/games/squall/moves.js';
import { baseEdgeGap, isBtb } from '../../../src/games/squall/geometry.js';
import { NO_WINNER } from '../../../src/sim/types.js';
import { Rng } from '../../../src/sim/rng.js';
import { rules, position, legal, ScriptedRng, bearingOf, type CharacterSpec } from './position.js';

const HOLD = moveAction(HOLD_CANDIDATE, 0);
const HOLD_KEEP = moveAction(HOLD_CANDIDATE, 1);
const apply = (s: SquallState, action: number, faces: number[] = []): ScriptedRng => {
  const rng = new ScriptedRng(faces);
  squall.apply(s, action, rng);
  expect(rng.left, 'every scripted die is used').toBe(0);
  expect(squall.checkInvariants(s)).toBeNull();
  return rng;
};
const bonus = (name: string, timing: string, effect: string, cost = 1, amount = 1) => ({ name, cost, timing, effect, amount });
/** Two characters 1.005" apart (BTB), A facing B (east), B facing A (west). */
const inContact = (aFacing = 90, bFacing = 270) => [{ x: 5, y: 6, facing: aFacing }, { x: 6.005, y: 6, facing: bFacing }];

describe('set-up', () => {
  it('offers spots within 2" of the allowed edges, clear of terrain and placed bases; seats place in order', () => {
    const r = rules({ terrain: { obstacles: [{ shape: 'rect', x: 0, y: 0, width: 12, height: 3 }] } });
    const s = squall.createState(r, 2);
    squall.reset(s, new Rng());
    expect(s.phase).toBe(PH_PLACE);
    expect(s.toMove).toBe(0);
    const spots = legal(s);
    const xy = new Float64Array(2);
    for (const a of spots) {
      spotPosition(s, 0, a - PLACE, xy);
      const gap = baseEdgeGap(xy[0]!, xy[1]!, 0.5, 12, 12);
      expect(gap).toBeGreaterThanOrEqual(-1e-9);
      expect(gap).toBeLessThanOrEqual(2 + 1e-9);
      expect(s.world.obstacles.baseOverlapsAny(xy[0]!, xy[1]!, 0.5)).toBe(false);
    }
    // The south edge is under the obstacle: no spot there.
    expect(spots.some((a) => spotEdge(a - PLACE) === 2)).toBe(false);
    apply(s, spots[0]!);
    expect(s.toMove).toBe(1);
    expect(s.alive[0]).toBe(1);
    // Facing the middle of the board.
    const dx = 6 - s.x[0]!;
    const dy = 6 - s.y[0]!;
    expect(s.fx[0]! * dx + s.fy[0]! * dy).toBeCloseTo(Math.hypot(dx, dy), 9);
    // Seat 1 may not take the same spot (it would overlap).
    expect(legal(s)).not.toContain(spots[0]!);
  });

  it('honours per-seat edges and the set-up distance', () => {
    const r = rules({ setupEdges: [['south'], ['north']], setupDistance: 1 });
    const s = squall.createState(r, 2);
    squall.reset(s, new Rng());
    const xy = new Float64Array(2);
    for (const a of legal(s)) {
      expect(spotEdge(a - PLACE)).toBe(2);
      spotPosition(s, 0, a - PLACE, xy);
      expect(xy[1]! === 0.5 || xy[1]! === 1.5).toBe(true);
    }
    apply(s, legal(s)[0]!);
    for (const a of legal(s)) expect(spotEdge(a - PLACE)).toBe(0);
  });
});

describe('setup: random', () => {
  /** Over some games: which seat set up first, and which edge each seat was offered. */
  const deals = (setup: 'fixed' | 'random', games: number) => {
    const s = squall.createState(rules({ setupEdges: [['south'], ['north']], setup }), 2);
    const rng = new Rng();
    const seen = new Set<string>();
    for (let g = 0; g < games; g++) {
      rng.seedGame(3, 0, g);
      squall.reset(s, rng);
      const placer = s.toMove;
      const edge = spotEdge(legal(s)[0]! - PLACE);
      apply(s, legal(s)[0]!);
      // The other seat places next, along the other list.
      expect(s.toMove).toBe(1 - placer);
      expect(spotEdge(legal(s)[0]! - PLACE)).toBe(edge === 2 ? 0 : 2);
      seen.add(`seat ${placer} first on ${edge === 2 ? 'south' : 'north'}`);
    }
    return [...seen].sort();
  };

  it('deals the edge lists to the seats and picks who sets up first, per game', () => {
    expect(deals('random', 60)).toEqual(['seat 0 first on north', 'seat 0 first on south', 'seat 1 first on north', 'seat 1 first on south']);
  });

  it('fixed: seat 0 sets up first, along the first list', () => {
    expect(deals('fixed', 20)).toEqual(['seat 0 first on south']);
  });

  it('checkSetup refuses a random set-up that could leave a character without room along a list dealt to it', () => {
    // The south band is under terrain: fine for seat 1 (north) when fixed, not when the lists may swap.
    const terrain = { obstacles: [{ shape: 'rect', x: 0, y: 0, width: 12, height: 3 }] };
    expect(squall.checkSetup!(rules({ setupEdges: [['north'], ['east', 'south']], terrain }), 2)).toBeNull();
    const problem = squall.checkSetup!(rules({ setupEdges: [['north'], ['south']], terrain, setup: 'random' }), 2);
    expect(problem?.[0]).toBe('rules.terrain');
    expect(problem?.[1]).toContain('rules.setup: random');
  });
});

describe('contact points against a wall', () => {
  it('a blocked BTB point slides round the ring to the nearest free point, so contact stays on offer', () => {
    // B stands against the south edge facing 305 degrees. Its front-left point (45 degrees to
    // the left of its facing: bearing 260) is partly off the board; sliding it 10 degrees round
    // (bearing 270, due west of B) makes it fit.
    const r = rules();
    const s = position(r, [{ x: 2, y: 6, facing: 0 }, { x: 6, y: 0.5, facing: 305 }]);
    expect(candidateOffered(s, 0, ringCandidate(1, 1))).toBe(true);
    const xy = new Float64Array(2);
    ringPoint(s, 0, 1, 1, xy);
    expect(positionFree(s, 0, xy[0]!, xy[1]!)).toBe(true);
    expect(isBtb(xy[0]!, xy[1]!, 0.5, 6, 0.5, 0.5)).toBe(true);
    const bearing = ((Math.atan2(xy[0]! - 6, xy[1]! - 0.5) * 180) / Math.PI + 360) % 360;
    expect(Math.abs(bearing - 260)).toBeLessThanOrEqual(20 + 1e-9);
    // The rear point (bearing 125, into the edge) is too far off to slide: still not offered.
    expect(candidateOffered(s, 0, ringCandidate(1, 4))).toBe(false);
  });

  it('lists the actions of every move phase in ascending order (the brawler finds its moves by binary search)', () => {
    const sprint = { name: 'Sprint', cost: 1, timing: 'move', effect: 'longerMove', amount: 2 };
    const r = rules({ surrender: true, terrain: { obstacles: [{ shape: 'rect', x: 5, y: 4, width: 2, height: 3 }] } }, [{ name: 'A', bonuses: [sprint] }, { name: 'B', bonuses: [sprint] }]);
    const rng = new Rng();
    let checked = 0;
    for (let game = 0; game < 20; game++) {
      rng.seedGame(5, 0, game);
      const s = squall.createState(r, 2);
      squall.reset(s, rng);
      while (!s.terminal) {
        const actions = legal(s);
        if (s.phase === PH_MOVE || s.phase === PH_HALF_MOVE || s.phase === PH_EXTRA_MOVE) {
          for (let i = 1; i < actions.length; i++) expect(actions[i]!).toBeGreaterThan(actions[i - 1]!);
          checked++;
        }
        squall.apply(s, actions[rng.int(actions.length)]!, rng);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('initiative', () => {
  const placed = (players = 2) => {
    const r = rules({}, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const s = squall.createState(r, players);
    squall.reset(s, new Rng());
    for (let p = 0; p < players - 1; p++) apply(s, legal(s)[0]!);
    return s;
  };

  it('every seat rolls a d6; the highest chooses who goes first (any seat)', () => {
    const s = placed();
    apply(s, legal(s)[0]!, [3, 5]);
    expect(s.phase).toBe(PH_FIRST);
    expect(s.toMove).toBe(1);
    expect(legal(s)).toEqual([FIRST, FIRST + 1]);
    apply(s, FIRST + 0);
    expect(s.firstSeat).toBe(0);
    expect(s.toMove).toBe(0);
    expect(s.phase).toBe(PH_MOVE);
    expect(s.rounds).toBe(1);
  });

  it('ties for the highest roll again, and only the tied seats roll', () => {
    const s = placed();
    apply(s, legal(s)[0]!, [4, 4, 2, 6]);
    expect(s.toMove).toBe(1);
    const three = placed(3);
    // Seats 0 and 1 tie on 6; seat 2's 1 is out; then 2 against 5.
    apply(three, legal(three)[0]!, [6, 6, 1, 2, 5]);
    expect(three.toMove).toBe(1);
  });
});

describe('MOVE', () => {
  it('offers the documented candidates, each with two facings, and hold always', () => {
    const s = position(rules(), [{ x: 2, y: 2 }, { x: 9, y: 9, facing: 180 }]);
    const acts = legal(s);
    // Against one enemy in the open: 8 ring points + away, 24 compass moves, hold; x 2 facings.
    expect(acts.length).toBe((8 + 1 + 24 + 1) * 2);
    expect(acts).toContain(moveAction(ringCandidate(1, 0), 0));
    expect(acts).toContain(moveAction(awayCandidate(1), 1));
    expect(acts).toContain(moveAction(compassCandidate(7, 2), 0));
    expect(acts[acts.length - 2]).toBe(HOLD);
    expect(acts[acts.length - 1]).toBe(HOLD_KEEP);
  });

  it('leaves out ring points that are off the board or inside terrain', () => {
    // B in the corner facing north-east: its rear points are off the board.
    const s = position(rules(), [{ x: 6, y: 6 }, { x: 0.5, y: 0.5, facing: 45 }]);
    const acts = legal(s);
    expect(acts).toContain(moveAction(ringCandidate(1, 0), 0));
    expect(acts).not.toContain(moveAction(ringCandidate(1, 4), 0));
  });

  it('a move spends at most MOVE inches along its path, and ends in BTB when the path is short enough', () => {
    const s = position(rules({}, [{ name: 'A', move: 4 }, { name: 'B' }]), [{ x: 2, y: 6, facing: 90 }, { x: 9, y: 6, facing: 270 }]);
    apply(s, moveAction(ringCandidate(1, 0), 0));
    expect(s.x[0]).toBeCloseTo(6, 9); // 4" east, still 1.995" short
    expect(s.phase).toBe(PH_RANGE); // not in BTB: no melee, but A may shoot
    const t = position(rules({}, [{ name: 'A', move: 4 }, { name: 'B' }]), [{ x: 4, y: 6, facing: 90 }, { x: 9, y: 6, facing: 270 }]);
    apply(t, moveAction(ringCandidate(1, 0), 0));
    expect(t.x[0]).toBeCloseTo(9 - 1.005, 9); // 3.995": reached
    expect(t.phase).toBe(PH_MELEE);
  });

  it('a character that starts in BTB may move out of it; bases block straight moves', () => {
    const s = position(rules(), inContact());
    apply(s, moveAction(compassCandidate(6, 0), 0)); // west, full 6"
    expect(s.x[0]).toBeCloseTo(0.5, 9); // stopped by the board edge
    expect(s.phase).toBe(PH_RANGE); // out of contact: it may shoot
    const t = position(rules(), [{ x: 2, y: 6 }, { x: 6, y: 6 }]);
    apply(t, moveAction(compassCandidate(2, 0), 0)); // east into B
    expect(t.x[0]).toBeCloseTo(5, 5);
    expect(t.x[0]).toBeLessThan(5);
  });

  it('facing: towards the enemy, or along the way it went', () => {
    const s = position(rules(), [{ x: 2, y: 2, facing: 0 }, { x: 2, y: 10 }]);
    apply(s, moveAction(compassCandidate(2, 0), 1)); // east, face the way it went
    expect(bearingOf(s, 0)).toBe(90);
    const t = position(rules(), [{ x: 2, y: 2, facing: 0 }, { x: 2, y: 10 }]);
    apply(t, moveAction(compassCandidate(2, 0), 0)); // east, face the enemy
    expect(bearingOf(t, 0)).toBe(Math.round((Math.atan2(2 - t.x[0]!, 8) * 180) / Math.PI + 360) % 360);
    const u = position(rules(), [{ x: 2, y: 2, facing: 0 }, { x: 10, y: 2 }]);
    apply(u, HOLD); // turning alone is free
    expect(bearingOf(u, 0)).toBe(90);
  });
});

describe('MELEE', () => {
  it('is entered after moving into BTB; compulsory by default, optional with optionalMelee', () => {
    const s = position(rules(), inContact());
    apply(s, HOLD);
    expect(s.phase).toBe(PH_MELEE);
    expect(legal(s)).toEqual([meleeAction(1, 0), meleeAction(1, 1)]);
    const t = position(rules({ optionalMelee: true }), inContact());
    apply(t, HOLD);
    expect(legal(t)).toEqual([meleeAction(1, 0), meleeAction(1, 1), NO_MELEE]);
    apply(t, NO_MELEE);
    expect(t.phase).toBe(PH_HALF_MOVE); // still in BTB: no ranged attack
  });

  it('damage = attack die + MELEE; the defender rolls two dice; HP lost = damage - defence, never negative', () => {
    const s = position(rules(), inContact());
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [5, 2, 3]); // 5 + 2 = 7 against 2 + 3 = 5
    expect(s.hp[1]).toBe(18);
    expect(s.phase).toBe(PH_HALF_MOVE); // in BTB after melee: no RANGE phase
    const t = position(rules(), inContact());
    apply(t, HOLD);
    apply(t, meleeAction(1, 0), [1, 6, 6]);
    expect(t.hp[1]).toBe(20);
  });

  it('the extra attack die costs a defence die the next time the attacker is attacked, and only then', () => {
    const s = position(rules(), inContact());
    apply(s, HOLD);
    apply(s, meleeAction(1, 1), [4, 6, 1, 1]); // 4 + 6 + 2 = 12 against 2
    expect(s.hp[1]).toBe(10);
    expect(s.defenceSpent[0]).toBe(1);
    apply(s, HOLD); // A's half-move; B's turn
    expect(s.active).toBe(1);
    apply(s, HOLD); // B stays in contact
    expect(legal(s)).toEqual([meleeAction(0, 0), meleeAction(0, 1)]);
    apply(s, meleeAction(0, 0), [6, 3]); // 6 + 2 = 8 against ONE die: 3
    expect(s.hp[0]).toBe(15);
    expect(s.defenceSpent[0]).toBe(0); // back to two dice
    // While a die is spent, the extra die is not offered again.
    const t = position(rules(), inContact(), 0);
    t.defenceSpent[0] = 1;
    apply(t, HOLD);
    expect(legal(t)).toEqual([meleeAction(1, 0)]);
  });

  it('attacked from behind, the defender rolls at most one die', () => {
    // B faces east, away from A: A's centre is outside B's 180-degree arc.
    const s = position(rules(), inContact(90, 90));
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [3, 2]); // 3 + 2 = 5 against one die: 2
    expect(s.hp[1]).toBe(17);
    expect(s.mBehind[0]).toBe(1);
    // With a narrow field of view, an attacker at 90 degrees to the facing is behind too.
    const t = position(rules({ fov: 120 }), inContact(90, 0));
    apply(t, HOLD);
    apply(t, meleeAction(1, 0), [3, 2]);
    expect(t.hp[1]).toBe(17);
    // With fov 360 nothing is behind.
    const u = position(rules({ fov: 360 }), inContact(90, 90));
    apply(u, HOLD);
    apply(u, meleeAction(1, 0), [3, 1, 1]);
    expect(u.hp[1]).toBe(17);
  });

  it('chooses among several opponents in contact', () => {
    const r = rules({}, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const s = position(r, [{ x: 5, y: 6 }, { x: 6.005, y: 6, facing: 270 }, { x: 5, y: 7.005, facing: 180 }], 0, 3);
    apply(s, HOLD);
    expect(legal(s)).toEqual([meleeAction(1, 0), meleeAction(1, 1), meleeAction(2, 0), meleeAction(2, 1)]);
  });
});

describe('RANGE', () => {
  const open = (r = rules(), places = [{ x: 2, y: 6, facing: 90 }, { x: 10, y: 6, facing: 270 }]) => {
    const s = position(r, places);
    apply(s, HOLD);
    return s;
  };

  it('one die in the open; it hits only above 3; a hit takes RANGE, undefended', () => {
    const s = open();
    expect(s.phase).toBe(PH_RANGE);
    expect(legal(s)).toEqual([SHOOT + 1, NO_SHOT]);
    apply(s, SHOOT + 1, [4]);
    expect(s.hp[1]).toBe(17);
    expect(s.phase).toBe(PH_HALF_MOVE);
    const t = open();
    apply(t, SHOOT + 1, [3]);
    expect(t.hp[1]).toBe(20);
    const u = open();
    apply(u, NO_SHOT);
    expect(u.phase).toBe(PH_HALF_MOVE);
  });

  it('two dice when covered, and every die must beat 3', () => {
    const r = rules({ terrain: { obstacles: [{ shape: 'circle', x: 6, y: 6.6, radius: 0.65 }] } });
    const s = open(r);
    apply(s, SHOOT + 1, [4, 6]);
    expect(s.hp[1]).toBe(17);
    expect(s.mCoveredShots[0]).toBe(1);
    const t = open(r);
    apply(t, SHOOT + 1, [6, 3]);
    expect(t.hp[1]).toBe(20);
  });

  it('cover on the base counts under segment-or-base only', () => {
    // A wall touching B's base from the north; the line of fire is clear.
    const terrain = { obstacles: [{ shape: 'rect', x: 9, y: 6.5, width: 2, height: 1 }] };
    const s = open(rules({ terrain }));
    apply(s, SHOOT + 1, [5, 5]);
    expect(s.hp[1]).toBe(17);
    const t = open(rules({ terrain, cover: 'segment' }));
    apply(t, SHOOT + 1, [5]);
    expect(t.hp[1]).toBe(17);
  });

  it('maxRange is measured between the rims; a target beyond it cannot be shot', () => {
    // Centres 8" apart, rims 7" apart.
    expect(open(rules({ maxRange: 7 })).phase).toBe(PH_RANGE);
    expect(open(rules({ maxRange: 6.9 })).phase).toBe(PH_HALF_MOVE);
  });

  it('a target out of sight cannot be shot (forbidden), or is shot as covered (covered)', () => {
    const terrain = { obstacles: [{ shape: 'rect', x: 5, y: 3, width: 1, height: 6 }] };
    expect(open(rules({ terrain })).phase).toBe(PH_HALF_MOVE);
    const s = open(rules({ terrain, blockedShots: 'covered' }));
    expect(s.phase).toBe(PH_RANGE);
    apply(s, SHOOT + 1, [4, 4]);
    expect(s.hp[1]).toBe(17);
    expect(s.outOfSightShots).toBe(1);
  });

  it('other bases give cover only with basesGiveCover', () => {
    const r = (v: boolean) => rules({ basesGiveCover: v }, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const places = [{ x: 2, y: 6, facing: 90 }, { x: 10, y: 6, facing: 270 }, { x: 6, y: 6.4 }];
    const s = position(r(false), places, 0, 3);
    apply(s, HOLD);
    apply(s, SHOOT + 1, [4]);
    const t = position(r(true), places, 0, 3);
    apply(t, HOLD);
    apply(t, SHOOT + 1, [4, 4]);
    expect(t.mCoveredShots[0]).toBe(1);
  });

  it('no ranged attack without a RANGE stat or while in BTB', () => {
    const s = open(rules({}, [{ name: 'A', range: 0 }, { name: 'B' }]));
    expect(s.phase).toBe(PH_HALF_MOVE);
    const t = position(rules(), [{ x: 5, y: 6 }, { x: 6.005, y: 6 }]);
    enterRange(t);
    expect(t.phase).toBe(PH_HALF_MOVE);
  });
});

describe('HALF-MOVE and turns', () => {
  it('moves floor(MOVE / 2): a MOVE of 7 half-moves 3" (the seed\'s example)', () => {
    const s = position(rules({}, [{ name: 'A', move: 7, range: 0 }, { name: 'B' }]), [{ x: 2, y: 2 }, { x: 10, y: 10 }]);
    apply(s, HOLD);
    expect(s.phase).toBe(PH_HALF_MOVE);
    expect(s.allowance).toBe(3);
    apply(s, moveAction(compassCandidate(0, 0), 0)); // north, the full 3"
    expect(s.y[0]).toBeCloseTo(5, 9);
    // The turn passes to seat 1.
    expect(s.turns).toBe(1);
    expect(s.toMove).toBe(1);
    expect(s.phase).toBe(PH_MOVE);
    expect(s.allowance).toBe(6);
  });

  it('a MOVE of 1 has no half-move: only turning', () => {
    const s = position(rules({}, [{ name: 'A', move: 1, range: 0 }, { name: 'B' }]), [{ x: 2, y: 2 }, { x: 10, y: 10 }]);
    apply(s, HOLD);
    expect(legal(s)).toEqual([HOLD, HOLD_KEEP]);
  });

  it('a seat turn counts once; rounds count each pass of the first seat', () => {
    const s = position(rules({}, [{ name: 'A', range: 0 }, { name: 'B', range: 0 }]), [{ x: 2, y: 2 }, { x: 10, y: 10 }]);
    for (let i = 0; i < 4; i++) {
      apply(s, HOLD);
      apply(s, HOLD);
    }
    expect(s.turns).toBe(4);
    expect(s.rounds).toBe(3);
  });

  it('teams: each living character of the seat acts in turn, then the next seat', () => {
    const r = rules({ characters: [['A', 'B'], ['C']] }, [{ name: 'A', range: 0 }, { name: 'B', range: 0 }, { name: 'C', range: 0 }]);
    const s = position(r, [{ x: 2, y: 2 }, { x: 4, y: 2 }, { x: 10, y: 10 }]);
    apply(s, HOLD);
    apply(s, HOLD);
    expect(s.active).toBe(1);
    expect(s.toMove).toBe(0);
    apply(s, HOLD);
    apply(s, HOLD);
    expect(s.active).toBe(2);
    expect(s.toMove).toBe(1);
    expect(s.turns).toBe(1);
  });
});

describe('bonuses', () => {
  const withBonuses = (a: CharacterSpec['bonuses'], b: CharacterSpec['bonuses'] = [], extra: Partial<CharacterSpec> = {}) =>
    rules({}, [{ name: 'A', bonuses: a, ...extra }, { name: 'B', bonuses: b }]);

  it('cost is paid whatever the outcome; the user must roll higher (a tie fails)', () => {
    const r = withBonuses([bonus('Strike', 'melee', 'extraDamage', 2, 3)]);
    const s = position(r, inContact());
    apply(s, HOLD);
    expect(legal(s)).toContain(BONUS + 0);
    apply(s, BONUS + 0, [4, 4]); // tie: fails
    expect(s.special[0]).toBe(8);
    expect(s.pendDamage).toBe(0);
    expect(legal(s)).not.toContain(BONUS + 0); // one try per decision point
    apply(s, meleeAction(1, 0), [5, 2, 3]);
    expect(s.hp[1]).toBe(18);
    const t = position(r, inContact());
    apply(t, HOLD);
    apply(t, BONUS + 0, [5, 4]); // works
    apply(t, meleeAction(1, 0), [5, 2, 3]); // 5 + 2 + 3 = 10 against 5
    expect(t.hp[1]).toBe(15);
    expect(t.mBonusTried[0]).toBe(1);
    expect(t.mBonusWon[0]).toBe(1);
  });

  it('is not offered without enough SPECIAL', () => {
    const s = position(withBonuses([bonus('Strike', 'melee', 'extraDamage', 11, 3)]), inContact());
    apply(s, HOLD);
    expect(legal(s)).not.toContain(BONUS + 0);
  });

  it('extraAttackDie rolls more attack dice without spending defence', () => {
    const s = position(withBonuses([bonus('Smash', 'melee', 'extraAttackDie', 1, 1)]), inContact());
    apply(s, HOLD);
    apply(s, BONUS + 0, [6, 1]);
    apply(s, meleeAction(1, 0), [3, 3, 1, 1]); // 3 + 3 + 2 = 8 against 2
    expect(s.hp[1]).toBe(14);
    expect(s.defenceSpent[0]).toBe(0);
  });

  it('heal restores HP but never above the start, and is offered only when hurt', () => {
    const r = withBonuses([bonus('Mend', 'move', 'heal', 1, 5)]);
    expect(legal(position(r, [{ x: 2, y: 2 }, { x: 10, y: 10 }]))).not.toContain(BONUS + 0);
    const s = position(r, [{ x: 2, y: 2, hp: 17 }, { x: 10, y: 10 }]);
    apply(s, BONUS + 0, [2, 1]);
    expect(s.hp[0]).toBe(20);
    expect(s.phase).toBe(PH_MOVE); // the MOVE decision is offered again
  });

  it('longerMove adds inches to this move', () => {
    const s = position(withBonuses([bonus('Sprint', 'move', 'longerMove', 1, 2)]), [{ x: 2, y: 2 }, { x: 10, y: 10 }]);
    apply(s, BONUS + 0, [2, 1]);
    expect(s.allowance).toBe(8);
    apply(s, moveAction(compassCandidate(0, 0), 0));
    expect(s.y[0]).toBeCloseTo(10, 9);
  });

  it('extraMove after melee: an extra move of `amount` inches, then on to RANGE', () => {
    const s = position(withBonuses([bonus('Vanish', 'afterMelee', 'extraMove', 1, 3)]), inContact());
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [1, 6, 6]);
    expect(s.phase).toBe(PH_AFTER_MELEE);
    expect(legal(s)).toEqual([CONTINUE, BONUS + 0]);
    apply(s, BONUS + 0, [6, 1]);
    expect(s.phase).toBe(PH_EXTRA_MOVE);
    expect(s.allowance).toBe(3);
    apply(s, moveAction(compassCandidate(6, 0), 0)); // 3" west, out of contact
    expect(s.x[0]).toBeCloseTo(2, 9);
    expect(s.phase).toBe(PH_RANGE); // out of contact now, it may shoot
  });

  it('extraAttack after melee: attack again, at most once per activation even when free', () => {
    const s = position(withBonuses([bonus('Frenzy', 'afterMelee', 'extraAttack', 0)]), inContact());
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [1, 6, 6]);
    apply(s, BONUS + 0, [6, 1]);
    expect(s.phase).toBe(PH_MELEE);
    apply(s, meleeAction(1, 0), [6, 1, 1]); // 8 against 2
    expect(s.hp[1]).toBe(14);
    expect(s.phase).toBe(PH_HALF_MOVE); // Frenzy is not offered again
  });

  it('reroll after the melee attack roll', () => {
    const s = position(withBonuses([bonus('Feint', 'meleeRoll', 'reroll')]), inContact());
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [1]);
    expect(s.phase).toBe(PH_MELEE_ROLL);
    apply(s, BONUS + 0, [3, 2, 6, 1, 1]); // works; re-roll 6; defence 1 + 1
    expect(s.hp[1]).toBe(14);
  });

  it('reroll after a ranged miss; a hit needs no re-roll', () => {
    const r = withBonuses([bonus('Second Arrow', 'rangeRoll', 'reroll')]);
    const s = position(r, [{ x: 2, y: 6 }, { x: 10, y: 6 }]);
    apply(s, HOLD);
    apply(s, SHOOT + 1, [2]);
    expect(s.phase).toBe(PH_RANGE_ROLL);
    apply(s, BONUS + 0, [4, 1, 5]);
    expect(s.hp[1]).toBe(17);
    const t = position(r, [{ x: 2, y: 6 }, { x: 10, y: 6 }]);
    apply(t, HOLD);
    apply(t, SHOOT + 1, [6]);
    expect(t.phase).toBe(PH_HALF_MOVE);
    expect(t.hp[1]).toBe(17);
  });

  it('extraDefenceDie: the defender decides, and rolls more dice (also from behind)', () => {
    const r = withBonuses([], [bonus('Shield', 'defend', 'extraDefenceDie', 1, 1)]);
    const s = position(r, inContact(90, 90)); // from behind
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [6]);
    expect(s.phase).toBe(PH_DEFEND);
    expect(s.toMove).toBe(1);
    expect(legal(s)).toEqual([CONTINUE, BONUS + 0]);
    apply(s, BONUS + 0, [5, 2, 3, 3]); // works; two dice: 3 + 3 against 6 + 2
    expect(s.hp[1]).toBe(18);
    expect(s.toMove).toBe(0);
  });

  it('riposte: the attacker loses HP as the attack lands; both falling is a draw', () => {
    const r = withBonuses([], [bonus('Riposte', 'defend', 'riposte', 1, 3)]);
    const s = position(r, [{ x: 5, y: 6, facing: 90, hp: 3 }, { x: 6.005, y: 6, facing: 270, hp: 2 }]);
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [6]);
    apply(s, BONUS + 0, [6, 1, 1, 1]);
    expect(s.terminal).toBe(true);
    expect(s.capped).toBe(false);
    expect(s.winner).toBe(NO_WINNER);
    expect(s.hp[0]).toBe(0);
    expect(s.hp[1]).toBe(0);
  });

  it('ignoreCover: one die against a covered target', () => {
    const r = rules({ terrain: { obstacles: [{ shape: 'circle', x: 6, y: 6.6, radius: 0.65 }] } }, [{ name: 'A', bonuses: [bonus('Aim', 'range', 'ignoreCover')] }, { name: 'B' }]);
    const s = position(r, [{ x: 2, y: 6 }, { x: 10, y: 6 }]);
    apply(s, HOLD);
    apply(s, BONUS + 0, [2, 1]);
    apply(s, SHOOT + 1, [4]);
    expect(s.hp[1]).toBe(17);
  });
});

describe('end of game', () => {
  it('the last character standing wins; the turn it fell in counts', () => {
    const s = position(rules(), [{ x: 5, y: 6, facing: 90 }, { x: 6.005, y: 6, facing: 270, hp: 2 }]);
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [6, 1, 1]);
    expect(s.terminal).toBe(true);
    expect(s.winner).toBe(0);
    expect(s.turns).toBe(1);
    expect(s.alive[1]).toBe(0);
  });

  it('a game still running after maxTurns is capped, with no winner', () => {
    const s = position(rules({ maxTurns: 3 }, [{ name: 'A', range: 0 }, { name: 'B', range: 0 }]), [{ x: 2, y: 2 }, { x: 10, y: 10 }]);
    for (let i = 0; i < 3; i++) {
      apply(s, HOLD);
      apply(s, HOLD);
    }
    expect(s.terminal).toBe(true);
    expect(s.capped).toBe(true);
    expect(s.winner).toBe(NO_WINNER);
    expect(s.turns).toBe(3);
  });

  it('surrender is offered only when the rules allow it, and ends the game', () => {
    expect(legal(position(rules(), [{ x: 2, y: 2 }, { x: 10, y: 10 }]))).not.toContain(SURRENDER);
    const s = position(rules({ surrender: true }), [{ x: 2, y: 2 }, { x: 10, y: 10 }]);
    expect(legal(s)).toContain(SURRENDER);
    apply(s, SURRENDER);
    expect(s.terminal).toBe(true);
    expect(s.winner).toBe(1);
    expect(s.surrenders).toBe(1);
  });

  it('in a three-way game, a fallen seat is skipped', () => {
    const r = rules({}, [{ name: 'A', range: 0 }, { name: 'B', range: 0 }, { name: 'C', range: 0 }]);
    const s = position(r, [{ x: 5, y: 6, facing: 90 }, { x: 6.005, y: 6, facing: 270, hp: 1 }, { x: 10, y: 10 }], 0, 3);
    apply(s, HOLD);
    apply(s, meleeAction(1, 0), [6, 1, 1]);
    expect(s.terminal).toBe(false);
    apply(s, HOLD);
    expect(s.toMove).toBe(2);
  });
});

describe('matchups', () => {
  it('every game draws an ordered pair of different characters (both seatings); mirrors on request', () => {
    const roster = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];
    const s = squall.createState(rules({ matchups: 'all-pairs' }, roster), 2);
    expect(s.world.pairCount).toBe(6);
    const seen = new Set<string>();
    const rng = new Rng();
    for (let g = 0; g < 200; g++) {
      rng.seedGame(1, 0, g);
      squall.reset(s, rng);
      expect(s.kind[0]).not.toBe(s.kind[1]);
      expect(s.world.pairs[2 * s.pair]).toBe(s.kind[0]);
      seen.add(`${s.kind[0]}-${s.kind[1]}`);
    }
    expect(seen.size).toBe(6);
    expect(squall.createState(rules({ matchups: 'all-pairs-and-mirrors' }, roster), 2).world.pairCount).toBe(9);
  });
});

describe('determinism and copies', () => {
  it('the same seed plays the same game; a copy is an equal, independent state', () => {
    const r = rules({ terrain: { obstacles: [{ shape: 'rect', x: 5, y: 4, width: 1, height: 4 }] } });
    const play = (seed: number) => {
      const s = squall.createState(r, 2);
      const rng = new Rng();
      rng.seedGame(seed, 0, 0);
      squall.reset(s, rng);
      const out = new Int32Array(squall.actionCapacity(r, 2));
      const trace: number[] = [];
      while (!s.terminal) {
        const n = squall.legalActions(s, out);
        const a = out[rng.int(n)]!;
        trace.push(a);
        squall.apply(s, a, rng);
      }
      return { trace, winner: s.winner, hp: Array.from(s.hp) };
    };
    expect(play(5)).toEqual(play(5));
    expect(play(5)).not.toEqual(play(6));
    const s = position(r, [{ x: 2, y: 6 }, { x: 10, y: 6 }]);
    const d = squall.createState(r, 2);
    squall.copy(d, s);
    expect(Array.from(d.x)).toEqual(Array.from(s.x));
    apply(d, moveAction(compassCandidate(0, 0), 0));
    expect(s.y[0]).toBe(6);
    expect(isMove(MOVE)).toBe(true);
  });
});

describe('invariants', () => {
  it('catch overlapping bases, bases on terrain or off the board, and HP above the start', () => {
    const r = rules({ terrain: { obstacles: [{ shape: 'circle', x: 6, y: 6, radius: 1 }] } });
    expect(squall.checkInvariants(position(r, [{ x: 2, y: 2 }, { x: 10, y: 10 }]))).toBeNull();
    expect(squall.checkInvariants(position(r, [{ x: 2, y: 2 }, { x: 2.9, y: 2 }]))).toMatch(/A and B overlap/);
    expect(squall.checkInvariants(position(r, [{ x: 6, y: 7.4 }, { x: 10, y: 10 }]))).toMatch(/overlaps obstacle 0/);
    expect(squall.checkInvariants(position(r, [{ x: 0.4, y: 2 }, { x: 10, y: 10 }]))).toMatch(/leaves the board/);
    expect(squall.checkInvariants(position(r, [{ x: 2, y: 2, hp: 21 }, { x: 10, y: 10 }]))).toMatch(/HP 21 outside 0\.\.20/);
  });
});
