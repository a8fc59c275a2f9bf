// Issue 27, item 4: processes going away under load. One killed with SIGKILL: no acknowledged write
// is lost, the clients carry on through the others, a socket reconnects and catches up by sequence
// number. A rolling restart (SIGTERM to each process in turn, then started again): no failed request.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTrip, join, type Socket } from "./client";
import { Cluster, sleep } from "./cluster";

let cluster: Cluster;
let members: Client[];
let tripId: string;

beforeAll(async () => {
  cluster = new Cluster(); // assigned first: afterAll stops what a failed start left running
  await cluster.start(3);
  const owner = await new Client(cluster).guest("Owner");
  tripId = await createTrip(owner);
  const friends: Client[] = [];
  for (let i = 0; i < 4; i++) friends.push(await new Client(cluster).guest(`Friend ${i}`));
  await join(owner, tripId, friends);
  members = [owner, ...friends];
});

afterAll(async () => {
  await cluster?.stop();
});

interface Outcome {
  at: number;
  ok: boolean;
  what: string;
}

/**
 * Members sending chat messages (writes, 8 a second each) and reading the trip screen (as fast as
 * they are answered) through nginx until `stop` resolves, one request at a time each. Answers every request's outcome and the acknowledged messages.
 */
function load(stop: Promise<void>, readers = 0) {
  const outcomes: Outcome[] = [];
  const acked: string[] = [];
  const lastSent = new Map<Client, number>();
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const writer = async (c: Client) => {
    while (!stopped) {
      // 8 messages a second at most: under the chat's limit of 600 a minute per session, which holds
      // across processes.
      const wait = (lastSent.get(c) ?? 0) + 125 - performance.now();
      if (wait > 0) await sleep(wait);
      const at = performance.now();
      lastSent.set(c, at);
      try {
        const res = await c.post(`/api/trips/${tripId}/chat/messages`, {
          clientId: randomUUID(),
          content: `load ${at}`,
        });
        const ok = res.status === 201 || res.status === 200;
        if (ok) acked.push((res.body as { id: string }).id);
        outcomes.push({
          at,
          ok,
          what: ok ? "" : `POST ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        });
      } catch (err) {
        outcomes.push({ at, ok: false, what: `POST ${(err as Error).cause ?? err}` });
      }
    }
  };
  const reader = async (c: Client) => {
    while (!stopped) {
      const at = performance.now();
      try {
        const res = await c.get(`/api/trips/${tripId}/full`);
        outcomes.push({ at, ok: res.status === 200, what: res.status === 200 ? "" : `GET ${res.status}` });
      } catch (err) {
        outcomes.push({ at, ok: false, what: `GET ${(err as Error).cause ?? err}` });
      }
    }
  };
  const running = Promise.all([
    ...members.map((c) => writer(c)),
    ...members.slice(0, readers).map((c) => reader(c)),
  ]);
  return { outcomes, acked, done: running.then(() => ({ outcomes, acked })) };
}

async function missingFromDatabase(ids: string[]) {
  const rows = await cluster.sql<{ id: string }>(`select id from chat_messages where id = any($1::uuid[])`, [
    ids,
  ]);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Every message of the trip, through the API (pages, oldest first), as a resync refetches them. */
async function allMessages(c: Client): Promise<Set<string>> {
  const ids = new Set<string>();
  let before: number | undefined;
  for (;;) {
    const page = await c.ok<{ messages: { id: string; num: number }[]; hasMore: boolean }>(
      "GET",
      `/api/trips/${tripId}/chat/messages?limit=100${before ? `&before=${before}` : ""}`,
    );
    for (const m of page.messages) ids.add(m.id);
    if (!page.hasMore || page.messages.length === 0) return ids;
    before = page.messages[0]!.num;
  }
}

/** Failures by kind: how many, and when the first came (ms after the first failure). */
function summary(failures: Outcome[]) {
  const kinds: Record<string, string> = {};
  const counts = new Map<string, { n: number; first: number }>();
  for (const f of failures) {
    const k = counts.get(f.what) ?? { n: 0, first: f.at };
    k.n++;
    counts.set(f.what, k);
  }
  const t0 = failures[0]?.at ?? 0;
  for (const [what, k] of counts) kinds[what] = `${k.n}, the first at +${Math.round(k.first - t0)} ms`;
  return kinds;
}

function lastSeq(s: Socket) {
  return Math.max(0, ...s.events(tripId).map((e) => e.seq));
}

describe("a process killed with SIGKILL under write load", () => {
  it("loses no acknowledged write; clients carry on; a socket reconnects and catches up", async () => {
    const victim = cluster.apps[0]!;
    // A socket the balancer gave to the process about to die, and one on another process.
    const [, traveller, other] = members as [Client, Client, Client];
    const doomed = traveller.socket(victim.port);
    const survivor = other.socket(cluster.apps[1]!.port);
    await doomed.subscribe(tripId);
    await survivor.subscribe(tripId);
    let release!: () => void;
    const run = load(new Promise<void>((r) => (release = r)), 2);
    await sleep(1500);
    const killedAt = performance.now();
    victim.child.kill("SIGKILL");
    await victim.exited;
    await sleep(2500);
    release();
    const { outcomes, acked } = await run.done;

    const failures = outcomes.filter((o) => !o.ok);
    const after = outcomes.filter((o) => o.at > killedAt + 500);
    expect(acked.length).toBeGreaterThan(80);
    // Only what was in flight on the killed process may fail: one request per loop at most (nginx
    // sends a GET whose process died to another one; a POST it had sent, it answers 502).
    expect(failures.length, failures.map((f) => f.what).join("\n")).toBeLessThanOrEqual(members.length + 2);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((o) => !o.ok).map((o) => o.what)).toEqual([]);
    expect(await missingFromDatabase(acked)).toEqual([]);

    // The socket on the dead process is gone; the client reconnects (through nginx, to a live one).
    const closed = await doomed.untilClosed(15_000);
    expect(closed, "the socket on the killed process closes").toBeTruthy();
    const seen = lastSeq(doomed);
    const again = traveller.socket();
    const seq = await again.subscribe(tripId);
    expect(seq).toBeGreaterThanOrEqual(seen);
    // A gap (seq moved on while away): the client refetches, and has every acknowledged message.
    const have = new Set([
      ...doomed.events(tripId).map((e) => e.messageId),
      ...(seq !== seen ? await allMessages(traveller) : []),
    ]);
    expect(acked.filter((id) => !have.has(id))).toEqual([]);
    // The socket on a live process heard of every acknowledged message.
    expect(survivor.closed).toBeUndefined();
    const heard = new Set(survivor.events(tripId).map((e) => e.messageId));
    expect(acked.filter((id) => !heard.has(id))).toEqual([]);
    for (const s of [doomed, survivor, again]) s.close();

    await cluster.restart(0);
  });
});

describe("a rolling restart under load", () => {
  it("SIGTERM to each process in turn, started again: no failed request, sockets told to reconnect", async () => {
    // Three sockets through nginx that reconnect (as the web client does) and remember how each closed.
    const closes: number[] = [];
    let stopped = false;
    const keepSocket = async (c: Client) => {
      while (!stopped) {
        const s = c.socket();
        try {
          await s.subscribe(tripId);
        } catch {
          await sleep(200);
          continue;
        }
        while (!stopped && !s.closed) await sleep(50);
        if (s.closed) closes.push(s.closed.code);
        s.close();
        await sleep(100);
      }
    };
    const sockets = Promise.all(members.slice(0, 3).map((c) => keepSocket(c)));
    let release!: () => void;
    const run = load(new Promise<void>((r) => (release = r)), 2);
    await sleep(1000);
    const drains: string[] = [];
    for (const [i, app] of cluster.apps.entries()) {
      const t0 = performance.now();
      app.child.kill("SIGTERM");
      const exit = await app.exited;
      drains.push(
        `${app.port}: exit ${exit.code ?? exit.signal} after ${Math.round(performance.now() - t0)} ms`,
      );
      expect(exit.code, drains.at(-1)).toBe(0);
      await cluster.restart(i);
      // As the README's rolling restart: past nginx's fail_timeout (1 s) before the next one goes down,
      // so two processes are never skipped at once.
      await sleep(1500);
    }
    await sleep(1000);
    release();
    stopped = true;
    const { outcomes, acked } = await run.done;
    await sockets;
    console.log(
      `rolling restart: ${outcomes.length} requests; ${drains.join("; ")}; socket closes ${closes.join(",")}`,
    );

    expect(summary(outcomes.filter((o) => !o.ok))).toEqual({});
    expect(outcomes.length).toBeGreaterThan(100);
    expect(await missingFromDatabase(acked)).toEqual([]);
    // Each process closed its sockets with 1012 (service restart): the client's cue to reconnect.
    expect(closes.length).toBeGreaterThan(0);
    expect(closes.filter((code) => code !== 1012)).toEqual([]);
  });
});
