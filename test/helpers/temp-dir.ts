/** A temporary folder for a test file: made before its tests, removed after them. */
import { beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function useTempDir(prefix: string): () => string {
  let dir = '';
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), prefix))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
