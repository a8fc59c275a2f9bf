import type { Config } from "../../config";
import { StripePayments } from "./stripe";
import { TestPayments } from "./test-provider";
import type { PaymentsProvider } from "./types";

export { StripePayments } from "./stripe";
export { TestPayments, testCheckoutPath } from "./test-provider";
export type { CheckoutSession, CheckoutUser, PaymentEvent, PaymentsProvider } from "./types";
export { INLINE_PRICE_ID } from "./types";

/** Stripe when both keys are set (config.ts checks they come together), else the test checkout. */
export function createPaymentsProvider(config: Config, authSecret: string): PaymentsProvider {
  return config.stripe ? new StripePayments(config.stripe) : new TestPayments(authSecret);
}
