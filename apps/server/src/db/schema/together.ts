import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { bookings } from "./itinerary";
import { places } from "./places";
import { trips } from "./trips";

/**
 * Deciding together (issue 30, decision 0024): polls, who skips a visit, checklists and documents.
 * Rows that only mean something to a member (a vote, a skip, a personal list) go with their account;
 * rows the group shares keep their content and lose only the author (set null).
 */

/** A question to the group, in the chat or on the trip; results are counted from `poll_votes`. */
export const polls = pgTable(
  "polls",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    question: text("question").notNull(),
    /** Options are plain text, or places (trip places and search results) that the winner can become. */
    kind: text("kind", { enum: ["text", "places"] })
      .notNull()
      .default("text"),
    multiple: boolean("multiple").notNull().default(false),
    anonymous: boolean("anonymous").notNull().default(false),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
    /** The place the winning option became, once added to the trip. */
    winnerPlaceId: uuid("winner_place_id").references(() => places.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("polls_trip_idx").on(t.tripId, t.createdAt)],
);

export const pollOptions = pgTable(
  "poll_options",
  {
    id: id(),
    pollId: uuid("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    label: text("label").notNull(),
    /** A place of the trip this option stands for. */
    placeId: uuid("place_id").references(() => places.id, { onDelete: "set null" }),
    /** A search result not yet in the trip: what adding it needs (name, coordinates, source id...). */
    candidate: jsonb("candidate").$type<Record<string, unknown>>(),
  },
  (t) => [index("poll_options_poll_idx").on(t.pollId, t.position)],
);

export const pollVotes = pgTable(
  "poll_votes",
  {
    pollId: uuid("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => pollOptions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.userId] }),
    index("poll_votes_poll_idx").on(t.pollId, t.userId),
  ],
);

/**
 * "I'll do something else": a member who will not go to a planned visit. Keyed by place, as a place is
 * visited once in a plan; it holds across re-optimisations until the member takes it back.
 */
export const visitSkips = pgTable(
  "visit_skips",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    placeId: uuid("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.userId] }), index("visit_skips_trip_idx").on(t.tripId)],
);

/** A list on the trip: shared with the members, or personal (seen by its owner only). */
export const checklists = pgTable(
  "checklists",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /**
     * The author; for a personal list, its owner. Set null keeps a shared list when its author's account
     * goes; personal lists are deleted with the membership and the account (service code).
     */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    personal: boolean("personal").notNull().default(false),
    title: text("title").notNull(),
    kind: text("kind", { enum: ["packing", "todo", "booking", "other"] })
      .notNull()
      .default("other"),
    position: doublePrecision("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("checklists_trip_idx").on(t.tripId)],
);

export const checklistItems = pgTable(
  "checklist_items",
  {
    id: id(),
    checklistId: uuid("checklist_id")
      .notNull()
      .references(() => checklists.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** Fractional order: a drag writes one row (between its new neighbours), never renumbers the list. */
    position: doublePrecision("position").notNull(),
    checked: boolean("checked").notNull().default(false),
    checkedBy: uuid("checked_by").references(() => users.id, { onDelete: "set null" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    dueOn: date("due_on"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("checklist_items_list_idx").on(t.checklistId, t.position)],
);

/**
 * A file on the trip or on one of its bookings: a PDF or an image, kept as uploaded (its type read from
 * its bytes). Private to its uploader, or shared with the members; removed with its booking.
 */
export const documents = pgTable(
  "documents",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    /**
     * The uploader. Set null keeps a shared ticket for the group when its uploader's account goes;
     * private documents (and their files) are deleted with the membership and the account (service code).
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    shared: boolean("shared").notNull().default(true),
    title: text("title").notNull(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    originalName: text("original_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_trip_idx").on(t.tripId),
    index("documents_booking_idx").on(t.bookingId),
    check("documents_bytes_positive", sql`${t.bytes} > 0`),
  ],
);
