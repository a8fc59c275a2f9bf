import { describe, expect, it } from "vitest";
import { baseKey, readCatalogues, variables } from "./check/catalogues";
import { literals, sourceFiles } from "./check/sources";
import { prose, visibleStrings } from "./check/visible";

// The catalogue check (issue 13): every key the code uses exists in all four languages, nothing in a
// catalogue is unused, placeholders agree across languages, and no visible web text bypasses them.
const catalogues = readCatalogues();
const languages = Object.keys(catalogues);
const en = catalogues.en!;
const KEY = /^([a-z]+):([\w.-]+)$/;

/** Keys the code names ("places:edit.title"), plus server texts the code holds in English. */
const NAMESPACES = new Set([...en.keys()].map((k) => k.split(":")[0]!));
function usedKeys(): Set<string> {
  const used = new Set<string>();
  const englishServer = new Map([...en].filter(([k]) => k.startsWith("server:")).map(([k, v]) => [v, k]));
  for (const file of sourceFiles())
    for (const { value } of literals(file)) {
      // Web namespaces are used by web code only: "places:all" is a cache key on the server.
      const ns = value.split(":")[0]!;
      const here = ns === "server" || file.path.startsWith("apps/web/");
      if (KEY.test(value) && NAMESPACES.has(ns) && here) used.add(value);
      const server = englishServer.get(value);
      if (server) used.add(server);
      // A key built from a prefix ("plan:mode." + mode) marks the whole group as used.
      if (/^[a-z]+:[\w.-]+\.$/.test(value)) used.add(`${value}*`);
    }
  return used;
}

describe("catalogues", () => {
  const used = usedKeys();
  const prefixes = [...used].filter((k) => k.endsWith("*")).map((k) => k.slice(0, -1));
  const isUsed = (key: string) => used.has(baseKey(key)) || prefixes.some((p) => key.startsWith(p));

  it("has the four languages", () => {
    expect(languages.sort()).toEqual(["en", "ja", "ko", "zh"]);
  });

  it.each(languages)("%s has every key the code uses", (lng) => {
    const have = new Set([...catalogues[lng]!.keys()].map(baseKey));
    const missing = [...used].filter((k) => !k.endsWith("*") && !have.has(k));
    expect(missing).toEqual([]);
  });

  it.each(languages)("%s has no key nothing uses", (lng) => {
    expect([...catalogues[lng]!.keys()].filter((k) => !isUsed(k))).toEqual([]);
  });

  it.each(languages.filter((l) => l !== "en"))("%s has the same keys and placeholders as English", (lng) => {
    const other = catalogues[lng]!;
    const base = (m: Map<string, string>) => new Set([...m.keys()].map(baseKey));
    const [enKeys, otherKeys] = [base(en), base(other)];
    expect([...otherKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !otherKeys.has(k))).toEqual([]);
    // The placeholders of each key, its plural forms together: one pass over each catalogue.
    const vars = (m: Map<string, string>) => {
      const of = new Map<string, Set<string>>();
      for (const [k, v] of m) {
        const set = of.get(baseKey(k)) ?? new Set<string>();
        for (const x of variables(v)) set.add(x);
        of.set(baseKey(k), set);
      }
      return (key: string) => [...(of.get(key) ?? [])].sort().join();
    };
    const [enVars, otherVars] = [vars(en), vars(other)];
    const mismatched = [...enKeys].filter((k) => enVars(k) !== otherVars(k));
    expect(mismatched).toEqual([]);
  });

  it("names no placeholder like one of i18next's own options (a {{lng}} would switch the language)", () => {
    const RESERVED = new Set([
      "lng",
      "lngs",
      "ns",
      "context",
      "defaultValue",
      "fallbackLng",
      "keyPrefix",
      "postProcess",
    ]);
    expect([...en].filter(([, v]) => variables(v).some((x) => RESERVED.has(x))).map(([k]) => k)).toEqual([]);
  });

  it("leaves no visible text in the web code outside the catalogues", () => {
    const findings = sourceFiles()
      .filter((f) => f.path.startsWith("apps/web/src/") && !f.path.startsWith("apps/web/src/i18n/"))
      .flatMap(visibleStrings)
      .map((f) => `${f.path}:${f.line} ${JSON.stringify(f.text)}`);
    expect(findings).toEqual([]);
  });
});

describe("the visible-text detector", () => {
  it("tells prose from code", () => {
    expect(["Save", "Trip settings", "3 days ago", "or drop a pin", "Saved."].every(prose)).toBe(true);
    expect(["flex gap-2", "PLAN_LIMIT", "/api/trips", "Europe/Paris", "walk", "2026-12-10"].some(prose)).toBe(
      false,
    );
  });
});
