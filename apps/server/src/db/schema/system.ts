import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";

/**
 * Secrets generated once for every server process sharing the database (scaled mode): a per-process
 * secret would make a cookie signed by one process a stranger to the others.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * Fixed-window counters shared by every process: route limits, sign-in failures per account, join
 * and share-link failures (`limits/`). `windowEnds` is epoch milliseconds; a row past it counts from 0.
 */
export const counters = pgTable(
  "counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEnds: bigint("window_ends", { mode: "number" }).notNull(),
    lastAt: bigint("last_at", { mode: "number" }).notNull(),
  },
  (t) => [index("counters_window_ends_idx").on(t.windowEnds)],
);

/** Exports of one's data: any process reports a job's progress and serves its file (issue 27). */
export const exportJobs = pgTable(
  "export_jobs",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["running", "ready", "failed"] }).notNull(),
    progress: integer("progress").notNull().default(0),
    /** The export, JSON text. */
    file: text("file"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [index("export_jobs_user_idx").on(t.userId)],
);
