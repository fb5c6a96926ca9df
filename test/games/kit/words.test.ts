import { describe, it, expect } from 'vitest';
import { wordsByCode } from '../../../src/games/kit/words.js';
import { EFFECT_NAMES, E_DAMAGE, E_DRAW_AND_PLACE, E_REROLL, TRIGGER_NAMES, T_STATIC, STATUS_NAMES, STATUS_NO_ATTACK_ON_ME } from '../../../src/games/squirmish/vocabulary.js';

describe('wordsByCode (the game kit)', () => {
  it('lists the words in code order, whatever order they were declared in', () => {
    expect(wordsByCode<0 | 1 | 2>({ 2: 'c', 0: 'a', 1: 'b' })).toEqual(['a', 'b', 'c']);
  });

  it('refuses codes that leave a gap', () => {
    expect(() => wordsByCode<0 | 2>({ 0: 'a', 2: 'c' })).toThrow(/1 has no word/);
  });

  it("gives Squirmish's words at their codes", () => {
    expect(EFFECT_NAMES[E_DAMAGE]).toBe('damage');
    expect(EFFECT_NAMES[E_REROLL]).toBe('reroll');
    expect(EFFECT_NAMES[E_DRAW_AND_PLACE]).toBe('draw-and-place');
    expect(EFFECT_NAMES.slice(E_DRAW_AND_PLACE + 1)).toEqual(['splash', 'attack-another']);
    expect(TRIGGER_NAMES[T_STATIC]).toBe('always');
    expect(STATUS_NAMES[STATUS_NO_ATTACK_ON_ME]).toBe('cannot-attack-me');
  });
});
