import { defineConfig } from "vitest/config";

// `npm run test:scaled` (root): the scaled mode's test, run on the build, against the local
// PostgreSQL and nginx. Not a project of the root vitest.config.ts, so `npm test` never runs it.
export default defineConfig({
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["*.test.ts"],
    // Each file starts its own cluster (three processes, a worker, nginx): one file at a time.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
