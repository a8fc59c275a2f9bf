import { type Node, type SourceFile, visit } from "./sources";

// Finds text a user would see that does not come from a catalogue: JSX text, the visible attributes
// (aria-label, title, placeholder, alt, label...), and string or template literals that read as English
// prose. A line may opt out with an "i18n-exempt" comment saying why (a brand name, a code sample).
const VISIBLE_ATTRS = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
  "description",
  "text",
  "confirmLabel",
  "emptyText",
]);
const CLASS_CALLS = new Set(["cn", "clsx", "cva"]);
const NON_VISIBLE_CALLS = new Set(["require", "import", "log", "debug", "warn", "info", "assertNever"]);
const hasLetters = (s: string) => /\p{L}/u.test(s);
/** Reads as words a person would read: "Save", "3 days ago", never "flex gap-2", "PLAN_LIMIT" or a path. */
export function prose(s: string): boolean {
  const t = s.trim();
  if (!hasLetters(t)) return false;
  if (/^[A-Z][a-z']+([\s,.:!?…]|$)/.test(t)) return true; // "Save", "Trip settings", "Saved."
  const tokens = t.split(/\s+/);
  if (tokens.some((w) => /[-:/[\]=_{}<>]/.test(w))) return false; // class names, paths, code
  return tokens.filter((w) => /^[a-z]{2,}[,.!?…]?$/i.test(w)).length >= 2; // "days ago", "or drop a pin"
}

export interface Finding {
  path: string;
  line: number;
  text: string;
}

function calleeName(n: Node): string | undefined {
  const c = n.callee as Node | undefined;
  if (!c) return undefined;
  if (c.type === "Identifier") return c.name as string;
  if (c.type === "MemberExpression") return ((c.property as Node).name as string) ?? undefined;
  return undefined;
}

function inClassOrCode(parents: Node[]): boolean {
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i]!;
    if (p.type === "JSXAttribute") {
      const name = (p.name as Node).name as string;
      return (
        name === "className" ||
        name === "class" ||
        name === "style" ||
        name === "d" ||
        name.startsWith("data-")
      );
    }
    if (p.type === "CallExpression" || p.type === "NewExpression") {
      const name = calleeName(p);
      if (name && (CLASS_CALLS.has(name) || NON_VISIBLE_CALLS.has(name))) return true;
      if (name === "t" || name === "Trans") return true;
    }
    if (
      p.type === "ImportDeclaration" ||
      p.type === "ExportNamedDeclaration" ||
      p.type === "ExportAllDeclaration"
    )
      return p.type === "ImportDeclaration" || Boolean(p.source);
    if (p.type.startsWith("TS")) return true; // types
    if (p.type === "ObjectProperty" && (p.key as Node).type === "Identifier") {
      const key = (p.key as Node).name as string;
      if (key === "className" || key === "class") return true;
    }
  }
  return false;
}

export function visibleStrings(file: SourceFile): Finding[] {
  const lines = file.text.split("\n");
  const exempt = (line: number) =>
    (lines[line - 1] ?? "").includes("i18n-exempt") || (lines[line - 2] ?? "").includes("i18n-exempt");
  const out: Finding[] = [];
  visit(file.ast, (n, parents) => {
    const line = n.loc?.start.line ?? 0;
    if (exempt(line)) return;
    const parent = parents[parents.length - 1];
    if (n.type === "JSXText") {
      const text = (n.value as string).trim();
      if (hasLetters(text)) out.push({ path: file.path, line, text });
      return;
    }
    if (n.type === "StringLiteral" || n.type === "TemplateLiteral") {
      if (parent?.type === "ObjectProperty" && parent.key === n) return; // a key, not a value
      if (parent?.type === "TSLiteralType" || parent?.type === "ImportDeclaration") return;
      if (parent?.type === "JSXAttribute" && VISIBLE_ATTRS.has((parent.name as Node).name as string)) {
        const value = n.type === "StringLiteral" ? (n.value as string) : "";
        if (hasLetters(value)) out.push({ path: file.path, line, text: value });
        return;
      }
      if (inClassOrCode(parents)) return;
      const text =
        n.type === "StringLiteral"
          ? (n.value as string)
          : (n.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked).join("…");
      if (/^[a-z]+:[\w.-]+$/.test(text)) return; // a catalogue key
      if (prose(text)) out.push({ path: file.path, line, text });
    }
  });
  return out;
}
