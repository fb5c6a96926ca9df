/**
 * A kill -9 between writeOwned's rename and its manifest update (issue 35's rule: squabble
 * replaces only files it can prove it wrote) must not turn squabble's own file into a "foreign"
 * one: the pending temporary name, listed and gone, proves what stands at the name. Found by the
 * kill -9 resume test of test/runner/shards.test.ts failing once in a clean-clone CI run.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOwned, cleanStale, checkOwnedNames, MANIFEST } from '../../src/runner/outdir.js';

const dir = mkdtempSync(join(tmpdir(), 'squabble-outdir-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const manifest = () => JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { files: Record<string, string>; pending: string[] };
/** A pid no process has (above the kernel's default pid_max). */
const DEAD = 4_194_304 + 17;

describe('a crash between the rename and the manifest update', () => {
  it('leaves a file squabble can still prove it wrote, and the next run records it', () => {
    writeOwned(join(dir, 'checkpoint.json'), 'old');
    const m = manifest();
    m.pending.push(`checkpoint.json.tmp-${DEAD}`);
    writeFileSync(join(dir, MANIFEST), JSON.stringify({ format: 'squabble-files/1', ...m }));
    writeFileSync(join(dir, 'checkpoint.json'), 'new'); // renamed into place; the manifest still has 'old'
    expect(() => checkOwnedNames(dir, ['checkpoint.json'])).not.toThrow();
    cleanStale(dir);
    expect(manifest().pending).toEqual([]);
    expect(manifest().files['checkpoint.json']).toBe(createHash('sha256').update('new').digest('hex'));
  });

  it('still refuses a file changed by someone else, with no write of squabble under way', () => {
    writeFileSync(join(dir, 'checkpoint.json'), 'edited by hand');
    expect(() => checkOwnedNames(dir, ['checkpoint.json'])).toThrow(/did not write/);
  });
});
