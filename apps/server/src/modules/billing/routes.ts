import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  portalResponseSchema,
  subscriptionViewSchema,
} from "@tabi/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App, AppContext } from "../types";
import type { BillingService } from "./service";
import { testCheckoutRoutes } from "./test-checkout";

const webhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean() });

/** Premium checkout, the payment webhook, the user's subscription and the billing portal (issue 16). */
export async function billingRoutes(app: App, ctx: AppContext, billing: BillingService) {
  app.post(
    "/api/stripe/create-checkout-session",
    {
      config: { guard: "signedIn", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["billing"],
        // The spec's client sends price, user and URLs: accepted, but the server decides all of them.
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) => billing.startCheckout(await request.requireUser()),
  );

  // The webhook needs the body as sent (the signature covers its bytes): a JSON parser of its own,
  // in a scope of its own, that keeps the text. No session and no Origin: the signature is its guard.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/stripe/webhook",
      {
        config: { guard: "public" },
        schema: {
          tags: ["billing"],
          body: z.string(),
          headers: z.object({ "stripe-signature": z.string().max(4000).optional() }),
          response: { 200: webhookResponse },
        },
      },
      async (request) => billing.handleWebhook(request.body, request.headers["stripe-signature"]),
    );
  });

  app.get(
    "/api/billing/subscription",
    {
      config: { guard: "signedIn" },
      schema: { tags: ["billing"], response: { 200: subscriptionViewSchema } },
    },
    async (request) => billing.view(await request.requireUser()),
  );

  app.post(
    "/api/billing/portal",
    {
      config: { guard: "signedIn", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { tags: ["billing"], response: { 200: portalResponseSchema } },
    },
    async (request) => billing.portal(await request.requireUser()),
  );

  await testCheckoutRoutes(app, ctx, billing);
}
