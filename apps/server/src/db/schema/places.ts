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
  real,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { trips } from "./trips";

export const PLACE_CATEGORIES = [
  "departure_point",
  "final_destination",
  "destination_point",
  "return_point",
  "airport",
  "restaurant",
  "tourist_attraction",
  "amusement_park",
  "museum",
  "park",
  "shopping",
  "accommodation",
  "hospital",
  "gas_station",
  "transportation",
  "temple",
  "shrine",
  "other",
] as const;

export const places = pgTable(
  "places",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    // The member who proposed it first; further members are in place_wishes.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    address: text("address"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    category: text("category").notNull().default("tourist_attraction"),
    placeType: text("place_type").notNull().default("visit"),
    source: text("source").notNull().default("other"),
    providerPlaceId: text("provider_place_id"),
    rating: real("rating"),
    priceLevel: smallint("price_level"),
    notes: text("notes"),
    stayDurationMinutes: integer("stay_duration_minutes").notNull().default(120),
    preferredTimeOfDay: text("preferred_time_of_day", { enum: ["morning", "noon", "afternoon", "night"] }),
    // OpenStreetMap opening_hours text (issue 12), a JSON string; null: the category's usual hours.
    openingHours: jsonb("opening_hours").$type<string | null>(),
    // The name in the local script from place search (東京, 서울) and the country, which tells its
    // language (issue 13: shown beside the English name).
    localName: text("local_name"),
    countryCode: text("country_code"),
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    imageUrl: text("image_url"),
    scheduled: boolean("scheduled").notNull().default(false),
    isSelectedForOptimization: boolean("is_selected_for_optimization").notNull().default(false),
    scheduledDate: date("scheduled_date"),
    scheduledTimeStart: text("scheduled_time_start"),
    scheduledTimeEnd: text("scheduled_time_end"),
    dayNumber: smallint("day_number"),
    orderInDay: smallint("order_in_day"),
    transportMode: text("transport_mode"),
    travelTimeFromPrevious: integer("travel_time_from_previous"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("places_trip_id_idx").on(t.tripId),
    // Every add looks for the same place in the trip by name or provider id (modules/places/dedupe.ts):
    // without these it reads all of the trip's places.
    index("places_trip_name_idx").on(t.tripId, sql`lower(${t.name})`),
    index("places_trip_provider_idx").on(t.tripId, t.providerPlaceId),
    index("places_user_id_idx").on(t.userId),
    check("places_stay_positive", sql`${t.stayDurationMinutes} > 0`),
  ],
);

// One wish per member and place: several members can want the same place, each with their level.
export const placeWishes = pgTable(
  "place_wishes",
  {
    placeId: uuid("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Stored on the 1-10 scale of the edit dialog; the add form's stars map to it.
    wishLevel: smallint("wish_level").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.placeId, t.userId] }),
    index("place_wishes_user_id_idx").on(t.userId),
    check("place_wishes_level_range", sql`${t.wishLevel} between 1 and 10`),
  ],
);
