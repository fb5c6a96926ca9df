/**
 * The `groupMatchups` table of two-seat 2 Group Monte (issue 23 item 3): each game lands in the
 * row of the groups seat 0 and seat 1 named, with the seats' results in the right columns, and a
 * run with groups named at random gets the dominance report of its groups.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { squirmishMetrics } from '../../../src/games/squirmish/metrics.js';
import type { SquirmishRules } from '../../../src/games/squirmish/params.js';
import { createRunner } from '../../../src/runner/create-runner.js';
import { newAccumulator } from '../../../src/sim/batch.js';
import { Rng } from '../../../src/sim/rng.js';
import type { Summary } from '../../../src/sim/stats/summary.js';
import { planOf } from '../../helpers/plans.js';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('squabble-group-matchups-');
const COLS = 5; // games, aWins, bWins, draws, capped

const montePlan = (monteGroups: unknown, games: number, players = 2) =>
  planOf({ game: 'squirmish', seats: Array.from({ length: players }, () => ({ policy: 'random' })), games, seed: 7, rules: { deckStyle: 'group-monte', monteGroups } });

describe('groupMatchups', () => {
  it('a game falls in the row "seat 0 group vs seat 1 group", the winner in its seat column', () => {
    const plan = montePlan('random', 1);
    const rules = plan.rules as SquirmishRules;
    const spec = squirmishMetrics.tables!(rules, 2);
    const gm = spec.find((t) => t.name === 'groupMatchups')!;
    expect(gm.rows).toHaveLength(8 * 7);
    const s = squirmish.createState(rules, 2);
    for (let seed = 0; seed < 20; seed++) {
      const rng = new Rng();
      [rng.x, rng.y, rng.z, rng.w] = [seed + 1, 362436069, 521288629, 88675123];
      squirmish.reset(s, rng);
      const [a, b] = [s.monteNamed[0]!, s.monteNamed[1]!];
      // The seats named the two groups of the deck, and different ones.
      expect(a).not.toBe(b);
      expect(s.monteMask).toBe((1 << a) | (1 << b));
      // Crafted ending: seat 1 won.
      s.winner = 1;
      s.capped = false;
      const tables = spec.map((t) => new Float64Array(t.rows.length * t.columns.length));
      squirmishMetrics.recordTables!(s, tables);
      const row = gm.rows.indexOf(`${s.table.groupNames[a]} vs ${s.table.groupNames[b]}`);
      expect(row).toBeGreaterThanOrEqual(0);
      expect(Array.from(tables[2]!.subarray(row * COLS, row * COLS + COLS))).toEqual([1, 0, 1, 0, 0]);
      expect(tables[2]!.reduce((x, y) => x + y, 0)).toBe(2);
    }
  });

  it('over a seeded run, the rows hold every game and each seat its own wins; only two-seat Group Monte has the table', () => {
    for (const groups of ['random', ['TUSK', 'SPOOK']] as const) {
      const plan = montePlan(groups, 300);
      const runner = createRunner(plan);
      const acc = newAccumulator(runner.game, plan);
      runner.runRange(acc, 0, 300);
      const t = acc.tables[2]!;
      let games = 0;
      let a = 0;
      let b = 0;
      for (let o = 0; o < t.length; o += COLS) {
        games += t[o]!;
        a += t[o + 1]!;
        b += t[o + 2]!;
      }
      expect(games).toBe(300);
      expect([a, b]).toEqual([acc.seatWins(0), acc.seatWins(1)]);
      expect(a).not.toBe(b);
      if (groups !== 'random') expect(t[0]).toBe(300);
    }
    const three = montePlan('random', 1, 3);
    expect(squirmishMetrics.tables!(three.rules, 3).map((t) => t.name)).toEqual(['cards', 'knockouts']);
    expect(squirmishMetrics.tables!(planOf({ game: 'squirmish', seats: [{ policy: 'random' }, { policy: 'random' }] }).rules, 2).map((t) => t.name)).toEqual(['cards', 'knockouts']);
  });

  it('a group-monte run with random groups reports dominance, viable groups and cycles for its 8 groups', async () => {
    const out = join(tempDir(), 'run');
    const run = await cli('run', 'scenarios/squirmish/group-monte.yaml', '--variant', 'random-groups', '--games', '600', '--workers', '0', '--no-report', '--quiet', '--out', out);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/Dominance and diversity of 8 groups \(the `groupMatchups` table, both seatings pooled/);
    expect(run.out).toMatch(/Viable: .* of 8 groups/);
    expect(run.out).toMatch(/Rock-paper-scissors|strict order|Neither a cycle nor a strict order/);
    const json = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    expect(json.dominance!.subject).toBe('groups');
    expect(json.dominance!.counts.names).toContain('Tusk Gang');
    // Every decided game is in the matrix once.
    const decided = json.dominance!.counts.wins.flat().reduce((x, y) => x + y, 0);
    expect(decided).toBe(600 - json.draws.count - json.capped.count);
  });
});
