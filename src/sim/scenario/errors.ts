/**
 * A scenario mistake: which file, which field, what was expected and what was found. The message
 * is always one line: control characters and line breaks from the file (a name with a newline
 * in it, say) are shown escaped, so a message can never be mistaken for a stack trace or split.
 */
export class ScenarioError extends Error {
  readonly file: string;
  readonly field: string;
  readonly problem: string;
  constructor(
    file: string,
    field: string,
    problem: string,
    readonly line: number | null = null,
  ) {
    const [f, fd, p] = [oneLine(file), oneLine(field), oneLine(problem)];
    super(`${f}${line === null ? '' : `:${line}`}: ${fd === '' ? '' : `${fd}: `}${p}`);
    this.file = file;
    this.field = fd;
    this.problem = p;
    this.name = 'ScenarioError';
  }
}

/** Text with line breaks and other control characters escaped (\n, \t, \u0000). */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Render a value found in a file for an error message: short, quoted, one line. */
export function found(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value); // NaN, Infinity (.nan, .inf in YAML)
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = oneLine(text);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
/** The closest of `options` to `word`, if it is close enough to be a likely typo. */
export function didYouMean(word: string, options: readonly string[]): string | null {
  if (options.length < 2) return null; // "expected x ... did you mean x?" says nothing new
  const limit = Math.max(2, Math.floor(word.length / 3));
  const w = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const option of options) {
    const o = option.toLowerCase();
    // The distance is at least the difference in length: skip what cannot be close (and so a
    // huge word from a hostile file costs nothing, instead of length x length per option).
    if (Math.abs(o.length - w.length) > limit) continue;
    const d = editDistance(w, o);
    if (d < bestDistance) {
      bestDistance = d;
      best = option;
    }
  }
  return best !== null && bestDistance <= limit ? best : null;
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
