import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

/**
 * The server's layers (issue 27, docs/ARCHITECTURE.md): the shared modules sit below the feature
 * modules and never import them, and no file imports itself back through others (type imports too:
 * a circle of types is a circle of ideas).
 */
const ROOT = dirname(new URL(import.meta.url).pathname);
/** Shared: what every feature stands on. */
const SHARED = [
  "auth/",
  "cache/",
  "db/",
  "http/",
  "i18n/",
  "limits/",
  "providers/",
  "realtime/",
  "jobs/queue.ts",
  "jobs/solver",
  "config.ts",
  "secrets.ts",
  "modules/trips/",
  "modules/members/",
];
// modules/types.ts (AppContext) and app.ts are the composition root: they name every service.
const FEATURE = /^modules\/(?!trips\/|members\/|types\.ts)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    const target = resolve(dirname(file), m[1]!);
    for (const candidate of [`${target}.ts`, join(target, "index.ts"), target])
      if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
        found.push(candidate);
        break;
      }
  }
  return found;
}

const files = sources(ROOT);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const name = (f: string) => relative(ROOT, f);

it("shared modules never import a feature module", () => {
  const wrong: string[] = [];
  for (const [file, imports] of graph) {
    if (!SHARED.some((s) => name(file).startsWith(s))) continue;
    for (const target of imports)
      if (FEATURE.test(name(target))) wrong.push(`${name(file)} -> ${name(target)}`);
  }
  expect(wrong).toEqual([]);
});

it("no import circles", () => {
  // Tarjan's strongly connected components: any with two files or more is a circle.
  let index = 0;
  const stack: string[] = [];
  const state = new Map<string, { index: number; low: number; onStack: boolean }>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    const s = { index, low: index, onStack: true };
    index++;
    state.set(v, s);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      const t = state.get(w);
      if (!t) {
        visit(w);
        s.low = Math.min(s.low, state.get(w)!.low);
      } else if (t.onStack) s.low = Math.min(s.low, t.index);
    }
    if (s.low === s.index) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        state.get(w)!.onStack = false;
        component.push(name(w));
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const f of files) if (!state.has(f)) visit(f);
  expect(circles).toEqual([]);
  expect(files.length).toBeGreaterThan(100); // the walk found the sources
});
