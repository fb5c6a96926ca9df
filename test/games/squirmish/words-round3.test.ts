/**
 * Issue 39, the card language's third round (docs/cards.md, "Words added in issue 39"): damage
 * around the attacker except its target, a re-lay in which the controller lays every card, an
 * avoided attack firing no after-attack ability, attack-another named as such in traces, and a
 * confusion that never turns on the card that caused it. Every roll is scripted.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import type { SquirmishState } from '../../../src/games/squirmish/state.js';
import { DEC_JOB, DEC_STEP } from '../../../src/games/squirmish/state-codes.js';
import { deckFileSchema } from '../../../src/games/squirmish/cards.js';
import { position, ScriptedRng, legalText, choose, damageOf, where, inst } from './position.js';

const ok = (s: SquirmishState) => expect(squirmish.checkInvariants(s)).toBeNull();
const card = (name: string, hp: number, extra: Record<string, unknown> = {}) => ({ name, hp, attack: [0, 1, 2, 3, 4, 5], ...extra });
const special = (name: string, hp: number, effects: unknown[], damage = 2) =>
  card(name, hp, { attack: [0, 1, 2, 3, 4, 'special'], special: { name: `${name} Special`, damage, do: effects } });

/** The same seat's next turn, back at the attack step (battle cry spent, first attack made). */
function nextTurnOf(s: SquirmishState, seat: number): void {
  s.mover = seat;
  s.toMove = seat;
  s.stepIdx = 0;
  s.stepEnding = false;
  s.dec = DEC_STEP;
  s.turns += 2;
  s.invalidate();
}

describe('damage around this card except its target', () => {
  // Quake at (0,0) attacks Shell at (1,0). Around Quake: Shell (the target), Plain17 at (-1,0)
  // (enemy), Plain18 at (0,1) (own). Next to Shell only: Plain19 at (2,0).
  const grid: [string, number, number, number][] = [
    ['Quake', 0, 0, 0], ['Shell', 1, 1, 0], ['Plain17', 1, -1, 0], ['Plain18', 0, 0, 1], ['Plain19', 1, 2, 0],
  ];
  // Shell reduces every hit by 1: the target is hit once (the attack), not twice.
  const shell = card('Shell', 10, { abilities: [{ name: 'Hard', when: 'always', do: [{ reduce: 1 }] }] });

  it('adjacent-all-but-target: every card next to the attacker, own included, but not the attacked card', () => {
    const quake = special('Quake', 10, [{ damage: 1, to: 'adjacent-all-but-target' }], 2);
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [quake, shell], grid }, rng);
    choose(s, /Quake .* attacks Shell/, rng);
    expect(damageOf(s, 'Shell')).toBe(2); // 2 + battle cry − 1, reduced once
    expect([damageOf(s, 'Plain17'), damageOf(s, 'Plain18')]).toEqual([1, 1]);
    expect([damageOf(s, 'Plain19'), damageOf(s, 'Quake')]).toEqual([0, 0]); // next to the target only; the attacker itself
    ok(s);
  });

  it('adjacent-enemies-but-target: the enemy cards around the attacker only', () => {
    const quake = special('Quake', 10, [{ damage: 1, to: 'adjacent-enemies-but-target' }], 2);
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [quake, shell], grid }, rng);
    choose(s, /Quake .* attacks Shell/, rng);
    expect(damageOf(s, 'Shell')).toBe(2);
    expect([damageOf(s, 'Plain17'), damageOf(s, 'Plain18'), damageOf(s, 'Plain19')]).toEqual([1, 0, 0]);
    ok(s);
  });

  it('is refused where there is no attack', () => {
    const deck = { cards: [{ name: 'Oddball', hp: 4, attack: [1, 2, 3, 4, 5, 6], abilities: [{ when: 'your-turn', do: [{ damage: 1, to: 'adjacent-all-but-target' }] }] }] };
    const issues = deckFileSchema.safeParse(deck).error?.issues.map((i) => i.message) ?? [];
    expect(issues[0]).toMatch(/adjacent-all-but-target needs an attack/);
  });
});

