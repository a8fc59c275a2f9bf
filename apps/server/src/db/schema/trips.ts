import { sql } from "drizzle-orm";
import {
  bigint,
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
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";

export const trips = pgTable(
  "trips",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    departureLocation: text("departure_location").notNull(),
    departureLatitude: doublePrecision("departure_latitude"),
    departureLongitude: doublePrecision("departure_longitude"),
    destination: text("destination"),
    destinationLatitude: doublePrecision("destination_latitude"),
    destinationLongitude: doublePrecision("destination_longitude"),
    // IANA zone derived from the departure, so local wall-clock times mean one thing.
    timezone: text("timezone").notNull().default("UTC"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    addPlaceDeadline: timestamp("add_place_deadline", { withTimezone: true }),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    totalMembers: integer("total_members").notNull().default(1),
    // Per-trip sequence of realtime events, so clients can tell what they missed.
    eventSeq: bigint("event_seq", { mode: "number" }).notNull().default(0),
    // Secret for the subscribable calendar feed.
    calendarToken: text("calendar_token"),
    // Last booking write: a plan made before it is out of date (its `bookingsChanged` mark; issue 17).
    bookingsChangedAt: timestamp("bookings_changed_at", { withTimezone: true }),
    // Issue 29: the currency balances are kept in (ISO 4217); null: from the destination's country.
    homeCurrency: text("home_currency"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("trips_owner_id_idx").on(t.ownerId),
    check("trips_dates_check", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const tripMembers = pgTable(
  "trip_members",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member"] })
      .notNull()
      .default("member"),
    assignedColorIndex: smallint("assigned_color_index"),
    colorAssignedAt: timestamp("color_assigned_at", { withTimezone: true }),
    canEditPlaces: boolean("can_edit_places").notNull().default(false),
    canOptimize: boolean("can_optimize").notNull().default(true),
    canAddPlaces: boolean("can_add_places").notNull().default(true),
    canInviteMembers: boolean("can_invite_members").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of this member's own calendar feed token: the feed dies with the membership row. */
    calendarTokenHash: text("calendar_token_hash"),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.userId] }),
    unique("trip_members_calendar_token_unique").on(t.calendarTokenHash),
    index("trip_members_user_id_idx").on(t.userId),
    unique("trip_members_color_unique").on(t.tripId, t.assignedColorIndex),
    check(
      "trip_members_color_range",
      sql`${t.assignedColorIndex} is null or ${t.assignedColorIndex} between 1 and 20`,
    ),
  ],
);

export const invitationCodes = pgTable(
  "invitation_codes",
  {
    code: text("code").primaryKey(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxUses: integer("max_uses").notNull().default(10),
    currentUses: integer("current_uses").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("invitation_codes_trip_id_idx").on(t.tripId)],
);

export const tripShares = pgTable(
  "trip_shares",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token; the token itself is derived from the id with the server's secret. */
    tokenHash: text("token_hash").notNull().unique(),
    shareType: text("share_type", { enum: ["external_view", "external_collaborate"] }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    currentUses: integer("current_uses").notNull().default(0),
    permissions: jsonb("permissions").$type<Record<string, boolean>>().notNull().default({}),
    passwordHash: text("password_hash"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("trip_shares_trip_id_idx").on(t.tripId)],
);

// Access analytics of shared links (a Premium feature): one row per open, join or export, with a
// visitor hash salted by the server's secret and the day (no raw IP is kept, and days do not link).
export const shareEvents = pgTable(
  "share_events",
  {
    id: id(),
    shareId: uuid("share_id")
      .notNull()
      .references(() => tripShares.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["open", "join", "export"] }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("share_events_share_day_idx").on(t.shareId, t.day)],
);
