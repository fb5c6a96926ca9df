/**
 * `npm start -- <game>` plays one game's shipped scenarios (scripts/start.mjs); a name that is
 * not a game gets one line naming the games and exit 2, before anything is played or written.
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

describe('npm start', () => {
  it('refuses a game it has no scenarios for, naming the ones it has', () => {
    if (!existsSync('dist/cli/main.js')) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    const r = spawnSync(process.execPath, ['scripts/start.mjs', 'wormz'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('npm start: no shipped scenarios for wormz; expected game names among squall, squirmish, squish, worms (e.g. npm start -- worms)\n');
  });
});
