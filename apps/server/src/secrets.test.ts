import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadOrCreateSecrets } from "./secrets";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it("generates a secret on first start and keeps it in the data dir", () => {
  const dir = mkdtempSync(join(tmpdir(), "tabi-secrets-"));
  dirs.push(dir);
  const first = loadOrCreateSecrets(dir, {});
  expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
  expect(loadOrCreateSecrets(dir, {}).authSecret).toBe(first.authSecret);
  expect(JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8")).authSecret).toBe(first.authSecret);
});

it("prefers a secret given in the environment", () => {
  const dir = mkdtempSync(join(tmpdir(), "tabi-secrets-"));
  dirs.push(dir);
  expect(loadOrCreateSecrets(dir, { authSecret: "x".repeat(40) }).authSecret).toBe("x".repeat(40));
});
