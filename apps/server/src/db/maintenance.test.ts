import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect, type Database } from "./connect";
import { tidyTablesDue } from "./maintenance";
import type { PgliteClient } from "./pglite-proxy";

// PGlite only: PostgreSQL's autovacuum does this itself.
describe("embedded maintenance (PGlite has no autovacuum)", () => {
  let database: Database;
  let pg: PgliteClient;
  beforeEach(async () => {
    database = await connect({});
    pg = database.pglite!;
    await pg.exec(`create table notes (id serial primary key, trip int not null, name text not null);
      create index notes_trip_name on notes (trip, lower(name));
      insert into notes (trip, name) select i % 3, 'note ' || i from generate_series(1, 20) i;
      analyze notes;
      prepare same_name as select 1 from notes where trip = $1 and lower(name) = $2;`);
  });
  afterEach(() => database.close());

  /** The counts of the statements run so far, as the next check reads them. */
  const flushStatistics = () => pg.exec("select pg_stat_force_next_flush()").then(() => pg.exec("select 1"));
  const plan = async () =>
    (await pg.query<{ "QUERY PLAN": string }>("explain execute same_name(1, 'note 7')")).rows
      .map((r) => r["QUERY PLAN"])
      .join("\n");

  it("makes a cached plan again once its table grew: the lookup reads the index, not every row", async () => {
    // Cached as the generic plan while the table was one page: a scan of the whole table.
    for (let i = 0; i < 6; i++) await pg.query("execute same_name(1, 'note 7')");
    expect(await plan()).toMatch(/Seq Scan on notes/);

    await pg.exec(
      "insert into notes (trip, name) select i % 300, 'note ' || i from generate_series(21, 20000) i",
    );
    await flushStatistics();
    expect(await tidyTablesDue(database.db)).toEqual([{ name: "notes", vacuum: false }]);

    for (let i = 0; i < 6; i++) await pg.query("execute same_name(1, 'note 7')");
    expect(await plan()).toMatch(/Index (Only )?Scan using notes_trip_name/);
  });

  it("leaves a table alone until it changed by more than autovacuum's threshold", async () => {
    await pg.exec("insert into notes (trip, name) select 1, 'more ' || i from generate_series(1, 25) i");
    await flushStatistics();
    expect(await tidyTablesDue(database.db)).toEqual([]);
  });

  it("vacuums a table that holds many dead rows, and then leaves it alone", async () => {
    await pg.exec("insert into notes (trip, name) select 1, 'more ' || i from generate_series(1, 1000) i");
    await pg.exec("analyze notes");
    await pg.exec("delete from notes where name like 'more %'");
    await flushStatistics();
    expect(await tidyTablesDue(database.db)).toEqual([{ name: "notes", vacuum: true }]);
    const [stats] = (
      await pg.query<{ dead: number }>(
        "select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'notes'",
      )
    ).rows;
    expect(stats?.dead).toBe(0);
    await flushStatistics();
    expect(await tidyTablesDue(database.db)).toEqual([]);
  });
});
