import {
  type ChatMessage,
  type ChatPage,
  type chatSendSchema,
  POLL_MESSAGES,
  REACTIONS,
  type ReactionName,
  type ReactionSummary,
  type Unread,
} from "@tabi/contracts";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/connect";
import { places, polls } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { text } from "../../i18n";
import type { StorageProvider } from "../../providers/storage";
import { deleteUploadFiles } from "../../providers/storage/delete-files";
import type { TripBus } from "../../realtime/bus";
import { deleteUploadRow, findUpload } from "../uploads/queries";
import { presentMessage, summarise } from "./present";
import {
  addReaction,
  advanceCursor,
  imageInUse,
  insertMessage,
  messageByClientId,
  messageRow,
  newestNum,
  pageOfViews,
  reactionsOfMessage,
  readCursors,
  removeAllReactions,
  removeReaction,
  unreadCounts,
  updateMessage,
  viewOf,
} from "./queries";

/** The badge shows "99+" past this: counting further would only cost time. */
export const UNREAD_CAP = 100;

const messageNotFound = () => notFound(text("server:chat.messageNotFound"));

/** Chat rules over the trip's messages; every change is announced on the trip's channel. */
export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
    private readonly storage: StorageProvider,
  ) {}

  async page(scope: TripScope, before: number | undefined, limit: number): Promise<ChatPage> {
    const [rows, reads] = await Promise.all([
      pageOfViews(this.db, scope.tripId, before, limit),
      readCursors(this.db, scope.tripId),
    ]);
    const hasMore = rows.length > limit;
    const messages = rows.slice(0, limit).reverse().map(presentMessage);
    return {
      messages,
      hasMore,
      reads: reads.map((r) => ({ userId: r.userId, num: Number(r.num), readAt: r.readAt.toISOString() })),
    };
  }

  /**
   * Stores a message once per client id: a retried send answers with the stored message. The common
   * case (new text) costs two statements: the insert, and the event's number.
   */
  async send(scope: TripScope, sender: { name: string }, input: z.output<typeof chatSendSchema>) {
    const stored = () => this.byClientId(scope, input.clientId);
    // A retry of a photo message finds its photo in use by itself: answered before that check.
    if (input.imageId) {
      const again = await stored();
      if (again) return again;
    }
    const reply = input.replyToId ? await messageRow(this.db, scope.tripId, input.replyToId) : undefined;
    if (input.replyToId && !reply) throw badRequest(text("server:chat.replyNotFound"));
    const image = input.imageId ? await findUpload(this.db, scope.tripId, input.imageId) : undefined;
    if (input.imageId && (!image || image.userId !== scope.userId || (await imageInUse(this.db, image.id))))
      throw badRequest(text("server:chat.imageNotFound"));
    if (input.attachment?.kind === "place") {
      const [place] = await this.db
        .select({ id: places.id })
        .from(places)
        .where(and(eq(places.tripId, scope.tripId), eq(places.id, input.attachment.placeId)));
      if (!place) throw badRequest(text("server:chat.placeNotInTrip"));
    }
    if (input.attachment?.kind === "poll") {
      const [poll] = await this.db
        .select({ id: polls.id })
        .from(polls)
        .where(and(eq(polls.tripId, scope.tripId), eq(polls.id, input.attachment.pollId)));
      if (!poll) throw badRequest(POLL_MESSAGES.pollNotFound);
    }
    const row = await insertMessage(this.db, {
      tripId: scope.tripId,
      userId: scope.userId,
      clientId: input.clientId,
      content: input.content || null,
      messageType: input.imageId ? "image" : "text",
      imageId: input.imageId ?? null,
      replyToId: input.replyToId ?? null,
      attachment: input.attachment ?? null,
    });
    if (!row) {
      const again = await stored(); // the first send of this client id got there first
      if (again) return again;
      throw messageNotFound();
    }
    // A reply shows its original's sender: read back with the join; otherwise all is at hand.
    const message = reply
      ? await this.present(scope.tripId, row.id)
      : presentMessage({
          message: row,
          senderName: sender.name,
          reply: null,
          image: image ?? null,
          reactions: [],
        });
    await this.bus.publish({ type: "chat.message", tripId: scope.tripId, messageId: row.id, message });
    return { message, created: true };
  }

  private async byClientId(scope: TripScope, clientId: string) {
    const id = await messageByClientId(this.db, scope.tripId, scope.userId, clientId);
    return id ? { message: await this.present(scope.tripId, id), created: false } : undefined;
  }

  async edit(scope: TripScope, messageId: string, content: string): Promise<ChatMessage> {
    const row = await messageRow(this.db, scope.tripId, messageId);
    if (!row) throw messageNotFound();
    if (row.userId !== scope.userId) throw forbidden(text("server:chat.notYourMessage"));
    if (row.deletedAt) throw conflict(text("server:chat.messageDeleted"));
    if (row.content !== content) await updateMessage(this.db, messageId, { content, editedAt: new Date() });
    return this.announceUpdate(scope.tripId, messageId);
  }

  /** Leaves a "deleted" placeholder where the message was; its photo and reactions go. */
  async remove(scope: TripScope, messageId: string): Promise<ChatMessage> {
    const row = await messageRow(this.db, scope.tripId, messageId);
    if (!row) throw messageNotFound();
    if (row.userId !== scope.userId && scope.role !== "admin")
      throw forbidden(text("server:chat.deleteNotAllowed"));
    if (!row.deletedAt) {
      await updateMessage(this.db, messageId, {
        content: null,
        imageId: null,
        attachment: null,
        deletedAt: new Date(),
      });
      await removeAllReactions(this.db, messageId);
      // The photo goes with its message: its URL answers 404 from now on, its files are removed.
      const upload = row.imageId ? await deleteUploadRow(this.db, row.imageId) : undefined;
      if (upload) await deleteUploadFiles(this.storage, upload);
    }
    return this.announceUpdate(scope.tripId, messageId);
  }

  async react(
    scope: TripScope,
    messageId: string,
    reaction: ReactionName,
    on: boolean,
  ): Promise<ReactionSummary[]> {
    const row = await messageRow(this.db, scope.tripId, messageId);
    if (!row) throw messageNotFound();
    if (row.deletedAt) throw conflict(text("server:chat.messageDeleted"));
    const emoji = REACTIONS[reaction];
    if (on) await addReaction(this.db, messageId, scope.userId, emoji);
    else await removeReaction(this.db, messageId, scope.userId, emoji);
    const reactions = summarise(
      (await reactionsOfMessage(this.db, messageId)).map((r) => [r.emoji, r.userId]),
    );
    await this.bus.publish({ type: "chat.reactions", tripId: scope.tripId, messageId, reactions });
    return reactions;
  }

  /** Moves the reader's cursor to `num` (at most the newest message); others see it move. */
  async markRead(scope: TripScope, num: number): Promise<void> {
    const upTo = Math.min(num, await newestNum(this.db, scope.tripId));
    if (upTo <= 0) return;
    const moved = await advanceCursor(this.db, scope.tripId, scope.userId, upTo);
    if (moved)
      await this.bus.publish({
        type: "chat.read",
        tripId: scope.tripId,
        userId: scope.userId,
        num: Number(moved.num),
        readAt: moved.readAt.toISOString(),
      });
  }

  async unread(userId: string): Promise<Unread> {
    const rows = await unreadCounts(this.db, userId, UNREAD_CAP);
    return { trips: Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.tripId, r.n])) };
  }

  private async present(tripId: string, messageId: string): Promise<ChatMessage> {
    const view = await viewOf(this.db, tripId, messageId);
    if (!view) throw messageNotFound();
    return presentMessage(view);
  }

  private async announceUpdate(tripId: string, messageId: string): Promise<ChatMessage> {
    const message = await this.present(tripId, messageId);
    await this.bus.publish({ type: "chat.updated", tripId, messageId, message });
    return message;
  }
}
