/** Regenerate scenarios/schema.json and docs/scenario-reference.md from the code's schemas (npm run schema). */
import { writeFileSync, mkdirSync } from 'node:fs';
import { scenarioJsonSchema } from '../src/sim/scenario/json-schema.js';
import { scenarioReferenceMarkdown } from '../src/sim/scenario/describe.js';
import { registry } from '../src/registry.js';

writeFileSync('scenarios/schema.json', `${JSON.stringify(scenarioJsonSchema(registry), null, 2)}\n`);
mkdirSync('docs', { recursive: true });
writeFileSync('docs/scenario-reference.md', scenarioReferenceMarkdown(registry));
console.error('wrote scenarios/schema.json and docs/scenario-reference.md');
