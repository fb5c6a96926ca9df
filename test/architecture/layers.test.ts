// Imports go down the layers only (issue 19): a seed flows from the command line to the
// accumulator down the layers once, and each layer can be read, tested and changed without the
// ones above it. Within src/studies, a study imports only itself and the kit every study shares,
// so one study is one place. ARCHITECTURE.md ("Layout and dependency direction") draws the picture.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, srcGraph } from './import-graph.js';

/** Highest first; a file may import its own folder or any layer below. Folders of one layer do not import each other. */
const LAYERS: readonly (readonly string[])[] = [
  ['cli'],
  ['studies'],
  ['replay'],
  ['report'],
  ['analysis'],
  ['runner', 'content'],
  ['registry.ts'],
  ['games', 'policies'],
  ['charts-kit'],
  ['sim', 'version.ts'],
];

/** The top folder (or file) of src/ a path is in, and for a study its folder (src/studies/<study>/). */
function placeOf(file: string): { top: string; study?: string } {
  const [top, second] = file.replace(/^src\//, '').split('/');
  return top === 'studies' && second !== undefined ? { top, study: second } : { top: top! };
}

function rankOf(top: string): number {
  const rank = LAYERS.findIndex((layer) => layer.includes(top));
  if (rank < 0) throw new Error(`src/${top} is in no layer: add it to LAYERS (and ARCHITECTURE.md)`);
  return rank;
}

/** Every import that goes up a layer, sideways to another folder of its layer, or from one study into another. */
export function layerViolations(edges: readonly [string, string][]): string[] {
  const out: string[] = [];
  for (const [from, to] of edges) {
    const a = placeOf(from);
    const b = placeOf(to);
    if (a.top === b.top) {
      if (a.study !== undefined && b.study !== undefined && a.study !== b.study && b.study !== 'kit') out.push(`${from} → ${to} (a study imports only itself and studies/kit)`);
      continue;
    }
    if (rankOf(a.top) >= rankOf(b.top)) out.push(`${from} → ${to} (src/${a.top} may not import src/${b.top})`);
  }
  return out;
}

describe('layers of src/', () => {
  it('import only downwards, and a study only itself and the study kit', () => {
    const edges: [string, string][] = [];
    for (const [file, imports] of srcGraph()) for (const target of imports) edges.push([relative(ROOT, file), relative(ROOT, target)]);
    const wrong = layerViolations(edges);
    expect(wrong, `imports against the layers:\n${wrong.join('\n')}`).toEqual([]);
  });

  it('sees an import upwards, sideways and between studies', () => {
    expect(
      layerViolations([
        ['src/cli/main.ts', 'src/studies/run/command.ts'],
        ['src/studies/compare/fold.ts', 'src/runner/shard.ts'],
        ['src/studies/tune/block.ts', 'src/studies/kit/plan.ts'],
        ['src/runner/worker.ts', 'src/studies/compare/paired.ts'],
        ['src/games/squall/charts.ts', 'src/report/charts/common.ts'],
        ['src/games/worms/rules.ts', 'src/policies/random.ts'],
        ['src/studies/tune/block.ts', 'src/studies/compare/paired.ts'],
        ['src/studies/kit/plan.ts', 'src/studies/run/command.ts'],
      ]),
    ).toEqual([
      'src/runner/worker.ts → src/studies/compare/paired.ts (src/runner may not import src/studies)',
      'src/games/squall/charts.ts → src/report/charts/common.ts (src/games may not import src/report)',
      'src/games/worms/rules.ts → src/policies/random.ts (src/games may not import src/policies)',
      'src/studies/tune/block.ts → src/studies/compare/paired.ts (a study imports only itself and studies/kit)',
      'src/studies/kit/plan.ts → src/studies/run/command.ts (a study imports only itself and studies/kit)',
    ]);
  });
});
