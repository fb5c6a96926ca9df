/** Traces: `squabble replay` names every decision and shows the dice, special attacks, abilities and knock-outs. */
import { describe, it, expect } from 'vitest';
import { replayTrace } from '../../../src/cli/commands/replay.js';
import { render } from '../../../src/games/squirmish/render.js';
import { position, ScriptedRng, choose } from './position.js';

describe('traces', () => {
  it('a replay shows decisions, rolls and knock-outs, and the grid with controllers and damage', () => {
    const trace = replayTrace('scenarios/squirmish/classic-greedy.yaml', { game: '2', checkInvariants: true });
    expect(trace).toMatch(/picks .* \(HP \d+\) for the weigh-in/);
    expect(trace).toMatch(/attacks .*: rolls \d/);
    expect(trace).toMatch(/KO: .* goes to seat \d's victory pile/);
    expect(trace).toMatch(/\| .* s[01] \d+\/\d+ /);
    expect(trace).toMatch(/hand \(hidden\)/);
    expect(trace).toMatch(/result: seat \d \(greedy\) wins/);
  });

  it('shows special attacks and the abilities that fired', () => {
    const cards = [{ name: 'Chomper', hp: 6, attack: [0, 1, 1, 2, 'special', 'special'], special: { name: 'Chomp', damage: 3, do: [{ heal: 2, to: 'self' }] } }];
    const rng = new ScriptedRng([5]);
    const s = position({ cards, grid: [['Chomper', 0, 0, 0, 3], ['Plain16', 1, 1, 0]] }, rng);
    choose(s, /Chomper .* attacks Plain16/, rng);
    const text = render(s);
    expect(text).toContain('Chomper attacks Plain16: rolls 5, special "Chomp": 4 damage');
    expect(text).toContain('ability "Chomp" of Chomper (heal)');
  });
});
