/**
 * Keyed metric counters (issue 19's game kit): a game declares its counters once, as names with
 * their descriptions, and gets back both the list `GameMetricsSpec` reports (in declaration
 * order, which fixes their order in summary.json) and each name's index, so `record` writes
 * `counters[C.attacks]` rather than `counters[0]`. A counter written but not declared fails to
 * compile (C has no such key); one declared but never written fails
 * test/games/metrics-keys.test.ts, which records a played game through counters that note every
 * index `record` writes.
 */

export interface CounterSpec {
  readonly name: string;
  readonly description: string;
}

export interface Counters<K extends string> {
  /** The counters in declaration order (GameMetricsSpec.counters or .seatCounters). */
  readonly list: readonly CounterSpec[];
  /** Each counter's index in `list`. */
  readonly at: { readonly [P in K]: number };
  /** How many there are (the stride of per-seat counters). */
  readonly size: number;
}

const INTEGER_LIKE = /^(0|[1-9]\d*)$/;

/**
 * The counters of `declared` (name → description), in its order. Names must not look like
 * integers: an object lists those first, whatever the order they were written in.
 */
export function defineCounters<K extends string>(declared: { readonly [P in K]: string }): Counters<K> {
  const names = Object.keys(declared) as K[];
  const at = {} as { [P in K]: number };
  const list: CounterSpec[] = [];
  for (const name of names) {
    if (INTEGER_LIKE.test(name)) throw new Error(`counter name "${name}" looks like an integer, which would change the order`);
    at[name] = list.length;
    list.push({ name, description: declared[name] });
  }
  return { list, at, size: list.length };
}
