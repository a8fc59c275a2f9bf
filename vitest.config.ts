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
          // PGlite instances are heavy; two cores, so keep at most two files in flight.
          maxWorkers: 2,
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
