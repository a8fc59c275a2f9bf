import { PREMIUM_PLAN } from "@tabi/contracts";
import type { FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { allowedOrigins, isCrossSite } from "../../http/origin";
import { type Language, type ServerKey, type TextParams, t, translate } from "../../i18n";
import { escapeHtml } from "../../providers/mail/html";
import { TestPayments } from "../../providers/payments";
import type { App, AppContext } from "../types";
import type { BillingService } from "./service";

const params = z.object({ sessionId: z.string().max(200) });

/** The path and query of a return URL: the browser stays on the address it used (localhost, LAN). */
const localPath = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

function page(lng: Language, body: string) {
  const say = (key: ServerKey, p?: TextParams) => escapeHtml(t(key, p, lng));
  return `<!doctype html>
<html lang="${lng}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${say("server:billing.testCheckout.title")}</title>
<style>
  :root { color-scheme: light dark; --bg:#f1f5f9; --card:#fff; --text:#0f172a; --muted:#64748b; --line:#e2e8f0; }
  @media (prefers-color-scheme: dark) { :root { --bg:#020617; --card:#0f172a; --text:#f1f5f9; --muted:#94a3b8; --line:#1e293b; } }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100vh; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background:var(--bg); color:var(--text); }
  .banner { background:#b45309; color:#fff; padding:16px; text-align:center; font-size:1.25rem; font-weight:700; letter-spacing:.01em; }
  .banner small { display:block; font-size:.9rem; font-weight:400; margin-top:4px; }
  main { max-width:28rem; margin:32px auto; padding:0 16px; }
  .card { background:var(--card); border:1px solid var(--line); border-radius:24px; padding:24px; box-shadow:0 10px 30px rgba(0,0,0,.08); }
  h1 { font-size:1.25rem; margin:0 0 4px; }
  .price { font-size:2rem; font-weight:700; margin:12px 0 4px; }
  .muted { color:var(--muted); font-size:.875rem; margin:4px 0; }
  ul { padding-left:1.2rem; margin:16px 0; }
  li { margin:4px 0; }
  .actions { display:flex; flex-direction:column; gap:8px; margin-top:20px; }
  button, a.button { font:inherit; font-weight:600; border-radius:12px; padding:12px 16px; text-align:center; text-decoration:none; cursor:pointer; }
  button { border:0; background:#d97706; color:#fff; font-size:1.05rem; }
  button:hover { background:#b45309; }
  a.button { color:var(--text); border:1px solid var(--line); }
</style>
</head>
<body>
<div class="banner" role="alert">${say("server:billing.testCheckout.title")}<small>${say("server:billing.testCheckout.banner")}</small></div>
<main><div class="card">${body}</div></main>
</body>
</html>`;
}

function message(reply: FastifyReply, lng: Language, status: number, key: ServerKey) {
  const body = `<p>${escapeHtml(t(key, undefined, lng))}</p>
<div class="actions"><a class="button" href="/">${escapeHtml(t("server:billing.testCheckout.back", undefined, lng))}</a></div>`;
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(page(lng, body));
}

/**
 * The built-in test checkout (DESIGN.md 'payments', embedded default): a page of our own, marked as
 * a test, where "Pay" sends a Stripe-shaped checkout.session.completed, signed with Stripe's scheme,
 * to the same webhook route a real payment reaches. Only with the test provider.
 */
export async function testCheckoutRoutes(app: App, ctx: AppContext, billing: BillingService) {
  const provider = billing.payments;
  if (!(provider instanceof TestPayments)) return;
  const origins = new Set(allowedOrigins(ctx.config));
  const { successUrl, cancelUrl } = billing.returnUrls();

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The Pay button is a plain form (no script on this page): its body carries nothing we read.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, _b, done) =>
      done(null, {}),
    );

    scope.get(
      "/billing/test-checkout/:sessionId",
      { schema: { hide: true, params } },
      async (request, reply) => {
        const lng = await request.language();
        const user = await request.currentUser();
        if (!user) return message(reply, lng, 401, "server:billing.testCheckout.signIn");
        const row = await billing.openTestCheckout(request.params.sessionId, user.id);
        if (!row) return message(reply, lng, 404, "server:billing.testCheckout.notFound");
        const say = (key: ServerKey, p?: TextParams) => escapeHtml(t(key, p, lng));
        const price = PREMIUM_PLAN.displayPrice;
        const features = PREMIUM_PLAN.features
          .map((f) => `<li>${escapeHtml(translate(f, lng))}</li>`)
          .join("");
        const body = `<h1>${say("server:billing.testCheckout.plan")}</h1>
<p class="muted">${say("server:billing.testCheckout.account", { email: user.email })}</p>
<p class="price">${say("server:billing.testCheckout.perYear", { price })}</p>
<p class="muted">${say("server:billing.testCheckout.taxes")}</p>
<ul>${features}</ul>
<form method="post" action="/billing/test-checkout/${encodeURIComponent(row.providerCheckoutId!)}/pay" class="actions">
<button type="submit">${say("server:billing.testCheckout.pay", { price })}</button>
<a class="button" href="${escapeHtml(localPath(cancelUrl))}">${say("server:billing.testCheckout.cancel")}</a>
</form>`;
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(page(lng, body));
      },
    );

    scope.post(
      "/billing/test-checkout/:sessionId/pay",
      { schema: { hide: true, params }, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
      async (request, reply) => {
        const lng = await request.language();
        // A form post from another site must not pay for anyone (the session cookie is SameSite too).
        // Browsers say where a form came from in Sec-Fetch-Site; under our no-referrer policy their
        // Origin is "null", so the origin list is only the fallback for those without that header.
        const site = request.headers["sec-fetch-site"];
        if (site ? site !== "same-origin" : isCrossSite(request, origins))
          return message(reply, lng, 403, "server:billing.testCheckout.notFound");
        const user = await request.currentUser();
        if (!user) return message(reply, lng, 401, "server:billing.testCheckout.signIn");
        const row = await billing.openTestCheckout(request.params.sessionId, user.id);
        if (!row) return message(reply, lng, 404, "server:billing.testCheckout.notFound");
        const payload = JSON.stringify(billing.testCompletedEvent(row, user));
        // Delivered like Stripe delivers it: a signed POST to the webhook route, through its code.
        const delivered = await app.inject({
          method: "POST",
          url: "/api/stripe/webhook",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": await provider.sign(payload),
          },
          payload,
        });
        if (delivered.statusCode !== 200) {
          request.log.error(
            { status: delivered.statusCode, body: delivered.body },
            "test checkout: webhook refused",
          );
          return message(reply, lng, 502, "server:billing.checkoutFailed");
        }
        const success = localPath(
          successUrl.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(row.providerCheckoutId!)),
        );
        return reply.redirect(success, 303);
      },
    );
  });
}
