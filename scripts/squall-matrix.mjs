// Print a Squall run's matchup matrix and per-character table as Markdown (after npm run build):
// node scripts/squall-matrix.mjs results/<run>/summary.json
import { readFileSync } from 'node:fs';
import { matchupMarkdown, characterMarkdown } from '../dist/games/squall/matrix.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/squall-matrix.mjs results/<run>/summary.json');
  process.exit(2);
}
const tables = JSON.parse(readFileSync(file, 'utf8')).metrics?.tables ?? {};
if (!tables.matchups && !tables.characters) {
  console.error(`${file}: metrics.tables has neither matchups nor characters; is it the summary.json of a Squall run?`);
  process.exit(1);
}
if (tables.matchups) console.log(`Win rate of the row character against the column character, % [95% CI] (games)\n\n${matchupMarkdown(tables.matchups)}\n`);
if (tables.characters) console.log(characterMarkdown(tables.characters));
