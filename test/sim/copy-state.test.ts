import { describe, expect, it } from 'vitest';
import { copyState, stateFields } from '../../src/sim/copy-state.js';

class Toy {
  turns = 0;
  terminal = false;
  readonly cells = new Int8Array(4);
  readonly weights = new Float64Array(2);
  readonly scratchBuf = new Int32Array(3);
  readonly rules = { size: 4 };
}

describe('copyState', () => {
  it('copies every typed array element by element and every number or boolean, skipping scratch fields and shared objects', () => {
    const a = new Toy();
    const b = new Toy();
    a.turns = 7;
    a.terminal = true;
    a.cells.set([1, 2, 3, 4]);
    a.weights.set([0.5, -1.25]);
    a.scratchBuf.set([9, 9, 9]);
    copyState(b, a);
    expect(b.turns).toBe(7);
    expect(b.terminal).toBe(true);
    expect([...b.cells]).toEqual([1, 2, 3, 4]);
    expect([...b.weights]).toEqual([0.5, -1.25]);
    expect([...b.scratchBuf]).toEqual([0, 0, 0]);
    expect(b.cells).not.toBe(a.cells); // a copy, not an alias
    expect(b.rules).not.toBe(a.rules); // each state keeps its own configuration object
    a.cells[0] = 42;
    expect(b.cells[0]).toBe(1);
  });

  it('reads the field list from the state', () => {
    expect(stateFields(new Toy())).toEqual({ arrays: ['cells', 'weights'], scalars: ['turns', 'terminal'] });
  });

  it('refuses a field name that is not a plain identifier', () => {
    class Odd {
      'a-b' = 1;
    }
    expect(() => copyState(new Odd(), new Odd())).toThrow(/"a-b" is not a plain identifier/);
  });

  it('refuses plain objects (the compiled copier is kept per class)', () => {
    expect(() => copyState({ turns: 0 }, { turns: 1 })).toThrow(/not plain objects/);
  });
});
