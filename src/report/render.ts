/** Vega-Lite spec -> SVG (vega's headless renderer) -> PNG (resvg with DejaVu Sans, so text never vanishes). */
import * as vl from 'vega-lite';
import * as vega from 'vega';
import { Resvg } from '@resvg/resvg-js';
import type { TopLevelSpec } from 'vega-lite';
import { chartSafeLabels } from './escape.js';

/** Chart warnings are tested for (test/report); at run time they must not clutter stderr. */
const quietLogger = vega.logger(vega.None);

export async function specToSvg(spec: TopLevelSpec): Promise<string> {
  const compiled = vl.compile(chartSafeLabels(spec), { logger: quietLogger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}
