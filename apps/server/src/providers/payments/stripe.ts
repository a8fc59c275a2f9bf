import { PREMIUM_PLAN } from "@tabi/contracts";
import type Stripe from "stripe";
import { loadStripe } from "./load-stripe";
import type { CheckoutSession, CheckoutUser, PaymentEvent, PaymentsProvider } from "./types";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A Price of the Stripe account; unset: inline price data ($9.00 a year, "Tabi Premium"). */
  priceId: string | undefined;
  /** Another API address (a local fake Stripe in tests, or stripe-mock): http(s)://host:port. */
  apiUrl?: string | undefined;
}

// The spec's tax configuration (spec 1 s.3 'Plan'): automatic tax, default tax code txcd_10000000.
const TAX_CODE = "txcd_10000000";

export async function stripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Promise<Stripe> {
  const Stripe = await loadStripe();
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: "Tabi" },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** Stripe Checkout in subscription mode, the billing portal, and signed webhooks. */
export class StripePayments implements PaymentsProvider {
  readonly name = "stripe" as const;
  private client: Promise<Stripe> | undefined;

  constructor(private readonly settings: StripeSettings) {}

  /** The SDK's client, made on the first call (load-stripe.ts). */
  private stripe(): Promise<Stripe> {
    this.client ??= stripeClient(this.settings);
    return this.client;
  }

  async createCheckout(user: CheckoutUser, successUrl: string, cancelUrl: string): Promise<CheckoutSession> {
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = this.settings.priceId
      ? { price: this.settings.priceId, quantity: 1 }
      : {
          quantity: 1,
          price_data: {
            currency: PREMIUM_PLAN.currency,
            unit_amount: PREMIUM_PLAN.amount,
            recurring: { interval: PREMIUM_PLAN.interval },
            tax_behavior: PREMIUM_PLAN.taxInclusive ? "inclusive" : "exclusive",
            product_data: { name: "Tabi Premium", tax_code: TAX_CODE },
          },
        };
    const session = await (await this.stripe()).checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [lineItem],
        client_reference_id: user.id,
        customer_email: user.email,
        automatic_tax: { enabled: true },
        tax_id_collection: { enabled: false },
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { userId: user.id, plan: PREMIUM_PLAN.id },
        subscription_data: { metadata: { userId: user.id, plan: PREMIUM_PLAN.id } },
      },
      // One session per click: a retried request (network) does not open a second one.
      { idempotencyKey: `checkout-${user.id}-${Date.now()}` },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return { sessionId: session.id, url: session.url };
  }

  async portal(user: { id: string; customerId: string | null }, returnUrl: string): Promise<string | null> {
    if (!user.customerId) return null;
    const session = await (await this.stripe()).billingPortal.sessions.create({
      customer: user.customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await (await this.stripe()).subscriptions.cancel(subscriptionId);
    } catch (err) {
      // Already cancelled or gone on Stripe's side: nothing more will be charged.
      if ((err as { code?: string }).code === "resource_missing") return;
      throw err;
    }
  }

  async verifyEvent(rawBody: string | Buffer, signatureHeader: string | undefined): Promise<PaymentEvent> {
    if (!signatureHeader) throw new Error("No Stripe-Signature header");
    return (await this.stripe()).webhooks.constructEvent(
      rawBody,
      signatureHeader,
      this.settings.webhookSecret,
    );
  }
}
