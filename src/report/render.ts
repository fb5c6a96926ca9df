/** Vega-Lite spec -> SVG (vega's headless renderer) -> PNG (resvg with DejaVu Sans, so text never vanishes). */
import type { TopLevelSpec } from 'vega-lite';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chartSafeLabels } from './escape.js';

/**
 * DejaVu Sans from the npm package dejavu-fonts-ttf when it is installed, so a fresh machine
 * without Debian's fonts-dejavu-core still draws chart text; the system's fonts are loaded too
 * (on Debian with the package, the same font either way). Empty when the package is missing.
 */
function packagedFonts(): string[] {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
    return ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => join(dir, 'ttf', f)).filter((f) => existsSync(f));
  } catch {
    return [];
  }
}
const FONT_FILES = packagedFonts();

/**
 * vega, vega-lite and resvg are loaded on the first chart, not with the module: together they
 * cost about half a second of CPU, which `run --no-report`, `validate` and every pool worker
 * would otherwise pay (issue 36: load only what a command uses).
 */
let charting: { vl: typeof import('vega-lite'); vega: typeof import('vega'); quietLogger: ReturnType<typeof import('vega').logger> } | undefined;
async function loadCharting(): Promise<NonNullable<typeof charting>> {
  if (!charting) {
    const [vl, vega] = await Promise.all([import('vega-lite'), import('vega')]);
    // Chart warnings are tested for (test/report); at run time they must not clutter stderr.
    charting = { vl, vega, quietLogger: vega.logger(vega.None) };
  }
  return charting;
}
/** resvg is a CommonJS native module: required on first use, so svgToPng stays synchronous. */
let resvg: typeof import('@resvg/resvg-js') | undefined;
const loadResvg = () => (resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js'));

export async function specToSvg(spec: TopLevelSpec): Promise<string> {
  const { vl, vega, quietLogger } = await loadCharting();
  const compiled = vl.compile(chartSafeLabels(spec), { logger: quietLogger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string): Buffer {
  const { Resvg } = loadResvg();
  const resvg = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: 2 },
    font: { fontFiles: FONT_FILES, loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}
