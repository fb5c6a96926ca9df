/** A scenario mistake: which file, which field, what was expected and what was found. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
    readonly line: number | null = null,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${field === '' ? '' : `${field}: `}${problem}`);
    this.name = 'ScenarioError';
  }
}

/** Render a value found in a file for an error message: short, quoted, one line. */
export function found(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The closest of `options` to `word`, if it is close enough to be a likely typo. */
export function didYouMean(word: string, options: readonly string[]): string | null {
  if (options.length < 2) return null; // "expected x ... did you mean x?" says nothing new
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const option of options) {
    const d = editDistance(word.toLowerCase(), option.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = option;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

/**
 * Up to `k` of `options` closest to `word` (edit distance, ignoring case), closest first: for
 * messages that list the nearest valid names whether or not one is a likely typo.
 */
export function nearest(word: string, options: readonly string[], k = 3): string[] {
  const w = word.toLowerCase();
  return options
    .map((o, i) => ({ o, i, d: editDistance(w, o.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, k)
    .map((x) => x.o);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
