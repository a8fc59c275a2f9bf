import type { ChatAttachment } from "@tabi/contracts";
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { rowFromJson, rowsOf, typedParam } from "../../db/json-rows";
import { chatMessages, chatReads, messageReactions, tripMembers, uploads, users } from "../../db/schema";
import type { UploadRow } from "../uploads/queries";

export type MessageRow = typeof chatMessages.$inferSelect;

// History is the busy read: one statement whose rows come back as one JSON value (db/json-rows.ts),
// prepared on PGlite. A page of 50 from a trip of 10,000 messages walks 51 entries of the
// (trip_id, num) index.

/** One message as the list shows it: sender's name, the message it answers, its photo, reactions. */
export interface MessageView {
  message: MessageRow;
  senderName: string | null;
  reply: {
    id: string;
    userId: string | null;
    senderName: string | null;
    type: "text" | "image";
    content: string | null;
    deletedAt: string | null;
  } | null;
  image: UploadRow | null;
  /** [emoji, userId] in the order they were made. */
  reactions: [string, string][];
}

interface ViewJson extends Omit<MessageView, "message" | "image"> {
  message: Record<string, unknown>;
  image: Record<string, unknown> | null;
}

const MAX_NUM = Number.MAX_SAFE_INTEGER;

function views(db: Executor, where: SQL, limit: number): Promise<MessageView[]> {
  return rowsOf<{ v: ViewJson }>(
    db,
    sql`select json_build_object(
        'message', to_json(m),
        'senderName', u.name,
        'reply', case when r.id is null then null else json_build_object(
          'id', r.id, 'userId', r.user_id, 'senderName', ru.name, 'type', r.message_type,
          'content', left(r.content, 200), 'deletedAt', r.deleted_at) end,
        'image', to_json(up),
        'reactions', (select coalesce(json_agg(json_build_array(x.emoji, x.user_id)
            order by x.created_at, x.id), '[]'::json)
          from ${messageReactions} x where x.message_id = m.id)
      ) as v
      from ${chatMessages} m
      left join ${users} u on u.id = m.user_id
      left join ${chatMessages} r on r.id = m.reply_to_id
      left join ${users} ru on ru.id = r.user_id
      left join ${uploads} up on up.id = m.image_id
      where ${where}
      order by m.num desc
      limit ${typedParam(chatMessages.num, limit)}`,
  ).then((rows) =>
    rows.map(({ v }) => ({
      ...v,
      message: rowFromJson(chatMessages, v.message),
      image: v.image ? rowFromJson(uploads, v.image) : null,
    })),
  );
}

/** A page of history, newest first: `limit + 1` rows tell whether older ones exist. */
export function pageOfViews(db: Executor, tripId: string, before: number | undefined, limit: number) {
  return views(
    db,
    sql`m.trip_id = ${typedParam(chatMessages.tripId, tripId)}
      and m.num < ${typedParam(chatMessages.num, before ?? MAX_NUM)}`,
    limit + 1,
  );
}

export async function viewOf(
  db: Executor,
  tripId: string,
  messageId: string,
): Promise<MessageView | undefined> {
  const [row] = await views(
    db,
    sql`m.trip_id = ${typedParam(chatMessages.tripId, tripId)} and m.id = ${typedParam(chatMessages.id, messageId)}`,
    1,
  );
  return row;
}

export async function messageRow(db: Executor, tripId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.tripId, tripId), eq(chatMessages.id, messageId)));
  return row;
}

export async function messageByClientId(db: Executor, tripId: string, userId: string, clientId: string) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tripId, tripId),
        eq(chatMessages.userId, userId),
        eq(chatMessages.clientId, clientId),
      ),
    );
  return row?.id;
}

export interface NewMessage {
  tripId: string;
  userId: string;
  clientId: string;
  content: string | null;
  messageType: "text" | "image";
  imageId: string | null;
  replyToId: string | null;
  attachment: ChatAttachment | null;
}

