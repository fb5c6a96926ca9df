/**
 * Issue 39, item 2: `reroll-any: any-roll` (docs/cards.md, "Words added in issue 39"). Once per
 * turn its controller may re-roll any one die: the attack die (a decision, as with reroll-any),
 * an ability's own die and an attack's second die (src/games/squirmish/dice.ts: re-rolled when the
 * result is worth less to the controller than an average roll). Every roll is scripted, and each
 * test checks the script was used exactly, so a missing or extra re-roll fails it.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import type { SquirmishState } from '../../../src/games/squirmish/state.js';
import { DEC_REROLL } from '../../../src/games/squirmish/state-codes.js';
import { deckFileSchema } from '../../../src/games/squirmish/cards.js';
import { position, ScriptedRng, choose, damageOf, type PositionSpec } from './position.js';

const ok = (s: SquirmishState) => expect(squirmish.checkInvariants(s)).toBeNull();
const card = (name: string, hp: number, extra: Record<string, unknown> = {}) => ({ name, hp, attack: [0, 1, 2, 3, 4, 5], ...extra });
const gambler = (word: unknown = { 'reroll-any': 'any-roll' }) => card('Gambler', 8, { abilities: [{ name: 'Fickle', when: 'always', do: [word] }] });
/** Avoids an attack on its own die's 5 or 6. */
const dodger = card('Dodger', 10, { abilities: [{ name: 'Dodge', when: 'attacked', if: { roll: [5, 6] }, do: ['avoid'] }] });
/** Face 6 is a second die's worth of damage. */
const crusher = card('Crusher', 10, { attack: [0, 1, 2, 3, 4, 'roll'] });

/** Attack, keeping the attack die when the any-roll card offers to re-roll it. */
function attackKeeping(spec: PositionSpec, attack: RegExp, faces: number[]): { s: SquirmishState; rng: ScriptedRng } {
  const rng = new ScriptedRng(faces);
  const s = position(spec, rng);
  choose(s, attack, rng);
  expect(s.dec).toBe(DEC_REROLL); // any-roll covers the attack die too: a decision, as for reroll-any
  choose(s, /keeps the roll/, rng);
  return { s, rng };
}

describe("reroll-any: any-roll on an ability's own die", () => {
  it("re-rolls an opponent's defensive die that made the attack miss", () => {
    const spec: PositionSpec = { cards: [gambler(), dodger], grid: [['Plain16', 0, 0, 0], ['Dodger', 1, 1, 0], ['Gambler', 0, -1, 0]] };
    const { s, rng } = attackKeeping(spec, /Plain16 .* attacks Dodger/, [4, 5, 2]);
    expect(damageOf(s, 'Dodger')).toBe(4); // face 4 = 3, +1 battle cry: the dodge's 5 became a 2
    expect(rng.left).toBe(0);
    expect(squirmish.render(s)).toContain('Gambler re-rolls the die of ability "Dodge" of Dodger (reroll-any: any-roll): 5, re-rolled 2');
    ok(s);
  });

  it('re-rolls its own side\'s defensive die that missed, and keeps one that hit', () => {
    const spec = (mover: number): PositionSpec => ({ cards: [gambler(), dodger], mover, grid: [['Dodger', 0, 0, 0], ['Plain17', 1, 1, 0], ['Gambler', 0, -1, 0]] });
    const missed = attackKeeping(spec(1), /Plain17 .* attacks Dodger/, [4, 2, 6]);
    expect(damageOf(missed.s, 'Dodger')).toBe(0); // the 2 became a 6: avoided
    expect(missed.rng.left).toBe(0);
    const hit = attackKeeping(spec(1), /Plain17 .* attacks Dodger/, [4, 5]);
    expect(damageOf(hit.s, 'Dodger')).toBe(0); // a 5 dodges already: no re-roll (the script would run out)
    expect(hit.rng.left).toBe(0);
    expect(squirmish.render(hit.s)).not.toMatch(/re-rolls the die/);
  });

  it("leaves an opponent's die that missed alone", () => {
    const spec: PositionSpec = { cards: [gambler(), dodger], grid: [['Plain16', 0, 0, 0], ['Dodger', 1, 1, 0], ['Gambler', 0, -1, 0]] };
    const { s, rng } = attackKeeping(spec, /Plain16 .* attacks Dodger/, [4, 3]);
    expect(damageOf(s, 'Dodger')).toBe(4);
    expect(rng.left).toBe(0);
  });

  it('re-rolls the die of a used ability that missed (outside an attack)', () => {
    const zapper = card('Zapper', 8, { abilities: [{ name: 'Zap', when: 'your-turn', if: { roll: [5, 6] }, do: [{ damage: 1, to: 'adjacent-enemies' }] }] });
    const rng = new ScriptedRng([3, 6]);
    const s = position({ cards: [gambler(), zapper], step: 'abilities', grid: [['Zapper', 0, 0, 0], ['Plain17', 1, 1, 0], ['Gambler', 0, -1, 0]] }, rng);
    choose(s, 'seat 0 uses "Zap" of Zapper', rng);
    expect(damageOf(s, 'Plain17')).toBe(1);
    expect(rng.left).toBe(0);
    ok(s);
  });

  it('is once per turn: after re-rolling the attack die it re-rolls nothing else that turn', () => {
    const rng = new ScriptedRng([1, 4, 5]);
    const s = position({ cards: [gambler(), dodger], grid: [['Plain16', 0, 0, 0], ['Dodger', 1, 1, 0], ['Gambler', 0, -1, 0]] }, rng);
    choose(s, /Plain16 .* attacks Dodger/, rng);
    choose(s, 'seat 0 re-rolls the attack die', rng);
    expect(damageOf(s, 'Dodger')).toBe(0); // the dodge's 5 stands
    expect(rng.left).toBe(0);
  });

  it('plain reroll-any still re-rolls attack dice only', () => {
    const spec: PositionSpec = { cards: [gambler('reroll-any'), dodger], grid: [['Plain16', 0, 0, 0], ['Dodger', 1, 1, 0], ['Gambler', 0, -1, 0]] };
    const { s, rng } = attackKeeping(spec, /Plain16 .* attacks Dodger/, [4, 5]);
    expect(damageOf(s, 'Dodger')).toBe(0);
    expect(rng.left).toBe(0);
  });
});

