import { randomBytes } from "node:crypto";
import { PREMIUM_PLAN, type SubscriptionView } from "@tabi/contracts";
import type { ReadCaches } from "../../cache";
import type { Config } from "../../config";
import type { Db, Executor } from "../../db/connect";
import { subscriptions } from "../../db/schema";
import { AppError, badRequest, conflict, forbidden, unauthorized } from "../../http/errors";
import type { SessionUser } from "../../http/guards";
import { text } from "../../i18n";
import { INLINE_PRICE_ID, type PaymentEvent, type PaymentsProvider } from "../../providers/payments";
import { isPremiumActive } from "../members/plan";
import {
  eventObject,
  idOf,
  invoicePeriodEnd,
  invoiceSubscription,
  str,
  subscriptionPeriodEnd,
} from "./events";
import {
  findByCheckout,
  findByCustomer,
  findBySubscription,
  findUser,
  insertPending,
  latestSubscription,
  recordEvent,
  type SubscriptionRow,
  setPremium,
  updateSubscription,
} from "./queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const YEAR_MS = 365 * 86_400_000;
const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);
const earlier = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a < b ? a : b);

/** The events the webhook acts on; any other verified event is recorded and otherwise ignored. */
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
] as const;

/**
 * Premium purchases (issue 16): checkout, the webhook that applies the provider's events once each,
 * the user's subscription and the billing portal. Both providers go through this same code.
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    readonly payments: PaymentsProvider,
    private readonly config: Config,
    private readonly caches: ReadCaches,
  ) {}

  private get priceId() {
    return this.config.stripe?.priceId ?? INLINE_PRICE_ID;
  }

  /** The spec's return paths, on our own address: a client's URLs are never used. */
  returnUrls() {
    const base = this.config.publicUrl;
    return {
      successUrl: `${base}/premium/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/premium/cancel`,
    };
  }

  async startCheckout(sessionUser: SessionUser) {
    const user = await findUser(this.db, sessionUser.id);
    if (!user) throw unauthorized();
    if (user.isAnonymous) throw forbidden(text("server:billing.guestNotAllowed"));
    if (isPremiumActive(user)) throw conflict(text("server:billing.alreadyPremium"));
    const { successUrl, cancelUrl } = this.returnUrls();
    let session: Awaited<ReturnType<PaymentsProvider["createCheckout"]>>;
    try {
      session = await this.payments.createCheckout(
        { id: user.id, email: user.email, name: user.name },
        successUrl,
        cancelUrl,
      );
    } catch (err) {
      // The provider's outage or refusal: the spec's words, not a 500.
      throw Object.assign(new AppError(502, "SERVICE_UNAVAILABLE", text("server:billing.checkoutFailed")), {
        cause: err,
      });
    }
    await insertPending(this.db, {
      userId: user.id,
      provider: this.payments.name,
      checkoutId: session.sessionId,
      priceId: this.priceId,
    });
    return session;
  }

  /** Verifies, records and applies one webhook delivery; a replayed event id changes nothing. */
  async handleWebhook(rawBody: string | Buffer, signature: string | undefined) {
    let event: PaymentEvent;
    try {
      event = await this.payments.verifyEvent(rawBody, signature);
    } catch {
      throw badRequest(text("server:billing.badSignature"));
    }
    if (typeof event?.id !== "string" || typeof event.type !== "string")
      throw badRequest(text("server:billing.badSignature"));
    const applied = await this.db.transaction(async (tx) => {
      if (!(await recordEvent(tx, { id: event.id, type: event.type, payload: event }))) return false;
      return this.apply(tx, event);
    });
    // /api/me reads the user with the session: drop the cached ones so the change shows at once.
    if (applied) this.caches.forgetSessions();
    return { received: true, duplicate: !applied };
  }

  private async apply(tx: Executor, event: PaymentEvent): Promise<boolean> {
    const o = eventObject(event);
    const at = typeof event.created === "number" ? new Date(event.created * 1000) : new Date();
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        if (o.mode !== "subscription" || o.payment_status === "unpaid") return true; // paid later
        const checkoutId = str(o.id);
        const row = checkoutId ? await findByCheckout(tx, checkoutId) : undefined;
        const metadata = (o.metadata ?? {}) as Record<string, unknown>;
        const userId = row?.userId ?? str(o.client_reference_id) ?? str(metadata.userId);
        if (!userId || !UUID.test(userId) || !(await findUser(tx, userId))) return true;
        const periodEnd = subscriptionPeriodEnd(o.subscription) ?? new Date(at.getTime() + YEAR_MS);
        const fields = {
          userId,
          status: "active" as const,
          currentPeriodEnd: periodEnd,
          providerCustomerId: idOf(o.customer),
          providerSubscriptionId: idOf(o.subscription),
        };
        if (row) await updateSubscription(tx, row.id, fields);
        else
          await tx.insert(subscriptions).values({
            ...fields,
            provider: this.payments.name,
            providerCheckoutId: checkoutId,
            priceId: this.priceId,
          });
        await setPremium(tx, userId, true, periodEnd);
        return true;
      }
      case "checkout.session.expired": {
        const row = str(o.id) ? await findByCheckout(tx, str(o.id)!) : undefined;
        if (row?.status === "pending") await updateSubscription(tx, row.id, { status: "expired" });
        return true;
      }
      case "invoice.paid": {
        // A renewal (or the first payment): Premium runs to the end of the period paid for.
        const row = await this.bySubscription(tx, invoiceSubscription(o));
        if (!row) return true;
        const paidEnd = later(
          row.currentPeriodEnd,
          invoicePeriodEnd(o) ?? new Date((row.currentPeriodEnd ?? at).getTime() + YEAR_MS),
        );
        await updateSubscription(tx, row.id, { status: "active", currentPeriodEnd: paidEnd });
        await setPremium(tx, row.userId, true, paidEnd);
        return true;
      }
      case "invoice.payment_failed": {
        // A failed renewal: Premium stays until the end of the period already paid for.
        const row = await this.bySubscription(tx, invoiceSubscription(o));
        if (row?.currentPeriodEnd) await setPremium(tx, row.userId, true, row.currentPeriodEnd);
        return true;
      }
      case "customer.subscription.updated": {
        const row = await this.bySubscription(tx, str(o.id));
        if (!row) return true;
        const periodEnd = subscriptionPeriodEnd(o);
        const status = str(o.status);
        if (status === "active" || status === "trialing") {
          // Renewed or changed: cancel_at_period_end marks one that ends with its period.
          const ending = o.cancel_at_period_end === true || typeof o.cancel_at === "number";
          const end = later(row.currentPeriodEnd, periodEnd);
          await updateSubscription(tx, row.id, { status: ending ? "cancelled" : "active" });
          await setPremium(tx, row.userId, true, end);
        } else if (status === "past_due" || status === "unpaid") {
          // Payment failing: keep Premium until the paid period ends, not the unpaid one.
          if (row.currentPeriodEnd) await setPremium(tx, row.userId, true, row.currentPeriodEnd);
        } else if (status === "canceled" || status === "incomplete_expired") {
          await this.endAtPeriod(tx, row, periodEnd);
        }
        return true;
      }
      case "customer.subscription.deleted": {
        const row = await this.bySubscription(tx, str(o.id));
        if (row) await this.endAtPeriod(tx, row, subscriptionPeriodEnd(o));
        return true;
      }
      case "charge.refunded": {
        // A full refund ends Premium now; a partial one changes nothing.
        if (o.refunded !== true) return true;
        const customer = idOf(o.customer);
        const row = customer ? await findByCustomer(tx, customer) : undefined;
        if (!row) return true;
        await updateSubscription(tx, row.id, { status: "expired", currentPeriodEnd: at });
        await setPremium(tx, row.userId, false, at);
        return true;
      }
      default:
        return true;
    }
  }

  private bySubscription(tx: Executor, subscriptionId: string | null) {
    return subscriptionId ? findBySubscription(tx, subscriptionId) : Promise.resolve(undefined);
  }

  /**
   * A cancelled subscription: Premium ends with the period (the spec's rule 'active while the expiry
   * is in the future' then applies), never later than the period that was paid for.
   */
  private async endAtPeriod(tx: Executor, row: SubscriptionRow, periodEnd: Date | null) {
    const end = earlier(periodEnd, row.currentPeriodEnd) ?? new Date();
    await updateSubscription(tx, row.id, { status: "cancelled", currentPeriodEnd: end });
    await setPremium(tx, row.userId, true, end);
  }

  async view(sessionUser: SessionUser): Promise<SubscriptionView> {
    const [user, sub] = await Promise.all([
      findUser(this.db, sessionUser.id),
      latestSubscription(this.db, sessionUser.id),
    ]);
    const premium = user ? isPremiumActive(user) : false;
    const expires = user?.premiumExpiresAt ?? null;
    const status = sub ? (sub.status === "pending" ? null : sub.status) : null;
    const renewing = premium && status === "active";
    return {
      plan: premium ? "premium" : "free",
      status,
      provider: this.payments.name,
      renewsAt: renewing && expires ? expires.toISOString() : null,
      expiresAt: !renewing && expires ? expires.toISOString() : null,
      canManage: this.payments.name === "stripe" && Boolean(sub?.providerCustomerId),
    };
  }

  async portal(sessionUser: SessionUser) {
    const sub = await latestSubscription(this.db, sessionUser.id);
    try {
      const url = await this.payments.portal(
        { id: sessionUser.id, customerId: sub?.providerCustomerId ?? null },
        `${this.config.publicUrl}/profile`,
      );
      return { url };
    } catch (err) {
      throw Object.assign(new AppError(502, "SERVICE_UNAVAILABLE", text("server:billing.portalFailed")), {
        cause: err,
      });
    }
  }

  // --- The built-in test checkout (embedded default) ---

  /** A test checkout of this user that is still waiting for its payment. */
  async openTestCheckout(sessionId: string, userId: string) {
    if (this.payments.name !== "test") return undefined;
    const row = await findByCheckout(this.db, sessionId);
    return row && row.provider === "test" && row.status === "pending" && row.userId === userId
      ? row
      : undefined;
  }

  /** What Stripe would send when this checkout is paid: checkout.session.completed, in its shape. */
  testCompletedEvent(row: SubscriptionRow, user: { id: string; email: string }) {
    const now = Math.floor(Date.now() / 1000);
    const periodEnd = now + YEAR_MS / 1000;
    const rand = () => randomBytes(12).toString("base64url");
    const subscriptionId = `sub_test_${rand()}`;
    return {
      id: `evt_test_${rand()}`,
      object: "event",
      api_version: null,
      created: now,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "checkout.session.completed",
      data: {
        object: {
          id: row.providerCheckoutId,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: `cus_test_${user.id.replaceAll("-", "").slice(0, 14)}`,
          customer_email: user.email,
          amount_total: PREMIUM_PLAN.amount,
          currency: PREMIUM_PLAN.currency,
          livemode: false,
          metadata: { userId: user.id, plan: PREMIUM_PLAN.id },
          subscription: {
            id: subscriptionId,
            object: "subscription",
            status: "active",
            items: {
              object: "list",
              data: [
                { object: "subscription_item", current_period_start: now, current_period_end: periodEnd },
              ],
            },
          },
        },
      },
    };
  }
}
