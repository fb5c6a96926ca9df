/**
 * What a chart is, below the report and the games: a builder of one Vega-Lite spec from a run's
 * summary, and the page constants every chart shares. It sits this low so that a game's own
 * charts (src/games/<id>/charts.ts) are written beside its rules without importing src/report.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Summary } from '../sim/stats/summary.js';

/** What a chart reads: the run's summary (the report's input has more; no chart needs it). */
export interface ChartInput {
  summary: Summary;
}

export interface ChartBuilder {
  /** File name stem: charts/<id>.vl.json, .svg, .png. */
  readonly id: string;
  /** Which games it is for (undefined = every game). */
  readonly games?: readonly string[];
  /** The spec, or null when this run has nothing for it to show. */
  build(input: ChartInput): TopLevelSpec | null;
  /** For builders that make one chart per something (per table rate): ids and specs. */
  buildMany?(input: ChartInput): { id: string; spec: TopLevelSpec }[];
  /**
   * For a sweep (src/studies/run/sweep.ts): one chart over all cells, e.g. one bar per cell, from each
   * cell's swept values and summary. Written as charts/<id>.* of the sweep's report.
   */
  buildSweep?(cells: readonly { values: Record<string, unknown>; summary: Summary }[]): TopLevelSpec | null;
}

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
export const WIDTH = 520;

/** Colours used across charts: one for estimates, one for the fair/reference line. */
export const COLOUR = { estimate: '#4c78a8', reference: '#d62728', draw: '#9d755d', capped: '#bab0ac' } as const;

/**
 * Subtitle lines broken at spaces so that none is longer than `max` characters: vega does not wrap
 * titles, and one long line (a table's rate description) widens the whole chart past its figure
 * in the report (110 characters of DejaVu Sans at vega's subtitle size fit the 1,100 px page).
 */
export function wrapLines(lines: readonly string[], max = 110): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let rest = line;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max);
      if (cut <= 0) break;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut + 1);
    }
    out.push(rest);
  }
  return out;
}
