/**
 * Field paths of a scenario (`rules.forces`, `seats[1].params.safetyWeight`): written for
 * messages, set by path (sweeps, overrides), and refused when they would reach a prototype.
 */

/** `seats[1].params.safetyWeight` from a path. */
export function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

const UNSAFE_KEY = /(^|[.[\]])(__proto__|constructor|prototype)($|[.[\]])/;

/** False for a field path that would reach an object's prototype (`__proto__.x`, `constructor.prototype`). */
export function isSafeFieldPath(path: string): boolean {
  return !UNSAFE_KEY.test(path);
}

/** Set a value at "rules.forces" or "seats[1].params.safetyWeight", creating mappings on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  if (!isSafeFieldPath(path)) throw new Error(`${JSON.stringify(path)} is not a field path (it names __proto__, constructor or prototype)`);
  const keys = path.match(/[^.[\]]+/g) ?? [];
  let node: Record<string, unknown> = target;
  keys.forEach((key, i) => {
    const k = /^\d+$/.test(key) ? Number(key) : key;
    if (i === keys.length - 1) (node as Record<string | number, unknown>)[k] = value;
    else {
      const next = (node as Record<string | number, unknown>)[k];
      if (next === null || typeof next !== 'object') (node as Record<string | number, unknown>)[k] = {};
      node = (node as Record<string | number, unknown>)[k] as Record<string, unknown>;
    }
  });
}
