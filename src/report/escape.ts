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
