import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "./chat";
import { singleLineText } from "./text";

// Documents of a trip (issue 30 item 4, decision 0024): tickets, confirmations and scans, on the trip
// or on one of its bookings, private to the uploader or shared with the members.

/** What a document may be, read from its bytes (never its name or declared type). */
export const DOCUMENT_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** The file name ending each type is stored and downloaded under. */
export const DOCUMENT_EXTENSIONS: Record<DocumentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "image/heif": "heif",
};
/** One file at most this big: the multipart reader's limit, the same as photos' (10 MB). */
export const MAX_DOCUMENT_BYTES = MAX_UPLOAD_BYTES;
/** Per trip, all members' documents together (private ones included). */
export const MAX_DOCUMENTS_PER_TRIP = 100;
export const MAX_DOCUMENT_TRIP_BYTES = 250 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 120;

/**
 * The documents' texts in English, without placeholders; the catalogues' "documents" section says
 * them in en, ja, ko and zh under the same keys (the server finds a zod message's key by its words).
 */
export const DOCUMENT_MESSAGES = {
  titleRequired: "Please give the document a name",
  titleTooLong: "Please use at most 120 characters for the name",
  nothingToChange: "Nothing to change: give a new name, booking or sharing",
  bookingNotInTrip: "This booking is not in the trip",
  onlyUploaderShares: "Only the person who added a document can change who sees it",
  onlyUploaderOrAdmin: "Only the person who added this document or an admin can change or delete it",
} as const;

export const documentSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  /** The booking it is attached to; null for a document of the whole trip. */
  bookingId: z.string().nullable(),
  /** The uploader; null once their account is deleted (shared documents stay with the group). */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** Shared with the members, or private to the uploader. */
  shared: z.boolean(),
  title: z.string(),
  /** The type read from the bytes when it was added. */
  contentType: z.string(),
  size: z.number().int(),
  originalName: z.string(),
  createdAt: z.string(),
  /** `/api/trips/{tripId}/documents/{id}/file`: the file, for those who may see it. */
  url: z.string(),
  /** Whether the caller may rename it, attach it elsewhere or delete it; `canShare`: change who sees it. */
  canEdit: z.boolean(),
  canShare: z.boolean(),
});
export type TripDocument = z.infer<typeof documentSchema>;

export const documentListSchema = z.object({ documents: z.array(documentSchema) });

const documentTitle = singleLineText(DOCUMENT_MESSAGES.titleRequired)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, DOCUMENT_MESSAGES.titleRequired)
      .max(DOCUMENT_TITLE_MAX, DOCUMENT_MESSAGES.titleTooLong),
  );

/** A rename, a move to another booking (or to the trip: null), or who sees it. */
export const documentUpdateSchema = z.strictObject({
  title: documentTitle.optional(),
  bookingId: z.uuid(DOCUMENT_MESSAGES.bookingNotInTrip).nullable().optional(),
  shared: z.boolean().optional(),
});
export type DocumentUpdate = z.input<typeof documentUpdateSchema>;

/** The query of an upload (multipart body: one file field). */
export const documentUploadQuerySchema = z.object({
  bookingId: z.uuid(DOCUMENT_MESSAGES.bookingNotInTrip).optional(),
  shared: z.enum(["true", "false"]).default("true"),
});
