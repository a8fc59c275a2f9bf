import { createHmac, randomBytes } from "node:crypto";
import { loadStripe } from "./load-stripe";
import type { CheckoutSession, CheckoutUser, PaymentEvent, PaymentsProvider } from "./types";

/** Where the built-in test checkout page of a session lives (modules/billing/test-checkout.ts). */
export const testCheckoutPath = (sessionId: string) => `/billing/test-checkout/${sessionId}`;

/**
 * The embedded default (DESIGN.md): no payment at all. Checkout is our own page, clearly marked as a
 * test; paying there builds a Stripe-shaped event, signs it with Stripe's scheme and sends it to the
 * same webhook route, where the same code verifies and applies it.
 */
export class TestPayments implements PaymentsProvider {
  readonly name = "test" as const;
  /** A webhook secret of this deployment, derived from the auth secret (never leaves the server). */
  readonly webhookSecret: string;

  constructor(authSecret: string) {
    const key = createHmac("sha256", authSecret).update("tabi test payments webhook").digest("base64url");
    this.webhookSecret = `whsec_${key}`;
  }

  async createCheckout(
    _user: CheckoutUser,
    _successUrl: string,
    _cancelUrl: string,
  ): Promise<CheckoutSession> {
    const sessionId = `cs_test_${randomBytes(18).toString("base64url")}`;
    // A relative URL: the page opens on whichever address the browser uses (localhost, LAN).
    return { sessionId, url: testCheckoutPath(sessionId) };
  }

  async portal(): Promise<string | null> {
    return null; // nothing to manage: the test checkout never charges anyone
  }

  async cancelSubscription(): Promise<void> {
    // the test checkout never charges anyone: nothing to stop
  }

  /** The Stripe-Signature header of a payload, as Stripe computes it. */
  async sign(payload: string): Promise<string> {
    const Stripe = await loadStripe();
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }

  async verifyEvent(rawBody: string | Buffer, signatureHeader: string | undefined): Promise<PaymentEvent> {
    if (!signatureHeader) throw new Error("No Stripe-Signature header");
    const Stripe = await loadStripe();
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
  }
}
