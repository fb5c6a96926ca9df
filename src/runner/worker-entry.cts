/**
 * piscina's entry for the worker threads of compiled squabble (issue 35, F4). piscina loads its
 * `filename` with `require()` first; on Node 20.19+ `require()` of an ES module goes through
 * require(esm), which raced with `import()` of the same module graph and aborted the whole
 * process (`v8::Module::IsGraphAsync must be used on an instantiated module`, exit 134). This file
 * is CommonJS (`.cts` compiles to `.cjs`), so `require()` loads only it, and the ESM worker
 * (worker.js) is loaded by `import()` alone, once per thread.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type RunShard = (task: unknown) => Promise<unknown>;

const loaded = import(pathToFileURL(join(__dirname, 'worker.js')).href) as Promise<{ default: RunShard }>;
loaded.catch(() => {}); // a failed load is reported by the first task, through piscina

async function runShard(task: unknown): Promise<unknown> {
  return (await loaded).default(task);
}

export = runShard;
