/**
 * A small sample of the ladder benchmark (bench/ladder-content.mjs), pinned: the lower steps that
 * hold robustly, on generated content (fixed seeds, so each assertion always passes or always
 * fails). Squirmish's greedy bot beats random by far on any decklist and edition; the expert
 * steps are left to the benchmark itself (docs/skill-ladder.md), which plays enough games.
 */
import { describe, it, expect } from 'vitest';
import { contentLadder, stepsOverContents } from '../../../src/studies/ladder/contents.js';

describe('the ladder on generated content (a pinned sample of the benchmark)', () => {
  it('Squirmish: novice beats random and skilled beats novice on every content of the sample, both editions', async () => {
    const ladders = [];
    for (const k of [0, 1, 2]) ladders.push(await contentLadder('squirmish', 1, k, { games: 30, seed: 1, workers: 0, levels: 3 }));
    expect(ladders.map((l) => (l.content.data.rules as { edition: string }).edition)).toEqual(['videogame', 'tabletop', 'videogame']);
    const steps = stepsOverContents(ladders);
    expect(steps.map((s) => s.step)).toEqual(['novice v random', 'skilled v novice']);
    for (const s of steps) {
      expect(s.holding).toBe(3);
      expect(s.meanScore).toBeGreaterThan(0.7);
      expect(s.games).toBe(90);
      expect(s.shareInterval[0]).toBeGreaterThan(0.4); // Wilson over 3 contents: [43.9%, 100%]
    }
  }, 30_000);

  it('Squall: skilled beats novice on a generated layout and pairing', async () => {
    const l = await contentLadder('squall', 1, 1, { games: 60, seed: 1, workers: 0, levels: 3 });
    expect(l.content.label).toContain('medium layout');
    expect(l.steps[1]!.score).toBeGreaterThan(0.5);
    expect(l.steps.every((s) => s.upperWins + s.lowerWins + s.draws + s.capped === 60)).toBe(true);
  }, 30_000);
});
