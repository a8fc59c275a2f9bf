import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bind, compiled } from "./compiled";
import { typedParam } from "./json-rows";
import { places } from "./schema";

describe("compiled statements", () => {
  const p = sql.placeholder;
  const statement = compiled("compiled.test", () => {
    return sql`select ${typedParam(places.photos, p("photos"))}, ${typedParam(places.createdAt, p("at"))},
      ${p("plain")}, ${1}`;
  });

  it("are built once per key", () => {
    expect(compiled("compiled.test", () => sql`select 2`)).toBe(statement);
    expect(statement.text).toContain("$1::jsonb");
  });

  it("encode each value as its column would, null as SQL null", () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    expect(bind(statement, { photos: ["a"], at, plain: "x" })).toEqual([
      '["a"]',
      places.createdAt.mapToDriverValue(at),
      "x",
      1,
    ]);
    expect(bind(statement, { photos: null, at: undefined, plain: null })).toEqual([null, null, null, 1]);
  });

  it("refuse a statement with a value missing", () => {
    expect(() => bind(statement, { photos: [] })).toThrow(/at/);
  });
});
