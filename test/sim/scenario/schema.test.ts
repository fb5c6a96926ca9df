/** scenarios/schema.json is generated from the loader's schemas, kept in sync, and agrees with the loader. */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import { scenarioJsonSchema } from '../../../src/sim/scenario/json-schema.js';
import { registry } from '../../../src/registry.js';
import { scenarioReferenceMarkdown } from '../../../src/sim/scenario/describe.js';

const committed = JSON.parse(readFileSync('scenarios/schema.json', 'utf8'));

/** Every YAML file under scenarios/ that is a scenario (has a `game`); decks, rosters and layouts are data files. */
function shippedScenarios(dir = 'scenarios'): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return shippedScenarios(path);
    if (!/\.ya?ml$/.test(f)) return [];
    const data = parse(readFileSync(path, 'utf8')) as { game?: unknown } | null;
    return data && typeof data === 'object' && 'game' in data ? [path] : [];
  });
}

describe('scenarios/schema.json', () => {
  it('is what `npm run schema` generates from the current code, and so is docs/scenario-reference.md', () => {
    expect(committed).toEqual(scenarioJsonSchema(registry));
    expect(readFileSync('docs/scenario-reference.md', 'utf8')).toBe(scenarioReferenceMarkdown(registry));
  });

  const validate = new Ajv2020.default({ strict: false }).compile(committed);

  it('accepts every shipped scenario', () => {
    const files = shippedScenarios();
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const ok = validate(parse(readFileSync(file, 'utf8')));
      expect(ok, `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('rejects what the loader rejects: unknown policy, unknown rule, wrong type, unknown field', () => {
    const base = { game: 'worms', seats: [{ policy: 'random' }, { policy: 'random' }] };
    expect(validate(base)).toBe(true);
    expect(validate({ ...base, seats: [{ policy: 'randon' }] })).toBe(false);
    expect(validate({ ...base, rules: { suddendeath: true } })).toBe(false);
    expect(validate({ ...base, games: 'lots' })).toBe(false);
    expect(validate({ ...base, sead: 1 })).toBe(false);
    expect(validate({ ...base, seats: [{ policy: 'builder', params: { safetyWeight: 'high' } }] })).toBe(false);
  });
});
