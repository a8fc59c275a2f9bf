import { eq } from "drizzle-orm";
import type { TabiApp } from "../app";
import { users } from "../db/schema";
import { TestClient } from "./client";

let ipCounter = 0;
/** A fresh client on its own address, so per-IP limits of one test do not touch another. */
export const client = (app: TabiApp) =>
  new TestClient(app, `10.${100 + (ipCounter >> 8)}.${ipCounter++ & 255}.1`);

export async function registered(app: TabiApp, email: string, opts: { premium?: boolean } = {}) {
  const c = client(app);
  await c.signUpConfirmed(email);
  if (opts.premium) {
    await app.ctx.database.db.update(users).set({ isPremium: true }).where(eq(users.email, email));
    app.ctx.caches.sessions.clear(); // as a plan change does (cache/session-cache.ts)
  }
  const me = (await c.get("/api/me")).json() as { id: string };
  return Object.assign(c, { id: me.id, email });
}

export async function guest(app: TabiApp, name: string) {
  const c = client(app);
  await c.guest(name);
  const me = (await c.get("/api/me")).json() as { id: string };
  return Object.assign(c, { id: me.id });
}

export const futureDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function createTrip(c: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await c.post("/api/trips", {
    departureLocation: "Kyoto, Kyoto Prefecture, Japan",
    departureLatitude: 35.0116,
    departureLongitude: 135.7681,
    startDate: futureDate(30),
    endDate: futureDate(33),
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create trip: ${res.statusCode} ${res.body}`);
  return res.json().trip as { id: string; name: string };
}

export async function inviteCode(c: TestClient, tripId: string): Promise<string> {
  const res = await c.get(`/api/trips/${tripId}/invitation`);
  if (res.statusCode !== 200) throw new Error(`invitation: ${res.statusCode} ${res.body}`);
  return res.json().displayCode;
}

export async function join(c: TestClient, code: string) {
  return c.post("/api/trips/join", { code });
}
