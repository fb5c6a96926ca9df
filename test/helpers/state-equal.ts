/** Deep comparison of two game states (typed arrays element by element); the first difference, or null. */
export function stateDifference(a: object, b: object, path = 'state'): string | null {
  for (const key of Object.keys(a)) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (key === 'rules') continue; // shared, read-only
    if (key.startsWith('scratch')) continue; // working space, not state (see GameModule.copy)
    if (ArrayBuffer.isView(x) && ArrayBuffer.isView(y)) {
      const xa = x as unknown as ArrayLike<number>;
      const ya = y as unknown as ArrayLike<number>;
      if (xa.length !== ya.length) return `${path}.${key}: lengths ${xa.length} and ${ya.length}`;
      for (let i = 0; i < xa.length; i++) if (xa[i] !== ya[i]) return `${path}.${key}[${i}]: ${xa[i]} vs ${ya[i]}`;
    } else if (x !== null && typeof x === 'object' && y !== null && typeof y === 'object') {
      const d = stateDifference(x, y, `${path}.${key}`);
      if (d) return d;
    } else if (!Object.is(x, y)) return `${path}.${key}: ${String(x)} vs ${String(y)}`;
  }
  return null;
}
