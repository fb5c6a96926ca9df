/**
 * The card language (docs/cards.md): every mechanic kind of the rules doc's "Card language"
 * list, each on a crafted grid with scripted dice. Plain cards do (face - 1) damage.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { SKIP, REROLL } from '../../../src/games/squirmish/actions.js';
import { apply } from '../../../src/games/squirmish/rules.js';
import { position, ScriptedRng, legalText, choose, damageOf, where, handNames, victoryNames, discardNames, inst, legal, type PositionSpec } from './position.js';
import { DEC_JOB, DEC_REROLL, DEC_STEP } from '../../../src/games/squirmish/state-codes.js';

const ok = (s: Parameters<typeof squirmish.checkInvariants>[0]) => expect(squirmish.checkInvariants(s)).toBeNull();

/** A card with plain faces (face k does k - 1 damage) and the given extras. */
const card = (name: string, hp: number, extra: Record<string, unknown> = {}) => ({ name, hp, attack: [0, 1, 2, 3, 4, 5], ...extra });

/** Seat 0's `attacker` attacks seat 1's `target` with the given dice; returns the state after. */
function attack(spec: PositionSpec, attacker: string, target: string, faces: number[], picks: number[] = []) {
  const rng = new ScriptedRng(faces, picks);
  const s = position(spec, rng);
  // Second attack of the card: no battle cry unless a test wants one.
  choose(s, new RegExp(`^seat \\d: ${attacker} \\(.*attacks ${target} of`), rng);
  return { s, rng };
}

const self = 'self';

