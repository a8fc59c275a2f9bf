import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type TabiApp } from "../app";
import { loadConfig } from "../config";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: TabiApp;
  close(): Promise<void>;
}

/**
 * buildApp on a fresh database, with a throwaway data dir; env entries override the defaults (an
 * empty string unsets one, so the config's own default applies).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { serveWeb?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "tabi-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TABI_DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    // Tests never reach the internet: the shipped gazetteer alone, unless a test names a provider
    // (and a local stand-in for it); PLACES_PROVIDER: "" gives the real default ("auto").
    PLACES_PROVIDER: "offline",
    RATES_PROVIDER: "offline",
    ...env,
  });
  const { database, drop } = await createTestDatabase();
  const app = await buildApp(config, { database, serveWeb: options.serveWeb ?? false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
