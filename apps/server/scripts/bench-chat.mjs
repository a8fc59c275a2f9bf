// Group chat under load (issue 14), on PGlite or PostgreSQL: 20 members with a socket each, messages
// sent at 100 a second for 30 s through the API, and the time from each send to its arrival in every
// other member's socket; nothing may be lost or arrive twice. Then one page of history from a trip
// of 10,000 messages, with autocannon. `npm run bench:server` prints it for both databases. Alone:
//   node scripts/bench-chat.mjs [pglite] [postgres] [--seconds=30]
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import WebSocket from "ws";
import { apiClient, day, figure, randomPort, sleep, startServer, stopServer } from "./bench-lib.mjs";
import { freshDatabase } from "./bench-writes.mjs";

const MEMBERS = 20;
const RATE = 100; // messages a second, from the members in turn
const HISTORY = 10_000;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A member's socket, subscribed to the trip; calls `onChat` with each chat.message event. */
async function socketOf(port, cookie, tripId, onChat) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
    headers: { cookie, origin: `http://localhost:${port}` },
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const subscribed = new Promise((resolve) => {
    ws.on("message", (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === "subscribed") resolve();
      else if (m.type === "event" && m.event.type === "chat.message") onChat(m.event);
    });
  });
  ws.send(JSON.stringify({ type: "subscribe", tripId }));
  await subscribed;
  return ws;
}

