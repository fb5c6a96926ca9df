/**
 * Issue 35, F4 at its cause: the V8 fatal error (exit 134, `v8::Module::IsGraphAsync must be used
 * on an instantiated module`) came from piscina loading squabble's ES-module worker with
 * `require()` (Node 20.19+ require(esm)) while the same module graph was being imported. The
 * compiled pool now hands piscina a CommonJS entry (src/runner/worker-entry.cts) that loads the
 * worker by `import()` only. This test watches every `require()` in the real process and its
 * worker threads (a `--require` hook, which Node runs in each thread too) and finds none of an
 * ES module of squabble's. On the previous entry it finds `dist/runner/worker.js`, once a thread.
 * The process-level guard (an abort leaves the previous results) is in faults-round3.test.ts.
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { useTempDir } from '../helpers/temp-dir.js';

const tmp = useTempDir('squabble-worker-entry-');

const HOOK = `
const Module = require('node:module');
const { appendFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  let file = '';
  try { file = Module._resolveFilename(request, parent, isMain); } catch {}
  appendFileSync(process.env.SQUABBLE_REQUIRE_LOG, (isMainThread ? 'main ' : 'thread ') + file + '\\n');
  return load.apply(this, arguments);
};
`;

describe('the compiled pool loads its worker without require(esm) (F4)', () => {
  it.skipIf(!existsSync('dist/runner/worker-entry.cjs'))('no worker thread require()s an ES module of squabble\u2019s', () => {
    const hook = join(tmp(), 'hook.cjs');
    const log = join(tmp(), 'requires.log');
    writeFileSync(hook, HOOK);
    writeFileSync(log, '');
    const r = spawnSync(process.execPath, ['--require', hook, 'bin/squabble.js', 'run', 'scenarios/worms/random-2p.yaml', '--games', '400', '--workers', '2', '--out', join(tmp(), 'out'), '--no-report', '--quiet'], {
      encoding: 'utf8',
      env: { ...process.env, SQUABBLE_REQUIRE_LOG: log },
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const lines = readFileSync(log, 'utf8').split('\n').filter((l) => l !== '');
    const dist = `${resolve('dist')}/`;
    // The hook ran in the worker threads, and they required the CommonJS entry…
    expect(lines.filter((l) => l.startsWith('thread ') && l.endsWith(`${dist}runner/worker-entry.cjs`)).length).toBeGreaterThanOrEqual(1);
    // …and no ES module of squabble's (every .js under dist/ is one: "type": "module") was require()d, in any thread.
    expect(lines.filter((l) => l.includes(dist) && l.endsWith('.js'))).toEqual([]);
  }, 150_000);
});
