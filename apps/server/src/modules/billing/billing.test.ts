import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { paymentEvents, subscriptions, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, guest, registered } from "../../test/fixtures";
import { startFakeStripe } from "./fake-stripe";

const WEBHOOK_SECRET = "whsec_test_tabi_billing";
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let seq = 0;

function event(type: string, object: Record<string, unknown>, id = `evt_${++seq}_${Date.now()}`) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: now(),
    livemode: false,
    type,
    data: { object },
  };
}

/** Delivers an event as Stripe does: a signed POST, no session, no Origin. */
function deliver(t: TestApp, body: unknown, secret = WEBHOOK_SECRET) {
  const payload = typeof body === "string" ? body : JSON.stringify(body);
  return t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

const me = async (c: { get(url: string): Promise<{ json(): unknown }> }) =>
  (await c.get("/api/me")).json() as { isPremium: boolean; premiumExpiresAt: string | null };

describe("payment settings", () => {
  it("takes Stripe only with both keys, else the test checkout", () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/must be set together/);
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      priceId: undefined,
      apiUrl: undefined,
    });
  });
});

describe("billing with Stripe (real SDK, fake Stripe server)", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_tabi",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A user who paid: checkout through the route, then the signed checkout.session.completed. */
  async function paidUser(email: string, periodEnd = now() + 365 * DAY) {
    const c = await registered(t.app, email);
    const res = await c.post("/api/stripe/create-checkout-session", {});
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json();
    const sub = `sub_${email.split("@")[0]}`;
    const cus = `cus_${email.split("@")[0]}`;
    const completed = event("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      client_reference_id: c.id,
      customer: cus,
      subscription: { id: sub, object: "subscription", items: { data: [{ current_period_end: periodEnd }] } },
    });
    expect((await deliver(t, completed)).statusCode).toBe(200);
    return Object.assign(c, { sessionId, sub, cus, completed, periodEnd });
  }

  it("creates a subscription Checkout Session of the spec's shape, with our URLs, not the client's", async () => {
    const c = await registered(t.app, "shape@example.com");
    const res = await c.post("/api/stripe/create-checkout-session", {
      priceId: "price_from_client",
      successUrl: "https://evil.example/steal",
      cancelUrl: "https://evil.example/cancel",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessionId).toMatch(/^cs_test_/);
    expect(body.url).toBe(`https://checkout.stripe.com/c/pay/${body.sessionId}`);
    const req = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(req.method).toBe("POST");
    expect(req.headers.authorization).toBe("Bearer sk_test_tabi");
    expect(req.body).toMatchObject({
      mode: "subscription",
      client_reference_id: c.id,
      customer_email: "shape@example.com",
      "automatic_tax[enabled]": "true",
      success_url: "http://localhost:3000/premium/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/premium/cancel",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "900",
      "line_items[0][price_data][recurring][interval]": "year",
      "line_items[0][price_data][product_data][name]": "Tabi Premium",
      "line_items[0][price_data][product_data][tax_code]": "txcd_10000000",
      "line_items[0][price_data][tax_behavior]": "exclusive",
    });
    expect(JSON.stringify(req.body)).not.toContain("evil.example");
    expect(JSON.stringify(req.body)).not.toContain("price_from_client");
    const [row] = await t.app.ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerCheckoutId, body.sessionId));
    expect(row).toMatchObject({ userId: c.id, provider: "stripe", status: "pending" });
  });

  it("refuses the signed-out, guests and those already Premium", async () => {
    const anon = t.app.inject({ method: "POST", url: "/api/stripe/create-checkout-session", payload: {} });
    expect((await anon).statusCode).toBe(401);
    const g = await guest(t.app, "Gina");
    const res = await g.post("/api/stripe/create-checkout-session", {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/Guest accounts cannot buy Premium/);
    const p = await registered(t.app, "already@example.com", { premium: true });
    const again = await p.post("/api/stripe/create-checkout-session", {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You already have Premium.");
  });

  it("a valid signed webhook makes the user Premium until the period's end, at once", async () => {
    const periodEnd = now() + 365 * DAY;
    const c = await paidUser("paid@example.com", periodEnd);
    const m = await me(c);
    expect(m.isPremium).toBe(true);
    expect(new Date(m.premiumExpiresAt!).getTime()).toBe(periodEnd * 1000);
    const view = (await c.get("/api/billing/subscription")).json();
    expect(view).toMatchObject({ plan: "premium", status: "active", provider: "stripe", canManage: true });
    expect(view.renewsAt).toBe(new Date(periodEnd * 1000).toISOString());
    // Limits lift at once: a fourth trip.
    for (let i = 0; i < 4; i++) await createTrip(c);
    // Checkout again: already Premium.
    expect((await c.post("/api/stripe/create-checkout-session", {})).statusCode).toBe(409);
  });

  it("a replayed event is ignored", async () => {
    const c = await paidUser("replay@example.com");
    // Premium ends (refund), then the old checkout event arrives again: nothing changes.
    const refund = event("charge.refunded", {
      id: "ch_1",
      object: "charge",
      refunded: true,
      customer: c.cus,
    });
    expect((await deliver(t, refund)).statusCode).toBe(200);
    expect((await me(c)).isPremium).toBe(false);
    const replay = await deliver(t, c.completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await me(c)).isPremium).toBe(false);
    const rows = await t.app.ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, c.completed.id));
    expect(rows).toHaveLength(1);
  });

  it("a forged signature gets 400 and changes nothing", async () => {
    const c = await registered(t.app, "forged@example.com");
    const forged = event("checkout.session.completed", {
      id: "cs_forged",
      object: "checkout.session",
      mode: "subscription",
      payment_status: "paid",
      client_reference_id: c.id,
    });
    const wrongSecret = await deliver(t, forged, "whsec_not_ours");
    expect(wrongSecret.statusCode).toBe(400);
    const payload = JSON.stringify(forged);
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({
          payload: payload.replace("cs_forged", "cs_other"),
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await me(c)).isPremium).toBe(false);
    const [u] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, c.id));
    expect(u?.isPremium).toBe(false);
  });

  it("a subscription deletion ends Premium at the period's end", async () => {
    const c = await paidUser("deleted@example.com");
    const periodEnd = now() + 20 * DAY;
    const deleted = event("customer.subscription.deleted", {
      id: c.sub,
      object: "subscription",
      status: "canceled",
      customer: c.cus,
      items: { data: [{ current_period_end: periodEnd }] },
    });
    expect((await deliver(t, deleted)).statusCode).toBe(200);
    const m = await me(c);
    expect(m.isPremium).toBe(true); // until the period ends
    expect(new Date(m.premiumExpiresAt!).getTime()).toBe(periodEnd * 1000);
    const view = (await c.get("/api/billing/subscription")).json();
    expect(view).toMatchObject({ plan: "premium", status: "cancelled", renewsAt: null });
    expect(view.expiresAt).toBe(new Date(periodEnd * 1000).toISOString());
    // Once that period is over, the spec's rule ends Premium; nothing is deleted.
    const ended = event("customer.subscription.deleted", {
      id: c.sub,
      object: "subscription",
      status: "canceled",
      items: { data: [{ current_period_end: now() - 60 }] },
    });
    await deliver(t, ended);
    expect((await me(c)).isPremium).toBe(false);
  });

  it("renewal extends, a failed renewal keeps the paid period, a full refund ends now", async () => {
    const firstEnd = now() + 10 * DAY;
    const c = await paidUser("renew@example.com", firstEnd);
    const nextEnd = firstEnd + 365 * DAY;
    const paid = event("invoice.paid", {
      id: "in_1",
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: c.sub } },
      lines: { data: [{ period: { start: firstEnd, end: nextEnd } }] },
    });
    expect((await deliver(t, paid)).statusCode).toBe(200);
    expect(new Date((await me(c)).premiumExpiresAt!).getTime()).toBe(nextEnd * 1000);

    // The subscription moves on to a period not yet paid, the payment fails: Premium keeps the paid one.
    const pastDue = event("customer.subscription.updated", {
      id: c.sub,
      object: "subscription",
      status: "past_due",
      items: { data: [{ current_period_end: nextEnd + 365 * DAY }] },
    });
    await deliver(t, pastDue);
    const failed = event("invoice.payment_failed", {
      id: "in_2",
      object: "invoice",
      subscription: c.sub, // the older API's field
    });
    expect((await deliver(t, failed)).statusCode).toBe(200);
    expect(new Date((await me(c)).premiumExpiresAt!).getTime()).toBe(nextEnd * 1000);
    expect((await me(c)).isPremium).toBe(true);

    for (let i = 0; i < 4; i++) await createTrip(c);
    // A partial refund changes nothing; a full one ends Premium now.
    const partial = event("charge.refunded", {
      id: "ch_p",
      object: "charge",
      refunded: false,
      customer: c.cus,
    });
    await deliver(t, partial);
    expect((await me(c)).isPremium).toBe(true);
    const full = event("charge.refunded", { id: "ch_f", object: "charge", refunded: true, customer: c.cus });
    await deliver(t, full);
    expect((await me(c)).isPremium).toBe(false);
    expect((await c.get("/api/billing/subscription")).json()).toMatchObject({
      plan: "free",
      status: "expired",
    });
    // Nothing is deleted: the four trips stay; a fifth is refused with the spec's message.
    expect((await c.get("/api/trips")).json().trips).toHaveLength(4);
    const fifth = await c.post("/api/trips", {
      departureLocation: "Kyoto",
      departureLatitude: 35,
      departureLongitude: 135.7,
      startDate: new Date(Date.now() + 40 * DAY * 1000).toISOString().slice(0, 10),
    });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error.message).toBe(
      "You have reached the trip limit for your current plan. Please upgrade to Premium to create more trips.",
    );
  });

  it("opens Stripe's billing portal for the customer", async () => {
    const c = await paidUser("portal@example.com");
    const res = await c.post("/api/billing/portal", {});
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const req = fake.requests.findLast((r) => r.path === "/v1/billing_portal/sessions")!;
    expect(req.body).toEqual({ customer: c.cus, return_url: "http://localhost:3000/profile" });
    const free = await registered(t.app, "noportal@example.com");
    expect((await free.post("/api/billing/portal", {})).json()).toEqual({ url: null });
  });

  it("deleting the account cancels its subscription on Stripe first: no charge after it", async () => {
    const c = await paidUser("leaving@example.com");
    const res = await c.request("DELETE", "/api/me", { confirm: "leaving@example.com" });
    expect(res.statusCode).toBe(204);
    expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${c.sub}`)).toBe(
      true,
    );
  });

  it("a refusal by Stripe is the spec's message, not a 500; no test checkout page with Stripe", async () => {
    const c = await registered(t.app, "refused@example.com");
    const res = await c.post("/api/stripe/create-checkout-session", {});
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe("Failed to create payment session");
    expect((await c.get("/billing/test-checkout/cs_test_x")).statusCode).toBe(404);
  });
});

describe("billing, embedded: the built-in test checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it("walks the flow: checkout, the test page, Pay, the signed event, Premium, a 4th trip", async () => {
    const c = await registered(t.app, "walker@example.com");
    for (let i = 0; i < 3; i++) await createTrip(c);
    expect((await c.post("/api/trips", {})).statusCode).toBeGreaterThanOrEqual(400);
    const res = await c.post("/api/stripe/create-checkout-session", {});
    expect(res.statusCode).toBe(200);
    const { sessionId, url } = res.json();
    expect(url).toBe(`/billing/test-checkout/${sessionId}`);

    const page = await c.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Test checkout — no real payment");
    expect(page.body).toContain("Pay $9.00 (test)");
    expect(page.body).toContain("Cancel");
    expect(page.body).toContain('href="/premium/cancel"');
    expect(page.body).toContain("walker@example.com");

    // Someone else cannot open or pay it.
    const other = await registered(t.app, "other@example.com");
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.request("POST", `${url}/pay`)).statusCode).toBe(404);
    // Nor another site, with the user's cookie.
    const cross = await c.request("POST", `${url}/pay`, undefined, { origin: "https://evil.example" });
    expect(cross.statusCode).toBe(403);
    const crossFetch = await c.request("POST", `${url}/pay`, undefined, {
      origin: "null",
      "sec-fetch-site": "cross-site",
    });
    expect(crossFetch.statusCode).toBe(403);
    expect((await me(c)).isPremium).toBe(false);

    // As Chromium posts the form under the no-referrer policy: Origin "null", Sec-Fetch-Site same-origin.
    const pay = await c.request("POST", `${url}/pay`, undefined, {
      "content-type": "application/x-www-form-urlencoded",
      origin: "null",
      "sec-fetch-site": "same-origin",
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/premium/success?session_id=${sessionId}`);
    const m = await me(c);
    expect(m.isPremium).toBe(true);
    const days = (new Date(m.premiumExpiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await createTrip(c); // a 4th trip
    // The event went through the webhook and was recorded once.
    const events = await t.app.ctx.database.db.select().from(paymentEvents);
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed"]);
    // Paid: the page is gone.
    expect((await c.get(url)).statusCode).toBe(404);
    expect((await c.get("/api/billing/subscription")).json()).toMatchObject({
      plan: "premium",
      status: "active",
      provider: "test",
      canManage: false,
    });
    expect((await c.post("/api/billing/portal", {})).json()).toEqual({ url: null });
  });

  it("the page speaks the user's language and asks the signed-out to sign in", async () => {
    const c = await registered(t.app, "ja@example.com");
    const { url } = (await c.post("/api/stripe/create-checkout-session", {})).json();
    const page = await c.request("GET", url, undefined, { "accept-language": "ja" });
    expect(page.body).toContain('lang="ja"');
    expect(page.body).toContain("テスト決済 — 実際の支払いはありません");
    expect(page.body).toContain("$9.00 を支払う（テスト）");
    const anon = await t.app.inject({ method: "GET", url });
    expect(anon.statusCode).toBe(401);
    expect(anon.body).toContain("Login required");
  });

  it("the webhook refuses events not signed with this deployment's secret", async () => {
    const c = await registered(t.app, "forged-embedded@example.com");
    const forged = event("checkout.session.completed", {
      id: "cs_x",
      mode: "subscription",
      payment_status: "paid",
      client_reference_id: c.id,
    });
    expect((await deliver(t, forged, "whsec_guess")).statusCode).toBe(400);
    expect((await me(c)).isPremium).toBe(false);
  });
});
