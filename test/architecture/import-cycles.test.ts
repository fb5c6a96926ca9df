// No import cycles in src/, counting `import type` and `export … from` as edges too: a type-only
// cycle costs nothing at run time but ties files together so that neither can be read, moved or
// split without the other (issue 19). The graph is read with TypeScript's own pre-processor,
// so every static import form and every `import('./x.js')` (call or type position) is an edge.
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, srcGraph } from './import-graph.js';

/** Every cycle's strongly connected component (Tarjan), each reported as one concrete cycle. */
function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // One concrete cycle per component: a breadth-first walk back to its first file.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const path = [v];
          while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
          return [...path, start];
        }
        if (!previous.has(w) && w !== start) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

describe('import graph of src/', () => {
  it('has no cycle, counting type-only imports', () => {
    const cycles = findCycles(srcGraph()).map((c) => c.map((f) => relative(ROOT, f)).join(' → '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('sees a cycle made only of `import type` and re-exports', () => {
    const a = join(ROOT, 'src/a.ts');
    const b = join(ROOT, 'src/b.ts');
    const c = join(ROOT, 'src/c.ts');
    const graph = new Map<string, string[]>([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ]);
    expect(findCycles(graph)).toEqual([[a, b, c, a]]);
    // The parser reads the type-only and re-export forms as edges.
    const text = [
      "import type { X } from './x.js';",
      "export type { Y } from './y.js';",
      "export * from './z.js';",
      "type W = import('./w.js').W;",
    ].join('\n');
    const refs = ts.preProcessFile(text, true, true).importedFiles.map((r) => r.fileName);
    expect(refs).toEqual(['./x.js', './y.js', './z.js', './w.js']);
  });
});
