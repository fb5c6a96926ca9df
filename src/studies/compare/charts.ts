/**
 * The chart of `squabble compare`: the paired difference B − A of each headline metric with its
 * 95% interval, one row per metric. Rates (percentage points) and means (their own units) sit in
 * separate panels, since they share no scale.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { PairedRow } from './paired.js';
import { SCHEMA, WIDTH, COLOUR } from '../../charts-kit/spec.js';

export function compareChart(title: string, nameA: string, nameB: string, rows: readonly PairedRow[]): TopLevelSpec | null {
  if (rows.length === 0) return null;
  const panel = (kind: PairedRow['kind']) => {
    const chosen = rows.filter((r) => r.kind === kind);
    if (chosen.length === 0) return null;
    const scale = kind === 'proportion' ? 100 : 1;
    const unit = kind === 'proportion' ? ' pts' : '';
    const digits = kind === 'proportion' ? 2 : 3;
    const show = (x: number) => `${x >= 0 ? '+' : ''}${(x * scale).toFixed(digits)}`;
    const data = chosen.map((r) => ({
      metric: r.name,
      difference: r.difference * scale,
      low: r.interval[0] * scale,
      high: r.interval[1] * scale,
      excludesZero: r.interval[0] > 0 || r.interval[1] < 0 ? 'interval excludes 0' : 'interval includes 0',
      label: `${show(r.difference)}${unit} [${show(r.interval[0])}, ${show(r.interval[1])}]`,
      values: kind === 'proportion' ? `${(r.a * 100).toFixed(2)}% -> ${(r.b * 100).toFixed(2)}%` : `${r.a.toFixed(3)} -> ${r.b.toFixed(3)}`,
    }));
    const x = { type: 'quantitative', title: kind === 'proportion' ? `${nameB} \u2212 ${nameA} (percentage points)` : `${nameB} \u2212 ${nameA} (metric units)` } as const;
    return {
      width: WIDTH,
      height: Math.max(60, 22 * data.length),
      layer: [
        {
          data: { values: data },
          encoding: { y: { field: 'metric', type: 'nominal', title: kind === 'proportion' ? 'Rate' : 'Mean', sort: null } },
          layer: [
            { mark: { type: 'errorbar', ticks: true }, encoding: { x: { ...x, field: 'low' }, x2: { field: 'high' } } },
            {
              mark: { type: 'point', filled: true, size: 70 },
              encoding: {
                x: { ...x, field: 'difference' },
                color: { field: 'excludesZero', type: 'nominal', title: null, scale: { domain: ['interval excludes 0', 'interval includes 0'], range: [COLOUR.reference, COLOUR.estimate] } },
                tooltip: [{ field: 'metric' }, { field: 'label', title: 'B \u2212 A [95% interval]' }, { field: 'values', title: 'A -> B' }],
              },
            },
          ],
        },
        { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#666' }, encoding: { x: { ...x, field: 'zero' } } },
      ],
    };
  };
  const panels = [panel('proportion'), panel('mean')].filter((p) => p !== null);
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: [`paired difference B \u2212 A on the same games: A = ${nameA}, B = ${nameB}`, 'whiskers: 95% intervals from the per-game differences'] },
    vconcat: panels,
    resolve: { scale: { color: 'shared' } },
  } as TopLevelSpec;
}
