import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { trips } from "./trips";

export const optimizationResults = pgTable(
  "optimization_results",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    optimizedRoute: jsonb("optimized_route").notNull(),
    optimizationScore: jsonb("optimization_score").notNull(),
    settings: jsonb("settings"),
    executionTimeMs: integer("execution_time_ms").notNull().default(0),
    totalTravelTimeMinutes: integer("total_travel_time_minutes").notNull().default(0),
    totalVisitTimeMinutes: integer("total_visit_time_minutes").notNull().default(0),
    // Bumped by every calendar edit, so concurrent edits can be detected.
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("optimization_results_trip_id_idx").on(t.tripId, t.isActive)],
);

export const optimizationProgress = pgTable(
  "optimization_progress",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id"),
    stage: text("stage", {
      enum: ["collecting", "normalizing", "selecting", "routing", "complete", "error", "cancelled"],
    }).notNull(),
    progressPercentage: smallint("progress_percentage").notNull().default(0),
    stageMessage: text("stage_message"),
    executionTimeMs: integer("execution_time_ms"),
    errorMessage: text("error_message"),
    metadata: jsonb("metadata"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.userId] }),
    check("optimization_progress_range", sql`${t.progressPercentage} between 0 and 100`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    // flight, hotel, or a transport mode (walking, car, public_transport, taxi ...)
    bookingType: text("booking_type").notNull(),
    bookingLink: text("booking_link"),
    flightNumber: text("flight_number"),
    departureTime: text("departure_time"),
    arrivalTime: text("arrival_time"),
    // Minor units (cents, or yen x 100): up to the API's 100,000,000 major units, past 32 bits.
    price: bigint("price_minor", { mode: "number" }),
    currency: text("currency"),
    passengers: smallint("passengers"),
    route: text("route"),
    departureDate: text("departure_date"),
    notes: text("notes"),
    hotelName: text("hotel_name"),
    address: text("address"),
    checkInTime: text("check_in_time"),
    checkOutTime: text("check_out_time"),
    checkInDate: text("check_in_date"),
    checkOutDate: text("check_out_date"),
    guests: smallint("guests"),
    pricePerNight: bigint("price_per_night_minor", { mode: "number" }),
    rating: smallint("rating"),
    location: jsonb("location"),
    transportInfo: jsonb("transport_info"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bookings_trip_id_idx").on(t.tripId, t.bookingType)],
);
