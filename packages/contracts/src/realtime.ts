import { z } from "zod";
import { progressSchema } from "./optimization";

// Events on a trip's channel carry ids and a per-trip sequence number, not whole records: a client
// refetches what changed, and after a gap in the sequence it refetches everything (DESIGN.md).
export const tripEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("optimization.progress"),
    tripId: z.string(),
    seq: z.number(),
    progress: progressSchema,
  }),
  z.object({
    type: z.literal("optimization.completed"),
    tripId: z.string(),
    seq: z.number(),
    jobId: z.string(),
    resultId: z.string(),
  }),
  z.object({
    type: z.literal("optimization.failed"),
    tripId: z.string(),
    seq: z.number(),
    progress: progressSchema,
  }),
  z.object({ type: z.literal("places.changed"), tripId: z.string(), seq: z.number() }),
  z.object({
    type: z.literal("itinerary.updated"),
    tripId: z.string(),
    seq: z.number(),
    resultId: z.string(),
    byUserId: z.string(),
  }),
  z.object({ type: z.literal("members.changed"), tripId: z.string(), seq: z.number() }),
  // A membership ended (left, removed, or the trip deleted: userId null): that user's sockets are
  // unsubscribed from the trip at once, on every server, after being told.
  z.object({
    type: z.literal("membership.ended"),
    tripId: z.string(),
    seq: z.number(),
    userId: z.string().nullable(),
  }),
  // Scaled mode: a cancel pressed on one server, for the worker process running the job.
  z.object({
    type: z.literal("optimization.cancel"),
    tripId: z.string(),
    seq: z.number(),
    jobId: z.string(),
  }),
]);
export type TripEvent = z.infer<typeof tripEventSchema>;
export type TripEventInput = TripEvent extends infer E
  ? E extends TripEvent
    ? Omit<E, "seq">
    : never
  : never;

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), tripId: z.string() }),
  z.object({ type: z.literal("unsubscribe"), tripId: z.string() }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: "subscribed"; tripId: string; seq: number }
  | { type: "error"; tripId?: string; message: string }
  | { type: "pong" }
  | { type: "event"; event: TripEvent };
