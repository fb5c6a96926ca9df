/** Squall metrics (counters, per-character and per-matchup tables), the matrix helper, traces. */
import { describe, it, expect } from 'vitest';
import { squall } from '../../../src/games/squall/index.js';
import { planOf } from '../../helpers/plans.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator, metricTables } from '../../../src/sim/batch.js';
import { matchupMatrix, matchupMarkdown, characterMarkdown } from '../../../src/games/squall/matrix.js';
import { wilson } from '../../../src/sim/stats/intervals.js';
import { render, describeAction } from '../../../src/games/squall/render.js';
import { meleeAction, moveAction, ringCandidate, HOLD_CANDIDATE, SHOOT, BONUS, PLACE, FIRST } from '../../../src/games/squall/actions.js';
import { rules, position, ScriptedRng } from './position.js';
import { Rng } from '../../../src/sim/rng.js';

const roster = {
  characters: [
    { name: 'Knight', style: 'brawler', move: 4, melee: 3, range: 0, hp: 16, special: 4, bonuses: [{ name: 'Block', cost: 1, timing: 'defend', effect: 'extraDefenceDie' }] },
    { name: 'Archer', style: 'sniper', move: 5, melee: 1, range: 3, hp: 10, special: 4 },
    { name: 'Rogue', style: 'flanker', move: 6, melee: 3, range: 1, hp: 11, special: 4 },
  ],
};

function run(rulesIn: Record<string, unknown>, games: number, seats = [{ policy: 'auto' }, { policy: 'auto' }]) {
  const plan = planOf({ game: 'squall', seats, rules: { roster, ...rulesIn }, games });
  const runner = createRunner(plan);
  const acc = newAccumulator(runner.game, plan);
  runner.runRange(acc, 0, games, true);
  const specs = metricTables(runner.game, plan);
  const table = (t: number) => {
    const spec = specs[t]!;
    const rows: Record<string, number[]> = {};
    spec.rows.forEach((r, i) => (rows[r] = Array.from(acc.tables[t]!.subarray(i * spec.columns.length, (i + 1) * spec.columns.length))));
    return { columns: spec.columns.map((c) => c.name), rows };
  };
  const counter = (name: string) => acc.counters[squall.metrics.counters.findIndex((c) => c.name === name)]!;
  return { acc, specs, table, counter };
}

describe('metric tables', () => {
  it('characters: one row per roster character; games, wins and attacks add up', () => {
    const { acc, table, counter } = run({ characters: ['Knight', 'Archer'] }, 100);
    const t = table(0);
    expect(Object.keys(t.rows)).toEqual(['Knight', 'Archer', 'Rogue']);
    const col = (c: string) => t.columns.indexOf(c);
    const knight = t.rows.Knight!;
    const archer = t.rows.Archer!;
    expect(knight[col('games')]).toBe(100);
    expect(archer[col('games')]).toBe(100);
    expect(t.rows.Rogue![col('games')]).toBe(0);
    const decided = acc.games - acc.draws - acc.capped;
    expect(knight[col('wins')]! + archer[col('wins')]!).toBe(decided);
    expect(knight[col('meleeAttacks')]! + archer[col('meleeAttacks')]!).toBe(counter('meleeAttacks'));
    expect(archer[col('rangedHits')]! + archer[col('rangedMisses')]!).toBe(archer[col('rangedAttacks')]!);
    expect(counter('rangedAttacks')).toBeGreaterThanOrEqual(counter('coveredRangedAttacks'));
    expect(knight[col('bonusesSucceeded')]).toBeLessThanOrEqual(knight[col('bonusesTried')]!);
  });

  it('squares per game: one game gives each count squared; over many games, at least the square of the mean', () => {
    const one = run({ characters: ['Archer', 'Rogue'], terrain: { obstacles: [{ shape: 'rect', x: 5, y: 5, width: 2, height: 2 }] } }, 1);
    const t = one.table(0);
    const col = (c: string) => t.columns.indexOf(c);
    for (const name of ['Archer', 'Rogue']) {
      const v = t.rows[name]!;
      expect(v[col('meleeDamageSquared')], name).toBe(v[col('meleeDamage')]! ** 2);
      expect(v[col('rangeDamageSquared')], name).toBe(v[col('rangeDamage')]! ** 2);
    }
    expect(one.counter('rangedAttacksSquared')).toBe(one.counter('rangedAttacks') ** 2);
    expect(one.counter('coveredRangedAttacksSquared')).toBe(one.counter('coveredRangedAttacks') ** 2);
    expect(one.counter('coveredTimesRangedAttacks')).toBe(one.counter('coveredRangedAttacks') * one.counter('rangedAttacks'));
    // More terrain than the single-game case, so that some of the shots are covered.
    const scattered = [{ shape: 'rect', x: 5, y: 5, width: 2, height: 2 }, { shape: 'rect', x: 2, y: 8, width: 2, height: 1 }, { shape: 'rect', x: 8, y: 3, width: 2, height: 1 }];
    const many = run({ characters: ['Archer', 'Rogue'], terrain: { obstacles: scattered } }, 200);
    const n = 200;
    expect(many.counter('rangedAttacksSquared')).toBeGreaterThanOrEqual(many.counter('rangedAttacks') ** 2 / n);
    expect(many.counter('coveredRangedAttacks')).toBeGreaterThan(0);
    const archer = many.table(0).rows.Archer!;
    expect(archer[col('rangeDamageSquared')]!).toBeGreaterThanOrEqual(archer[col('rangeDamage')]! ** 2 / n);
  });

  it('matchups: every ordered pair is a row, played in both seatings, and the rows add up', () => {
    const { acc, table, specs } = run({ matchups: 'all-pairs' }, 600);
    expect(specs.map((s) => s.name)).toEqual(['characters', 'matchups']);
    const t = table(1);
    expect(Object.keys(t.rows)).toEqual(['Knight vs Archer', 'Knight vs Rogue', 'Archer vs Knight', 'Archer vs Rogue', 'Rogue vs Knight', 'Rogue vs Archer']);
    const g = t.columns.indexOf('games');
    let total = 0;
    for (const row of Object.values(t.rows)) {
      expect(row[g]).toBeGreaterThan(60); // about 100 each
      total += row[g]!;
      expect(row[1]! + row[2]! + row[3]! + row[4]!).toBe(row[g]);
    }
    expect(total).toBe(acc.games);
    const { cells } = matchupMatrix(t);
    const ka = cells.find((c) => c.a === 'Knight' && c.b === 'Archer')!;
    const ak = cells.find((c) => c.a === 'Archer' && c.b === 'Knight')!;
    expect(ka.games).toBe(ak.games);
    expect(ka.wins).toBe(ak.losses);
  });
});

