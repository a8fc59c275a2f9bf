import { describe, expect, it } from "vitest";
import { SessionCache } from "./session-cache";
import { TripCache } from "./trip-cache";

describe("TripCache", () => {
  it("keeps a read until its trip changes, and only that trip's", () => {
    const cache = new TripCache();
    cache.set("a", "full", "A1", cache.token("a"));
    cache.set("b", "full", "B1", cache.token("b"));
    expect(cache.get("a", "full")).toBe("A1");
    cache.invalidate("a");
    expect(cache.get("a", "full")).toBeUndefined();
    expect(cache.get("b", "full")).toBe("B1");
    cache.clear();
    expect(cache.get("b", "full")).toBeUndefined();
  });

  it("refuses a value read before a write that finished meanwhile", () => {
    const cache = new TripCache();
    const before = cache.token("a"); // a read starts
    cache.invalidate("a"); // a write to the trip ends
    cache.set("a", "full", "stale", before); // the read ends with what it saw before the write
    expect(cache.get("a", "full")).toBeUndefined();
    const afterClear = cache.token("b");
    cache.clear();
    cache.set("b", "full", "stale", afterClear);
    expect(cache.get("b", "full")).toBeUndefined();
    cache.set("a", "full", "fresh", cache.token("a"));
    expect(cache.get("a", "full")).toBe("fresh");
  });

  it("forgets an entry at its expiry and the oldest beyond its size", () => {
    const cache = new TripCache(2, 1000);
    const now = Date.now();
    cache.set("a", "k", 1, cache.token("a"), now + 50);
    expect(cache.get("a", "k", now + 49)).toBe(1);
    expect(cache.get("a", "k", now + 50)).toBeUndefined();
    cache.set("a", "k", 1, cache.token("a"));
    cache.set("b", "k", 2, cache.token("b"));
    cache.set("c", "k", 3, cache.token("c"));
    expect(cache.size).toBe(2);
    expect(cache.get("a", "k")).toBeUndefined();
    expect(cache.get("c", "k")).toBe(3);
    expect(cache.get("c", "k", now + 5000)).toBeUndefined();
  });

  it("holds serialised answers up to its byte budget, dropping the oldest", () => {
    const cache = new TripCache(100, 60_000, 1000);
    const answer = "x".repeat(200); // 400 bytes
    for (const trip of ["a", "b", "c"]) cache.set(trip, "full", answer, cache.token(trip));
    expect(cache.size).toBe(2);
    expect(cache.byteSize).toBe(800);
    expect(cache.get("a", "full")).toBeUndefined();
    cache.invalidate("b");
    expect(cache.byteSize).toBe(400);
    cache.set("c", "full", answer, cache.token("c")); // replacing counts once
    expect(cache.byteSize).toBe(400);
    cache.clear();
    expect(cache.byteSize).toBe(0);
  });
});

describe("TripCache parts", () => {
  it("keeps what a change cannot have touched, and refuses reads that raced it", () => {
    const cache = new TripCache();
    cache.set("a", "member:u", "M", cache.token("a"));
    cache.set("a", "full:u", "F", cache.token("a"));
    const before = cache.token("a");
    cache.invalidate("a", (key) => key.startsWith("member:"));
    expect(cache.get("a", "member:u")).toBe("M");
    expect(cache.get("a", "full:u")).toBeUndefined();
    cache.set("a", "full:u", "stale", before);
    expect(cache.get("a", "full:u")).toBeUndefined();
    cache.invalidate("a");
    expect(cache.get("a", "member:u")).toBeUndefined();
  });

  it("shares one read between callers that miss together, but not across a change", async () => {
    const cache = new TripCache();
    let reads = 0;
    const read = async () => ++reads;
    const [x, y] = await Promise.all([cache.load("a", "p", read), cache.load("a", "p", read)]);
    expect([x, y, reads]).toEqual([1, 1, 1]);
    expect(await cache.load("a", "p", read)).toBe(1); // kept
    cache.invalidate("a");
    const first = cache.load("a", "p", read);
    cache.invalidate("a"); // a write ends while that read is in flight
    const second = cache.load("a", "p", read);
    expect([await first, await second]).toEqual([2, 3]);
    expect(await cache.load("a", "p", read)).toBe(3);
  });
});

describe("SessionCache", () => {
  it("never keeps a user past the session's end or its lifetime", () => {
    const sessions = new SessionCache<string>(1000);
    const now = Date.now();
    sessions.set("c=1", "aiko", new Date(now + 100), now);
    expect(sessions.get("c=1", now + 99)).toBe("aiko");
    expect(sessions.get("c=1", now + 100)).toBeUndefined();
    sessions.set("c=2", "ben", new Date(now + 10_000), now);
    expect(sessions.get("c=2", now + 999)).toBe("ben");
    expect(sessions.get("c=2", now + 1000)).toBeUndefined();
    sessions.set("c=3", "cleo", new Date(now - 1), now);
    expect(sessions.get("c=3", now)).toBeUndefined();
  });
});
