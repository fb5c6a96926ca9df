/**
 * Edge cases where the engine once played differently from shared/rules/squirmish.md (issue 17):
 * knocked-out cards, the videogame battle cry, confused attacks, draw-and-place and the hand
 * limit. Each test quotes the rules doc line it relies on; plain cards do (face - 1) damage.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { SKIP } from '../../../src/games/squirmish/actions.js';
import type { SquirmishState } from '../../../src/games/squirmish/state.js';
import { DEC_STEP, DEC_HAND, DEC_JOB } from '../../../src/games/squirmish/state-codes.js';
import { apply } from '../../../src/games/squirmish/rules.js';
import { position, ScriptedRng, legalText, choose, damageOf, where, handNames, victoryNames, inst } from './position.js';

const ok = (s: SquirmishState) => expect(squirmish.checkInvariants(s)).toBeNull();
const card = (name: string, hp: number, extra: Record<string, unknown> = {}) => ({ name, hp, attack: [0, 1, 2, 3, 4, 5], ...extra });

/** Start `seat`'s next turn at its first step (a later turn of the same game). */
function nextTurnOf(s: SquirmishState, seat: number, stepIdx = 0): void {
  s.mover = seat;
  s.toMove = seat;
  s.stepIdx = stepIdx;
  s.stepEnding = false;
  s.dec = DEC_STEP;
  s.turns += 1;
  s.lastTurnOf[seat] = s.turns;
  s.invalidate();
}

const spiky = (hp: number, hit: number) => card(`Spiky${hp}`, hp, { abilities: [{ name: 'Thorns', when: 'attacked', do: [{ damage: hit, to: 'attacker' }] }] });

describe('fix 1: a knocked-out card does nothing more before clean-up', () => {
  // Rules doc, "Cards and the Squirmish": "a card is knocked out (KO) when damage >= its HP".
  it('healing after the knock-out does not bring the card back', () => {
    const patcher = card('Patcher', 8, { attack: [0, 0, 0, 0, 0, 'special'], special: { name: 'Patch Up', damage: 2, do: [{ heal: 5, to: 'target' }] } });
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [patcher], grid: [['Patcher', 0, 0, 0], ['Plain11', 1, 1, 0], ['Plain16', 1, 2, 0]] }, rng);
    choose(s, /Patcher .* attacks Plain11/, rng);
    // 2 + battle cry = 3 = Plain11's HP: out at once; the heal comes too late.
    expect(victoryNames(s, 0)).toEqual(['Plain11']);
    expect(where(s, 'Plain11')).toBeNull();
    ok(s);
  });

  it('a card knocked out by a counter-attack makes no further attack (its after-attack roll-again)', () => {
    // Rules doc, "Attacking": "KOs are applied in clean-up, after abilities resolve ("go down
    // fighting")": the counter-attack the attack itself triggered still resolves, but the
    // attacker, knocked out by it, starts nothing new.
    const hopper = card('Hopper', 3, { abilities: [{ name: 'Hop', when: 'after-attack', do: ['roll-again'] }] });
    const rng = new ScriptedRng([2]);
    const s = position({ cards: [hopper, spiky(12, 2)], grid: [['Hopper', 0, 0, 0, 2], ['Spiky12', 1, 1, 0], ['Plain16', 1, 0, 1], ['Plain17', 0, -1, 0]] }, rng);
    choose(s, /Hopper .* attacks Spiky12/, rng);
    expect(damageOf(s, 'Spiky12')).toBe(2); // face 2 = 1, +1 battle cry
    expect(legalText(s).some((t) => / again /.test(t))).toBe(false);
    expect(victoryNames(s, 1)).toEqual(['Hopper']);
    expect(rng.left).toBe(0);
    ok(s);
  });

  it('a knocked-out card does not counter-attack a later attack on it', () => {
    const bouncer = card('Bouncer', 10, { attack: [0, 1, 2, 3, 4, 'special'], special: { name: 'Bounce', damage: 1, do: ['roll-again'] } });
    const rng = new ScriptedRng([6, 2]);
    const s = position({ cards: [bouncer, spiky(2, 1)], grid: [['Bouncer', 0, 0, 0], ['Spiky2', 1, 1, 0], ['Plain16', 1, -1, 0]] }, rng);
    choose(s, /Bouncer .* attacks Spiky2/, rng); // 1 + battle cry = 2: Spiky2 is out; its Thorns for this attack still hit
    expect(s.dec).toBe(DEC_JOB);
    choose(s, 'seat 0: Bouncer attacks Spiky2 again (roll-again of Bouncer)', rng);
    expect(damageOf(s, 'Bouncer')).toBe(1); // one counter-attack, not two
    expect(victoryNames(s, 0)).toEqual(['Spiky2']);
    ok(s);
  });

  it('a knock-out is credited to the hit that dealt it, not to a later hit', () => {
    // Rules doc, "Attacking": "Knocked-out cards go to the attacker's controller's victory pile".
    const martyr = card('Martyr', 3, { abilities: [{ name: 'Self-Pity', when: 'attacked', do: [{ damage: 1, to: 'self' }] }] });
    const rng = new ScriptedRng([3]);
    // Seat 0's Plain16 knocks out seat 1's Martyr (2 + battle cry = 3); Martyr's own hit on itself comes after.
    const s = position({ cards: [martyr], grid: [['Plain16', 0, 0, 0], ['Martyr', 1, 1, 0], ['Plain17', 1, 2, 0]] }, rng);
    choose(s, /Plain16 .* attacks Martyr/, rng);
    expect(victoryNames(s, 0)).toEqual(['Martyr']);
    ok(s);
  });
});

