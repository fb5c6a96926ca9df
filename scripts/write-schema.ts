/** Regenerate scenarios/schema.json, docs/scenario-reference.md and the Squirmish deck schema from the code's schemas (npm run schema). */
import { writeFileSync, mkdirSync } from 'node:fs';
import { scenarioJsonSchema } from '../src/sim/scenario/json-schema.js';
import { scenarioReferenceMarkdown } from '../src/sim/scenario/describe.js';
import { registry } from '../src/registry.js';
import { deckJsonSchema, DECK_SCHEMA_FILE } from '../src/games/squirmish/deck-schema.js';

writeFileSync('scenarios/schema.json', `${JSON.stringify(scenarioJsonSchema(registry), null, 2)}\n`);
mkdirSync('docs', { recursive: true });
writeFileSync('docs/scenario-reference.md', scenarioReferenceMarkdown(registry));
writeFileSync(DECK_SCHEMA_FILE, `${JSON.stringify(deckJsonSchema(), null, 2)}\n`);
console.error(`wrote scenarios/schema.json, docs/scenario-reference.md and ${DECK_SCHEMA_FILE}`);
