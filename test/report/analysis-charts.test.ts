/** Charts of multi-run analyses (weights, compare, tournament, sweep): valid Vega-Lite without warnings, titled axes, rendered to SVG. */
import { describe, it, expect } from 'vitest';
import * as vl from 'vega-lite';
import * as vega from 'vega';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareChart } from '../../src/studies/compare/charts.js';
import { specToSvg } from '../../src/report/render.js';
import { ANALYSIS_CHARTS as charts } from '../golden/analysis-chart-fixtures.js';

function axisTitles(spec: unknown, channel: 'x' | 'y'): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const t = (node as { encoding?: Record<string, { title?: unknown }> }).encoding?.[channel]?.title;
      if (typeof t === 'string' && t.length > 0) found.push(t);
      Object.values(node).forEach(walk);
    }
  };
  walk(spec);
  return found;
}

describe('analysis charts', () => {
  for (const [id, spec] of charts) {
    it(`${id} compiles without a warning, titles its axes and renders`, async () => {
      expect(spec).not.toBeNull();
      const warnings: string[] = [];
      const logger = vega.logger(vega.Warn);
      logger.warn = (...args: unknown[]) => {
        warnings.push(args.join(' '));
        return logger;
      };
      vl.compile(structuredClone(spec!), { logger }); // (a clone: compiling and rendering may annotate the spec)
      expect(warnings).toEqual([]);
      for (const channel of ['x', 'y'] as const) expect(axisTitles(spec, channel).length, channel).toBeGreaterThan(0);
      const svg = await specToSvg(structuredClone(spec!));
      expect(svg).toContain((spec!.title as { text: string }).text.split(':')[0]);
    });
  }

  it('match the golden specs, one file per chart (npm run golden rewrites them)', () => {
    const dir = 'test/golden/charts/analysis';
    expect(readdirSync(dir).sort()).toEqual(charts.map(([id]) => `${id}.vl.json`).sort());
    for (const [id, spec] of charts) expect(JSON.parse(readFileSync(join(dir, `${id}.vl.json`), 'utf8')), id).toEqual(spec);
  });

  it('rank the weights and put every measured subject in, largest first', () => {
    const data = ((charts[0]![1] as { layer: { data: { values: { subject: string; effect: number }[] } }[] }).layer[0]!.data.values);
    expect(data).toHaveLength(3);
    for (let i = 1; i < data.length; i++) expect(data[i - 1]!.effect).toBeGreaterThanOrEqual(data[i]!.effect);
  });

  it('draw the compare rates and means in separate panels', () => {
    expect((charts[3]![1] as { vconcat: unknown[] }).vconcat).toHaveLength(2);
    expect(compareChart('x', 'a', 'b', [])).toBeNull();
  });
});
