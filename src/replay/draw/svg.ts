/**
 * Small helpers for the replay drawings (src/replay/draw/<game>.ts): every string that reaches
 * the SVG goes through `text` or an escaped attribute, because card and seat names come from
 * data files and scenarios (hostile input), and the page inserts the SVG as markup. Attributes
 * take single quotes (escapeHtml escapes both kinds): the SVG travels inside JSON, where each
 * double quote would cost a backslash.
 */
import { escapeHtml } from '../../report/escape.js';

/** A seat has the colour the report's charts give it (src/charts-kit/palette.ts), in every drawing. */
export { seatColour } from '../../charts-kit/palette.js';

/** Coordinates rounded to 0.1 unit: enough for the screen, and it keeps a 500-step page small. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

export type Attrs = Record<string, string | number | undefined>;
const attrs = (a: Attrs): string =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}='${typeof v === 'number' ? n(v) : escapeHtml(v!)}'`)
    .join('');

export const el = (name: string, a: Attrs, inner = ''): string => (inner === '' ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${inner}</${name}>`);
export const text = (x: number, y: number, content: string, a: Attrs = {}): string => `<text${attrs({ x, y, ...a })}>${escapeHtml(content)}</text>`;
export const rect = (x: number, y: number, width: number, height: number, a: Attrs = {}): string => el('rect', { x, y, width, height, ...a });
export const line = (x1: number, y1: number, x2: number, y2: number, a: Attrs = {}): string => el('line', { x1, y1, x2, y2, ...a });
export const polyline = (points: readonly (readonly [number, number])[], a: Attrs = {}): string => el('polyline', { points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '), fill: 'none', ...a });

/** A whole drawing: a fixed viewBox that scales to the page's width, DejaVu Sans as the report uses. */
export function svg(width: number, height: number, inner: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" role="img" aria-label="${escapeHtml(label)}" font-family="DejaVu Sans, sans-serif" font-size="13">${inner}</svg>`;
}

/** Shorten a name to fit a box of `chars` characters (the full name stays in the log and the text view). */
export const fit = (name: string, chars: number): string => (name.length <= chars ? name : `${name.slice(0, Math.max(1, chars - 1))}\u2026`);