describe('fix 2: the videogame battle cry fires on the card\'s first attack ever', () => {
  // Rules doc, "Editions": battle cry (videogame) "+1 on the card's first attack ever".
  it('a card that went back to hand and was placed again gets no second battle cry', () => {
    const rng = new ScriptedRng([3, 3]);
    const s = position({ grid: [['Plain16', 0, 0, 0], ['Plain17', 1, 1, 0], ['Plain18', 0, -1, 0]] }, rng);
    choose(s, /Plain16 .* attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(3); // face 3 = 2, +1 battle cry
    // Plain16 goes back to its owner's hand; seat 0 places it again in a later turn.
    const i = inst(s, 'Plain16');
    s.takeOffGrid(i);
    s.addToHand(0, i);
    nextTurnOf(s, 0, 3); // place or move
    choose(s, 'seat 0 places Plain16 at (0, 0)', rng);
    nextTurnOf(s, 0);
    choose(s, /Plain16 .* attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(5); // face 3 = 2, no battle cry
  });

  it('tabletop: the battle cry comes with every placement (its own rule)', () => {
    // Rules doc, "Editions": battle cry (tabletop) "+1 on the placed card's next attack in the turn it was placed".
    const rng = new ScriptedRng([3]);
    const s = position({ rules: { edition: 'tabletop' }, step: 'place', grid: [['Plain17', 1, 1, 0]], hands: [['Plain16'], []] }, rng);
    choose(s, 'seat 0 places Plain16 at (0, 0)', rng);
    choose(s, /Plain16 .* attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(3);
  });
});

const moth = card('Moth', 8, { attack: [0, 0, 0, 0, 0, 'special'], special: { name: 'Dazzle', damage: 1, do: ['confuse'] } });

describe('fix 3: a confused card\'s attack obeys every restriction of a normal attack', () => {
  // Rules doc, "Card language": "cannot attack / cannot be attacked by (a group, or a card for a
  // duration ...)"; "the attacked card is confused and attacks another card instead".
  it('immunities: a card immune to attacks is not a victim', () => {
    const ward = card('Ward', 8, { abilities: [{ name: 'Aura', when: 'always', do: [{ 'immune-to': 'any' }] }] });
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [moth, ward], grid: [['Moth', 0, 0, 0], ['Plain16', 1, 1, 0], ['Ward', 1, 2, 0], ['Plain17', 0, 1, 1], ['Plain18', 0, 1, -1]] }, rng);
    choose(s, /Moth .* attacks Plain16/, rng);
    // Not Ward (immune), and not Moth (the confuser: issue 39).
    expect(legalText(s).sort()).toEqual(['seat 0 chooses Plain17 (confuse of Moth)', 'seat 0 chooses Plain18 (confuse of Moth)']);
  });

  it('a group ban of the confused card, and statuses, forbid victims', () => {
    const groups = [{ id: 'BUG', name: 'Bugs' }];
    const bugA = card('BugA', 8, { group: 'BUG' });
    const picky = card('Picky', 8, { abilities: [{ name: 'Squeamish', when: 'always', do: [{ 'cannot-attack': 'BUG' }] }] });
    const rng = new ScriptedRng([6, 4]);
    const s = position({ cards: [moth, bugA, picky], groups, grid: [['Moth', 0, 0, 0], ['Picky', 1, 1, 0], ['BugA', 0, 2, 0], ['Plain17', 0, 1, 1]] }, rng);
    s.notAttackableUntil[inst(s, 'Moth')] = s.turns + 5;
    s.invalidate();
    choose(s, /Moth .* attacks Picky/, rng);
    // Moth cannot be attacked, BugA is of a banned group: Plain17 is the only victim (taken at once).
    expect(damageOf(s, 'Plain17')).toBe(3);
    expect(damageOf(s, 'BugA')).toBe(0);
  });

  it('a confused card that cannot attack at all attacks nobody', () => {
    const meek = card('Meek', 8, { abilities: [{ name: 'Pacifist', when: 'always', do: [{ 'cannot-attack': 'any' }] }] });
    const rng = new ScriptedRng([6]);
    const s = position({ cards: [moth, meek], grid: [['Moth', 0, 0, 0], ['Meek', 1, 1, 0], ['Plain16', 1, 2, 0], ['Plain17', 0, 1, 1]] }, rng);
    choose(s, /Moth .* attacks Meek/, rng);
    expect(s.dec).not.toBe(DEC_JOB);
    expect([damageOf(s, 'Meek'), damageOf(s, 'Plain16'), damageOf(s, 'Plain17'), damageOf(s, 'Moth')]).toEqual([0, 0, 0, 0]);
    expect(rng.left).toBe(0);
  });
});

describe('fix 5: being confused does not use up the battle cry', () => {
  // Rules doc, "Editions": battle cry (videogame) "+1 on the card's first attack ever" — a
  // confused card's attack is not an attack its controller made.
  it('the confused card still has its battle cry on its own first attack', () => {
    const rng = new ScriptedRng([6, 4, 3]);
    const s = position({ cards: [moth], grid: [['Moth', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 0, 2, 0]] }, rng);
    choose(s, /Moth .* attacks Plain16/, rng); // Plain17, the only victim but Moth, is taken at once
    expect(damageOf(s, 'Plain17')).toBe(3); // face 4 = 3, no battle cry on a confused attack
    nextTurnOf(s, 1);
    choose(s, /Plain16 .* attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(3 + 3); // face 3 = 2, +1: the battle cry was kept
  });
});

describe('fix 4: draw-and-place does not dodge the hand-limit discard', () => {
  // Rules doc, "Cards and the Squirmish": "at most 5 cards in hand at the end of any step
  // (extras are discarded at once, the player choosing ...)".
  const croak = (n: number) => card('Croak', 9, { abilities: [{ name: 'Spawn', when: 'after-attack', do: [{ draw: n, place: true }] }] });
  const full = ['Plain1', 'Plain2', 'Plain3', 'Plain4', 'Plain5'];

  it('skipping the placement leaves an extra card to discard', () => {
    const rng = new ScriptedRng([1]);
    const s = position({ cards: [croak(1)], grid: [['Croak', 0, 0, 0], ['Plain16', 1, 1, 0]], hands: [full, []], draws: ['Plain6'] }, rng);
    choose(s, /Croak .* attacks Plain16/, rng);
    expect(s.dec).toBe(DEC_JOB);
    apply(s, SKIP, rng);
    expect(s.dec).toBe(DEC_HAND);
    expect(handNames(s, 0)).toHaveLength(6);
  });

  it('drawing two and placing one still leaves one to discard', () => {
    const rng = new ScriptedRng([1]);
    const s = position({ cards: [croak(2)], grid: [['Croak', 0, 0, 0], ['Plain16', 1, 1, 0]], hands: [full, []], draws: ['Plain6', 'Plain7'] }, rng);
    choose(s, /Croak .* attacks Plain16/, rng);
    choose(s, 'seat 0 places Plain7 at (-1, 0)', rng);
    expect(s.dec).toBe(DEC_HAND);
    expect(handNames(s, 0)).toHaveLength(6);
  });
});
