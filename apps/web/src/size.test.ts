import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";

// The first screen's budgets (issue 28 item 6), checked on the build without a browser: scripts/size.mjs
// reads the build manifest and fails when the first screen's JavaScript (files or gzip bytes, in every
// language), its catalogues or the trip screens' catalogues exceed their budgets, or a file above 1 kB
// has no .br/.gz. It uses apps/web/dist when that is newer than every source, else builds into a
// temporary folder (about 15 s).
const WEB = join(import.meta.dirname, "..");
const SOURCES = [
  join(WEB, "src"),
  join(WEB, "index.html"),
  join(WEB, "vite.config.ts"),
  join(WEB, "package.json"),
  join(WEB, "../../packages/contracts/src"),
];

const newest = (path: string): number =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
    : statSync(path).mtimeMs;

let temporary: string | undefined;
function builtApp(): string {
  const dist = join(WEB, "dist");
  const manifest = join(dist, ".vite/manifest.json");
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= Math.max(...SOURCES.map(newest))) return dist;
  temporary = mkdtempSync(join(tmpdir(), "tabi-web-size-"));
  // As `npm run build` builds it: not in the test runner's NODE_ENV=test (React's development build).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV$)/.test(k)));
  const build = spawnSync(
    "npx",
    ["vite", "build", "--outDir", temporary, "--emptyOutDir", "--logLevel", "error"],
    {
      cwd: WEB,
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production" },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  return temporary;
}
afterAll(() => {
  if (temporary) rmSync(temporary, { recursive: true, force: true });
});

it("keeps the first screen within its budgets in every language", { timeout: 300_000 }, () => {
  const dist = builtApp();
  const run = spawnSync("node", [join(WEB, "scripts/size.mjs"), dist, "--json"], { encoding: "utf8" });
  const report = JSON.parse(run.stdout) as {
    budgets: Record<string, number>;
    languages: { language: string; jsFiles: number; jsKb: number; catalogueFiles: number }[];
    failures: string[];
  };
  expect(report.failures).toEqual([]);
  expect(run.status).toBe(0);
  expect(report.languages.map((l) => l.language)).toEqual(["en", "ja", "ko", "zh"]);
  for (const l of report.languages) {
    expect(l.jsFiles, l.language).toBeLessThanOrEqual(report.budgets.firstScreenJsFiles!);
    expect(l.jsKb, l.language).toBeLessThanOrEqual(report.budgets.firstScreenKb!);
  }
});
