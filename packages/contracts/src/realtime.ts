import { z } from "zod";
import { chatMessageSchema, reactionSummarySchema } from "./chat";
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
  /** A booking was added, changed or deleted (issue 17): refetch the bookings and the plan's out-of-date mark. */
  z.object({ type: z.literal("bookings.changed"), tripId: z.string(), seq: z.number() }),
  /** An expense or a settlement was added, changed or deleted, or the home currency (issue 29): refetch the money. */
  z.object({ type: z.literal("money.changed"), tripId: z.string(), seq: z.number() }),
  /** A poll was made, voted on, closed or its winner added (issue 30): refetch the polls. */
  z.object({ type: z.literal("polls.changed"), tripId: z.string(), seq: z.number(), pollId: z.string() }),
  /**
   * A checklist or its items changed (issue 30): refetch the lists. `listId` names a shared list only; a
   * change to a personal list says nothing (null), and the others' refetch does not show it.
   */
  z.object({
    type: z.literal("checklists.changed"),
    tripId: z.string(),
    seq: z.number(),
    listId: z.string().nullable(),
  }),
  /**
   * A document was added, changed or deleted (issue 30): refetch the list. It names no document, so a
   * private one's change tells the others nothing they could see.
   */
  z.object({ type: z.literal("documents.changed"), tripId: z.string(), seq: z.number() }),
  // A membership ended (left, removed, or the trip deleted: userId null): that user's sockets are
  // unsubscribed from the trip at once, on every server, after being told.
  z.object({
    type: z.literal("membership.ended"),
    tripId: z.string(),
    seq: z.number(),
    userId: z.string().nullable(),
  }),
  // Chat events carry the message itself: at a hundred messages a second, refetching each is too slow.
  // `message` is left out when the event would not fit in one NOTIFY (scaled mode); the client then
  // refetches the newest page. A resync after a gap refetches the loaded pages.
  z.object({
    type: z.literal("chat.message"),
    tripId: z.string(),
    seq: z.number(),
    messageId: z.string(),
    message: chatMessageSchema.optional(),
  }),
  /** An edit, a delete, or changed reactions: the message as it now is. */
  z.object({
    type: z.literal("chat.updated"),
    tripId: z.string(),
    seq: z.number(),
    messageId: z.string(),
    message: chatMessageSchema.optional(),
  }),
  z.object({
    type: z.literal("chat.reactions"),
    tripId: z.string(),
    seq: z.number(),
    messageId: z.string(),
    reactions: z.array(reactionSummarySchema),
  }),
  /** A member's read cursor moved forward. */
  z.object({
    type: z.literal("chat.read"),
    tripId: z.string(),
    seq: z.number(),
    userId: z.string(),
    num: z.number(),
    readAt: z.string(),
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
  /** The user is typing in the trip's chat (sent at most every few seconds while typing). */
  z.object({ type: z.literal("typing"), tripId: z.string() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: "subscribed"; tripId: string; seq: number }
  | { type: "error"; tripId?: string; message: string }
  | { type: "pong" }
  | { type: "event"; event: TripEvent }
  /** Who has the trip open now (on any server); sent on subscribing and on every change. */
  | { type: "presence"; tripId: string; userIds: string[] }
  /** A member is typing; shown for a few seconds unless repeated. Not numbered, not caught up. */
  | { type: "typing"; tripId: string; userId: string };
