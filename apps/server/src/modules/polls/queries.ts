import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db, Executor } from "../../db/connect";
import { places, pollOptions, polls, pollVotes } from "../../db/schema";

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = typeof pollOptions.$inferSelect;
export type VoteRow = { pollId: string; optionId: string; userId: string };
export interface PollRead {
  row: PollRow;
  options: PollOptionRow[];
  votes: VoteRow[];
}

/** A trip's polls (or one of them), newest first, with their options in order and every vote. */
export async function readPolls(db: Executor, tripId: string, pollId?: string): Promise<PollRead[]> {
  const rows = await db
    .select()
    .from(polls)
    .where(and(eq(polls.tripId, tripId), pollId ? eq(polls.id, pollId) : undefined))
    .orderBy(desc(polls.createdAt), desc(polls.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [options, votes] = await Promise.all([
    db.select().from(pollOptions).where(inArray(pollOptions.pollId, ids)).orderBy(asc(pollOptions.position)),
    db
      .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId, userId: pollVotes.userId })
      .from(pollVotes)
      .where(inArray(pollVotes.pollId, ids))
      .orderBy(asc(pollVotes.createdAt), asc(pollVotes.userId)),
  ]);
  const group = <T extends { pollId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const x of list) map.set(x.pollId, [...(map.get(x.pollId) ?? []), x]);
    return map;
  };
  const optionsOf = group(options);
  const votesOf = group(votes);
  return rows.map((row) => ({ row, options: optionsOf.get(row.id) ?? [], votes: votesOf.get(row.id) ?? [] }));
}

export type NewOption = Omit<typeof pollOptions.$inferInsert, "id" | "pollId">;

/** A new poll with its options, unless the trip already keeps `limit` polls (then undefined). */
export async function insertPoll(
  db: Db,
  values: Omit<typeof polls.$inferInsert, "id" | "createdAt" | "updatedAt">,
  options: NewOption[],
  limit: number,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [n] = await tx.select({ n: count() }).from(polls).where(eq(polls.tripId, values.tripId));
    if ((n?.n ?? 0) >= limit) return undefined;
    const [row] = await tx.insert(polls).values(values).returning({ id: polls.id });
    await tx.insert(pollOptions).values(options.map((o) => ({ ...o, pollId: row!.id })));
    return row!.id;
  });
}

/** The trip places with these ids (a poll's place options must be the trip's). */
export async function tripPlaces(db: Executor, tripId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(places)
    .where(and(eq(places.tripId, tripId), inArray(places.id, ids)));
}

/**
 * Replaces a member's choice in a poll, in one transaction with the poll's row locked, so a close
 * that lands at the same time is either before (the vote is refused) or after (the vote counts).
 * Answers false when the poll is closed by then.
 */
export async function replaceVotes(
  db: Db,
  pollId: string,
  userId: string,
  optionIds: string[],
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [poll] = await tx
      .select({ closedAt: polls.closedAt, closesAt: polls.closesAt })
      .from(polls)
      .where(eq(polls.id, pollId))
      .for("update");
    if (!poll || poll.closedAt || (poll.closesAt && poll.closesAt <= now)) return false;
    await tx.delete(pollVotes).where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)));
    if (optionIds.length > 0)
      await tx.insert(pollVotes).values(optionIds.map((optionId) => ({ pollId, optionId, userId })));
    await tx.update(polls).set({ updatedAt: now }).where(eq(polls.id, pollId));
    return true;
  });
}

export async function closePoll(db: Executor, pollId: string, userId: string, at: Date) {
  await db.update(polls).set({ closedAt: at, closedBy: userId, updatedAt: at }).where(eq(polls.id, pollId));
}

/** Marks the place the winning option became: on the poll, and on the option (a search result's). */
export async function setWinner(db: Db, pollId: string, optionId: string, placeId: string) {
  await db.transaction(async (tx) => {
    await tx.update(polls).set({ winnerPlaceId: placeId, updatedAt: new Date() }).where(eq(polls.id, pollId));
    await tx.update(pollOptions).set({ placeId }).where(eq(pollOptions.id, optionId));
  });
}
