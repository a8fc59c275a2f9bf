import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database";
import { bind, compiled, rowsOfCompiled } from "./compiled";
import type { Database } from "./connect";
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

describe("compiled statements on the database (PGlite, or PostgreSQL with DATABASE_URL)", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.db.execute(sql`create table compiled_probe (id int primary key, label text)`);
  });
  afterAll(() => drop());

  const INSERT = compiled("compiled.test.insert", () => {
    const p = sql.placeholder;
    return sql`insert into compiled_probe (id, label) values (${p("id")}::int, ${p("label")}) returning *`;
  });

  const COUNT = compiled("compiled.test.count", () => sql`select count(*) as n from compiled_probe`);

  it("answer every call, prepared once, and again after a migration changed what `returning *` returns", async () => {
    for (let id = 1; id <= 8; id++)
      expect(await rowsOfCompiled(database.db, INSERT, { id, label: `n${id}` })).toEqual([
        { id, label: `n${id}` },
      ]);
    // A newer process's migration on a rolling deploy: the prepared plan's result type is stale.
    await database.db.execute(sql`alter table compiled_probe add column extra text default 'x'`);
    expect(await rowsOfCompiled(database.db, INSERT, { id: 9, label: "n9" })).toEqual([
      { id: 9, label: "n9", extra: "x" },
    ]);
    expect(await rowsOfCompiled(database.db, INSERT, { id: 10, label: "n10" })).toEqual([
      { id: 10, label: "n10", extra: "x" },
    ]);
  });

  it("answer inside a transaction, which then commits", async () => {
    const rows = await database.db.transaction(async (tx) => {
      const inserted = await rowsOfCompiled(tx, INSERT, { id: 11, label: "in a transaction" });
      return [...inserted, ...(await rowsOfCompiled(tx, INSERT, { id: 12, label: "and another" }))];
    });
    expect(rows).toMatchObject([{ id: 11 }, { id: 12 }]);
    const [count] = await rowsOfCompiled<{ n: number }>(database.db, COUNT, {});
    expect(Number(count?.n)).toBe(12);
  });
});
