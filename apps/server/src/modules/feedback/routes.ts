import { feedbackCreatedSchema, feedbackInputSchema } from "@tabi/contracts";
import type { App, AppContext } from "../types";
import { submitFeedback } from "./service";

export async function feedbackRoutes(app: App, ctx: AppContext) {
  // Public: the feedback form is reachable signed out; a signed-in sender is recorded.
  app.post(
    "/api/feedback",
    {
      config: { guard: "public", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { tags: ["feedback"], body: feedbackInputSchema, response: { 201: feedbackCreatedSchema } },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const created = await submitFeedback(ctx.database.db, user?.id ?? null, request.body);
      return reply.status(201).send(created);
    },
  );
}
