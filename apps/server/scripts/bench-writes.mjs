// Writes under load on one database, PGlite or PostgreSQL: adding places, editing them, the trip
// screen's read alone, and that read mixed 80/20 with writes; autocannon, 10 connections, on a trip
// of 5 members with 25 places and a plan (adding has a trip of its own: it grows by thousands).
// `npm run bench:server` prints it for both databases. Alone, after a build:
//   node scripts/bench-writes.mjs [pglite] [postgres] [--only=add|edit|full|mixed] [--cpu-prof]
// (--cpu-prof leaves the server's CPU profile in apps/server/prof). PostgreSQL: a database is created
// and dropped on BENCH_POSTGRES_URL's server (default postgres://postgres@127.0.0.1:5432/postgres).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  apiClient,
  cpuSeconds,
  day,
  figure,
  postgresCpuSeconds,
  randomPort,
  rssMiB,
  serverDir,
  settle,
  sleep,
  startServer,
  stopServer,
} from "./bench-lib.mjs";

const ADMIN_DB = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MEMBERS = 5;
const SEEDED_PLACES = 25;
const JSON_BODY = { "content-type": "application/json" };

/** A fresh database for the run: a PGlite data dir, or a new database on the local PostgreSQL. */
export async function freshDatabase(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), "tabi-bench-"));
  if (kind === "pglite") {
    return {
      env: { TABI_DATA_DIR: dataDir },
      // The server holds the data dir while it runs: the plan change is made between two starts.
      async sql(query) {
        const { PGlite } = await import("@electric-sql/pglite");
        const db = new PGlite(join(dataDir, "db"));
        await db.exec(query);
        await db.close();
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import("pg");
  const name = `tabi_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_DB });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_DB);
  url.pathname = `/${name}`;
  return {
    env: { TABI_DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async sql(query) {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query(query);
      await c.end();
    },
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** MEMBERS members (premium later), and a trip of theirs with SEEDED_PLACES places and a plan. */
async function seedTrip(api, members) {
  const [owner] = members;
  const { trip } = await api.call(owner, "/api/trips", {
    departureLocation: "Kyoto",
    departureLatitude: 34.9858,
    departureLongitude: 135.7588,
    startDate: day(30),
    endDate: day(33),
  });
  const { displayCode } = await api.call(owner, `/api/trips/${trip.id}/invitation`);
  for (const [i, m] of members.slice(1).entries())
    await api.call(m, "/api/trips/join", { code: displayCode }, "POST", `10.0.0.${i + 2}`);
  const placesOf = members.map(() => []);
  for (let i = 0; i < SEEDED_PLACES; i++) {
    const { place } = await api.call(members[i % MEMBERS], `/api/trips/${trip.id}/places`, {
      name: `Spot ${i}`,
      latitude: 34.95 + ((i * 37) % 100) / 1000,
      longitude: 135.69 + ((i * 53) % 110) / 1000,
      wishLevel: 2 + (i % 9),
    });
    placesOf[i % MEMBERS].push(place.id);
  }
  // With a plan, as the trip screen usually is once the group has optimised.
  await api.call(owner, `/api/trips/${trip.id}/optimizations`, {});
  while ((await api.call(owner, `/api/trips/${trip.id}/optimizations/progress`)).running) await sleep(50);
  return { tripId: trip.id, members, placesOf };
}

/** A trip's money as a group keeps it (issue 29): EXPENSES expenses, each paid by one and shared by all. */
const EXPENSES = 50;
async function seedMoney(api, { tripId, members, memberIds }) {
  for (let i = 0; i < EXPENSES; i++)
    await api.call(
      members[i % MEMBERS],
      `/api/trips/${tripId}/expenses`,
      expenseBody(memberIds, i % MEMBERS, i),
      "POST",
      `10.1.0.${i + 1}`,
    );
}

function expenseBody(memberIds, payer, n) {
  const amountMinor = 1000 + (n % 97) * 37;
  return {
    title: `Bench expense ${n}`,
    amountMinor,
    currency: "JPY",
    date: day(30 + (n % 4)),
    category: n % 2 ? "food" : "transport",
    payers: [{ memberId: memberIds[payer], amountMinor }],
    split: { kind: "equal", entries: memberIds.map((memberId) => ({ memberId })) },
  };
}

export async function seed(api) {
  const members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await api.session(`Bench ${i}`, `10.0.0.${i + 1}`));
  const memberIds = [];
  for (const m of members) memberIds.push((await api.call(m, "/api/me")).id);
  // The add run grows its trip by thousands of places; the other runs use a trip of a usual size.
  const addTrip = { ...(await seedTrip(api, members)), memberIds };
  const trip = { ...(await seedTrip(api, members)), memberIds };
  await seedMoney(api, trip);
  return { addTrip, trip };
}

/**
 * Requests for autocannon. Each connection keeps one member (its context), and every request comes
 * from a new address: the per-address limit on adding places (60 a minute) is per person, not per
 * bench, and the bench stands for many people behind a proxy.
 */
export function requestMakers(api, { tripId, members, placesOf, memberIds }) {
  let n = 0;
  const next = (context) => {
    n++;
    context.who ??= n % MEMBERS;
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return {
      who: context.who,
      headers: { origin: api.headers.origin, cookie: members[context.who], "x-forwarded-for": ip },
    };
  };
  const url = `/api/trips/${tripId}`;
  return {
    add: (_req, context) => {
      const { who, headers } = next(context);
      const body = {
        name: `Bench place ${n}`,
        latitude: 34.9 + (n % 200) / 1000,
        longitude: 135.6 + (n % 170) / 1000,
        wishLevel: 1 + (n % 10),
        category: who % 2 ? "restaurant" : "temple",
      };
      return {
        method: "POST",
        path: `${url}/places`,
        headers: { ...headers, ...JSON_BODY },
        body: JSON.stringify(body),
      };
    },
    // The member's own place: half the edits change the place, half their wish.
    edit: (_req, context) => {
      const { who, headers } = next(context);
      const placeId = placesOf[who][n % placesOf[who].length];
      const body =
        n % 2 ? { notes: `note ${n}`, stayMinutes: 30 + (n % 8) * 15 } : { wishLevel: 1 + (n % 10) };
      return {
        method: "PATCH",
        path: `${url}/places/${placeId}`,
        headers: { ...headers, ...JSON_BODY },
        body: JSON.stringify(body),
      };
    },
    // Deletes the place this connection added earlier in its cycle, so the trip keeps its size.
    remove: (_req, context) => {
      const { headers } = next(context);
      // autocannon starts a connection's context afresh when it reconnects (nginx closes a keep-alive
      // connection after 1,000 requests), so the add's id can be missing: read the trip instead.
      if (!context.added) return { method: "GET", path: `${url}/full`, headers: { cookie: headers.cookie } };
      return {
        method: "DELETE",
        path: `${url}/places/${context.added}`,
        headers,
      };
    },
    full: (_req, context) => {
      const { headers } = next(context);
      return { method: "GET", path: `${url}/full`, headers: { cookie: headers.cookie } };
    },
    // Money (issue 29): an expense added, then deleted by the same member, so the trip keeps its size
    // (it may hold 2000); and the balances with their suggested transfers.
    expense: (_req, context) => {
      const { who, headers } = next(context);
      return {
        method: "POST",
        path: `${url}/expenses`,
        headers: { ...headers, ...JSON_BODY },
        body: JSON.stringify(expenseBody(memberIds, who, n)),
      };
    },
    expenseRemove: (_req, context) => {
      const { headers } = next(context);
      return { method: "DELETE", path: `${url}/expenses/${context.expense}`, headers };
    },
    balances: (_req, context) => {
      const { headers } = next(context);
      return { method: "GET", path: `${url}/balances`, headers: { cookie: headers.cookie } };
    },
  };
}

/** 10 connections for `seconds`, each going round `cycle` (request makers, or [maker, onResponse]). */
export async function cannon(base, cycle, seconds, pid) {
  const cpu0 = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    requests: cycle.map((step) => {
      const [setupRequest, onResponse] = Array.isArray(step) ? step : [step];
      return { setupRequest, onResponse };
    }),
  });
  // The server's CPU time per request: what the machine's other load does not change much.
  if (pid) result.cpuMsPerRequest = ((cpuSeconds(pid) - cpu0) * 1000) / result.requests.total;
  return result;
}

/** Runs every write measure on one database kind; returns rows of [measure, result]. */
export async function benchWrites(kind, { seconds = 6, nodeFlags = [], only } = {}) {
  const db = await freshDatabase(kind);
  const port = randomPort();
  const env = { ...db.env, PORT: String(port), TRUST_PROXY: "true" };
  const api = apiClient(port);
  let server;
  try {
    server = await startServer(env);
    const data = await seed(api);
    await stopServer(server.child);
    // Premium members: the free plan's 10 places per member would end the add run within a second.
    await db.sql("update users set is_premium = true");
    server = await startServer(env, nodeFlags);
    const adds = requestMakers(api, data.addTrip);
    const make = requestMakers(api, data.trip);
    const remember = (_status, body, context) => {
      context.added = JSON.parse(body).place?.id;
    };
    const rememberExpense = (_status, body, context) => {
      context.expense = JSON.parse(body).id;
    };
    const reads = (k) => Array(k).fill(make.full);
    // 12 reads and 3 writes (an add, an edit, the added place deleted): 80/20, the trip keeps its size.
    const mixed = [...reads(4), [make.add, remember], ...reads(4), make.edit, ...reads(4), make.remove];
    const measures = [
      ["add", "POST /places (add a place)", [adds.add]],
      ["edit", "PATCH /places/{id} (edit a place or a wish)", [make.edit]],
      ["full", "GET /full alone", [make.full]],
      ["mixed", "mixed: 80% GET /full; 20% add, edit, delete", mixed],
      [
        "expense",
        "POST /expenses, then DELETE it (money writes)",
        [[make.expense, rememberExpense], make.expenseRemove],
      ],
      ["balances", "GET /balances (50 expenses, 5 members)", [make.balances]],
    ].filter(([key]) => !only || key === only);
    await cannon(api.base, measures.length === 1 ? measures[0][2] : mixed, 2); // warm-up: JIT, caches
    const rows = [];
    for (const [, name, cycle] of measures) {
      const settled = await settle(server.child.pid);
      const result = await cannon(api.base, cycle, seconds, server.child.pid);
      // What the burst leaves behind: the server's work after its last answer (trip events), and
      // PostgreSQL's CPU meanwhile (issue 28: idle within a second of the last response).
      const pg0 = kind === "postgres" ? postgresCpuSeconds() : undefined;
      const quietMs = await settle(server.child.pid);
      // Memory too: WebAssembly compiled for hot paths (decision 0001) shows only under writes.
      const postgresCpu = pg0 === undefined ? undefined : postgresCpuSeconds() - pg0;
      const after = { quietMs, postgresCpu, rssMiB: rssMiB(server.child.pid) };
      rows.push([name, Object.assign(result, { settledMs: settled, after })]);
    }
    return rows;
  } finally {
    if (server) await stopServer(server.child);
    await db.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const nodeFlags = process.argv.includes("--cpu-prof")
    ? ["--cpu-prof", `--cpu-prof-dir=${join(serverDir, "prof")}`]
    : [];
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  for (const kind of kinds.length ? kinds : ["pglite", "postgres"]) {
    for (const [name, result] of await benchWrites(kind, { nodeFlags, only }))
      console.log(`${kind} | ${name} | ${figure(result)}`);
    await sleep(500);
  }
}
