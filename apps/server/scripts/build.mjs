// Bundles the server into dist/ (one file starts fast); npm dependencies stay external, the
// workspace packages (@tabi/*, TypeScript sources) are bundled in. Migrations are copied beside it.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith("@tabi/"));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts", "src/worker.ts", "src/jobs/solver-worker.ts", "src/db/pglite-thread.ts"],
  outdir: "dist",
  outbase: "src",
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
});
cpSync("drizzle", "dist/drizzle", { recursive: true });
console.log("server built into apps/server/dist");
