/** Seeded playthroughs must not change unless the rules or the trace format change on purpose (npm run golden). */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDENS } from './goldens.js';
import { replayTrace } from '../../src/cli/commands/replay.js';
import { games } from '../../src/games/index.js';

describe('golden traces', () => {
  for (const g of GOLDENS) {
    it(`${g.file} is unchanged`, () => {
      const expected = readFileSync(join('test/golden', g.file), 'utf8');
      expect(replayTrace(g.scenario, { game: String(g.game), checkInvariants: true })).toBe(expected);
    });
  }

  it('exist for every registered game', () => {
    for (const id of Object.keys(games)) expect(GOLDENS.some((g) => g.file.startsWith(`${id}-`)), `no golden trace for ${id}`).toBe(true);
  });
});
