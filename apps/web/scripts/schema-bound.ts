// Which modules build zod schemas when they are evaluated (decision 0026): zod itself, a contracts
// module that imports zod (or such a module), and an app module that imports, at run time, an export of
// such a contracts module or such an app module. vite.config.ts keeps them out of the shared `later`
// chunk, which the trip page loads with its plan, so that chunk builds no schema: the screens and
// dialogs that validate load them in a `schemas` chunk of their own.
//
// Read from the sources with regular expressions, not the bundler's graph: an import of
// "@tabi/contracts" names the exports it takes, and the package declares no side effects, so only the
// modules defining those exports count. A module this misses only costs time, never correctness:
// Rolldown still loads whatever a chunk imports.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const CONTRACTS = fileURLToPath(new URL("../../../packages/contracts/src", import.meta.url));
const IMPORTS = /^\s*(?:import|export)\s+(type\s+)?([\w\s{},*$]*?)\s*from\s*["']([^"']+)["']/gm;

let definedIn: Map<string, string> | undefined;
/** The contracts module that defines each runtime export of the package. */
function contractsExports(): Map<string, string> {
  if (definedIn) return definedIn;
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name))
        for (const m of readFileSync(path, "utf8").matchAll(
          /^export\s+(?:const|let|function|class|enum)\s+(\w+)/gm,
        ))
          found.set(m[1]!, path);
    }
  };
  walk(CONTRACTS);
  definedIn = found;
  return found;
}

function resolveRelative(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

const memo = new Map<string, boolean>();
function bound(file: string): boolean {
  const known = memo.get(file);
  if (known !== undefined) return known;
  memo.set(file, false); // an import cycle reads as not bound while it is being walked
  let result = false;
  const code = readFileSync(file, "utf8");
  for (const [, typeOnly, what = "", spec = ""] of code.matchAll(IMPORTS)) {
    if (typeOnly) continue;
    if (spec === "zod") result = true;
    else if (spec === "@tabi/contracts") {
      if (what.includes("*")) result = true;
      else
        for (const part of what.replace(/[{}]/g, "").split(",")) {
          const name = part.trim().split(/\s+as\s+/)[0]!;
          if (!name || name.startsWith("type ")) continue;
          const module = contractsExports().get(name);
          if (module === undefined || bound(module)) result = true;
        }
    } else if (spec.startsWith(".")) {
      const target = resolveRelative(file, spec);
      if (target && bound(target)) result = true;
    }
    if (result) break;
  }
  memo.set(file, result);
  return result;
}

/** Whether the module with this id builds zod schemas when evaluated (see above). */
export function schemaBound(id: string): boolean {
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return true;
  const file = id.split("?")[0]!;
  if (/[\\/]node_modules[\\/]/.test(file) || !/\.tsx?$/.test(file) || !existsSync(file)) return false;
  return bound(file);
}