describe('re-lay: controller', () => {
  it("the controller lays every card in play, the opponents' included, into any connected layout", () => {
    const mover = card('Mover', 8, { abilities: [{ name: 'Landslide', when: 'your-turn', do: [{ 're-lay': 'controller' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [mover], step: 'abilities', grid: [['Mover', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0, 2]] }, rng);
    choose(s, 'seat 0 uses "Landslide" of Mover', rng);
    expect(s.dec).toBe(DEC_JOB);
    expect(s.toMove).toBe(0);
    // Every card is offered to seat 0, not only its own.
    expect(legalText(s)).toEqual(expect.arrayContaining(['seat 0 places Plain16 at (0, 0)', 'seat 0 places Plain17 at (0, 0)', 'seat 0 places Mover at (0, 0)']));
    choose(s, 'seat 0 places Plain17 at (0, 0)', rng);
    expect(s.toMove).toBe(0);
    choose(s, 'seat 0 places Plain16 at (0, 1)', rng);
    expect(s.toMove).toBe(0);
    choose(s, 'seat 0 places Mover at (0, 2)', rng);
    expect([where(s, 'Plain17'), where(s, 'Plain16'), where(s, 'Mover')]).toEqual([[0, 0], [0, 1], [0, 2]]);
    expect(damageOf(s, 'Plain17')).toBe(2); // keeps its damage
    expect([s.owner[inst(s, 'Plain16')], s.owner[inst(s, 'Plain17')]]).toEqual([1, 1]); // control does not change
    ok(s);
  });

  it('refuses any other argument', () => {
    const deck = { cards: [{ name: 'Oddball', hp: 4, attack: [1, 2, 3, 4, 5, 6], abilities: [{ when: 'your-turn', do: [{ 're-lay': 'me' }] }] }] };
    const issues = deckFileSchema.safeParse(deck).error?.issues.map((i) => i.message) ?? [];
    expect(issues[0]).toMatch(/re-lay: expected the plain word re-lay .* or re-lay: controller/);
  });
});

describe('an avoided attack', () => {
  const dodger = card('Dodger', 10, { abilities: [{ name: 'Dodge', when: 'attacked', do: ['avoid'] }] });

  it('fires none of the attacker\'s after-attack abilities', () => {
    const hothead = card('Hothead', 10, { abilities: [{ name: 'Recoil', when: 'after-attack', do: [{ damage: 1, to: 'self' }] }] });
    const rng = new ScriptedRng([4]);
    const s = position({ cards: [hothead, dodger], grid: [['Hothead', 0, 0, 0], ['Dodger', 1, 1, 0]] }, rng);
    choose(s, /Hothead .* attacks Dodger/, rng);
    expect(damageOf(s, 'Dodger')).toBe(0);
    expect(damageOf(s, 'Hothead')).toBe(0); // Recoil did not fire
    expect(squirmish.render(s)).not.toMatch(/Recoil/);
    ok(s);
  });

  it('is still the card\'s attack: an avoided first attack uses up first-attack, as NO EFFECT does', () => {
    const runt = card('Runt', 10, { abilities: [{ when: 'first-attack', do: [{ add: 2 }] }] });
    const rng = new ScriptedRng([3, 3]);
    const s = position({ cards: [runt, dodger], grid: [['Runt', 0, 0, 0], ['Dodger', 1, 1, 0], ['Plain16', 1, -1, 0]] }, rng);
    choose(s, /Runt .* attacks Dodger/, rng);
    expect(damageOf(s, 'Dodger')).toBe(0);
    nextTurnOf(s, 0);
    choose(s, /Runt .* attacks Plain16/, rng);
    expect(damageOf(s, 'Plain16')).toBe(2); // face 3 = 2, no +2 and no battle cry left
  });
});

describe('attack-another in traces', () => {
  it('is named attack-another, not roll-again', () => {
    const twin = special('Twin', 10, ['attack-another'], 1);
    const rng = new ScriptedRng([6, 3]);
    const s = position({ cards: [twin], grid: [['Twin', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, -1, 0]] }, rng);
    choose(s, /Twin .* attacks Plain16/, rng);
    expect(legalText(s)).toEqual(['seat 0: Twin attacks Plain17 again (attack-another of Twin)', 'seat 0 declines (attack-another of Twin)']);
    expect(squirmish.render(s)).toMatch(/ability "Twin Special" of Twin \(attack-another\)/);
    expect(squirmish.render(s)).not.toMatch(/roll-again/);
  });
});

describe('a confusion', () => {
  it('never makes the confused card attack the card that confused it: with no other victim it fizzles', () => {
    const moth = special('Moth', 8, ['confuse'], 1);
    const rng = new ScriptedRng([6]);
    // Plain16's only neighbour is Moth.
    const s = position({ cards: [moth], grid: [['Moth', 0, 0, 0], ['Plain16', 1, 1, 0]] }, rng);
    choose(s, /Moth .* attacks Plain16/, rng);
    expect(s.dec).not.toBe(DEC_JOB);
    expect(damageOf(s, 'Moth')).toBe(0);
    expect(rng.left).toBe(0);
    ok(s);
  });

  it('offers every other card next to the confused card, and not the confuser', () => {
    const moth = special('Moth', 8, ['confuse'], 1);
    const rng = new ScriptedRng([6]);
    // Plain16's neighbours: Moth (the confuser), Plain11 and Plain12.
    const s = position({ cards: [moth], grid: [['Moth', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain11', 1, 2, 0], ['Plain12', 0, 1, 1]] }, rng);
    choose(s, /Moth .* attacks Plain16/, rng);
    expect(legalText(s).sort()).toEqual(['seat 0 chooses Plain11 (confuse of Moth)', 'seat 0 chooses Plain12 (confuse of Moth)']);
  });
});

describe('the seeded games docs/cards.md names', () => {
  // docs/cards.md, "Words added in issue 39": each new word is seen firing in these games of the
  // shipped storm-front-greedy scenario, so a reader can watch it with `squabble replay`.
  it.each([
    ['Thunderclap', 68],
    ['Shockwave', 25],
    ['Whirl Them All', 8],
  ])('ability "%s" fires in game %i of storm-front-greedy', async (ability, game) => {
    const { replayTrace } = await import('../../../src/cli/commands/replay.js');
    const trace = replayTrace('scenarios/squirmish/storm-front-greedy.yaml', { game: String(game), checkInvariants: true });
    expect(trace).toContain(`ability "${ability}" of`);
  });
});
