import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { releaseOnFailedBegin } from "./connect";

/** Just enough of pg.Pool for drizzle's transaction(): connect() hands out one scripted client. */
class FakePool {
  released: unknown[] = [];
  constructor(private readonly fail: (text: string) => boolean) {}
  connect(callback?: (err: Error | undefined, client: unknown) => void) {
    const statements: string[] = [];
    const client = {
      statements,
      query: (text: string | { text: string }) => {
        const t = typeof text === "string" ? text : text.text;
        statements.push(t);
        return this.fail(t)
          ? Promise.reject(new Error("Connection terminated unexpectedly"))
          : Promise.resolve({ rows: [] });
      },
      release: (err?: unknown) => {
        if (this.released.length) throw new Error("Release called on client which has already been released");
        this.released.push(err ?? "ok");
      },
    };
    if (callback) return callback(undefined, client);
    return Promise.resolve(client);
  }
}

describe("transactions on a PostgreSQL pool (drizzle-orm#6023)", () => {
  it("gives the connection back when BEGIN fails (the database just went away)", async () => {
    const pool = new FakePool((text) => text.startsWith("begin"));
    releaseOnFailedBegin(pool as unknown as pg.Pool);
    const db = drizzle({ client: pool as unknown as pg.Pool });
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(pool.released).toHaveLength(1);
    expect(String(pool.released[0])).toMatch(/Connection terminated/); // as broken: not reused
  });

  it("leaves the normal path to drizzle: one release after COMMIT, or after ROLLBACK", async () => {
    const ok = new FakePool(() => false);
    releaseOnFailedBegin(ok as unknown as pg.Pool);
    await drizzle({ client: ok as unknown as pg.Pool }).transaction(async (tx) => tx.execute(sql`select 1`));
    expect(ok.released).toEqual(["ok"]);

    const failing = new FakePool((text) => text.startsWith("select"));
    releaseOnFailedBegin(failing as unknown as pg.Pool);
    await expect(
      drizzle({ client: failing as unknown as pg.Pool }).transaction(async (tx) => tx.execute(sql`select 1`)),
    ).rejects.toThrow();
    expect(failing.released).toEqual(["ok"]);
  });
});