describe('the matrix helper', () => {
  const table = {
    columns: ['games', 'aWins', 'bWins', 'draws', 'capped', 'aFirst', 'aFirstWins', 'decidedTurns'],
    rows: { 'A vs B': [10, 6, 3, 1, 0, 5, 3, 50], 'B vs A': [10, 2, 8, 0, 0, 5, 1, 40] },
  };

  it('pools both seatings: A beat B 6 + 8 times in 20 games', () => {
    const { names, cells } = matchupMatrix(table);
    expect(names).toEqual(['A', 'B']);
    const ab = cells.find((c) => c.a === 'A' && c.b === 'B')!;
    expect([ab.games, ab.wins, ab.losses, ab.draws]).toEqual([20, 14, 5, 1]);
    expect(ab.rate).toBeCloseTo(0.7, 12);
    expect(ab.ci).toEqual(wilson(14, 20));
    expect(matchupMarkdown(table)).toContain('| **A** | — | 70.0 [');
  });

  it('prints per-character rows', () => {
    const { table: t } = run({ characters: ['Knight', 'Archer'] }, 20);
    const md = characterMarkdown(t(0));
    expect(md).toContain('| Knight | 20 |');
    expect(md).not.toContain('| Rogue |');
  });
});

describe('traces', () => {
  it('describeAction names each kind of decision', () => {
    const r = rules({}, [{ name: 'A', bonuses: [{ name: 'Strike', cost: 1, timing: 'melee', effect: 'extraDamage', amount: 2 }] }, { name: 'B' }]);
    const s = position(r, [{ x: 5, y: 6, facing: 90 }, { x: 6.005, y: 6, facing: 270 }]);
    expect(describeAction(s, moveAction(ringCandidate(1, 4), 0))).toMatch(/^A MOVE: to B's rear \(180°\): \d\.\d\d" to \(.*\), face the enemy$/);
    expect(describeAction(s, moveAction(HOLD_CANDIDATE, 1))).toBe('A MOVE: hold, keep facing');
    squall.apply(s, moveAction(HOLD_CANDIDATE, 0), new ScriptedRng());
    expect(describeAction(s, meleeAction(1, 1))).toBe('A attacks B adding one of its defence dice');
    expect(describeAction(s, BONUS + 0)).toMatch(/^A tries Strike \(melee: extraDamage 2; 1 SPECIAL\)/);
    const t = position(r, [{ x: 2, y: 6 }, { x: 10, y: 6 }]);
    squall.apply(t, moveAction(HOLD_CANDIDATE, 0), new ScriptedRng());
    expect(describeAction(t, SHOOT + 1)).toBe('A shoots B (clear: one die)');
    const u = squall.createState(r, 2);
    squall.reset(u, new Rng());
    expect(describeAction(u, PLACE + 0)).toMatch(/^A \(seat 0\) sets up on the north edge, position 1, touching the edge/);
    expect(describeAction(u, FIRST + 1)).toBe('seat 0 chooses seat 1 to go first');
  });

  it('render shows positions, facings, HP and the rolls of the last resolution', () => {
    const s = position(rules(), [{ x: 5, y: 6, facing: 90 }, { x: 6.005, y: 6, facing: 90 }]);
    squall.apply(s, moveAction(HOLD_CANDIDATE, 0), new ScriptedRng());
    squall.apply(s, meleeAction(1, 1), new ScriptedRng([6, 5, 4]));
    const text = render(s);
    expect(text).toContain('A (seat 0): at (5.00, 6.00) facing 90°, HP 20/20, SPECIAL 10, 1 defence die');
    expect(text).toContain('B (seat 1): at (6.00, 6.00) facing 90°, HP 11/20');
    expect(text).toContain('| A attacks B in melee adding a defence die: attack [6 5]');
    expect(text).toContain('| B defends (attacked from behind) with [4]: damage 13 - defence 4 → loses 9 HP (now 11)');
  });
});
