import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "@babel/parser";
import { REPO } from "./catalogues";

// Walks the TypeScript sources and collects what the catalogue check needs from their syntax trees.
const SOURCE_ROOTS = ["apps/web/src", "apps/server/src", "packages/contracts/src"];
const isSource = (f: string) => /\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith(".d.ts");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "check" ? [] : walk(p);
    return isSource(p) ? [p] : [];
  });
}

export interface SourceFile {
  path: string; // relative to the repo
  text: string;
  ast: Node;
}
export interface Node {
  type: string;
  loc?: { start: { line: number } };
  [k: string]: unknown;
}

let cached: SourceFile[] | undefined;
export function sourceFiles(): SourceFile[] {
  cached ??= SOURCE_ROOTS.flatMap((root) => walk(join(REPO, root))).map((file) => {
    const text = readFileSync(file, "utf8");
    const ast = parse(text, {
      sourceType: "module",
      plugins: ["typescript", ...(file.endsWith(".tsx") ? (["jsx"] as const) : [])],
    }) as unknown as Node;
    return { path: relative(REPO, file), text, ast };
  });
  return cached;
}

/** Visits every node with its parent chain (nearest last). */
export function visit(node: Node, fn: (node: Node, parents: Node[]) => void, parents: Node[] = []) {
  fn(node, parents);
  parents.push(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "leadingComments" || key === "trailingComments" || key === "extra") continue;
    if (Array.isArray(value)) {
      for (const v of value) if (v && typeof v === "object" && "type" in v) visit(v as Node, fn, parents);
    } else if (value && typeof value === "object" && "type" in value) visit(value as Node, fn, parents);
  }
  parents.pop();
}

/** Every string literal and template text of a file, with its line. */
export function literals(file: SourceFile): { value: string; line: number }[] {
  const out: { value: string; line: number }[] = [];
  visit(file.ast, (n) => {
    if (n.type === "StringLiteral") out.push({ value: n.value as string, line: n.loc?.start.line ?? 0 });
    if (n.type === "TemplateElement")
      out.push({ value: (n.value as { cooked: string }).cooked ?? "", line: n.loc?.start.line ?? 0 });
  });
  return out;
}
