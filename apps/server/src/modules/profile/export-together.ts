import { asc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import {
  checklistItems,
  checklists,
  documents,
  places,
  pollOptions,
  polls,
  pollVotes,
  trips,
  visitSkips,
} from "../../db/schema";

/**
 * The user's part of deciding together (issue 30) for the data export: polls they asked and their votes,
 * the visits they skip, the lists they made (with their items) and the items they wrote or were given,
 * and the records of their documents (the files stay in the trips, for those who may see them).
 */
export async function togetherOf(db: Executor, userId: string) {
  const [asked, votes, skips, lists, items, files] = await Promise.all([
    db
      .select({
        id: polls.id,
        tripName: trips.name,
        question: polls.question,
        multiple: polls.multiple,
        anonymous: polls.anonymous,
        closesAt: polls.closesAt,
        closedAt: polls.closedAt,
        createdAt: polls.createdAt,
      })
      .from(polls)
      .innerJoin(trips, eq(trips.id, polls.tripId))
      .where(eq(polls.createdBy, userId))
      .orderBy(asc(polls.createdAt)),
    db
      .select({
        pollId: pollVotes.pollId,
        question: polls.question,
        option: pollOptions.label,
        votedAt: pollVotes.createdAt,
      })
      .from(pollVotes)
      .innerJoin(polls, eq(polls.id, pollVotes.pollId))
      .innerJoin(pollOptions, eq(pollOptions.id, pollVotes.optionId))
      .where(eq(pollVotes.userId, userId))
      .orderBy(asc(pollVotes.createdAt)),
    db
      .select({ tripName: trips.name, placeName: places.name, since: visitSkips.createdAt })
      .from(visitSkips)
      .innerJoin(trips, eq(trips.id, visitSkips.tripId))
      .innerJoin(places, eq(places.id, visitSkips.placeId))
      .where(eq(visitSkips.userId, userId))
      .orderBy(asc(visitSkips.createdAt)),
    db
      .select({
        id: checklists.id,
        tripName: trips.name,
        title: checklists.title,
        kind: checklists.kind,
        personal: checklists.personal,
        createdAt: checklists.createdAt,
      })
      .from(checklists)
      .innerJoin(trips, eq(trips.id, checklists.tripId))
      .where(eq(checklists.createdBy, userId))
      .orderBy(asc(checklists.createdAt)),
    db
      .select({
        listId: checklistItems.checklistId,
        list: checklists.title,
        text: checklistItems.text,
        checked: checklistItems.checked,
        dueOn: checklistItems.dueOn,
        assignedToMe: sql<boolean>`coalesce(${checklistItems.assigneeId} = ${userId}, false)`,
        createdAt: checklistItems.createdAt,
      })
      .from(checklistItems)
      .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
      .where(or(eq(checklistItems.createdBy, userId), eq(checklistItems.assigneeId, userId)))
      .orderBy(asc(checklistItems.createdAt)),
    db
      .select({
        id: documents.id,
        tripName: trips.name,
        title: documents.title,
        shared: documents.shared,
        contentType: documents.contentType,
        bytes: documents.bytes,
        originalName: documents.originalName,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .innerJoin(trips, eq(trips.id, documents.tripId))
      .where(eq(documents.userId, userId))
      .orderBy(asc(documents.createdAt)),
  ]);
  return {
    polls: asked,
    votes,
    skippedVisits: skips,
    lists,
    listItems: items,
    documents: files,
  };
}
