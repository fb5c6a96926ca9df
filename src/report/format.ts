/** Number formatting shared by the text and Markdown reports. */

export const pct = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;

/** Enough decimals that an interval's width is visible: 0.1% for wide ones, 0.01% for narrow. */
export function pctDigits(ci: readonly [number, number]): number {
  const width = ci[1] - ci[0];
  return width >= 0.02 ? 1 : width >= 0.002 ? 2 : 3;
}

export const interval = (ci: readonly [number, number]): string => {
  const d = pctDigits(ci);
  return `[${pct(ci[0], d)}, ${pct(ci[1], d)}]`;
};

export const num = (x: number, digits = 2): string => (Number.isInteger(x) ? String(x) : x.toFixed(digits));

/** A plain-text table with aligned columns (first column left, others right). */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(header: string[], rows: string[][]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}
