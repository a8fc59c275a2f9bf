import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { trips } from "./trips";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content"),
    messageType: text("message_type", { enum: ["text", "image"] })
      .notNull()
      .default("text"),
    imageUrl: text("image_url"),
    imageMetadata: jsonb("image_metadata"),
    replyToId: uuid("reply_to_id").references((): AnyPgColumn => chatMessages.id, { onDelete: "set null" }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("chat_messages_trip_id_idx").on(t.tripId, t.createdAt)],
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

export const messageReads = pgTable(
  "message_reads",
  {
    id: id(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("message_reads_unique").on(t.messageId, t.userId)],
);
