/**
 * The deep copy every game module's `copy` needs (GameModule.copy): each own typed-array field
 * copied element by element, each own number or boolean field assigned. Fields named `scratch*`
 * are working space, not state, and are skipped; object fields (rules, card tables, views over
 * the state's own arrays) are configuration shared by states made from the same rules.
 *
 * The field list is read once per state class, from the first state copied, and compiled into a
 * straight-line function (`d.a.set(s.a); d.b = s.b; ...`): search policies copy a state on every
 * iteration, and a loop of keyed property accesses is several times slower than named ones.
 * A state class must therefore declare every field in its constructor (as TypeScript class
 * fields do), so every instance has the same fields.
 */
type Copier = (dst: object, src: object) => void;

const copiers = new WeakMap<object, Copier>();
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The names `copyState` copies for this state, as { arrays, scalars } (also for tests and docs). */
export function stateFields(state: object): { arrays: string[]; scalars: string[] } {
  const arrays: string[] = [];
  const scalars: string[] = [];
  for (const [key, value] of Object.entries(state)) {
    if (key.startsWith('scratch')) continue;
    if (!IDENTIFIER.test(key)) throw new Error(`state field "${key}" is not a plain identifier`);
    if (ArrayBuffer.isView(value)) arrays.push(key);
    else if (typeof value === 'number' || typeof value === 'boolean') scalars.push(key);
  }
  return { arrays, scalars };
}

function compile(state: object): Copier {
  const { arrays, scalars } = stateFields(state);
  const body = [...arrays.map((k) => `d.${k}.set(s.${k});`), ...scalars.map((k) => `d.${k} = s.${k};`)].join('\n');
  // Compiled from the state's own field names (checked identifiers above), once per class.
  return new Function('d', 's', body) as Copier;
}

export function copyState<S extends object>(dst: S, src: S): void {
  const cls = Object.getPrototypeOf(src) as object | null;
  // The copier is cached per class: plain objects share one prototype whatever their fields.
  if (cls === null || cls === Object.prototype) throw new Error('copyState copies instances of a state class, not plain objects');
  let copier = copiers.get(cls);
  if (copier === undefined) {
    copier = compile(src);
    copiers.set(cls, copier);
  }
  copier(dst, src);
}
