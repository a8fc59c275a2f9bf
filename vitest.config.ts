import { defineConfig } from "vitest/config";

// One runner for the whole repo; each workspace is a project so `--project server` runs one suite.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contracts",
          root: "packages/contracts",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "optimizer",
          root: "packages/optimizer",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated embedded database, dumped; each file starts from a copy (src/test/template.ts).
          globalSetup: ["src/test/global-setup.ts"],
          // Files share a worker's loaded modules (no test mocks modules or the environment): each
          // file still gets its own app and database from createTestApp.
          isolate: false,
          // A server file spends about half its time waiting (timers, the optimiser's worker, sockets):
          // four files in flight keep two cores busy (2.5 min on a quiet machine; 3.9 min at three,
          // more than 5 at two). Each holds one PGlite of about 300 MB.
          maxWorkers: 4,
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.ts"],
          setupFiles: ["src/i18n/test-setup.ts"],
        },
      },
    ],
  },
});
