import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/connect";
import { checklists, documents, polls, pollVotes, tripMembers, visitSkips } from "../../db/schema";
import { setMemberCount } from "../trips/queries";
import { revokeLinksOf } from "./queries";

/**
 * A membership ends (the member leaves or an admin removes them), inside the caller's transaction with
 * the trip locked. With it go the member's share links and what only meant something to them in this
 * trip (decision 0024): their skips, poll votes, personal lists and private documents. Shared content
 * (polls, shared lists and tickets, places, messages) stays with the group.
 *
 * Answers the storage keys of the private documents removed: the caller deletes the files once the
 * transaction has committed.
 */
export async function endMembership(tx: Tx, tripId: string, userId: string): Promise<string[]> {
  await tx.delete(tripMembers).where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
  await revokeLinksOf(tx, tripId, userId);
  await setMemberCount(tx, tripId);
  await tx.delete(visitSkips).where(and(eq(visitSkips.tripId, tripId), eq(visitSkips.userId, userId)));
  await tx
    .delete(pollVotes)
    .where(
      and(
        eq(pollVotes.userId, userId),
        inArray(pollVotes.pollId, tx.select({ id: polls.id }).from(polls).where(eq(polls.tripId, tripId))),
      ),
    );
  await tx
    .delete(checklists)
    .where(
      and(eq(checklists.tripId, tripId), eq(checklists.createdBy, userId), eq(checklists.personal, true)),
    );
  const gone = await tx
    .delete(documents)
    .where(and(eq(documents.tripId, tripId), eq(documents.userId, userId), eq(documents.shared, false)))
    .returning({ key: documents.key });
  return gone.map((d) => d.key);
}

/** An account's personal checklists in every trip (account deletion: decision 0024). */
export async function deletePersonalListsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(checklists).where(and(eq(checklists.createdBy, userId), eq(checklists.personal, true)));
}
