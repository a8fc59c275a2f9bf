import { z } from "zod";
import { CHAT_PAGE_SIZE } from "./constants";
import { placeResultSchema } from "./place-search";
import { multiLineText } from "./text";

/** Spec 9: heart, thumbs up, laughing, surprised, sad, angry. URLs name them, the UI shows the emoji. */
export const REACTIONS = {
  heart: "❤️",
  like: "👍",
  laugh: "😂",
  wow: "😮",
  sad: "😢",
  angry: "😠",
} as const;
export type ReactionName = keyof typeof REACTIONS;
export const REACTION_NAMES = Object.keys(REACTIONS) as ReactionName[];

/** A chat message, not a letter; it also keeps one live event under PostgreSQL's NOTIFY limit. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Spec 9 and issue 14: photos up to 10 MB, re-encoded to at most 2048 px. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_EDGE = 2048;
export const THUMBNAIL_EDGE = 480;
/** Spec 9: the read-by list shows up to 3 colour dots plus a remaining count. */
export const READ_DOTS = 3;
/** Content types the upload accepts, as `file-type` reads them from the bytes (not the name). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

/** An uploaded image, re-encoded: served only to members of its trip. */
export const uploadSchema = z.object({
  id: z.string(),
  /** `/api/trips/{tripId}/uploads/{id}`; `?size=thumb` gives the thumbnail. */
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the stored (re-encoded) image. */
  size: z.number().int(),
  /** The uploader's file name and type, for the record only (spec: image_metadata). */
  originalName: z.string(),
  originalType: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** A place of the trip named in a message, a search result shared to be added (issue 14 item 8), a poll. */
export const chatAttachmentSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("place"), placeId: z.uuid() }),
  z.object({ kind: z.literal("searchResult"), result: placeResultSchema }),
  /** A poll of the trip (issue 30): the card shows its live results and takes votes. */
  z.object({ kind: z.literal("poll"), pollId: z.uuid() }),
]);
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** What a reply shows of the message it answers. */
export const replyPreviewSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  senderName: z.string().nullable(),
  type: z.enum(["text", "image"]),
  /** The first characters of its text; null for a photo or a deleted message. */
  excerpt: z.string().nullable(),
  deleted: z.boolean(),
});

export const reactionSummarySchema = z.object({
  reaction: z.enum(REACTION_NAMES as [ReactionName, ...ReactionName[]]),
  userIds: z.array(z.string()),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  /** Null once the sender's account is deleted ("Deleted user"). */
  userId: z.string().nullable(),
  senderName: z.string().nullable(),
  /** The order of messages in their trip (strictly increasing); read cursors point at it. */
  num: z.number().int(),
  /** The sender's own id for the message: a retried send returns the stored message, never a copy. */
  clientId: z.string().nullable(),
  type: z.enum(["text", "image"]),
  /** Null for a photo without caption and for a deleted message. */
  content: z.string().nullable(),
  image: uploadSchema.nullable(),
  replyTo: replyPreviewSchema.nullable(),
  attachment: chatAttachmentSchema.nullable(),
  reactions: z.array(reactionSummarySchema),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Where a member has read up to (spec: Read record, kept as one cursor per member and trip). */
export const readCursorSchema = z.object({ userId: z.string(), num: z.number().int(), readAt: z.string() });
export type ReadCursor = z.infer<typeof readCursorSchema>;

export const chatPageQuerySchema = z.object({
  /** Messages before this `num` (older); absent for the newest page. */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});

export const chatPageSchema = z.object({
  /** Oldest first (the list shows newest last). */
  messages: z.array(chatMessageSchema),
  /** Older messages exist before the first one here. */
  hasMore: z.boolean(),
  /** Every member's read cursor: who has read which message is `cursor.num >= message.num`. */
  reads: z.array(readCursorSchema),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

const messageText = multiLineText()
  .trim()
  .max(MAX_MESSAGE_LENGTH, "A message can be at most 2000 characters");

export const chatSendSchema = z
  .object({
    /** A UUID the client made; sending it again returns the message already stored. */
    clientId: z.uuid(),
    content: messageText.nullish(),
    /** An upload of this trip (POST /api/trips/{tripId}/uploads) makes an image message. */
    imageId: z.uuid().nullish(),
    replyToId: z.uuid().nullish(),
    attachment: chatAttachmentSchema.nullish(),
  })
  .refine((m) => Boolean(m.content) || Boolean(m.imageId) || Boolean(m.attachment), {
    message: "A message needs text, a photo or a place",
    path: ["content"],
  });
export type ChatSendInput = z.input<typeof chatSendSchema>;

export const chatEditSchema = z.object({
  content: messageText.min(1, "A message needs text, a photo or a place"),
});

export const chatReadSchema = z.object({ num: z.number().int().min(1) });

/** Unread messages of others per trip of the user, for the Chat tab and the trip cards. */
export const unreadSchema = z.object({ trips: z.record(z.string(), z.number().int()) });
export type Unread = z.infer<typeof unreadSchema>;
