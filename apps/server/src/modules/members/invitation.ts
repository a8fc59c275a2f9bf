import type { Executor } from "../../db/connect";
import { invitationCodes } from "../../db/schema";
import { generateCode } from "./invitation-code";

// A trip's invitation code: made with the trip, and again when the last one expires or is used up
// (modules/invitations shows and redeems them).
const EXPIRY_DAYS = 30;
const MAX_USES = 10;

export async function insertInvitation(db: Executor, values: typeof invitationCodes.$inferInsert) {
  const [row] = await db.insert(invitationCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function createInvitation(db: Executor, tripId: string, createdBy: string) {
  for (;;) {
    const row = await insertInvitation(db, {
      code: generateCode(),
      tripId,
      createdBy,
      maxUses: MAX_USES,
      expiresAt: new Date(Date.now() + EXPIRY_DAYS * 86_400_000),
    });
    if (row) return row; // else: the random code existed already; draw again
  }
}
