import type Stripe from "stripe";

/** Who is buying: the signed-in account. */
export interface CheckoutUser {
  id: string;
  email: string;
  name: string;
}

/** A Stripe-shaped event, verified: both providers deliver the same shape through the same webhook code. */
export type PaymentEvent = Stripe.Event;

/**
 * The payment provider (DESIGN.md 'payments'): Stripe Checkout when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, else the built-in test checkout. The code above it is the same.
 */
export interface PaymentsProvider {
  readonly name: "stripe" | "test";
  /** Starts a yearly Premium checkout; `url` is where the browser goes to pay. */
  createCheckout(user: CheckoutUser, successUrl: string, cancelUrl: string): Promise<CheckoutSession>;
  /** A billing portal session for the customer, or null when the provider has none. */
  portal(user: { id: string; customerId: string | null }, returnUrl: string): Promise<string | null>;
  /** Ends a subscription now, with no further charge (the account is being deleted). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Checks the signature of a webhook body and returns its event; throws when it does not match. */
  verifyEvent(rawBody: string | Buffer, signatureHeader: string | undefined): Promise<PaymentEvent>;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** The price id recorded for the inline yearly price (no STRIPE_PRICE_ID). */
export const INLINE_PRICE_ID = "PREMIUM_YEARLY";
