/**
 * The nine card-language words of issue 17 (docs/cards.md): splash, attack-another, reroll-any,
 * re-lay, confuse: credit, the cannot-attack-me status, draw-and-place, computed amounts (a base
 * below 0, the in-play and discard-pile counts) and the turn-start trigger. Each on a crafted grid
 * with scripted dice; plain cards do (face - 1) damage.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { SKIP } from '../../../src/games/squirmish/actions.js';
import type { SquirmishState } from '../../../src/games/squirmish/state.js';
import { DEC_STEP, DEC_JOB, DEC_REROLL, DEC_HAND } from '../../../src/games/squirmish/state-codes.js';
import { apply } from '../../../src/games/squirmish/rules.js';
import { deckFileSchema } from '../../../src/games/squirmish/cards.js';
import { position, ScriptedRng, legalText, choose, damageOf, where, handNames, victoryNames, discardNames } from './position.js';

const ok = (s: SquirmishState) => expect(squirmish.checkInvariants(s)).toBeNull();
const card = (name: string, hp: number, extra: Record<string, unknown> = {}) => ({ name, hp, attack: [0, 1, 2, 3, 4, 5], ...extra });
const special = (name: string, hp: number, effects: unknown[], damage = 2) =>
  card(name, hp, { attack: [0, 1, 2, 3, 4, 'special'], special: { name: `${name} Special`, damage, do: effects } });

function laterTurnOf(s: SquirmishState, seat: number, turns: number): void {
  s.mover = seat;
  s.toMove = seat;
  s.stepIdx = 0;
  s.stepEnding = false;
  s.dec = DEC_STEP;
  s.turns += turns;
  s.lastTurnOf[seat] = s.turns;
  s.invalidate();
}

describe('splash', () => {
  it('hits every card next to the attacked card, whoever controls it, but not the attacked card', () => {
    const splasher = special('Splasher', 10, [{ splash: 1 }]);
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [splasher], grid: [['Splasher', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0], ['Plain18', 0, 1, 1], ['Plain19', 1, -1, 0]] }, rng);
    choose(s, /Splasher .* attacks Plain16/, rng);
    expect(damageOf(s, 'Plain16')).toBe(3); // 2 + battle cry, no splash
    expect([damageOf(s, 'Plain17'), damageOf(s, 'Plain18'), damageOf(s, 'Splasher')]).toEqual([1, 1, 1]);
    expect(damageOf(s, 'Plain19')).toBe(0); // next to the attacker, not to the target
  });
});

describe('attack-another', () => {
  it('an extra attack that must choose a different card from the first target', () => {
    const twin = special('Twin', 10, ['attack-another'], 1);
    const rng = new ScriptedRng([6, 3]);
    const s = position({ cards: [twin], grid: [['Twin', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, -1, 0]] }, rng);
    choose(s, /Twin .* attacks Plain16/, rng);
    expect(legalText(s)).toEqual(['seat 0: Twin attacks Plain17 again (attack-another of Twin)', 'seat 0 declines (attack-another of Twin)']);
    choose(s, 'seat 0: Twin attacks Plain17 again (attack-another of Twin)', rng);
    expect([damageOf(s, 'Plain16'), damageOf(s, 'Plain17')]).toEqual([2, 2]);
  });

  it('with no other card to attack, there is no extra attack', () => {
    const twin = special('Twin', 10, ['attack-another'], 1);
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [twin], grid: [['Twin', 0, 0, 0], ['Plain16', 1, 1, 0]] }, rng);
    choose(s, /Twin .* attacks Plain16/, rng);
    expect(s.dec).not.toBe(DEC_JOB);
    expect(rng.left).toBe(0);
  });
});

describe('reroll-any', () => {
  it("re-rolls any one attack die this turn, an opponent's included, once per turn", () => {
    const jinx = card('Jinx', 8, { abilities: [{ name: 'Hex', when: 'always', do: ['reroll-any'] }] });
    const rng = new ScriptedRng([6, 1]);
    const s = position({ cards: [jinx], grid: [['Plain16', 0, 0, 0], ['Plain17', 1, 1, 0], ['Jinx', 1, 2, 0]] }, rng);
    choose(s, /Plain16 .* attacks Plain17/, rng);
    expect(s.dec).toBe(DEC_REROLL);
    expect(s.toMove).toBe(1);
    choose(s, 'seat 1 re-rolls the attack die', rng);
    expect(damageOf(s, 'Plain17')).toBe(1); // face 1 = 0, +1 battle cry
    ok(s);
  });
});

describe('re-lay', () => {
  it('every card in play is picked up and laid again in the placement order, keeping its damage', () => {
    const shuffler = card('Shuffler', 8, { abilities: [{ name: 'Earthquake', when: 'your-turn', do: ['re-lay'] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [shuffler], step: 'abilities', grid: [['Shuffler', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 0, -1, 0, 2]] }, rng);
    choose(s, 'seat 0 uses "Earthquake" of Shuffler', rng);
    // Seat 0 (the re-lay's controller) lays first; the first card starts the Squirmish.
    expect(s.toMove).toBe(0);
    expect(legalText(s)).toEqual(['seat 0 places Plain17 at (0, 0)', 'seat 0 places Shuffler at (0, 0)']);
    choose(s, 'seat 0 places Plain17 at (0, 0)', rng);
    // Then seat 1 lays its one card, next to it (a decision among the open edges).
    expect(s.toMove).toBe(1);
    choose(s, 'seat 1 places Plain16 at (0, 1)', rng);
    choose(s, 'seat 0 places Shuffler at (0, 2)', rng);
    expect([where(s, 'Plain17'), where(s, 'Plain16'), where(s, 'Shuffler')]).toEqual([[0, 0], [0, 1], [0, 2]]);
    expect(damageOf(s, 'Plain17')).toBe(2);
    ok(s);
  });
});

describe('confuse: credit', () => {
  const grid: [string, number, number, number][] = [['Moth', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain11', 1, 2, 0], ['Plain17', 0, 1, 1]];
  it('a knock-out dealt by the confused card scores for the player who confused it', () => {
    const moth = special('Moth', 8, [{ confuse: 'credit' }], 1);
    const rng = new ScriptedRng([6, 5]);
    const s = position({ cards: [moth], grid }, rng);
    choose(s, /Moth .* attacks Plain16/, rng);
    choose(s, 'seat 0 chooses Plain11 (confuse: credit of Moth)', rng);
    expect(victoryNames(s, 0)).toEqual(['Plain11']);
  });

  it('plain confuse: the confused card knocked out its own side, so the card is discarded', () => {
    const moth = special('Moth', 8, ['confuse'], 1);
    const rng = new ScriptedRng([6, 5]);
    const s = position({ cards: [moth], grid }, rng);
    choose(s, /Moth .* attacks Plain16/, rng);
    choose(s, 'seat 0 chooses Plain11 (confuse of Moth)', rng);
    expect(victoryNames(s, 0)).toEqual([]);
    expect(discardNames(s)).toContain('Plain11');
  });
});

describe('status cannot-attack-me', () => {
  it('forbids the card from attacking one particular card (not a group), for a while', () => {
    const thorny = card('Thorny', 12, { abilities: [{ name: 'Glare', when: 'attacked', do: [{ status: 'cannot-attack-me', to: 'attacker', for: 'next-turn' }] }] });
    const rng = new ScriptedRng([2, 2]);
    const s = position({ cards: [thorny], grid: [['Plain16', 0, 0, 0], ['Thorny', 1, 1, 0], ['Plain17', 1, -1, 0], ['Plain18', 0, 0, 1]] }, rng);
    choose(s, /Plain16 .* attacks Thorny/, rng);
    laterTurnOf(s, 0, 2);
    const options = legalText(s);
    expect(options.some((o) => /Plain16 .* attacks Thorny/.test(o))).toBe(false);
    expect(options.some((o) => /Plain16 .* attacks Plain17/.test(o))).toBe(true);
    expect(options.some((o) => /Plain18 .* attacks Plain16/.test(o))).toBe(true);
    // The turn after that, the status is over.
    laterTurnOf(s, 0, 2);
    expect(legalText(s).some((o) => /Plain16 .* attacks Thorny/.test(o))).toBe(true);
  });
});

describe('draw-and-place', () => {
  const nest = card('Nest', 8, { abilities: [{ name: 'Hatchery', when: 'always', do: ['draw-and-place'] }] });

  it("replaces the normal draw: the drawn card may be placed at once", () => {
    const rng = new ScriptedRng();
    const s = position({ cards: [nest], step: 'draw', grid: [['Nest', 0, 0, 0], ['Plain16', 1, 1, 0]], draws: ['Plain2'] }, rng);
    choose(s, 'seat 0 draws', rng);
    expect(s.dec).toBe(DEC_JOB);
    choose(s, 'seat 0 places Plain2 at (-1, 0)', rng);
    expect(where(s, 'Plain2')).toEqual([-1, 0]);
    expect(handNames(s, 0)).toEqual([]);
    ok(s);
  });

  it('does not dodge the hand-limit discard: a drawn card not placed still counts', () => {
    // Rules doc: "at most 5 cards in hand at the end of any step".
    const rng = new ScriptedRng();
    const s = position({ cards: [nest], step: 'draw', grid: [['Nest', 0, 0, 0], ['Plain16', 1, 1, 0]], hands: [['Plain1', 'Plain3', 'Plain4', 'Plain5', 'Plain6'], []], draws: ['Plain2'] }, rng);
    choose(s, 'seat 0 draws', rng);
    apply(s, SKIP, rng);
    expect(s.dec).toBe(DEC_HAND);
  });
});

describe('computed amounts', () => {
  const groups = [{ id: 'BUG', name: 'Bugs' }];
  it("heal equal to the number of its group's cards in play, minus one", () => {
    const medic = card('Medic', 8, { group: 'BUG', abilities: [{ name: 'Swarm Care', when: 'your-turn', do: [{ heal: { base: -1, per: 'group-in-play' }, to: 'self' }] }] });
    const bugs = [card('BugA', 5, { group: 'BUG' }), card('BugB', 5, { group: 'BUG' })];
    const rng = new ScriptedRng();
    const s = position({ cards: [medic, ...bugs], groups, step: 'abilities', grid: [['Medic', 0, 0, 0, 5], ['BugA', 0, 1, 0], ['BugB', 1, 2, 0]] }, rng);
    choose(s, 'seat 0 uses "Swarm Care" of Medic', rng);
    expect(damageOf(s, 'Medic')).toBe(3); // three bugs in play, minus one
    // Alone in play, minus one is nothing (never a negative heal).
    const alone = position({ cards: [medic, ...bugs], groups, step: 'abilities', grid: [['Medic', 0, 0, 0, 5], ['Plain16', 1, 1, 0]] }, rng);
    choose(alone, 'seat 0 uses "Swarm Care" of Medic', rng);
    expect(damageOf(alone, 'Medic')).toBe(5);
  });

  it("damage equal to the cards in the owner's victory pile; the in-play and discard-pile counts", () => {
    const collector = card('Collector', 8, { abilities: [{ name: 'Trophies', when: 'your-turn', do: [{ damage: { per: 'own-victory' }, to: 'adjacent-enemies' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [collector], step: 'abilities', grid: [['Collector', 0, 0, 0], ['Plain16', 1, 1, 0]], victory: [['Plain1', 'Plain2'], []] }, rng);
    choose(s, 'seat 0 uses "Trophies" of Collector', rng);
    expect(damageOf(s, 'Plain16')).toBe(2);
    const crowd = card('Crowd', 8, { abilities: [{ name: 'Mob', when: 'attack', do: [{ add: { per: 'in-play', max: 3 } }] }] });
    const r2 = new ScriptedRng([2]);
    const t = position({ cards: [crowd], grid: [['Crowd', 0, 0, 0], ['Plain16', 1, 1, 0]] }, r2);
    choose(t, /Crowd .* attacks Plain16/, r2);
    expect(damageOf(t, 'Plain16')).toBe(1 + 1 + 2); // face 2 = 1, battle cry, two cards in play
    const heap = card('Heap', 8, { abilities: [{ name: 'Scrap', when: 'attack', do: [{ add: { per: 'discard-pile', max: 2 } }] }] });
    const r3 = new ScriptedRng([2]);
    const u = position({ cards: [heap], grid: [['Heap', 0, 0, 0], ['Plain16', 1, 1, 0]], discard: ['Plain1'] }, r3);
    choose(u, /Heap .* attacks Plain16/, r3);
    expect(damageOf(u, 'Plain16')).toBe(1 + 1 + 1);
  });
});

describe('turn-start', () => {
  it("fires on its own at the start of its controller's turn", () => {
    const sprout = card('Sprout', 8, { abilities: [{ name: 'Morning Dew', when: 'turn-start', do: [{ heal: 1, to: 'self' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [sprout], step: 'draw', mover: 1, grid: [['Sprout', 0, 0, 0, 3], ['Plain16', 1, 1, 0, 3]] }, rng);
    choose(s, 'seat 1 ends the draw step', rng);
    expect(s.mover).toBe(0);
    expect(damageOf(s, 'Sprout')).toBe(2);
    // Not at the start of the opponent's turn.
    expect(damageOf(s, 'Plain16')).toBe(3);
  });
});

describe('validation of the new words', () => {
  const deck = (ability: string) => ({ cards: [{ name: 'Oddball', hp: 4, attack: [1, 2, 3, 4, 5, 6], abilities: [JSON.parse(ability)] }] });
  const issues = (ability: string) => deckFileSchema.safeParse(deck(ability)).error?.issues.map((i) => i.message) ?? [];
  it('refuses the words where they cannot work', () => {
    expect(issues('{"when": "your-turn", "do": [{"splash": 1}]}')[0]).toMatch(/splash needs an attack/);
    expect(issues('{"when": "attack", "do": [{"confuse": "credits"}]}')[0]).toMatch(/confuse: expected the plain word confuse, or confuse: credit/);
    expect(issues('{"when": "attack", "do": ["reroll-any"]}')[0]).toMatch(/reroll-any only works in an always-on ability/);
    expect(issues('{"when": "turn-start", "do": [{"damage": 1, "to": "target"}]}')[0]).toMatch(/target needs an attack/);
    expect(issues('{"when": "turn-start", "do": [{"heal": {"base": -1, "per": "in-play"}, "to": "self"}]}')).toEqual([]);
  });
});