export async function benchChat(kind, { seconds = 30 } = {}) {
  const db = await freshDatabase(kind);
  const port = randomPort();
  const env = { ...db.env, PORT: String(port), TRUST_PROXY: "true" };
  const api = apiClient(port);
  let server;
  try {
    server = await startServer(env);
    const ips = Array.from({ length: MEMBERS }, (_, i) => `10.77.0.${i + 1}`);
    const members = [];
    for (const [i, ip] of ips.entries()) members.push(await api.session(`Member ${i + 1}`, ip));
    // Premium: the free plan's trips take 5 members.
    await stopServer(server.child);
    await db.sql("update users set is_premium = true");
    server = await startServer(env);
    const newTrip = async (name) =>
      (
        await api.call(
          members[0],
          "/api/trips",
          { name, departureLocation: "Kyoto", startDate: day(30), endDate: day(33) },
          "POST",
          ips[0],
        )
      ).trip.id;
    const live = await newTrip("Live chat");
    const archive = await newTrip("Long chat");
    for (const tripId of [live, archive]) {
      // A code takes 10 joins (spec 9); asking again after that gives a new one.
      for (const [i, m] of members.entries()) {
        if (i === 0) continue;
        const { displayCode } = await api.call(members[0], `/api/trips/${tripId}/invitation`);
        await api.call(m, "/api/trips/join", { code: displayCode }, "POST", ips[i]);
      }
    }
    // 10,000 messages of the group with some reactions, written straight into the database.
    await stopServer(server.child);
    await db.sql(`
      insert into chat_messages (trip_id, user_id, client_id, content, created_at)
      select '${archive}', m.user_id, gen_random_uuid(), 'Message number ' || g || ': shall we meet at the station?',
             now() - (${HISTORY} - g) * interval '1 minute'
      from generate_series(1, ${HISTORY}) g
      join lateral (select user_id from trip_members where trip_id = '${archive}'
                    order by user_id offset (g % ${MEMBERS}) limit 1) m on true;
      insert into message_reactions (message_id, user_id, emoji)
      select id, user_id, '❤️' from chat_messages where trip_id = '${archive}' and num % 7 = 0;
      analyze;`); // as after any bulk import (autovacuum would, a minute later)
    server = await startServer(env);

    // Every member listens; each send is timed from just before the request to each arrival.
    const sentAt = new Map();
    const arrivals = new Map(); // clientId -> how many sockets got it
    const latencies = [];
    let duplicates = 0;
    const seenBy = Array.from({ length: MEMBERS }, () => new Set());
    const sockets = [];
    for (const [i, cookie] of members.entries())
      sockets.push(
        await socketOf(port, cookie, live, (event) => {
          const clientId = event.message?.clientId;
          if (!clientId || !sentAt.has(clientId)) return;
          if (seenBy[i].has(clientId)) return void duplicates++;
          seenBy[i].add(clientId);
          if (sentAt.get(clientId).who === i) return; // the sender's own tab
          latencies.push(performance.now() - sentAt.get(clientId).t);
          arrivals.set(clientId, (arrivals.get(clientId) ?? 0) + 1);
        }),
      );
    const total = RATE * seconds;
    const failures = [];
    const sends = [];
    const t0 = performance.now();
    for (let n = 0; n < total; n++) {
      // Paced against the clock, not by sleeps that drift.
      const due = t0 + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const who = n % MEMBERS;
      const clientId = randomUUID();
      sentAt.set(clientId, { t: performance.now(), who });
      sends.push(
        api
          .call(
            members[who],
            `/api/trips/${live}/chat/messages`,
            { clientId, content: `Message ${n} from member ${who + 1}` },
            "POST",
            ips[who],
          )
          .catch((err) => failures.push(err.message)),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - t0) / 1000;
    const expected = total * (MEMBERS - 1);
    for (let i = 0; i < 100 && latencies.length < expected; i++) await sleep(50);
    for (const ws of sockets) ws.close();
    const lost = expected - latencies.length;
    latencies.sort((a, b) => a - b);

    // One reader opening the chat (the bar), then ten at once (how far it scales).
    const history = (path, connections, who) =>
      autocannon({
        url: `${api.base}/api/trips/${archive}/chat/messages${path}`,
        connections,
        duration: 10,
        headers: { cookie: members[who], "x-forwarded-for": ips[who] },
      });
    const page = await history("", 1, 1);
    const older = await history(`?before=${Math.floor(HISTORY / 2)}`, 1, 2);
    const crowd = await history("", 10, 3);
    return {
      sent: total,
      rate: total / sendSeconds,
      failures,
      deliveries: latencies.length,
      expected,
      lost,
      duplicates,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      page,
      older,
      crowd,
    };
  } finally {
    if (server) await stopServer(server.child);
    await db.drop();
  }
}

/** Table rows: [measure, PGlite, PostgreSQL, bar]. */
export function chatRows(results) {
  const cell = (r, f) => (r ? f(r) : "not measured");
  const ms = (v) => `${v.toFixed(1)} ms`;
  return [
    [
      `${MEMBERS} members, messages sent (rate achieved)`,
      ...results.map((r) =>
        cell(
          r,
          (x) =>
            `${x.sent} at ${x.rate.toFixed(0)}/s${x.failures.length ? `, ${x.failures.length} failed` : ""}`,
        ),
      ),
      `${RATE}/s for 30 s`,
    ],
    [
      "send to delivery in every other socket, p50 / p99 / max",
      ...results.map((r) => cell(r, (x) => `${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.max)}`)),
      "p99 <= 150 ms",
    ],
    [
      "deliveries: lost / duplicated (of expected)",
      ...results.map((r) => cell(r, (x) => `${x.lost} / ${x.duplicates} (of ${x.expected})`)),
      "0 / 0",
    ],
    [
      `GET the newest page of ${HISTORY.toLocaleString("en")} messages, one reader`,
      ...results.map((r) => cell(r, (x) => figure(x.page))),
      "p99 <= 20 ms",
    ],
    [
      "GET an older page (before the 5,000th), one reader",
      ...results.map((r) => cell(r, (x) => figure(x.older))),
      "p99 <= 20 ms",
    ],
    ["GET the newest page, 10 readers at once", ...results.map((r) => cell(r, (x) => figure(x.crowd))), ""],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const seconds = Number(process.argv.find((a) => a.startsWith("--seconds="))?.slice(10) ?? 30);
  const results = [];
  for (const kind of ["pglite", "postgres"])
    results.push(kinds.length && !kinds.includes(kind) ? null : await benchChat(kind, { seconds }));
  console.log("| measure | PGlite | PostgreSQL | bar |\n|---|---|---|---|");
  for (const row of chatRows(results)) console.log(`| ${row.join(" | ")} |`);
}
