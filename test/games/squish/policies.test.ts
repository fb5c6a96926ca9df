/**
 * Squish! policies: the exact squish risk that safe, bully and seeker share (checked against
 * playing every outcome of the next roll through the rules), and what each policy chooses.
 */
import { describe, it, expect } from 'vitest';
import { squish } from '../../../src/games/squish/index.js';
import { safe, bully, seeker, hunter } from '../../../src/games/squish/policies.js';
import { RiskEvaluator } from '../../../src/games/squish/risk.js';
import { SquishState, PHASE_MOVE, PHASE_DIRECTION } from '../../../src/games/squish/state.js';
import { copy } from '../../../src/games/squish/rules.js';
import { performMove, moveTo } from '../../../src/games/squish/markers.js';
import { rollBlock } from '../../../src/games/squish/blocks.js';
import { dirBase } from '../../../src/games/squish/actions.js';
import { squishRulesSchema } from '../../../src/games/squish/params.js';
import { Rng } from '../../../src/sim/rng.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { summarise } from '../../../src/sim/stats/summary.js';
import { planOf } from '../../helpers/plans.js';
import { board, legal, type BoardSpec } from './position.js';

/** The risk of each action by brute force: play the move, then every roll outcome, on a copy. */
function bruteRisk(s: SquishState, actions: number[]): number[] {
  const scratch = new SquishState(s.rules, s.players);
  return actions.map((a) => {
    let count = 0;
    for (let b = 0; b < s.blockCount; b++)
      for (let f = 1; f <= 6; f++) {
        let worst = 0;
        for (let d = 1; d <= 8; d++) {
          copy(scratch, s);
          performMove(scratch, a);
          rollBlock(scratch, b, d, f);
          const hit = (scratch.rollSquished >> s.toMove) & 1;
          count += hit;
          worst |= hit;
        }
        count += worst; // a 9: the roller picks the worst direction
      }
    return count;
  });
}

function atMove(spec: BoardSpec, seat: number, mp: number): SquishState {
  const s = board(spec);
  s.toMove = seat;
  s.phase = PHASE_MOVE;
  s.mp = mp;
  s.rolls = 1;
  return s;
}

/** Seat 0 rolled a 9 with force 6: it chooses the block's direction. */
function atNine(spec: BoardSpec): SquishState {
  const s = board(spec);
  s.phase = PHASE_DIRECTION;
  s.dieFace = 9;
  s.force = 6;
  s.rolls = 1;
  return s;
}

const choose = (spec: typeof safe, s: SquishState, params: Record<string, unknown> = {}, seed = 1): number => {
  const out = new Int32Array(squish.actionCapacity(s.rules, s.players));
  const n = squish.legalActions(s, out);
  const p = spec.create(spec.paramsSchema.parse(params), { game: squish, rules: s.rules, players: s.players, seat: s.toMove });
  const rng = new Rng();
  rng.seedGame(seed, 0, 0);
  return out[p.choose(s, out, n, rng)]!;
};

