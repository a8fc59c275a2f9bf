import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api";
import type { Refusal } from "./outbox";

// The outbox on its own: the HTTP client is a fake that answers as the test says; IndexedDB is absent
// here, so the queue lives in memory (the browser keeps it in IndexedDB too: e2e/tests/offline.spec.ts).
const answers: ((path: string, init: { method?: string; body?: unknown }) => unknown)[] = [];
const sent: { path: string; method?: string; body?: unknown }[] = [];
vi.mock("../api", async (original) => ({
  ...(await original<typeof import("../api")>()),
  api: vi.fn(async (path: string, init: { method?: string; body?: unknown } = {}) => {
    sent.push({ path, ...init });
    const next = answers.shift();
    return next ? next(path, init) : { ok: true };
  }),
}));

const outbox = await import("./outbox");
const offline = (value: boolean) => vi.stubGlobal("navigator", { onLine: !value });
const item = (n: number, tripId = "t1") => ({
  kind: "wish.set",
  tripId,
  method: "PUT" as const,
  path: `/api/trips/${tripId}/places/p${n}/wish`,
  body: { wishLevel: n },
  label: `Place ${n}`,
});
const noAnswer = () => {
  throw new ApiError(0, "NETWORK_ERROR", "Network error");
};

let user = 0;
beforeEach(async () => {
  answers.length = 0;
  sent.length = 0;
  offline(false);
  await outbox.loadOutbox(`user-${++user}`); // a fresh, empty outbox
});
afterEach(() => vi.unstubAllGlobals());

describe("the outbox", () => {
  it("sends at once when online and nothing waits", async () => {
    answers.push(() => ({ id: "p1" }));
    expect(await outbox.sendOrQueue(item(1))).toEqual({ queued: false, answer: { id: "p1" } });
    expect(outbox.pendingChanges()).toHaveLength(0);
  });

  it("keeps changes made offline, in order, and sends them in that order when back", async () => {
    offline(true);
    expect((await outbox.sendOrQueue(item(1))).queued).toBe(true);
    expect((await outbox.sendOrQueue(item(2, "t2"))).queued).toBe(true);
    expect(sent).toHaveLength(0);
    expect(outbox.pendingChanges().map((i) => i.label)).toEqual(["Place 1", "Place 2"]);
    expect(outbox.pendingChanges("t2").map((i) => i.label)).toEqual(["Place 2"]);
    // A change made while older ones wait goes behind them even online.
    offline(false);
    answers.push(noAnswer);
    expect((await outbox.sendOrQueue(item(3))).queued).toBe(true);
    await outbox.flushOutbox();
    expect(sent.map((s) => s.path)).toEqual([
      "/api/trips/t1/places/p1/wish", // no answer: kept, and the round stops there
      "/api/trips/t1/places/p1/wish",
      "/api/trips/t2/places/p2/wish",
      "/api/trips/t1/places/p3/wish",
    ]);
    expect(outbox.pendingChanges()).toHaveLength(0);
  });

  it("a change that meets no answer is kept for later", async () => {
    answers.push(noAnswer);
    expect((await outbox.sendOrQueue(item(1))).queued).toBe(true);
    answers.push(noAnswer);
    await outbox.flushOutbox();
    expect(outbox.pendingChanges()).toHaveLength(1);
    await outbox.flushOutbox();
    expect(outbox.pendingChanges()).toHaveLength(0);
  });

  it("drops a change the server refuses, says why, and sends the rest", async () => {
    offline(true);
    await outbox.sendOrQueue(item(1));
    await outbox.sendOrQueue({ ...item(2), typed: "Bring cash" });
    await outbox.sendOrQueue(item(3));
    offline(false);
    const refusals: Refusal[] = [];
    const off = outbox.onRefused((r) => refusals.push(r));
    answers.push(
      () => ({}),
      () => {
        throw new ApiError(404, "NOT_FOUND", "Place not found");
      },
    );
    await outbox.flushOutbox();
    off();
    expect(refusals.map((r) => [r.item.label, r.item.typed, r.message])).toEqual([
      ["Place 2", "Bring cash", "Place not found"],
    ]);
    expect(sent.map((s) => s.body)).toEqual([{ wishLevel: 1 }, { wishLevel: 2 }, { wishLevel: 3 }]);
    expect(outbox.pendingChanges()).toHaveLength(0);
  });

  it("an expired session or an outage keeps everything (nothing is lost)", async () => {
    offline(true);
    await outbox.sendOrQueue(item(1));
    offline(false);
    for (const status of [401, 503, 429]) {
      answers.push(() => {
        throw new ApiError(status, "X", "no");
      });
      await outbox.flushOutbox();
      expect(outbox.pendingChanges(), String(status)).toHaveLength(1);
    }
  });

  it("a kind's check refuses a change that no longer applies, before sending it", async () => {
    const settled: string[] = [];
    outbox.registerOutboxKind("test.checked", {
      check: async (i) => (i.label === "stale" ? "Someone changed it" : null),
      settled: (tripId) => settled.push(tripId),
    });
    offline(true);
    await outbox.sendOrQueue({ ...item(1), kind: "test.checked", label: "stale" });
    await outbox.sendOrQueue({ ...item(2), kind: "test.checked", label: "fine" });
    offline(false);
    const refusals: string[] = [];
    const off = outbox.onRefused((r) => refusals.push(`${r.item.label}: ${r.message}`));
    await outbox.flushOutbox();
    off();
    expect(refusals).toEqual(["stale: Someone changed it"]);
    expect(sent.map((s) => s.path)).toEqual(["/api/trips/t1/places/p2/wish"]);
    expect(settled).toEqual(["t1"]);
  });

  it("belongs to one user: another user starts with their own", async () => {
    offline(true);
    await outbox.sendOrQueue(item(1));
    await outbox.loadOutbox("someone-else");
    expect(outbox.pendingChanges()).toHaveLength(0);
    await outbox.loadOutbox(null);
    offline(true);
    // Nobody signed in: nothing is kept, the request is simply tried.
    answers.push(noAnswer);
    await expect(outbox.sendOrQueue(item(2))).rejects.toThrow("Network error");
  });
});