/** The stored message, or undefined when this sender already stored this client id (a retry). */
export async function insertMessage(db: Executor, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(chatMessages)
    .values(values)
    .onConflictDoNothing({ target: [chatMessages.tripId, chatMessages.userId, chatMessages.clientId] })
    .returning();
  return row;
}

export async function updateMessage(
  db: Executor,
  messageId: string,
  patch: Partial<Pick<MessageRow, "content" | "editedAt" | "deletedAt" | "imageId" | "attachment">>,
) {
  await db
    .update(chatMessages)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(chatMessages.id, messageId));
}

export async function addReaction(db: Executor, messageId: string, userId: string, emoji: string) {
  // A duplicate is ignored (spec 4: a duplicate conflict on add counts as done).
  await db.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
}

export async function removeReaction(db: Executor, messageId: string, userId: string, emoji: string) {
  await db
    .delete(messageReactions)
    .where(
      and(
        eq(messageReactions.messageId, messageId),
        eq(messageReactions.userId, userId),
        eq(messageReactions.emoji, emoji),
      ),
    );
}

export async function removeAllReactions(db: Executor, messageId: string) {
  await db.delete(messageReactions).where(eq(messageReactions.messageId, messageId));
}

export async function reactionsOfMessage(db: Executor, messageId: string) {
  return db
    .select({ emoji: messageReactions.emoji, userId: messageReactions.userId })
    .from(messageReactions)
    .where(eq(messageReactions.messageId, messageId))
    .orderBy(messageReactions.createdAt, messageReactions.id);
}

/** The read cursors of the trip's current members. */
export async function readCursors(db: Executor, tripId: string) {
  return db
    .select({ userId: chatReads.userId, num: chatReads.num, readAt: chatReads.readAt })
    .from(chatReads)
    .innerJoin(
      tripMembers,
      and(eq(tripMembers.tripId, chatReads.tripId), eq(tripMembers.userId, chatReads.userId)),
    )
    .where(eq(chatReads.tripId, tripId));
}

/** Moves a member's cursor forward (never back); the new cursor, or undefined when it did not move. */
export async function advanceCursor(db: Executor, tripId: string, userId: string, num: number) {
  const [row] = await db
    .insert(chatReads)
    .values({ tripId, userId, num })
    .onConflictDoUpdate({
      target: [chatReads.tripId, chatReads.userId],
      set: { num, readAt: sql`now()` },
      setWhere: lt(chatReads.num, num),
    })
    .returning({ num: chatReads.num, readAt: chatReads.readAt });
  return row;
}

/** The newest message number of a trip (a read cursor cannot point past it). */
export async function newestNum(db: Executor, tripId: string): Promise<number> {
  const [row] = await db
    .select({ num: chatMessages.num })
    .from(chatMessages)
    .where(eq(chatMessages.tripId, tripId))
    .orderBy(desc(chatMessages.num))
    .limit(1);
  return row?.num ?? 0;
}

/** Messages of others after the user's cursor, per trip of the user (capped: the badge says 99+). */
export async function unreadCounts(db: Executor, userId: string, cap: number) {
  const rows = await db
    .select({
      tripId: tripMembers.tripId,
      n: sql<number>`(select count(*)::int from (
        select 1 from ${chatMessages} m
        where m.trip_id = ${tripMembers.tripId}
          and m.num > coalesce(${chatReads.num}, 0)
          and m.user_id is distinct from ${userId}
          and m.deleted_at is null
        limit ${cap}) x)`,
    })
    .from(tripMembers)
    .leftJoin(
      chatReads,
      and(eq(chatReads.tripId, tripMembers.tripId), eq(chatReads.userId, tripMembers.userId)),
    )
    .where(eq(tripMembers.userId, userId));
  return rows;
}

/** Whether a photo is already used by a message (one upload, one message). */
export async function imageInUse(db: Executor, uploadId: string) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.imageId, uploadId))
    .limit(1);
  return Boolean(row);
}
