/** Chart specs: valid Vega-Lite (compiled, no warnings), rendered to SVG, and unchanged against golden files. */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vl from 'vega-lite';
import * as vega from 'vega';
import { CHART_FIXTURES, playFixture } from '../golden/chart-fixtures.js';
import { buildCharts, readReportInput } from '../../src/report/write-report.js';
import { specToSvg } from '../../src/report/render.js';
import { CHARTS, GAME_CHARTS } from '../../src/report/charts/index.js';

for (const fixture of CHART_FIXTURES) {
  describe(`charts of ${fixture.id}`, () => {
    let charts: ReturnType<typeof buildCharts>;
    // classic-greedy's compareLevels plays every seat at the expert level, the rollout policy
    // (about 17 games per CPU-second): its 1,000 games take about a minute of CPU.
    beforeAll(async () => {
      charts = buildCharts(readReportInput(await playFixture(fixture.args)));
    }, 300_000);

    it('match the golden specs, one file per chart (npm run golden rewrites them)', () => {
      const dir = join('test/golden/charts', fixture.id);
      expect(readdirSync(dir).sort()).toEqual(charts.map((c) => `${c.id}.vl.json`).sort());
      for (const c of charts) expect(JSON.parse(readFileSync(join(dir, `${c.id}.vl.json`), 'utf8')), c.id).toEqual(c.spec);
    });

    it('compile with vega-lite without a warning, and every chart has a title and axis titles', () => {
      for (const c of charts) {
        const warnings: string[] = [];
        const logger = vega.logger(vega.Warn);
        logger.warn = (...args: unknown[]) => {
          warnings.push(args.join(' '));
          return logger;
        };
        vl.compile(c.spec, { logger });
        expect(warnings, c.id).toEqual([]);
        const text = JSON.stringify(c.spec);
        expect(text, c.id).toMatch(/"title":\{"text":"[^"]+"/);
        // Every positional channel used has a title somewhere in the spec (axis labels say what and in which unit).
        for (const channel of ['x', 'y'] as const) expect(axisTitles(c.spec, channel).length, `${c.id}: ${channel} axis title`).toBeGreaterThan(0);
      }
    });

    it('render to SVG with their title text in it', async () => {
      for (const c of charts) {
        const svg = await specToSvg(c.spec);
        expect(svg.startsWith('<svg')).toBe(true);
        // The title's first words (before any apostrophe, which vega may escape either way).
        const start = (c.spec.title as { text: string }).text.split(/['\u2019&<>]/)[0]!.trim();
        expect(svg, c.id).toContain(start);
      }
    });
  });
}

/** Titles given to an x or y encoding anywhere in a (layered) spec. */
function axisTitles(spec: unknown, channel: 'x' | 'y'): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const enc = (node as { encoding?: Record<string, { title?: unknown }> }).encoding;
      const t = enc?.[channel]?.title;
      if (typeof t === 'string' && t.length > 0) found.push(t);
      Object.values(node).forEach(walk);
    }
  };
  walk(spec);
  return found;
}

describe('the chart registry', () => {
  it('has unique ids', () => {
    expect(new Set(CHARTS.map((c) => c.id)).size).toBe(CHARTS.length);
  });

  it("holds each game's own charts, each drawn only for that game", () => {
    for (const [id, charts] of Object.entries(GAME_CHARTS)) {
      expect(charts.length, id).toBeGreaterThan(0);
      for (const c of charts) {
        expect(c.games, c.id).toEqual([id]);
        expect(CHARTS).toContain(c);
      }
    }
  });
});