describe('the exact squish risk', () => {
  it('equals playing out every outcome of the next roll, over positions from seeded games of every variant', () => {
    const configs: [Record<string, unknown>, number][] = [
      [{}, 4],
      [{}, 8],
      [{ mode: 'advanced' }, 3],
      [{ mode: 'advanced', forces: 'cumulative' }, 5],
      [{ mode: 'advanced', resolution: 'simultaneous' }, 4],
      [{ mode: 'advanced', forces: 'cumulative', resolution: 'simultaneous', width: 8, height: 8 }, 6],
      // Crowded boards: chains, pushes and squishes between markers are common.
      [{ width: 6, height: 6 }, 8],
      [{ mode: 'advanced', width: 8, height: 8 }, 8],
    ];
    let checked = 0;
    for (const [rules, players] of configs) {
      const s = board({ rules, players });
      const ev = new RiskEvaluator(s.rules, players);
      const evFull = new RiskEvaluator(s.rules, players, true);
      const out = new Int32Array(squish.actionCapacity(s.rules, players));
      const rng = new Rng();
      rng.seedGame(21, players, 0);
      squish.reset(s, rng);
      for (let step = 0; !s.terminal && step < 120; step++) {
        const n = squish.legalActions(s, out);
        if (s.phase === PHASE_MOVE && step % 6 === 0) {
          const actions = Array.from(out.subarray(0, n));
          ev.evaluate(s, out, n);
          evFull.evaluate(s, out, n);
          const expected = bruteRisk(s, actions);
          expect(Array.from(ev.risk.subarray(0, n))).toEqual(expected);
          expect(Array.from(evFull.risk.subarray(0, n))).toEqual(expected);
          checked += n;
        }
        squish.apply(s, out[rng.int(n)]!, rng);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a chain: the mover is safe behind another marker that gets squished, in danger in front of it', () => {
    // Block at (4, 4) E: seat 1 at (10, 5) is the far end of a chain with seat 0 at (9, 5)? Check both orders.
    const s = atMove({ players: 2, starts: [[5, 0], [11, 11]], markers: [[9, 5], [10, 5]] }, 0, 1);
    const actions = legal(s);
    const ev = new RiskEvaluator(s.rules, 2);
    const out = Int32Array.from(actions);
    ev.evaluate(s, out, actions.length);
    expect(Array.from(ev.risk.subarray(0, actions.length))).toEqual(bruteRisk(s, actions));
  });
});

describe('safe', () => {
  it('steps out of the way of the block', () => {
    // Seat 0 stands against the east wall in line with the block's middle row: an E roll of 4+ squishes it.
    const s = atMove({ markers: [[11, 5], [0, 11]] }, 0, 2);
    const ev = new RiskEvaluator(s.rules, 2);
    const actions = legal(s);
    ev.evaluate(s, Int32Array.from(actions), actions.length);
    const stayRisk = ev.risk[actions.indexOf(moveTo(s, 11, 5))]!;
    expect(stayRisk).toBeGreaterThan(0);
    const chosen = choose(safe, s);
    expect(ev.risk[actions.indexOf(chosen)]).toBe(Math.min(...Array.from(ev.risk.subarray(0, actions.length))));
    expect(ev.risk[actions.indexOf(chosen)]).toBeLessThan(stayRisk);
  });

  it('on its own 9 does not squish itself', () => {
    const s = atNine({ markers: [[8, 5], [0, 11]] });
    for (let seed = 1; seed <= 10; seed++) expect(choose(safe, s, {}, seed)).not.toBe(dirBase(1, 144) + 2); // E squishes seat 0
  });
});

describe('bully', () => {
  it('on a 9 chooses the direction that squishes the most opponents', () => {
    // Seat 1 against the east wall in the block's rows, seat 2 against the south wall: E squishes one, S the other;
    // with seat 3 beside seat 2, S squishes two.
    const s = atNine({ players: 4, starts: [[0, 0], [11, 5], [5, 11], [4, 11]] });
    expect(choose(bully, s)).toBe(dirBase(1, 144) + 4); // direction 5 (S)
  });
});

/** Seat 0 holds every shard, one step from its start square (0, 0). */
function oneStepFromWinning(): SquishState {
  const s = atMove({ rules: { mode: 'advanced' }, starts: [[0, 0], [11, 11]], markers: [[1, 0], [11, 11]] }, 0, 2);
  s.held[0] = 0b1111;
  s.seatShards[0] = 4;
  s.shardsCollected = 4;
  return s;
}

describe('seeker', () => {
  it('takes a winning move', () => {
    const s = oneStepFromWinning();
    expect(choose(seeker, s)).toBe(moveTo(s, 0, 0));
  });

  it('collects a shard when it can', () => {
    const s = atMove({ rules: { mode: 'advanced' }, starts: [[0, 0], [11, 11]], markers: [[0, 3], [11, 11]] }, 0, 2);
    const a = choose(seeker, s);
    expect(Math.floor(Math.floor(a / 9) / s.squares)).toBe(1);
  });
});

describe('safe and bully take shards', () => {
  /** Over seeded advanced games: at every move where a least-risk end state collects a shard, did the policy collect one? */
  function shardChoices(spec: typeof safe) {
    const s = squish.createState(squishRulesSchema.parse({ mode: 'advanced', maxTurns: 200 }), 2);
    const out = new Int32Array(squish.actionCapacity(s.rules, 2));
    const ev = new RiskEvaluator(s.rules, 2);
    const policy = spec.create(spec.paramsSchema.parse({}), { game: squish, rules: s.rules, players: 2, seat: 0 });
    const rng = new Rng();
    let chances = 0;
    let taken = 0;
    for (let g = 0; g < 6; g++) {
      rng.seedGame(5, 0, g);
      squish.reset(s, rng);
      while (!s.terminal) {
        const n = squish.legalActions(s, out);
        const chosen = out[policy.choose(s, out, n, rng)]!;
        if (s.phase === PHASE_MOVE) {
          ev.evaluate(s, out, n);
          let least = Infinity;
          for (let i = 0; i < n; i++) least = Math.min(least, ev.risk[i]!);
          let shardAtLeast = false;
          for (let i = 0; i < n; i++) if (ev.risk[i] === least && Math.floor(Math.floor(out[i]! / 9) / s.squares) > 0) shardAtLeast = true;
          if (shardAtLeast) {
            chances++;
            if (Math.floor(Math.floor(chosen / 9) / s.squares) > 0) taken++;
          }
        }
        squish.apply(s, chosen, rng);
      }
    }
    return { chances, taken };
  }

  it('safe collects a shard whenever a least-risk end state does', () => {
    const { chances, taken } = shardChoices(safe);
    expect(chances).toBeGreaterThan(10);
    expect(taken).toBe(chances);
  });

  it('bully too', () => {
    const { chances, taken } = shardChoices(bully);
    expect(chances).toBeGreaterThan(10);
    expect(taken).toBe(chances);
  });

  it('safe takes a winning move', () => {
    const s = oneStepFromWinning();
    expect(choose(safe, s)).toBe(moveTo(s, 0, 0));
  });
});

describe('strength', () => {
  it('safe survives random in the simple game more often than its share', () => {
    const plan = planOf({ game: 'squish', players: 2, seats: [{ policy: 'safe' }, { policy: 'random' }], seating: 'rotate', games: 600 });
    const runner = createRunner(plan);
    const acc = newAccumulator(runner.game, plan);
    runner.runRange(acc, 0, plan.games);
    const summary = summarise(runner.game, plan, acc);
    const safeRow = summary.policies.find((p) => p.label === 'safe')!;
    expect(safeRow.winRateCI[0]).toBeGreaterThan(0.5 * (1 - summary.draws.rate));
  });
});

/**
 * hunter's score of every action by brute force (simple game, two players): −(outcomes of the
 * next roll that squish the mover, a 9 as its worst direction) + (outcomes that squish the next
 * roller, who spares itself on a 9), both over 60.
 */
function bruteHunterScores(s: SquishState, actions: number[]): number[] {
  const scratch = new SquishState(s.rules, s.players);
  const mine = bruteRisk(s, actions);
  const opponent = 1 - s.toMove;
  return actions.map((a, i) => {
    let theirs = 0;
    for (let f = 1; f <= 6; f++)
      for (let d = 1; d <= 8; d++) {
        copy(scratch, s);
        performMove(scratch, a);
        rollBlock(scratch, 0, d, f);
        theirs += (scratch.rollSquished >> opponent) & 1;
      }
    return (theirs - mine[i]!) / 60;
  });
}

describe('hunter', () => {
  it("chooses a move of the best score (the opponent's risk from the next roll minus its own), over positions from seeded simple games", () => {
    let sharper = 0;
    for (const rules of [{}, { width: 6, height: 6 }]) {
      const s = board({ rules, players: 2 });
      const out = new Int32Array(squish.actionCapacity(s.rules, 2));
      const rng = new Rng();
      rng.seedGame(5, 0, 0);
      squish.reset(s, rng);
      let checked = 0;
      for (let step = 0; checked < 12; step++) {
        const n = squish.legalActions(s, out);
        if (s.phase === PHASE_MOVE && s.markerCell[1 - s.toMove]! >= 0) {
          const actions = Array.from(out.subarray(0, n));
          const scores = bruteHunterScores(s, actions);
          const best = Math.max(...scores);
          const chosen = choose(hunter, s, {}, step);
          expect(scores[actions.indexOf(chosen)]).toBeCloseTo(best, 12);
          // Where seeker (least own risk) is indifferent, the opponent's risk decides.
          const mine = bruteRisk(s, actions);
          const safest = Math.min(...mine);
          if (actions.some((_, i) => mine[i] === safest && scores[i]! < best - 1e-12)) sharper++;
          checked++;
        }
        squish.apply(s, out[rng.int(n)]!, rng);
        // A new game when one ends (on a small board a game can end before its first decision).
        while (s.terminal) squish.reset(s, rng);
      }
      expect(checked).toBe(12);
    }
    expect(sharper).toBeGreaterThan(0);
  });

  it('on a 9 squishes the opponent', () => {
    // Seat 1 against the east wall in the block's rows: east with force 6 squishes it.
    const s = atNine({ markers: [[0, 0], [11, 5]] });
    for (let seed = 1; seed <= 5; seed++) expect(choose(hunter, s, {}, seed)).toBe(dirBase(1, 144) + 2);
  });

  it('hunt 0 plays like seeker', () => {
    const s = atMove({ markers: [[9, 5], [10, 5]] }, 0, 1);
    for (let seed = 1; seed <= 5; seed++) expect(choose(hunter, s, { hunt: 0 }, seed)).toBe(choose(seeker, s, {}, seed));
  });
});
