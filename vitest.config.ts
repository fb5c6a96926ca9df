import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Three files at a time on the 2-core CI machine: many tests wait on child processes,
    // chromium, npm, Redis timeouts or killed workers (the fault suite waits for most of its
    // 200 s), so a third file keeps both cores busy while one of them waits.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
