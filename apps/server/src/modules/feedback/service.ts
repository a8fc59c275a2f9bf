import type { feedbackInputSchema } from "@tabi/contracts";
import type { z } from "zod";
import type { Db } from "../../db/connect";
import { insertFeedback } from "./queries";

export async function submitFeedback(
  db: Db,
  userId: string | null,
  input: z.output<typeof feedbackInputSchema>,
) {
  const row = await insertFeedback(db, {
    userId,
    feedbackType: input.type,
    message: input.message,
    email: input.email,
  });
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
