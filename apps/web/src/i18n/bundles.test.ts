import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_NAMESPACES, LATER_NAMESPACES, loadCatalogue, TRIP_NAMESPACES } from "./bundles";
import { LANGUAGE_CODES } from "./languages";

// The catalogue bundles (bundles.ts) cover every area exactly once, and each bundles/*.ts file names
// the areas its list says (a glob pattern must be a literal, so the lists are written twice).
const here = import.meta.dirname;
const areas = readdirSync(join(here, "locales/en")).map((f) => f.replace(/\.json$/, ""));
const globbed = (file: string) => {
  const braces = /\{([\w,]+)\}\.json/.exec(readFileSync(join(here, "bundles", file), "utf8"));
  return braces ? braces[1]!.split(",").sort() : [];
};

describe("catalogue bundles", () => {
  it("put every area in exactly one group", () => {
    const all = [
      ...FIRST_NAMESPACES.filter((ns) => ns !== "server"),
      ...TRIP_NAMESPACES,
      ...LATER_NAMESPACES,
    ];
    expect([...all].sort()).toEqual([...areas].sort());
    expect(new Set(all).size).toBe(all.length);
  });

  it.each(LANGUAGE_CODES)("%s: the bundle files name the groups' areas", (lng) => {
    expect(globbed(`first-${lng}.ts`)).toEqual(FIRST_NAMESPACES.filter((ns) => ns !== "server").sort());
    expect(globbed(`trip-${lng}.ts`)).toEqual([...TRIP_NAMESPACES].sort());
    expect(readFileSync(join(here, "bundles", `first-${lng}.ts`), "utf8")).toContain(`../locales/${lng}/`);
    expect(readFileSync(join(here, "bundles", `trip-${lng}.ts`), "utf8")).toContain(`../locales/${lng}/`);
  });

  it.each(LANGUAGE_CODES)("%s: loads each area's own texts", async (lng) => {
    for (const ns of [...FIRST_NAMESPACES, ...TRIP_NAMESPACES, ...LATER_NAMESPACES]) {
      const texts = await loadCatalogue(lng, ns);
      const file =
        ns === "server"
          ? join(here, `../../../../packages/contracts/src/i18n/${lng}.json`)
          : join(here, `locales/${lng}/${ns}.json`);
      expect(texts, `${lng}/${ns}`).toEqual(JSON.parse(readFileSync(file, "utf8")));
    }
  });
});
