// `npm start` builds only what is out of date: each build's stamp (written after it succeeded) is
// compared with the newest mtime of its inputs, package-lock.json and the workspace packages included.
// Dependency-free on purpose: it runs before anything is built. `--force` rebuilds everything.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stamps = join(root, "node_modules/.cache/tabi-build");
const SKIP = new Set(["node_modules", "dist", ".vite", "data", "coverage"]);
const shared = ["package-lock.json", "package.json", "packages/contracts", "packages/optimizer"];

const builds = [
  {
    name: "web",
    inputs: [...shared, "apps/web"],
    output: "apps/web/dist/index.html",
    run: "npm run build -w apps/web",
  },
  {
    name: "server",
    inputs: [
      ...shared,
      "apps/server/src",
      "apps/server/drizzle",
      "apps/server/scripts/build.mjs",
      "apps/server/package.json",
    ],
    output: "apps/server/dist/main.js",
    run: "node scripts/build.mjs",
    cwd: "apps/server",
  },
  {
    name: "gazetteer",
    inputs: [
      "package-lock.json",
      "apps/server/src/providers/places",
      "apps/server/scripts/build-gazetteer.ts",
    ],
    run: "npx tsx scripts/build-gazetteer.ts",
    cwd: "apps/server",
  },
];

/** Newest file modification time under a path, skipping build outputs. Directory mtimes are left out:
 * a build recreating its dist/ would change its parent's and make it look stale forever. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (!SKIP.has(entry)) max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const force = process.argv.includes("--force");
mkdirSync(stamps, { recursive: true });
for (const build of builds) {
  const stamp = join(stamps, `${build.name}.stamp`);
  const inputs = Math.max(...build.inputs.map((p) => newest(join(root, p))));
  const outputMissing = build.output && !existsSync(join(root, build.output));
  if (!force && !outputMissing && existsSync(stamp) && statSync(stamp).mtimeMs >= inputs) {
    console.log(`${build.name}: up to date`);
    continue;
  }
  const started = Date.now();
  execSync(build.run, { cwd: join(root, build.cwd ?? "."), stdio: "inherit" });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  // Stamped with the start time: a file edited while the build ran still counts as newer.
  utimesSync(stamp, started / 1000, started / 1000);
  console.log(`${build.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
