/**
 * Parse a value with a zod schema, turning the first issue into a one-line ScenarioError that
 * names the field, what was expected and what was found (with "did you mean" for near misses).
 */
import type { z } from 'zod';
import { found, didYouMean } from './errors.js';

/** Parse with a zod schema, turning the first issue into a one-line ScenarioError. */
export function parse<T extends z.ZodType>(schema: T, value: unknown, at: PropertyKey[], fail: (path: readonly PropertyKey[], problem: string) => never): z.output<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues;
  // A missing field beside an unknown one is almost always a typo: name the unknown one.
  const first = issues[0]!;
  const parent = JSON.stringify(first.path.slice(0, -1));
  let issue = issues.find((i) => i.code === 'unrecognized_keys' && JSON.stringify(i.path) === parent) ?? first;
  let path = [...at, ...issue.path];
  let schemaPath: PropertyKey[] | null = [...issue.path];
  // A union whose value had the shape of one of its options (a list of teams, an inline roster)
  // but went wrong inside it: name that mistake, not "expected text or a mapping".
  for (;;) {
    if (issue.code !== 'invalid_union' || 'discriminator' in issue) break;
    const inside = issue.errors.find((branch) => branch.length > 0 && branch.every((i) => i.path.length > 0));
    if (!inside) break;
    issue = inside.find((i) => i.code === 'unrecognized_keys') ?? inside[0]!;
    path = [...path, ...issue.path];
    schemaPath = null; // knownKeys does not look inside unions
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const known = schemaPath ? knownKeys(schema, schemaPath) : [];
    const hint = didYouMean(key, known);
    return fail([...path, key], `unknown field${known.length ? `; expected one of ${known.join(', ')}` : ''}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
  }
  const input = 'input' in issue ? issue.input : undefined;
  // A discriminated union (e.g. an obstacle's shape) reports the whole object; name the key's value.
  const tagged = issue as { discriminator?: unknown; options?: unknown };
  if (issue.code === 'invalid_union' && typeof tagged.discriminator === 'string' && Array.isArray(tagged.options)) {
    const options = tagged.options.map((o) => found(o));
    const value = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[tagged.discriminator] : undefined;
    if (value === undefined) return fail(path, `missing; expected one of ${options.join(', ')}`);
    const hint = typeof value === 'string' ? didYouMean(value, tagged.options.map(String)) : null;
    return fail(path, `expected one of ${options.join(', ')}, found ${found(value)}${hint ? ` (did you mean ${found(hint)}?)` : ''}`);
  }
  if (input === undefined) return fail(path, `missing; ${describeExpectation(issue)}`);
  return fail(path, `${describeExpectation(issue)}, found ${found(input)}${suggestion(issue, input)}`);
}

function describeExpectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${typeName(issue.expected)}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? found(issue.values[0]) : `one of ${issue.values.map((v) => found(v)).join(', ')}`}`;
    case 'invalid_union': {
      const options = issue.errors.flatMap((branch) => branch.filter((i) => i.path.length === 0).map((i) => describeExpectation(i).replace(/^expected /, '')));
      return `expected ${[...new Set(options)].join(' or ')}`;
    }
    case 'too_small':
      return issue.origin === 'array' || issue.origin === 'string'
        ? `expected at least ${issue.minimum} ${issue.origin === 'array' ? (Number(issue.minimum) === 1 ? 'entry' : 'entries') : Number(issue.minimum) === 1 ? 'character' : 'characters'}`
        : // An exclusive bound (positive(), gt) reads "above 0": "at least 0, found 0" contradicted itself.
          `expected a value ${issue.inclusive === false ? 'above' : 'of at least'} ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' || issue.origin === 'string'
        ? `expected at most ${issue.maximum} ${issue.origin === 'array' ? (Number(issue.maximum) === 1 ? 'entry' : 'entries') : Number(issue.maximum) === 1 ? 'character' : 'characters'}`
        : `expected a value ${issue.inclusive === false ? 'below' : 'of at most'} ${issue.maximum}`;
    case 'invalid_key': {
      const inner = issue.issues[0];
      return `expected a valid name here${inner ? ` (${describeExpectation(inner).replace(/^expected /, '')})` : ''}`;
    }
    case 'invalid_format':
      return `expected text matching ${issue.format === 'regex' ? (issue as { pattern?: string }).pattern ?? 'the pattern' : issue.format}`;
    default:
      return issue.message;
  }
}

function suggestion(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code !== 'invalid_value' || typeof input !== 'string') return '';
  const hint = didYouMean(input, issue.values.filter((v): v is string => typeof v === 'string'));
  return hint ? ` (did you mean ${found(hint)}?)` : '';
}

function typeName(expected: string): string {
  const names: Record<string, string> = { int: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', object: 'a mapping (key: value)', array: 'a list', record: 'a mapping (key: value)' };
  return names[expected] ?? expected;
}

/** Field names allowed at `path` inside a zod schema (for "unknown field" messages). */
function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let node: any = schema;
  const unwrap = () => {
    while (node?._zod?.def?.innerType) node = node._zod.def.innerType;
  };
  unwrap();
  for (const key of path) {
    const def = node?._zod?.def;
    if (def?.type === 'object') node = def.shape[key as string];
    else if (def?.type === 'array') node = def.element;
    else if (def?.type === 'record') node = def.valueType;
    else return [];
    unwrap();
  }
  const def = node?._zod?.def;
  return def?.type === 'object' ? Object.keys(def.shape) : [];
}
