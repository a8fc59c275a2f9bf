import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../http/unavailable";
import { PgliteThread } from "./pglite-proxy";

// PGlite on its own thread must answer as PGlite in process does: rows, errors with their PostgreSQL
// fields, transactions that commit or roll back, and an outage (not a hang) once the thread is gone.
describe("PGlite on its own thread", () => {
  let db: PgliteThread;
  let empty: Blob;
  // One initdb for the file; each test starts from its dump, as the server suite's databases do.
  beforeAll(async () => {
    db = await PgliteThread.start({ postgresqlconf: [] });
    await db.exec("create table notes (id int primary key, body text not null, at timestamptz)");
    empty = await db.dumpDataDir("none");
    await db.close();
  }, 120_000);
  afterEach(() => db.close());

  const start = async () => {
    db = await PgliteThread.start({ postgresqlconf: [], template: empty });
  };

  it("answers operations in the order they were sent, rows as objects or arrays", async () => {
    await start();
    const inserts = Array.from({ length: 20 }, (_, i) =>
      db.query("insert into notes values ($1, $2) returning id", [i, `note ${i}`]),
    );
    expect((await Promise.all(inserts)).map((r) => r.rows[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => ({ id: i })),
    );
    const arrays = await db.query("select id, body from notes where id < 2 order by id", [], {
      rowMode: "array",
    });
    expect(arrays.rows).toEqual([
      [0, "note 0"],
      [1, "note 1"],
    ]);
  });

  it("keeps a date as text when the caller's parser does, as drizzle's do; refuses other parsers", async () => {
    await start();
    await db.query("insert into notes values (1, 'a', '2026-05-01 10:00:00+00')");
    const asText = await db.query("select at from notes", [], { parsers: { 1184: (v: string) => v } });
    expect(asText.rows).toEqual([{ at: "2026-05-01 10:00:00+00" }]);
    const parsed = await db.query<{ at: Date }>("select at from notes");
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    expect(() => db.query("select 1", [], { parsers: { 1184: (v: string) => new Date(v) } })).toThrow(
      /as text only/,
    );
  });

  it("gives a failed statement's error with its code and constraint", async () => {
    await start();
    await db.query("insert into notes values (1, 'a')");
    const err = await db.query("insert into notes values (1, 'b')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: "23505", constraint: "notes_pkey", table: "notes" });
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it("commits a transaction that returns and rolls back one that throws, holding other statements meanwhile", async () => {
    await start();
    const kept = await db.transaction(async (tx) => {
      await tx.query("insert into notes values (1, 'kept')");
      await tx.exec("insert into notes values (2, 'kept too')");
      return "done";
    });
    expect(kept).toBe("done");
    let outside: Promise<unknown> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values (3, 'gone')");
        // Sent while the transaction is open: runs after it, and does not see its row.
        outside = db.query("select count(*)::int as n from notes");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 2 }]);
    expect((await db.query("select id from notes order by id")).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("is an outage to its callers once closed, and dumps and loads a data dir", async () => {
    await start();
    await db.query("insert into notes values (7, 'seven')");
    const dump = await db.dumpDataDir("none");
    await db.close();
    const err = await db.query("select 1").catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);

    db = await PgliteThread.start({ postgresqlconf: [], template: dump });
    expect((await db.query("select body from notes")).rows).toEqual([{ body: "seven" }]);
  });
});