describe('reroll-any: any-roll on an attack\'s second die', () => {
  it('re-rolls a low second die of its own side\'s attack', () => {
    const spec: PositionSpec = { cards: [gambler(), crusher], grid: [['Crusher', 0, 0, 0], ['Plain17', 1, 1, 0], ['Gambler', 0, -1, 0]] };
    const { s, rng } = attackKeeping(spec, /Crusher .* attacks Plain17/, [6, 2, 5]);
    expect(damageOf(s, 'Plain17')).toBe(6); // the second die's 2 became a 5, +1 battle cry
    expect(rng.left).toBe(0);
    expect(squirmish.render(s)).toContain("Gambler re-rolls the second die of Crusher's attack (reroll-any: any-roll): 2, re-rolled 5");
    ok(s);
  });

  it("re-rolls a high second die of an opponent's attack on its side, and keeps a low one", () => {
    const spec: PositionSpec = { cards: [gambler(), crusher], grid: [['Crusher', 0, 0, 0], ['Plain17', 1, 1, 0], ['Gambler', 1, 2, 0]] };
    const high = attackKeeping(spec, /Crusher .* attacks Plain17/, [6, 5, 1]);
    expect(damageOf(high.s, 'Plain17')).toBe(2);
    expect(high.rng.left).toBe(0);
    const low = attackKeeping(spec, /Crusher .* attacks Plain17/, [6, 3]);
    expect(damageOf(low.s, 'Plain17')).toBe(4);
    expect(low.rng.left).toBe(0);
  });
});

describe('reroll-any: any-roll is validated like every other word', () => {
  const issues = (ability: unknown) =>
    deckFileSchema.safeParse({ cards: [{ name: 'Oddball', hp: 4, attack: [1, 2, 3, 4, 5, 6], abilities: [ability] }] }).error?.issues.map((i) => i.message) ?? [];

  it('is accepted in an always-on ability', () => {
    expect(issues({ when: 'always', do: [{ 'reroll-any': 'any-roll' }] })).toEqual([]);
  });

  it('is refused in an ability that fires, and with any other argument', () => {
    expect(issues({ when: 'attack', do: [{ 'reroll-any': 'any-roll' }] })[0]).toMatch(/reroll-any only works in an always-on ability/);
    expect(issues({ when: 'always', do: [{ 'reroll-any': 'everything' }] })[0]).toMatch(/reroll-any: expected the plain word reroll-any \(attack dice only\), or reroll-any: any-roll/);
  });
});

describe('the seeded game docs/cards.md names', () => {
  // docs/cards.md, "Words added in issue 39": Fickle Fran of the shipped Storm Front deck re-rolls an
  // opponent's ability die and its own side's second damage die in game 68 of storm-front-greedy.
  it('shows Fickle Fran re-rolling both kinds of die in game 68 of storm-front-greedy', async () => {
    const { replayTrace } = await import('../../../src/cli/commands/replay.js');
    const trace = replayTrace('scenarios/squirmish/storm-front-greedy.yaml', { game: '68', checkInvariants: true });
    expect(trace).toContain('Fickle Fran re-rolls the die of ability "Static Charge" of Forked Fred (reroll-any: any-roll): 6, re-rolled 4');
    expect(trace).toContain("Fickle Fran re-rolls the second die of Graupel Gus's attack (reroll-any: any-roll): 2, re-rolled 5");
  });
});
