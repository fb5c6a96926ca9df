/** Saving analysis charts (weights, compare): each spec as charts/<id>.vl.json, .svg and .png. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { writeAtomic, writeJson } from '../runner/results.js';
import { specToSvg, svgToPng } from './render.js';

/** Writes every chart into `dir` (created if needed); returns the ids written. */
export async function saveCharts(dir: string, charts: readonly { id: string; spec: TopLevelSpec | null }[]): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const { id, spec } of charts) {
    if (spec === null) continue;
    writeJson(dir, `${id}.vl.json`, spec);
    const svg = await specToSvg(spec);
    writeAtomic(join(dir, `${id}.svg`), svg);
    writeAtomic(join(dir, `${id}.png`), svgToPng(svg));
    written.push(id);
  }
  return written;
}
