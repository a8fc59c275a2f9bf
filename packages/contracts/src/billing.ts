import { z } from "zod";

// Billing (issue 16): the Premium checkout, the subscription a user holds, and the billing portal.

/**
 * POST /api/stripe/create-checkout-session. The spec's client sends these fields (spec 1 s.7); the
 * server accepts them but decides the price and builds both return URLs itself from PUBLIC_URL.
 */
export const checkoutRequestSchema = z
  .object({
    priceId: z.string().max(200).optional(),
    userId: z.string().max(200).optional(),
    customerEmail: z.string().max(320).optional(),
    automaticTax: z.boolean().optional(),
    successUrl: z.string().max(2000).optional(),
    cancelUrl: z.string().max(2000).optional(),
  })
  .optional();

export const checkoutResponseSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/billing/subscription: the caller's plan and, when they bought one, their subscription. */
export const subscriptionViewSchema = z.object({
  plan: z.enum(["free", "premium"]),
  /** The subscription's state; null when the user never bought one (a free user, or Premium granted). */
  status: z.enum(["active", "cancelled", "expired"]).nullable(),
  /** Which payment provider this deployment uses ("test": the built-in test checkout). */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The next renewal of an active subscription (ISO). */
  renewsAt: z.string().nullable(),
  /** When Premium ends: a cancelled subscription's period end, or a granted Premium's expiry (ISO). */
  expiresAt: z.string().nullable(),
  /** Whether a billing portal can manage it (Stripe, with a customer). */
  canManage: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** POST /api/billing/portal: Stripe's billing portal, or null where there is none (the test checkout). */
export const portalResponseSchema = z.object({ url: z.string().nullable() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;
