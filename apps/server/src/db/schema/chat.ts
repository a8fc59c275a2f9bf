import type { ChatAttachment } from "@tabi/contracts";
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { trips } from "./trips";

/**
 * Uploaded images, re-encoded (never served as uploaded): the chat's photos and places' own photos.
 * The bytes live in the storage provider under `key` and `thumbKey`; only members of the trip read them.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    purpose: text("purpose", { enum: ["chat", "place", "receipt"] }).notNull(),
    key: text("key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    originalName: text("original_name").notNull(),
    originalType: text("original_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_trip_id_idx").on(t.tripId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    /** Strictly increasing order of messages (read cursors and pages point at it). */
    num: bigint("num", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The sender's idempotency key: a retried send finds the stored message. */
    clientId: uuid("client_id"),
    content: text("content"),
    messageType: text("message_type", { enum: ["text", "image"] })
      .notNull()
      .default("text"),
    imageId: uuid("image_id").references(() => uploads.id, { onDelete: "set null" }),
    replyToId: uuid("reply_to_id").references((): AnyPgColumn => chatMessages.id, { onDelete: "set null" }),
    attachment: jsonb("attachment").$type<ChatAttachment>(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("chat_messages_trip_num_idx").on(t.tripId, t.num),
    unique("chat_messages_client_id_unique").on(t.tripId, t.userId, t.clientId),
  ],
);

export const messageReactions = pgTable(
  "message_reactions",
  {
    id: id(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("message_reactions_unique").on(t.messageId, t.userId, t.emoji)],
);

/**
 * The spec's read records, kept as one cursor per member and trip: a message is read by a member
 * whose cursor is at or past its `num` (decisions/0011). Opening a chat of 10,000 messages writes one
 * row, not 10,000, and the unread count is a range count on the messages' index.
 */
export const chatReads = pgTable(
  "chat_reads",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    num: bigint("num", { mode: "number" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.userId] })],
);