describe('special attacks and dice', () => {
  const chomper = card('Chomper', 6, { attack: [0, 1, 1, 2, 'special', 'special'], special: { name: 'Chomp', damage: 3, do: [{ heal: 2, to: self }] } });

  it('a special attack on one or more top faces: base damage plus its effects', () => {
    for (const face of [5, 6]) {
      const { s } = attack({ cards: [chomper], grid: [['Chomper', 0, 0, 0, 3], ['Plain16', 1, 1, 0]] }, 'Chomper', 'Plain16', [face]);
      expect(damageOf(s, 'Plain16')).toBe(4); // 3 + battle cry
      expect(damageOf(s, 'Chomper')).toBe(1);
      expect(s.gameCounters[11]).toBe(1);
    }
  });

  it('a second die roll sets the damage (a face, or a special attack)', () => {
    const roller = card('Roller', 6, { attack: [0, 0, 0, 0, 0, 'roll'] });
    const { s } = attack({ cards: [roller], grid: [['Roller', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Roller', 'Plain16', [6, 4]);
    expect(damageOf(s, 'Plain16')).toBe(5); // second roll 4, +1 battle cry
    const stomper = card('Stomper', 6, { attack: [0, 0, 0, 0, 0, 'special'], special: { name: 'Stomp', damage: 'roll' } });
    const t = attack({ cards: [stomper], grid: [['Stomper', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Stomper', 'Plain16', [6, 2]).s;
    expect(damageOf(t, 'Plain16')).toBe(3);
  });

  it('roll again: another attack by the same card', () => {
    const bouncer = card('Bouncer', 6, { attack: [0, 1, 2, 3, 4, 'special'], special: { name: 'Bounce', damage: 1, do: ['roll-again'] } });
    const rng = new ScriptedRng([6, 3]);
    const s = position({ cards: [bouncer], grid: [['Bouncer', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, -1, 0]] }, rng);
    choose(s, /Bouncer .* attacks Plain16/, rng);
    expect(s.dec).toBe(DEC_JOB);
    expect(legalText(s)).toContain('seat 0: Bouncer attacks Plain17 again (roll-again of Bouncer)');
    choose(s, 'seat 0: Bouncer attacks Plain17 again (roll-again of Bouncer)', rng);
    expect(damageOf(s, 'Plain16')).toBe(2); // 1 + battle cry
    expect(damageOf(s, 'Plain17')).toBe(2); // face 3, battle cry spent
    expect(s.gameCounters[19]).toBe(1);
  });

  it('re-roll a die once per turn', () => {
    const lucky = card('Lucky', 6, { abilities: [{ when: 'always', do: ['reroll'] }] });
    const rng = new ScriptedRng([1, 6]);
    const s = position({ cards: [lucky], grid: [['Lucky', 0, 0, 0], ['Plain16', 1, 1, 0]] }, rng);
    choose(s, /Lucky .* attacks Plain16/, rng);
    expect(s.dec).toBe(DEC_REROLL);
    apply(s, REROLL, rng);
    expect(damageOf(s, 'Plain16')).toBe(6);
    expect(s.gameCounters[14]).toBe(1);
  });
});

describe('modifiers', () => {
  const doubler = card('Doubler', 8, { abilities: [{ when: 'attack', do: [{ modify: 'x2' }] }] });
  const halver = card('Halver', 12, { abilities: [{ when: 'attacked', do: [{ modify: '/2' }] }] });

  it('additions and subtractions first, then multiplications and divisions, rounded down', () => {
    // Face 4 = 3 damage, +1 battle cry = 4, x2 = 8.
    expect(damageOf(attack({ cards: [doubler], grid: [['Doubler', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Doubler', 'Plain16', [4]).s, 'Plain16')).toBe(8);
    // (3 + 1) x2 / 2 = 4 against a halving defender; face 3: (2 + 1) x 2 / 2 = 3.
    expect(damageOf(attack({ cards: [doubler, halver], grid: [['Doubler', 0, 0, 0], ['Halver', 1, 1, 0]] }, 'Doubler', 'Halver', [4]).s, 'Halver')).toBe(4);
    // Plain attacker, face 4 = 3 + 1 = 4, halved = 2; face 3 = 2 + 1 = 3, halved = 1 (rounded down).
    expect(damageOf(attack({ cards: [halver], grid: [['Plain1', 0, 0, 0], ['Halver', 1, 1, 0]] }, 'Plain1', 'Halver', [3]).s, 'Halver')).toBe(1);
  });

  it('never below 0, and NO EFFECT cancels every modifier', () => {
    const weak = card('Weak', 8, { abilities: [{ when: 'attack', do: [{ modify: '-5' }] }] });
    expect(damageOf(attack({ cards: [weak], grid: [['Weak', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Weak', 'Plain16', [3]).s, 'Plain16')).toBe(0);
    const adder = card('Adder', 8, { attack: ['none', 1, 2, 3, 4, 5], abilities: [{ when: 'attack', do: [{ modify: '+3' }] }] });
    const { s } = attack({ cards: [adder], grid: [['Adder', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Adder', 'Plain16', [1]);
    expect(damageOf(s, 'Plain16')).toBe(0);
  });

  it('+N on the first attack (a first-attack trigger)', () => {
    const runt = card('Runt', 3, { abilities: [{ when: 'first-attack', do: [{ add: 2 }] }] });
    const { s, rng } = attack({ cards: [runt], grid: [['Runt', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Runt', 'Plain16', [2, 2]);
    expect(damageOf(s, 'Plain16')).toBe(4); // 1 + 1 battle cry + 2
    s.mover = 0;
    s.toMove = 0;
    s.stepIdx = 0;
    s.dec = DEC_STEP;
    s.turns += 2;
    s.invalidate();
    choose(s, /Runt .* attacks Plain16/, rng);
    expect(damageOf(s, 'Plain16')).toBe(5); // + 1 only
  });

  it('amounts that scale with counts (per group member in play, capped)', () => {
    const groups = [{ id: 'PACK', abilities: [{ when: 'attack', group: true, do: [{ add: { base: -1, per: 'group-in-play', max: 3 } }] }] }];
    const cards = [card('Wolf1', 8, { group: 'PACK' }), card('Wolf2', 8, { group: 'PACK' }), card('Wolf3', 8, { group: 'PACK' })];
    const base = { groups, cards, grid: [['Wolf1', 0, 0, 0], ['Plain16', 1, 1, 0], ['Wolf2', 0, -1, 0]] as PositionSpec['grid'] };
    const two = attack(base, 'Wolf1', 'Plain16', [3]).s;
    expect(damageOf(two, 'Plain16')).toBe(2 + 1 + 1); // face 3, battle cry, pack of two
    const three = attack({ ...base, grid: [...base.grid!, ['Wolf3', 1, 0, 1]] }, 'Wolf1', 'Plain16', [3]).s;
    expect(damageOf(three, 'Plain16')).toBe(2 + 1 + 2); // group members of any controller count
  });
});

describe('triggers and targets', () => {
  it('when attacked: damage to the attacker (retaliation)', () => {
    const spiky = card('Spiky', 12, { abilities: [{ when: 'attacked', do: [{ damage: 2, to: 'attacker' }] }] });
    const { s } = attack({ cards: [spiky], grid: [['Plain16', 0, 0, 0], ['Spiky', 1, 1, 0]] }, 'Plain16', 'Spiky', [2]);
    expect(damageOf(s, 'Plain16')).toBe(2);
    expect(damageOf(s, 'Spiky')).toBe(2);
  });

  it('all adjacent cards: enemies only, or everyone including own cards', () => {
    const stinker = card('Stinker', 10, { abilities: [{ when: 'after-attack', do: [{ damage: 1, to: 'adjacent-enemies' }] }] });
    const flopper = card('Flopper', 10, { abilities: [{ when: 'after-attack', do: [{ damage: 1, to: 'adjacent-all' }] }] });
    const grid = (n: string): PositionSpec['grid'] => [[n, 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 0, 1], ['Plain18', 0, -1, 0]];
    const a = attack({ cards: [stinker], grid: grid('Stinker') }, 'Stinker', 'Plain16', [1]).s;
    // Face 1 does nothing, the battle cry 1; then 1 more to each adjacent enemy.
    expect([damageOf(a, 'Plain16'), damageOf(a, 'Plain17'), damageOf(a, 'Plain18')]).toEqual([2, 1, 0]);
    const b = attack({ cards: [flopper], grid: grid('Flopper') }, 'Flopper', 'Plain16', [1]).s;
    expect([damageOf(b, 'Plain16'), damageOf(b, 'Plain17'), damageOf(b, 'Plain18')]).toEqual([2, 1, 1]);
  });

  it('one more card anywhere in play (chosen), and self', () => {
    const zapper = card('Zapper', 8, { abilities: [{ when: 'after-attack', do: [{ damage: 2, to: 'chosen-enemy' }, { heal: 1, to: 'self' }] }] });
    const rng = new ScriptedRng([2]);
    const s = position({ cards: [zapper], grid: [['Zapper', 0, 0, 0, 2], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0], ['Plain18', 1, 3, 0]] }, rng);
    choose(s, /Zapper .* attacks Plain16/, rng);
    // The directly attacked card is not "one more card".
    expect(legalText(s)).toEqual(['seat 0 chooses Plain17 (damage of Zapper)', 'seat 0 chooses Plain18 (damage of Zapper)']);
    choose(s, 'seat 0 chooses Plain18 (damage of Zapper)', rng);
    expect(damageOf(s, 'Plain18')).toBe(2);
    expect(damageOf(s, 'Zapper')).toBe(1);
  });

  it('always on (static) and group active: two or more of the group in play, whoever controls them', () => {
    const groups = [{ id: 'BOG', abilities: [{ when: 'group-active', do: [{ reduce: 1 }] }] }];
    const cards = [card('Bog1', 10, { group: 'BOG' }), card('Bog2', 10, { group: 'BOG' })];
    const alone = attack({ groups, cards, grid: [['Plain16', 0, 0, 0], ['Bog1', 1, 1, 0]] }, 'Plain16', 'Bog1', [4]).s;
    expect(damageOf(alone, 'Bog1')).toBe(4);
    const pair = attack({ groups, cards, grid: [['Plain16', 0, 0, 0], ['Bog1', 1, 1, 0], ['Bog2', 0, -1, 0]] }, 'Plain16', 'Bog1', [4]).s;
    expect(damageOf(pair, 'Bog1')).toBe(3);
  });

  it('once per turn on your turn (weird): the controller chooses to use it, even outside an attack', () => {
    const healer = card('Healer', 6, { abilities: [{ name: 'Mend', when: 'your-turn', do: [{ heal: 2, to: 'chosen-own' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [healer], step: 'abilities', grid: [['Healer', 0, 0, 0], ['Plain16', 0, 1, 0, 3]] }, rng);
    expect(legalText(s)).toEqual(['seat 0 uses "Mend" of Healer', 'seat 0 ends the abilities step']);
    choose(s, 'seat 0 uses "Mend" of Healer', rng);
    choose(s, 'seat 0 chooses Plain16 (heal of Healer)', rng);
    expect(damageOf(s, 'Plain16')).toBe(1);
    // Used this turn: the step ends without offering it again.
    expect(s.dec).toBe(DEC_STEP);
    expect(legalText(s).some((t) => t.includes('Mend'))).toBe(false);
    ok(s);
  });

  it('go down fighting: a knocked-out card can still use its weird ability before clean-up, and still goes', () => {
    // Rules doc: "KOs are applied in clean-up, after abilities resolve ("go down fighting")";
    // "a card is knocked out (KO) when damage >= its HP" (so its own healing cannot save it).
    const brawler = card('Brawler', 6, { abilities: [{ name: 'Last Swing', when: 'your-turn', do: [{ damage: 2, to: 'adjacent-enemies' }, { heal: 2, to: 'self' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [brawler], step: 'abilities', grid: [['Brawler', 0, 0, 0, 6], ['Plain16', 1, 1, 0], ['Plain17', 0, -1, 0]] }, rng);
    choose(s, 'seat 0 uses "Last Swing" of Brawler', rng);
    expect(damageOf(s, 'Plain16')).toBe(2);
    expect(where(s, 'Brawler')).toBeNull();
  });

  it('when an opponent draws: make them discard the card just drawn (on a roll)', () => {
    const snitch = card('Snitch', 4, { abilities: [{ when: 'opponent-draws', if: { roll: [5, 6] }, do: ['discard-drawn'] }] });
    const rng = new ScriptedRng([5]);
    const s = position({ cards: [snitch], step: 'draw', grid: [['Plain1', 0, 0, 0], ['Snitch', 1, 1, 0]], draws: ['Plain2'] }, rng);
    choose(s, 'seat 0 draws', rng);
    expect(handNames(s, 0)).toEqual([]);
    expect(discardNames(s)).toContain('Plain2');
    const miss = position({ cards: [snitch], step: 'draw', grid: [['Plain1', 0, 0, 0], ['Snitch', 1, 1, 0]], draws: ['Plain2'] }, (rng.faces.push(4), rng));
    choose(miss, 'seat 0 draws', rng);
    expect(handNames(miss, 0)).toEqual(['Plain2']);
  });

  it('when placed', () => {
    const jack = card('Jack', 3, { abilities: [{ when: 'placed', do: [{ damage: 1, to: 'adjacent-enemies' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [jack], step: 'place or move', grid: [['Plain1', 0, 0, 0], ['Plain16', 1, 1, 0]], hands: [['Jack'], []] }, rng);
    choose(s, 'seat 0 places Jack at (1, 1)', rng);
    expect(damageOf(s, 'Plain16')).toBe(1);
  });
});

describe('conditions', () => {
  it('die-face ranges', () => {
    const clingy = card('Clingy', 12, { abilities: [{ when: 'attacked', if: { face: [1, 2] }, do: [{ damage: 1, to: 'attacker' }] }] });
    for (const [face, hurt] of [[2, 1], [3, 0]] as const) {
      const { s } = attack({ cards: [clingy], grid: [['Plain16', 0, 0, 0], ['Clingy', 1, 1, 0]] }, 'Plain16', 'Clingy', [face]);
      expect(damageOf(s, 'Plain16')).toBe(hurt);
    }
  });

  it('target owner and group membership', () => {
    const groups = [{ id: 'RUST' }];
    const crusher = card('Crusher', 8, { abilities: [{ when: 'attack', if: { target: 'enemy', 'target-group': 'RUST' }, do: [{ modify: 'x2' }] }] });
    const cards = [crusher, card('Robot', 12, { group: 'RUST' }), card('Robot2', 12, { group: 'RUST' })];
    const enemy = attack({ groups, cards, grid: [['Crusher', 0, 0, 0], ['Robot', 1, 1, 0]] }, 'Crusher', 'Robot', [3]).s;
    expect(damageOf(enemy, 'Robot')).toBe(6);
    const own = attack({ groups, cards, grid: [['Crusher', 0, 0, 0], ['Robot2', 0, 1, 0]] }, 'Crusher', 'Robot2', [3]).s;
    expect(damageOf(own, 'Robot2')).toBe(3);
    const plain = attack({ groups, cards, grid: [['Crusher', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Crusher', 'Plain16', [3]).s;
    expect(damageOf(plain, 'Plain16')).toBe(3);
  });

  it('number of group members in play', () => {
    const groups = [{ id: 'BOG' }];
    const hulk = card('Hulk', 14, { group: 'BOG', abilities: [{ when: 'attack', if: { 'group-in-play': { min: 3 } }, do: [{ add: 2 }] }] });
    const cards = [hulk, card('Bog1', 5, { group: 'BOG' }), card('Bog2', 5, { group: 'BOG' })];
    const two = attack({ groups, cards, grid: [['Hulk', 0, 0, 0], ['Plain16', 1, 1, 0], ['Bog1', 0, -1, 0]] }, 'Hulk', 'Plain16', [2]).s;
    expect(damageOf(two, 'Plain16')).toBe(2);
    const three = attack({ groups, cards, grid: [['Hulk', 0, 0, 0], ['Plain16', 1, 1, 0], ['Bog1', 0, -1, 0], ['Bog2', 1, 0, 1]] }, 'Hulk', 'Plain16', [2]).s;
    expect(damageOf(three, 'Plain16')).toBe(4);
  });

  it('number of cards a player has in play, and the size of a victory pile', () => {
    const bully = card('Bully', 8, { abilities: [{ when: 'attack', if: { 'target-owner-in-play': { max: 1 } }, do: [{ add: 1 }] }] });
    const judge = card('Judge', 8, { abilities: [{ when: 'attack', if: { 'target-owner-victory': { min: 2 } }, do: [{ add: 3 }] }] });
    const lone = attack({ cards: [bully], grid: [['Bully', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Bully', 'Plain16', [2]).s;
    expect(damageOf(lone, 'Plain16')).toBe(3);
    const crowd = attack({ cards: [bully], grid: [['Bully', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0]] }, 'Bully', 'Plain16', [2]).s;
    expect(damageOf(crowd, 'Plain16')).toBe(2);
    const rich = attack({ cards: [judge], grid: [['Judge', 0, 0, 0], ['Plain16', 1, 1, 0]], victory: [[], ['Plain1', 'Plain2']] }, 'Judge', 'Plain16', [2]).s;
    expect(damageOf(rich, 'Plain16')).toBe(5);
  });

  it('target moved on its last turn', () => {
    const stalker = card('Stalker', 8, { abilities: [{ when: 'attack', if: { 'target-moved': true }, do: [{ add: 2 }] }] });
    const rng = new ScriptedRng([2]);
    const s = position({ cards: [stalker], grid: [['Stalker', 0, 0, 0], ['Plain16', 1, 1, 0]] }, rng);
    s.movedTurn[inst(s, 'Plain16')] = s.lastTurnOf[1]!;
    choose(s, /Stalker .* attacks Plain16/, rng);
    expect(damageOf(s, 'Plain16')).toBe(4);
  });

  it("the ability's own extra roll, and once per turn", () => {
    const boxer = card('Boxer', 12, { abilities: [{ when: 'attacked', if: { roll: [4, 6], 'once-per-turn': true }, do: [{ damage: 2, to: 'attacker' }] }] });
    const bouncer = card('Bouncer', 10, { attack: [0, 1, 2, 3, 4, 'special'], special: { name: 'Bounce', damage: 1, do: ['roll-again'] } });
    // Attack, the defender rolls 5 (hits back), roll again on the same card, the defender rolls 6 but it was used this turn.
    const rng = new ScriptedRng([6, 5, 2, 6]);
    const s = position({ cards: [boxer, bouncer], grid: [['Bouncer', 0, 0, 0], ['Boxer', 1, 1, 0]] }, rng);
    choose(s, /Bouncer .* attacks Boxer/, rng);
    choose(s, /attacks Boxer again/, rng);
    expect(damageOf(s, 'Bouncer')).toBe(2);
  });
});

describe('knock-outs and defence', () => {
  it('knock out regardless of HP (conditional)', () => {
    const dot = card('Dot', 3, { attack: [0, 0, 0, 0, 0, 'special'], special: { name: 'Toxic', damage: 1, if: { 'target-hp': { max: 5 } }, do: [{ ko: 'target' }] } });
    const small = attack({ cards: [dot], grid: [['Dot', 0, 0, 0], ['Plain1', 1, 1, 0], ['Plain16', 0, -1, 0]] }, 'Dot', 'Plain1', [6]).s;
    expect(victoryNames(small, 0)).toEqual(['Plain1']);
    const big = attack({ cards: [dot], grid: [['Dot', 0, 0, 0], ['Plain16', 1, 1, 0]] }, 'Dot', 'Plain16', [6]).s;
    expect(victoryNames(big, 0)).toEqual([]);
  });

  it('avoid an attack on a roll; reduce every hit by N; ignore hits below N', () => {
    const newt = card('Newt', 6, { abilities: [{ when: 'attacked', if: { roll: [5, 6] }, do: ['avoid'] }] });
    const a = attack({ cards: [newt], grid: [['Plain16', 0, 0, 0], ['Newt', 1, 1, 0]] }, 'Plain16', 'Newt', [6, 5]).s;
    expect(damageOf(a, 'Newt')).toBe(0);
    expect(a.gameCounters[13]).toBe(1);
    const b = attack({ cards: [newt], grid: [['Plain16', 0, 0, 0], ['Newt', 1, 1, 0]] }, 'Plain16', 'Newt', [2, 4]).s;
    expect(damageOf(b, 'Newt')).toBe(2);
    const shell = card('Shell', 10, { abilities: [{ when: 'always', do: [{ reduce: 2 }] }] });
    expect(damageOf(attack({ cards: [shell], grid: [['Plain16', 0, 0, 0], ['Shell', 1, 1, 0]] }, 'Plain16', 'Shell', [5]).s, 'Shell')).toBe(3);
    const plate = card('Plate', 10, { abilities: [{ when: 'always', do: [{ 'ignore-below': 3 }] }] });
    expect(damageOf(attack({ cards: [plate], grid: [['Plain16', 0, 0, 0], ['Plate', 1, 1, 0]] }, 'Plain16', 'Plate', [2]).s, 'Plate')).toBe(0);
    expect(damageOf(attack({ cards: [plate], grid: [['Plain16', 0, 0, 0], ['Plate', 1, 1, 0]] }, 'Plain16', 'Plate', [3]).s, 'Plate')).toBe(3);
  });

  it('knock-out rule override: own cards knocked out count for your victory pile', () => {
    const lou = card('Lou', 6, { abilities: [{ when: 'always', do: ['ko-override'] }] });
    const { s } = attack({ cards: [lou], grid: [['Lou', 0, 0, 0], ['Plain11', 0, 1, 0], ['Plain16', 1, -1, 0]] }, 'Lou', 'Plain11', [6]);
    expect(victoryNames(s, 0)).toEqual(['Plain11']);
  });
});

describe('cards in hand and deck', () => {
  it('draw a card, optionally placing it at once', () => {
    const croak = card('Croak', 9, { abilities: [{ when: 'after-attack', do: [{ draw: 1, place: true }] }] });
    const rng = new ScriptedRng([1]);
    const s = position({ cards: [croak], grid: [['Croak', 0, 0, 0], ['Plain16', 1, 1, 0]], draws: ['Plain2'] }, rng);
    choose(s, /Croak .* attacks Plain16/, rng);
    expect(s.dec).toBe(DEC_JOB);
    expect(legal(s)).toContain(SKIP);
    choose(s, 'seat 0 places Plain2 at (-1, 0)', rng);
    expect(where(s, 'Plain2')).toEqual([-1, 0]);
    ok(s);
  });

  it("look at an opponent's hand and discard one", () => {
    const pirate = card('Pirate', 8, { abilities: [{ when: 'after-attack', do: ['look-and-discard'] }] });
    const rng = new ScriptedRng([1]);
    const s = position({ cards: [pirate], grid: [['Pirate', 0, 0, 0], ['Plain16', 1, 1, 0]], hands: [[], ['Plain1', 'Plain2']] }, rng);
    choose(s, /Pirate .* attacks Plain16/, rng);
    expect(legalText(s)).toEqual(['seat 0 chooses Plain1 (look-and-discard of Pirate)', 'seat 0 chooses Plain2 (look-and-discard of Pirate)']);
    // Seat 0 now knows those cards.
    expect(s.knownBy[inst(s, 'Plain1')]! & 1).toBe(1);
    choose(s, 'seat 0 chooses Plain2 (look-and-discard of Pirate)', rng);
    expect(handNames(s, 1)).toEqual(['Plain1']);
    expect(discardNames(s)).toContain('Plain2');
  });
});

describe('reach and restrictions', () => {
  it('attack any card in play', () => {
    const sam = card('Sam', 4, { abilities: [{ when: 'always', do: ['reach-any'] }] });
    const s = position({ cards: [sam], grid: [['Sam', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0]] });
    expect(legalText(s).filter((t) => t.startsWith('seat 0: Sam'))).toHaveLength(2);
  });

  it('cannot attack a group; cannot be attacked by a group', () => {
    const groups = [{ id: 'SKY' }, { id: 'TUSK' }];
    const tusk = card('Tusk', 12, { group: 'TUSK', abilities: [{ when: 'always', do: [{ 'cannot-attack': 'SKY' }] }] });
    const bird = card('Bird', 4, { group: 'SKY' });
    const shy = card('Shy', 4, { abilities: [{ when: 'always', do: [{ 'immune-to': 'TUSK' }] }] });
    const tusk2 = card('Tusk2', 12, { group: 'TUSK' });
    const s = position({ groups, cards: [tusk, bird, shy, tusk2], grid: [['Tusk', 0, 0, 0], ['Bird', 1, 1, 0], ['Tusk2', 0, 0, 1], ['Shy', 1, 1, 1]] });
    const attacks = legalText(s).filter((t) => t.includes('attacks'));
    expect(attacks.some((t) => t.startsWith('seat 0: Tusk (') && t.includes('Bird'))).toBe(false);
    expect(attacks.some((t) => t.startsWith('seat 0: Tusk2') && t.includes('Shy'))).toBe(false);
    expect(attacks.some((t) => t.startsWith('seat 0: Tusk2') && t.includes('Tusk of'))).toBe(true);
  });

  it('cannot attack / cannot be attacked for a duration (until the end of its next turn)', () => {
    const stinger = card('Stinger', 8, { abilities: [{ when: 'after-attack', do: [{ status: 'cannot-attack', to: 'target', for: 'next-turn' }] }] });
    const rng = new ScriptedRng([1]);
    const s = position({ cards: [stinger], step: 'attack', grid: [['Stinger', 0, 0, 0], ['Plain16', 1, 1, 0]] }, rng);
    choose(s, /Stinger .* attacks Plain16/, rng);
    choose(s, 'seat 0 ends the place or move step', rng);
    choose(s, 'seat 0 draws', rng);
    // Seat 1's turn: Plain16 cannot attack.
    expect(s.toMove).toBe(1);
    expect(legalText(s).some((t) => t.startsWith('seat 1: Plain16'))).toBe(false);
  });
});

describe('moving cards', () => {
  it('move this card anywhere (swap with any card in play)', () => {
    const polly = card('Polly', 5, { abilities: [{ name: 'Boing', when: 'your-turn', do: ['move-self-anywhere'] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [polly], step: 'abilities', grid: [['Polly', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0]] }, rng);
    choose(s, 'seat 0 uses "Boing" of Polly', rng);
    choose(s, 'seat 0 moves Polly, swapping with Plain17', rng);
    expect(where(s, 'Polly')).toEqual([2, 0]);
  });

  it("move an opponent's card; extra movement", () => {
    const wes = card('Wes', 8, { abilities: [{ when: 'after-attack', do: ['move-opponent'] }, { name: 'Hop', when: 'your-turn', do: ['extra-move'] }] });
    const rng = new ScriptedRng([1]);
    const s = position({ cards: [wes], grid: [['Wes', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0]] }, rng);
    choose(s, /Wes .* attacks Plain16/, rng);
    choose(s, 'seat 0 moves Plain17, swapping with Plain16', rng);
    expect(where(s, 'Plain17')).toEqual([1, 0]);
    choose(s, 'seat 0 uses "Hop" of Wes', rng);
    choose(s, 'seat 0 moves Wes, swapping with Plain17', rng);
    expect(where(s, 'Wes')).toEqual([1, 0]);
    ok(s);
  });

  it('rearrange all cards in play (a series of swaps)', () => {
    const gus = card('Gus', 8, { abilities: [{ name: 'Shuffle', when: 'your-turn', do: ['rearrange'] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [gus], step: 'abilities', grid: [['Gus', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0]] }, rng);
    choose(s, 'seat 0 uses "Shuffle" of Gus', rng);
    choose(s, 'seat 0 moves Gus, swapping with Plain17', rng);
    choose(s, /seat 0 moves (Plain17, swapping with Plain16|Plain16, swapping with Plain17)/, rng);
    expect([where(s, 'Gus'), where(s, 'Plain16'), where(s, 'Plain17')]).toEqual([[2, 0], [0, 0], [1, 0]]);
    ok(s);
  });

  it('the attacked card is confused and attacks another card instead', () => {
    const moth = card('Moth', 3, { attack: [0, 0, 0, 0, 0, 'special'], special: { name: 'Dazzle', damage: 1, do: ['confuse'] } });
    const rng = new ScriptedRng([6, 4]);
    const s = position({ cards: [moth], grid: [['Moth', 0, 0, 0], ['Plain16', 1, 1, 0], ['Plain17', 1, 2, 0]] }, rng);
    choose(s, /Moth .* attacks Plain16/, rng);
    expect(damageOf(s, 'Plain16')).toBe(0);
    // Plain17 is the only victim (never Moth, the card that confused it): taken at once.
    expect(damageOf(s, 'Plain17')).toBe(3); // Plain16's own table: face 4 = 3
    expect(damageOf(s, 'Moth')).toBe(0);
    expect(s.gameCounters[18]).toBe(1);
  });

  it('move damage counters between own cards', () => {
    const monk = card('Monk', 6, { abilities: [{ name: 'Burden', when: 'your-turn', do: [{ 'move-damage': 2 }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [monk], step: 'abilities', grid: [['Monk', 0, 0, 0, 3], ['Plain16', 0, 1, 0]] }, rng);
    choose(s, 'seat 0 uses "Burden" of Monk', rng);
    choose(s, 'seat 0 moves damage from Monk to Plain16 (move-damage of Monk)', rng);
    expect([damageOf(s, 'Monk'), damageOf(s, 'Plain16')]).toEqual([1, 2]);
  });
});

describe('named effects in code', () => {
  it('custom: a registered effect (recycle-discard)', () => {
    const juggler = card('Juggler', 7, { abilities: [{ name: 'Juggle', when: 'your-turn', do: [{ custom: 'recycle-discard' }] }] });
    const rng = new ScriptedRng();
    const s = position({ cards: [juggler], step: 'abilities', grid: [['Juggler', 0, 0, 0]], restInDiscard: true }, rng);
    const before = s.discardLen;
    choose(s, 'seat 0 uses "Juggle" of Juggler', rng);
    expect(s.discardLen).toBe(0);
    expect(s.deckLen).toBe(before);
    ok(s);
  });
});
