/** Rewrite test/golden/*.txt from the current code (npm run golden). Review the diff before committing. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDENS } from '../test/golden/goldens.js';
import { replayTrace } from '../src/cli/commands/replay.js';

for (const g of GOLDENS) {
  writeFileSync(join('test/golden', g.file), replayTrace(g.scenario, { game: String(g.game), checkInvariants: true }));
  console.error(`wrote test/golden/${g.file}`);
}
