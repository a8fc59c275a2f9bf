import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";

export const feedback = pgTable("feedback", {
  id: id(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  feedbackType: text("feedback_type", { enum: ["bug", "feature", "general", "compliment"] }).notNull(),
  message: text("message").notNull(),
  email: text("email"),
  createdAt: createdAt(),
});

// Profile settings the spec leaves 'not wired up'; we store them.
export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The profile's language (issue 13); null until chosen: the browser's Accept-Language decides. */
  language: text("language", { enum: ["en", "ja", "ko", "zh"] }),
  notifyMessages: boolean("notify_messages").notNull().default(true),
  notifyTripUpdates: boolean("notify_trip_updates").notNull().default(true),
  notifyNewMembers: boolean("notify_new_members").notNull().default(true),
  notifyReminders: boolean("notify_reminders").notNull().default(true),
  updatedAt: updatedAt(),
});

// The embedded mail provider's outbox (DESIGN.md: stored, logged, readable at /dev/mail).
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra headers (List-Unsubscribe of notification mails). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to)],
);

// Billing: a Premium purchase per user and the provider's events, applied once each.
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    providerCustomerId: text("provider_customer_id"),
    providerCheckoutId: text("provider_checkout_id").unique(),
    providerSubscriptionId: text("provider_subscription_id"),
    priceId: text("price_id").notNull(),
    status: text("status", { enum: ["pending", "active", "cancelled", "expired"] }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId)],
);

export const paymentEvents = pgTable("payment_events", {
  // The provider's event id: a replayed webhook is recognised and ignored.
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  payload: jsonb("payload").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});
