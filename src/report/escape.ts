/** Making input-file strings safe in HTML and CSV. */

/** Text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON to embed inside a <script> element: no "</script>" or "<!--" can close or confuse it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @, tab, carriage return
 * first) gets a leading apostrophe, the OWASP-recommended neutralisation of CSV injection.
 */
export function neutraliseCsvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Vega keeps some values as keys of plain objects (a nominal scale's domain sorted by an explicit
 * order, for one), so a label such as `constructor` or `toString` finds Object.prototype's member
 * and the chart fails ("Operator not defined"). Such labels get a zero-width space appended:
 * they look the same and are no longer a member's name. Only string values change, never keys.
 */
export function chartSafeLabels<T>(spec: T): T {
  const fix = (v: unknown): unknown => {
    if (typeof v === 'string') return v in Object.prototype ? `${v}\u200b` : v;
    if (Array.isArray(v)) return v.map(fix);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      // defineProperty: a data key named __proto__ stays a key instead of replacing the prototype.
      for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: fix(x), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  return fix(spec) as T;
}

/**
 * Control characters a name could carry into a terminal or a Markdown file (escape sequences
 * that move the cursor, clear the screen or set a window title; bell; backspace; bidi overrides
 * that reverse text) shown as visible escapes. Line feeds and tabs stay: they are the layout.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Markdown for a file (summary.md, sweep.md): control characters shown escaped, and `<` and `>`
 * outside code fences and code spans written as entities, so a name such as `<img onerror=...>`
 * reads as text and is no HTML where the Markdown is rendered (GitHub, an editor's preview).
 */
export function markdownFile(text: string): string {
  let fenced = false;
  return escapeControls(text)
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      // Code spans show their text literally: leave them; escape the rest.
      return line
        .split(/(`[^`]*`)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
        .join('');
    })
    .join('\n');
}

/**
 * A line of report prose as HTML: escaped, with `code` spans (commands, field names, as the
 * terminal and summary.md write them) shown as code instead of literal backticks.
 */
export function proseHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}
