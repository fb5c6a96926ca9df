/**
 * Squirmish policies, hidden information and measurements: the heuristics choose as documented,
 * read nothing their seat cannot see, and are stronger than random; ISMCTS searches over
 * determinisations; `determinize` keeps everything the seat knows; the per-card table adds up.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { greedy, planner } from '../../../src/games/squirmish/policies.js';
import { ismcts } from '../../../src/policies/ismcts.js';
import { describeAction } from '../../../src/games/squirmish/render.js';
import { xOf } from '../../../src/games/squirmish/actions.js';
import { legalActions } from '../../../src/games/squirmish/legal.js';
import { LOC_DECK, LOC_HAND, LOC_PICK, PH_WEIGH_PICK, DEC_WEIGH_PICK } from '../../../src/games/squirmish/state-codes.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { summarise } from '../../../src/sim/stats/summary.js';
import { Rng } from '../../../src/sim/rng.js';
import { planOf } from '../../helpers/plans.js';
import { stateDifference } from '../../helpers/state-equal.js';
import { position, ScriptedRng, handNames, choose, legalText } from './position.js';
import { cardWorth } from '../../../src/games/squirmish/card-worth.js';
import { determinize } from '../../../src/games/squirmish/determinize.js';
import { G_ATTACKS, G_DAMAGE, G_HEALING, G_KOS, G_OWN_KOS } from '../../../src/games/squirmish/counters.js';

function choice(policy: typeof greedy, s: ReturnType<typeof position>, params: Record<string, unknown> = {}): string {
  const actions = new Int32Array(squirmish.actionCapacity(s.rules, s.players));
  const n = legalActions(s, actions);
  const p = policy.create(policy.paramsSchema.parse(params), { game: squirmish, rules: s.rules, players: s.players, seat: s.toMove });
  const rng = new Rng();
  rng.seedGame(5, 0, 0);
  return describeAction(s, actions[p.choose(s, actions, n, rng)]!);
}

describe('greedy', () => {
  it('takes the attack most likely to knock out a card', () => {
    // Plain16 (10 HP) can hit Plain11 (3 HP, 2 damage: any roll of 2+ knocks it out) or Plain17 (10 HP).
    const s = position({ grid: [['Plain16', 0, 0, 0], ['Plain11', 1, 1, 0, 2], ['Plain17', 1, -1, 0]] });
    expect(choice(greedy, s)).toBe('seat 0: Plain16 (0/10) attacks Plain11 of seat 1 (2/3)');
  });

  it('does not attack its own cards', () => {
    const s = position({ grid: [['Plain16', 0, 0, 0], ['Plain17', 0, 1, 0], ['Plain18', 1, 0, 1]] });
    expect(choice(greedy, s)).toMatch(/attacks Plain18/);
  });

  it('places a card where it can strike a weak enemy rather than next to a strong one', () => {
    // Plain11 (3 HP, hurt) at (1,0); Plain26 (12 HP) at (-1,0). Place Plain16 next to Plain11.
    const s = position({ step: 'place or move', grid: [['Plain1', 0, 0, 0], ['Plain11', 1, 1, 0, 1], ['Plain26', 1, -1, 0]], hands: [['Plain16'], []] });
    expect(choice(greedy, s)).toMatch(/places Plain16 at \((2, 0|1, -1|1, 1)\)/);
  });
});

describe('situations greedy and planner exist for (issue 16)', () => {
  it('do not spend a damage effect on a card already knocked out when a live enemy can take it', () => {
    // Plain11 (3 HP, 3 damage) is knocked out and leaves in clean-up whatever happens; Plain17 is unhurt.
    const zapper = { name: 'Zapper', hp: 8, attack: [0, 1, 2, 3, 4, 5], abilities: [{ when: 'after-attack', do: [{ damage: 2, to: 'chosen-enemy' }] }] };
    for (const policy of [greedy, planner]) {
      const rng = new ScriptedRng([2]);
      const s = position({ cards: [zapper], grid: [['Zapper', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain11', 1, -1, 0, 3], ['Plain17', 1, 0, 1]] }, rng);
      choose(s, /Zapper .* attacks Plain16/, rng);
      expect(legalText(s)).toContain('seat 0 chooses Plain11 (damage of Zapper)');
      expect(choice(policy, s)).toBe('seat 0 chooses Plain17 (damage of Zapper)');
    }
  });

  it('value a card by what its abilities do, not only by HP and mean damage', () => {
    // Hitter: 5 HP and the plain die, +2 on every attack. HP + mean damage rates it below Plain6
    // (8 HP, the same die); the damage it deals before it is knocked out rates it above.
    const hitter = { name: 'Hitter', hp: 5, attack: [0, 1, 2, 3, 4, 5], abilities: [{ when: 'attack', do: [{ add: 2 }] }] };
    const wall = { name: 'Wall', hp: 99, attack: ['none', 'none', 'none', 'none', 'none', 'none'] };
    const s = position({ step: 'place or move', cards: [hitter, wall], grid: [['Plain16', 0, 0, 0], ['Wall', 1, 1, 0]], hands: [['Plain6', 'Hitter'], []] });
    const t = s.table;
    const worth = cardWorth(t);
    const [h, p6] = [t.indexOf('Hitter'), t.indexOf('Plain6')];
    expect(t.hp[h]! * 0.5 + t.meanDamage[h]! * 3).toBeLessThan(t.hp[p6]! * 0.5 + t.meanDamage[p6]! * 3);
    expect(worth.perAttack[h]).toBeCloseTo(worth.perAttack[p6]! + 2, 9);
    expect(worth.worth[h]).toBeGreaterThan(worth.worth[p6]!);
    for (const policy of [greedy, planner]) expect(choice(policy, s)).toMatch(/places Hitter at/);
  });
});

describe('the weigh-in', () => {
  /** Over seeded games: weigh-in picks, and how many were the lowest-HP card of the hand. */
  function weighInPicks(policy: 'greedy' | 'planner', games: number) {
    const plan = planOf({ game: 'squirmish', players: 2, seats: [{ policy }, { policy }], games });
    const runner = createRunner(plan);
    let picks = 0;
    let lowest = 0;
    for (let g = 0; g < games; g++) {
      runner.play(g, {
        beforeMove(st, actions, n, chosen) {
          const s = st as ReturnType<typeof position>;
          if (s.dec !== DEC_WEIGH_PICK) return;
          let least = Infinity;
          for (let i = 0; i < n; i++) least = Math.min(least, s.hpOf(xOf(actions[i]!)));
          picks++;
          if (s.hpOf(xOf(actions[chosen]!)) === least) lowest++;
        },
        afterMove() {},
      });
    }
    return { picks, lowest };
  }

  it('greedy and planner weigh the first turn against the pick\'s exposure: not always the lowest HP', () => {
    for (const policy of ['greedy', 'planner'] as const) {
      const { picks, lowest } = weighInPicks(policy, 40);
      expect(picks).toBe(80);
      expect(lowest, policy).toBeLessThan(picks);
      expect(lowest, policy).toBeGreaterThan(0); // a robust low card still goes in
    }
  });
});

