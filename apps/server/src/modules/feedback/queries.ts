import type { Db } from "../../db/connect";
import { feedback } from "../../db/schema";

export async function insertFeedback(
  db: Db,
  row: {
    userId: string | null;
    feedbackType: "bug" | "feature" | "general" | "compliment";
    message: string;
    email: string | null;
  },
) {
  const [created] = await db
    .insert(feedback)
    .values(row)
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return created!;
}
