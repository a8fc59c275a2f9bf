import { timestamp, uuid } from "drizzle-orm/pg-core";

// Shared column helpers: UUID ids and timestamptz instants (DESIGN.md 'Conventions').
export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