describe('the policies read only what their seat may see', () => {
  it("re-dealing the opponent's hand and the deck never changes a greedy or planner choice", () => {
    const plan = planOf({ game: 'squirmish', seats: [{ policy: 'random' }, { policy: 'random' }], games: 30 });
    const runner = createRunner(plan);
    const scratch = squirmish.createState(plan.rules as never, 2);
    const actions = new Int32Array(squirmish.actionCapacity(plan.rules as never, 2));
    let checked = 0;
    for (let g = 0; g < 30; g++) {
      runner.play(g, {
        beforeMove(s) {
          for (const spec of [greedy, planner]) {
            const p = spec.create(spec.paramsSchema.parse({}), { game: squirmish, rules: plan.rules as never, players: 2, seat: 0 });
            const st = s as ReturnType<typeof squirmish.createState>;
            const n = legalActions(st, actions);
            const r1 = new Rng();
            r1.seedGame(9, g, checked);
            const a = actions[p.choose(st, actions, n, r1)]!;
            squirmish.copy(scratch, st);
            determinize(scratch, st.toMove, new ScriptedRng([], [3, 1, 4, 1, 5]));
            const m = legalActions(scratch, actions);
            const r2 = new Rng();
            r2.seedGame(9, g, checked);
            const b = actions[p.choose(scratch, actions, m, r2)]!;
            expect(b).toBe(a);
            checked++;
          }
        },
        afterMove() {},
      });
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('determinize', () => {
  it("keeps the seat's hand, the grid and every public pile; re-deals the deck and unseen hand cards", () => {
    const plan = planOf({ game: 'squirmish', seats: [{ policy: 'greedy' }, { policy: 'greedy' }], games: 1 });
    const runner = createRunner(plan);
    const s = runner.state as ReturnType<typeof squirmish.createState>;
    let seen = 0;
    const tops = new Set<number>();
    runner.play(3, {
      beforeMove() {},
      afterMove(st) {
        if (st.terminal || seen > 40) return;
        const t = squirmish.createState(plan.rules as never, 2);
        for (let k = 0; k < 5; k++) {
          squirmish.copy(t, st as typeof t);
          const rng = new Rng();
          rng.seedGame(11, seen, k);
          determinize(t, s.toMove, rng);
          expect(squirmish.checkInvariants(t)).toBeNull();
          expect(handNames(t, s.toMove)).toEqual(handNames(s, s.toMove));
          expect(Array.from(t.grid)).toEqual(Array.from(s.grid));
          expect(Array.from(t.discard.subarray(0, t.discardLen))).toEqual(Array.from(s.discard.subarray(0, s.discardLen)));
          expect([t.deckLen, t.handLen[0], t.handLen[1]]).toEqual([s.deckLen, s.handLen[0], s.handLen[1]]);
          // The hidden cards are the same set.
          const hidden = (x: typeof t) => {
            const out: number[] = [];
            for (let i = 0; i < x.nInst; i++) {
              const other = x.owner[i] !== s.toMove && (s.knownBy[i]! & (1 << s.toMove)) === 0;
              if (x.loc[i] === LOC_DECK || ((x.loc[i] === LOC_HAND || (x.loc[i] === LOC_PICK && x.phase === PH_WEIGH_PICK)) && other)) out.push(i);
            }
            return out.sort((a, b) => a - b);
          };
          expect(hidden(t)).toEqual(hidden(s));
          if (t.deckLen > 0) tops.add(t.deck[t.deckLen - 1]!);
        }
        seen++;
      },
    });
    expect(tops.size).toBeGreaterThan(10);
  });

  it('copy gives an equal state', () => {
    const s = position({ grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 0, 2]], hands: [['Plain3'], ['Plain4']] });
    const t = squirmish.createState(s.rules, 2);
    squirmish.copy(t, s);
    expect(stateDifference(s, t)).toBeNull();
  });
});

describe('strength', () => {
  const winRate = (seats: { policy: string; params?: Record<string, unknown> }[], games: number, start = 0) => {
    const plan = planOf({ game: 'squirmish', seats, seating: 'rotate', games });
    const acc = newAccumulator(squirmish, plan);
    createRunner(plan).runRange(acc, start, start + games);
    return summarise(squirmish, plan, acc).policies;
  };

  it('greedy and planner beat random clearly; planner is at least as strong as greedy (seats rotated, fixed seeds)', () => {
    for (const policy of ['greedy', 'planner']) {
      const p = winRate([{ policy }, { policy: 'random' }], 1000)[0]!;
      expect(p.winRateCI[0], `${policy} vs random`).toBeGreaterThan(0.85);
    }
    const head = winRate([{ policy: 'planner' }, { policy: 'greedy' }], 2000)[0]!;
    expect(head.label).toBe('planner');
    expect(head.winRateCI[0]).toBeGreaterThan(0.5);
  });

  it('ismcts (a small budget) beats random and chooses legal actions', () => {
    const p = winRate([{ policy: 'ismcts', params: { iterations: 8, rollout: 'greedy' } }, { policy: 'random' }], 10)[0]!;
    expect(p.wins).toBeGreaterThanOrEqual(8);
  });

  it('ismcts rejects a rollout policy the game does not have', () => {
    expect(() =>
      ismcts.create(ismcts.paramsSchema.parse({ rollout: 'nope' }), { game: squirmish, rules: squirmish.rulesSchema.parse({}), players: 2, seat: 0 }),
    ).toThrow(/no policy "nope"/);
  });
});

describe('per-card measurements', () => {
  it('the card table adds up to the game counters and keeps wins within games', () => {
    const plan = planOf({ game: 'squirmish', seats: [{ policy: 'greedy' }, { policy: 'random' }], seating: 'rotate', games: 300 });
    const acc = newAccumulator(squirmish, plan);
    createRunner(plan).runRange(acc, 0, 300);
    const spec = squirmish.metrics.tables!(plan.rules, 2)[0]!;
    const w = spec.columns.length;
    const col = (name: string) => spec.columns.findIndex((c) => c.name === name);
    const sum = (name: string) => {
      let t = 0;
      for (let r = 0; r < spec.rows.length; r++) t += acc.tables[0]![r * w + col(name)]!;
      return t;
    };
    expect(spec.rows).toHaveLength(70);
    expect(sum('attacks')).toBe(acc.counters[G_ATTACKS]);
    expect(sum('damageDealt')).toBe(acc.counters[G_DAMAGE]);
    expect(sum('healed')).toBe(acc.counters[G_HEALING]);
    expect(sum('kosSuffered')).toBe(acc.counters[G_KOS]! + acc.counters[G_OWN_KOS]!);
    for (let r = 0; r < spec.rows.length; r++) {
      const v = (name: string) => acc.tables[0]![r * w + col(name)]!;
      expect(v('drawnWins')).toBeLessThanOrEqual(v('drawnGames'));
      expect(v('placedWins')).toBeLessThanOrEqual(v('placedGames'));
      expect(v('notPlacedGames')).toBeLessThanOrEqual(v('drawnGames'));
      expect(v('attackedGames')).toBeLessThanOrEqual(300);
    }
    // Every game has a winner with 3 prizes here, so the wins of drawn cards are spread over both sides.
    expect(sum('drawnWins')).toBeGreaterThan(0);
  });
});
