import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/connect";
import { runMigrations } from "../db/migrate";
import { createTestDatabase } from "../test/database";
import { type Counters, MemoryCounters, PgCounters } from "./counters";

const MINUTE = 60_000;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await runMigrations(database); // a no-op on the suite's migrated template
});
afterAll(() => drop());

let unique = 0;
const freshKey = () => `test:${++unique}`;

describe.each([
  ["in memory", () => new MemoryCounters()],
  ["in the database", () => new PgCounters(database.db)],
])("counters %s", (_name, make: () => Counters) => {
  it("gives each of a burst of hits its own count, in the order they came", async () => {
    const counters = make();
    const key = freshKey();
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 40 }, () => counters.hit(key, MINUTE, now)));
    expect(counts.map((c) => c.count)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(counts.map((c) => c.windowEnds))).toEqual(new Set([now + MINUTE]));
    expect((await counters.peek(key, now))?.count).toBe(40);
    counters.close();
  });

  it("keeps the keys of one burst apart", async () => {
    const counters = make();
    const [a, b] = [freshKey(), freshKey()];
    const hits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => counters.hit(i % 3 === 0 ? a : b, MINUTE).then((c) => c.count)),
    );
    expect(hits.filter((_, i) => i % 3 === 0)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(hits.filter((_, i) => i % 3 !== 0)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    counters.close();
  });

  it("starts a window again at 1 once it has ended, and forgets a reset key", async () => {
    const counters = make();
    const key = freshKey();
    const t0 = Date.now();
    await counters.hit(key, MINUTE, t0);
    await counters.hit(key, MINUTE, t0 + 1000);
    const later = await counters.hit(key, MINUTE, t0 + MINUTE);
    expect(later).toEqual({ count: 1, windowEnds: t0 + 2 * MINUTE, lastAt: t0 + MINUTE });
    await counters.reset(key);
    expect(await counters.peek(key, t0 + MINUTE)).toBeUndefined();
    counters.close();
  });
});

describe("counters shared by processes", () => {
  it("counts every hit of two processes' bursts once", async () => {
    const [one, two] = [new PgCounters(database.db), new PgCounters(database.db)];
    const key = freshKey();
    const burst = (c: Counters) => Array.from({ length: 25 }, () => c.hit(key, MINUTE).then((r) => r.count));
    const counts = await Promise.all([...burst(one), ...burst(two)]);
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    one.close();
    two.close();
  });
});
