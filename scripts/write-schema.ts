/** Regenerate scenarios/schema.json from the scenario and game schemas (npm run schema). */
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from '../src/sim/scenario/json-schema.js';
import { registry } from '../src/registry.js';

export const SCHEMA_PATH = 'scenarios/schema.json';
writeFileSync(SCHEMA_PATH, `${JSON.stringify(scenarioJsonSchema(registry), null, 2)}\n`);
console.error(`wrote ${SCHEMA_PATH}`);
