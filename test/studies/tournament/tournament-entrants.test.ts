import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { planOf } from '../../helpers/plans.js';

const tempDir = useTempDir('squabble-entrants-');

describe('levels and entrants', () => {
  it('a seat may name a level, which stands for its policy, parameters and dial', () => {
    const plan = planOf({ game: 'worms', seats: [{ level: 'novice' }, { level: 'skilled' }] });
    expect(plan.labels).toEqual(['novice', 'skilled']);
    expect(plan.seats[0]).toMatchObject({ policy: 'epsilon', params: { p: 0.5, policy: 'builder' } });
    expect(plan.seats[1]).toMatchObject({ policy: 'builder' });
    // A seat's own dial on top of the level's: either can make the move random.
    expect(planOf({ game: 'worms', seats: [{ level: 'novice', epsilon: 0.5 }, { level: 'random' }] }).seats[0]!.params.p).toBe(0.75);
  });

  it('mistakes with levels get one line naming the field', () => {
    expect(() => planOf({ game: 'worms', seats: [{ level: 'expret' }, { level: 'random' }] })).toThrow(/^inline\.yaml: seats\[0\]\.level: expected one of random, novice, skilled, expert for worms; found "expret" \(did you mean "expert"\?\)$/);
    expect(() => planOf({ game: 'worms', seats: [{ level: 'expert', params: { iterations: 5 } }, { level: 'random' }] })).toThrow(/seats\[0\]\.params: a level fixes its parameters/);
    expect(() => planOf({ game: 'worms', seats: [{ level: 'expert', policy: 'greedy' }, { level: 'random' }] })).toThrow(/seats\[0\]\.policy: a seat gives `policy` or `level`, not both/);
    expect(() => planOf({ game: 'worms', seats: [{ name: 'me' }, { level: 'random' }] })).toThrow(/seats\[0\]\.policy: missing; expected a policy name \(`policy`\) or a skill level \(`level`\)/);
    expect(() => planOf({ game: 'worms', seats: [{ level: 'random' }, { level: 'random' }], entrants: [{ policy: 'builder' }, { policy: 'builder', params: { killBonus: 3 } }] })).toThrow(/entrants\[1\]: a second entrant labelled "builder"/);
  });

  it('every level of every game is valid and the first is random', async () => {
    const { games } = await import('../../../src/games/index.js');
    for (const game of Object.values(games)) {
      const levels = game.levels ?? [];
      expect(levels.length, game.id).toBeGreaterThanOrEqual(3);
      expect(levels[0]!.policy).toBe('random');
      const plan = planOf({ game: game.id, players: game.minPlayers, seats: [{ level: levels[0]!.name }], entrants: levels.map((l) => ({ level: l.name })) });
      expect(plan.entrants!.map((e) => e.label)).toEqual(levels.map((l) => l.name));
    }
  });

  it("each game's shipped skill ladder lists every one of its levels, weakest first", async () => {
    const { games } = await import('../../../src/games/index.js');
    const { loadScenario } = await import('../../../src/sim/scenario/load.js');
    const { registry } = await import('../../../src/registry.js');
    for (const game of Object.values(games)) {
      const plan = loadScenario(`scenarios/${game.id}/skill-ladder.yaml`, registry);
      expect(plan.entrants!.map((e) => e.label), game.id).toEqual((game.levels ?? []).map((l) => l.name));
    }
  });

  it('a tournament plays every listed entrant, same policy with other parameters included, and shows the ladder', async () => {
    const file = join(tempDir(), 'ladder.yaml');
    writeFileSync(
      file,
      ['game: worms', 'seats: [{ policy: random }, { policy: random }]', 'entrants:', '  - { level: random }', '  - { policy: builder, epsilon: 0.8, name: weak-builder }', '  - { policy: builder }', 'games: 300', ''].join('\n'),
    );
    const out = join(tempDir(), 'out');
    const r = await cli('tournament', file, '--workers', '0', '--out', out, '--quiet');
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8'));
    expect(json.entrants).toEqual(['random', 'weak-builder', 'builder']);
    expect(json.ladder.map((s: { entrant: string; below: string }) => `${s.entrant}>${s.below}`)).toEqual(['weak-builder>random', 'builder>weak-builder']);
    // builder at full strength beats the same bot with 80% random moves clearly.
    expect(json.ladder[1].score).toBeGreaterThan(0.6);
    expect(json.ladder[1].clear).toBe(true);
    expect(r.out).toMatch(/The ladder, as listed in `entrants`/);
  });
});
