import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two files at a time on the 2-core CI machine: many tests wait on child processes, chromium
    // or npm, so one file per core (vitest's default leaves one core idle) roughly halves the run.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
