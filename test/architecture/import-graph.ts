/** The import graph of src/, read with TypeScript's own pre-processor (import-cycles.test.ts, layers.test.ts). */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** The relative imports of one file, resolved to .ts files (NodeNext: './x.js' is './x.ts'). */
export function importsOf(file: string, text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    const spec = ref.fileName;
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec);
    const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')];
    const hit = candidates.find((c) => c.endsWith('.ts') && existsSync(c));
    if (hit === undefined) throw new Error(`${relative(ROOT, file)}: cannot resolve import '${spec}'`);
    out.push(hit);
  }
  return out;
}

export function srcGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
  }
  return graph;
}
