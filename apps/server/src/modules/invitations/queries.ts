import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/connect";
import { invitationCodes } from "../../db/schema";

export async function findUsableInvitation(db: Executor, tripId: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(invitationCodes)
    .where(
      and(
        eq(invitationCodes.tripId, tripId),
        eq(invitationCodes.isActive, true),
        or(isNull(invitationCodes.expiresAt), gt(invitationCodes.expiresAt, now)),
        lt(invitationCodes.currentUses, invitationCodes.maxUses),
      ),
    )
    .orderBy(desc(invitationCodes.createdAt))
    .limit(1);
  return row;
}

export async function lockInvitation(tx: Tx, code: string) {
  const [row] = await tx.select().from(invitationCodes).where(eq(invitationCodes.code, code)).for("update");
  return row;
}

export async function countUse(tx: Tx, code: string) {
  await tx
    .update(invitationCodes)
    .set({ currentUses: sql`${invitationCodes.currentUses} + 1` })
    .where(eq(invitationCodes.code, code));
}
