import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id } from "./columns";
import { trips } from "./trips";

// Notification e-mails sent (issue 16): a row is claimed before its mail leaves, and the unique key
// lets only one server process claim it, so a reminder goes out once however many processes run.
export const notificationLog = pgTable(
  "notification_log",
  {
    id: id(),
    kind: text("kind", {
      enum: ["member", "plan", "deadline", "deadline_reminder", "start_reminder", "messages"],
    }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /** What the mail is about: a deadline or start date, a plan id, a joiner, a 15-minute window. */
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("notification_log_once").on(t.kind, t.userId, t.tripId, t.key),
    index("notification_log_trip_idx").on(t.tripId),
    index("notification_log_user_idx").on(t.userId),
  ],
);
